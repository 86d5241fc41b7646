"""The pages: the lobby and the table, rendered on the server (Jinja2) from a seat's payload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

import regalia
from regalia.engine import i18n
from regalia.engine.i18n import _
from regalia.engine.phone_board import widen
from regalia.server.about import component_texts, titled
from regalia.server.api import Announcer, events_response
from regalia.server.legend import key_lines
from regalia.server.option_words import option_entry
from regalia.server.payloads import game_names, history_svg
from regalia.server.service import GameService, ServiceError
from regalia.server.words import COOKIE, COOKIE_AGE, js_messages, safe_next, switch_url, title

HERE = Path(__file__).parent
STATIC = HERE / "static"
TEMPLATES = Jinja2Templates(directory=HERE / "templates")
# The templates' words come from the catalog in the language in force when a page is rendered
# (each request's: regalia.server.words.Speaking): ``_()``/``{% trans %}`` read it then.
TEMPLATES.env.add_extension("jinja2.ext.i18n")
TEMPLATES.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=i18n._, ngettext=i18n.ngettext, pgettext=i18n.pgettext,
    npgettext=i18n.npgettext, newstyle=False)


def sectioned(phone_svg: Markup | None) -> bool:
    """Whether a phone picture is laid out in sections, to be shown two columns wide on a
    desktop's table (static/board.js; see board.html); not a game's terminal board."""
    return bool(phone_svg) and widen(str(phone_svg), 2) is not None


TEMPLATES.env.filters["sectioned"] = sectioned

# No script, style or image from anywhere but this server; the board's SVG is inline.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # a page's address holds its seat token
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def render_page(request: Request, name: str, context: dict[str, Any],
                status: int = 200) -> Response:
    """Template ``name`` in the request's language, with the language switches."""
    lang = i18n.language()
    here, query = request.url.path, request.url.query
    words = {"lang": lang, "messages": js_messages(),
             "switches": [{"code": code, "name": label, "current": code == lang,
                           "url": switch_url(code, here, query)}
                          for code, label in i18n.LANGUAGES.items()]}
    return TEMPLATES.TemplateResponse(request, name, {**words, **context},
                                      status_code=status, headers=SECURITY_HEADERS)


def refused_page(request: Request, reason: str, status: int) -> Response:
    """The page that says why a page cannot be shown, with the way back to the lobby."""
    return render_page(request, "refused.html", {"reason": reason}, status)


def wants_page(request: Request) -> bool:
    """Whether a refusal should be a page: a browser's request for one of the pages (the
    API, under /api, answers JSON whatever asks)."""
    return (request.method == "GET" and not request.url.path.startswith("/api/")
            and "text/html" in request.headers.get("accept", ""))


def build_pages(service: GameService, announcer: Announcer, hints: bool = True) -> APIRouter:
    """The pages; ``hints`` shows the hint button to the seat to move."""
    pages = APIRouter(include_in_schema=False)

    def table_context(game_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
        payload = dict(service.payload(game_id, seat))
        svg = payload.pop("svg", None)
        phone_svg = payload.pop("phone_svg", None)
        movers = i18n.pgettext("web", ", ").join(payload["seats"][s] for s in payload["to_move"])
        return {"p": payload, "svg": Markup(svg) if svg else None, "token": token,
                "phone_svg": Markup(phone_svg) if phone_svg else None,
                "key": key_lines(regalia.get_game(payload["game"]), payload["view"]),
                "game_id": game_id, "hints": hints, "movers": movers}

    def refused(request: Request, err: ServiceError) -> Response:
        return refused_page(request, str(err), err.status)

    @pages.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> Response:
        games = [{"id": g.id, "title": title(g.title), "min_players": g.min_players,
                  "max_players": g.max_players, "default_players": g.default_players,
                  "options": [option_entry(o, g.options) for o in g.options]}
                 for g in regalia.list_games()]
        open_games = [{"id": row.id, "title": title(regalia.get_game(row.game).title),
                       "players": row.players, "free": len(free)}
                      for row, free in service.open_games()]
        return render_page(request, "lobby.html", {"games": games, "open_games": open_games})

    def seat_page(request: Request, token: str, template: str) -> Response:
        try:
            seat = service.seat_of(token)
            context = table_context(seat.game_id, seat.seat, token)
        except ServiceError as err:
            return refused(request, err)
        context["me"] = {"bot": seat.bot, "name": seat.name}
        return render_page(request, template, context)

    @pages.get("/play/{token}", response_class=HTMLResponse)
    def table(request: Request, token: str) -> Response:
        return seat_page(request, token, "table.html")

    @pages.get("/play/{token}/board", response_class=HTMLResponse)
    def table_body(request: Request, token: str) -> Response:
        return seat_page(request, token, "table_body.html")

    @pages.get("/watch/{game_id}", response_class=HTMLResponse)
    def watch(request: Request, game_id: str) -> Response:
        try:
            context = table_context(game_id, None, None)
        except ServiceError as err:
            return refused(request, err)
        return render_page(request, "table.html", context)

    @pages.get("/watch/{game_id}/board", response_class=HTMLResponse)
    def watch_body(request: Request, game_id: str) -> Response:
        try:
            context = table_context(game_id, None, None)
        except ServiceError as err:
            return refused(request, err)
        return render_page(request, "table_body.html", context)

    def look_back_page(request: Request, game_id: str, seat: int | None, step: int | None,
                       table: str) -> Response:
        """A running game's look back (see :meth:`GameService.look_back`); ``table`` is the
        link back to where its reader plays or watches."""
        try:
            payload = dict(service.look_back(game_id, seat, step))
        except ServiceError as err:
            return refused(request, err)
        svg = payload.pop("svg", None)
        phone_svg = payload.pop("phone_svg", None)
        return render_page(request, "look_back.html", {
            "p": payload, "svg": Markup(svg) if svg else None, "table": table,
            "phone_svg": Markup(phone_svg) if phone_svg else None,
            "key": key_lines(regalia.get_game(payload["game"]), payload["view"]),
            "here": request.url.path})

    @pages.get("/play/{token}/replay", response_class=HTMLResponse)
    def seat_replay(request: Request, token: str, step: int | None = None) -> Response:
        """The token's seat looks back at its game, as it saw it: the position after ``step``
        decisions. Without ``step`` it opens on the position now, the one the player just
        left, so that *back* retraces the last moves (the usual question at a table: "what
        just happened?"). The token alone decides the seat; no parameter shows another's.
        Once the game is over its record is public, and this is the finished game's replay
        as this seat saw it."""
        try:
            seat = service.seat_of(token)
            over = service.live(seat.game_id).state.is_over()
        except ServiceError as err:
            return refused(request, err)
        if over:
            query = f"seat={seat.seat}" + ("" if step is None else f"&step={max(step, 0)}")
            return RedirectResponse(f"/watch/{seat.game_id}/replay?{query}", status_code=303,
                                    headers=SECURITY_HEADERS)
        return look_back_page(request, seat.game_id, seat.seat, step, f"/play/{token}")

    @pages.get("/watch/{game_id}/replay", response_class=HTMLResponse)
    def replay(request: Request, game_id: str, step: int | None = None,
               seat: int | None = None) -> Response:
        """A finished game, a position at a time from the start, as the spectator saw it or
        (``seat``) as a seat did: the whole record is public by then. A game still running is
        looked back at as the spectator sees it (``seat`` is ignored), opening on the
        position now like a seat's look back."""
        try:
            if not service.live(game_id).state.is_over():
                return look_back_page(request, game_id, None, step, f"/watch/{game_id}")
            record = service.record(game_id)
        except ServiceError as err:
            return refused(request, err)
        total = record.action_count
        step = max(0, min(step or 0, total))
        state = regalia.replay(record, steps=step)
        info = state.info()
        if seat is not None and not 0 <= seat < state.players:
            seat = None
        view = state.view(seat)
        components = component_texts(state, view)
        svg = history_svg(info, view)
        svg = titled(svg, {}, components) if svg else None
        phone_svg = history_svg(info, view, phone=True)
        phone_svg = titled(phone_svg, {}, components) if phone_svg else None
        names = game_names(state)
        moves = service.decision_lines(game_id, None)
        return render_page(request, "replay.html", {
            "title": title(info.title), "game_id": game_id, "step": step, "total": total,
            "svg": Markup(svg) if svg else None, "moves": moves,
            "phone_svg": Markup(phone_svg) if phone_svg else None, "seat": seat,
            "key": key_lines(info, view),
            "seats": names, "at": "" if seat is None else f"&seat={seat}"})

    @pages.get("/lang/{code}")
    def switch(request: Request, code: str, next: str | None = None) -> Response:
        """The language switch: remembers ``code`` in a cookie (a year) and goes back to the
        page (``next``, a path of this server); a language Regalia does not speak is refused
        and changes nothing."""
        lang = i18n.normalize(code) if len(code) <= 35 else None
        if lang is None:
            reason = _("unknown language {code}; Regalia speaks {known}").format(
                code=code[:35], known=", ".join(i18n.LANGUAGES))
            return refused_page(request, reason, 400)
        response = RedirectResponse(safe_next(next), status_code=303,
                                    headers={"Cache-Control": "no-store",
                                             "Referrer-Policy": "no-referrer"})
        response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, path="/", samesite="lax",
                            httponly=True)
        return response

    @pages.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status_code=204)

    @pages.get("/events/{game_id}")
    def events(request: Request, game_id: str) -> Response:
        service.game_row(game_id)  # 404 for a game that does not exist
        return events_response(service, announcer, game_id)

    return pages
