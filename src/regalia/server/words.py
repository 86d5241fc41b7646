"""The web server's languages: each request speaks its reader's language.

The language of a request is the ``regalia_lang`` cookie (set by the language switch in every
page's header: ``GET /lang/{code}``), else the best of the browser's ``Accept-Language``, else
English. :class:`Speaking` wraps the whole request in :func:`regalia.engine.i18n.speaking`, so
views, descriptions, SVG boards, error messages and pages are all worded in it; API keys, error
codes and notation never change with it.

The pages' scripts take their words from the same catalog: :data:`JS_MESSAGES` lists them
(marked with ``N_``) and every page embeds them translated (:func:`js_messages`), English →
translation, so there is no second string table.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import quote

from starlette.types import ASGIApp, Receive, Scope, Send

from regalia.engine.i18n import DEFAULT_LANGUAGE, N_, _, accept_language, normalize, speaking

COOKIE = "regalia_lang"
COOKIE_AGE = 365 * 86400  # a year: the switch sticks

# The games' titles, as the pages show them (the registry spells them in English).
TITLES = (N_("El Grande"), N_("Palais Royal"), N_("In the Shadow of the Emperor"),
          N_("Ming Dynasty"), N_("The Castles of Burgundy: The Card Game"))

# Every word the pages' scripts show (static/*.js ``t("...")``): keep the two in step
# (tests/i18n/test_zh_web.py checks that every ``t("...")`` of the scripts is listed here).
JS_MESSAGES = (
    N_("me"), N_("open seat (a link)"), N_("bot: random"), N_("bot: greedy"),
    N_("bot: easy"), N_("bot: medium"), N_("bot: hard"),
    N_("Seats"), N_("Seat {n}"), N_("This game has no options."),
    N_("Seat {n} (you):"), N_("Seat {n}:"), N_("Spectators:"), N_("{game} · seat {n}"),
    N_("your own seat: open it to play; keep the link to come back"),
    N_("send it to one player (in a chat message): whoever opens it plays this seat"),
    N_("anyone with this link may watch, not play"), N_("Copy link"), N_("Copied"),
    N_("Share"),
    N_("Thinking…"), N_("Hint"),
    N_("{share}% of the search · estimated win chance {win}% · expected place {place}"),
    N_("{h} h"), N_("{m} min"), N_("{s} s"), N_("the server did not answer"),
)


def title(english: str) -> str:
    """A game's title in the current language (the English when the catalog has none)."""
    return _(english)


def js_messages() -> dict[str, str]:
    """The scripts' words in the current language, English → translation."""
    return {message: _(message) for message in JS_MESSAGES}


def request_language(cookie: str | None, header: str | None) -> str:
    """The language to answer in: the switch's cookie (when it names a language we speak),
    else ``Accept-Language``, else English."""
    if cookie:
        chosen = normalize(cookie)
        if chosen is not None:
            return chosen
    return accept_language(header) or DEFAULT_LANGUAGE


def _cookie_of(headers: dict[bytes, bytes]) -> str | None:
    raw = headers.get(b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except Exception:  # a malformed cookie header: as if there were none
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else None


class Speaking:
    """ASGI middleware: every HTTP request is handled speaking its reader's language (the
    chosen language is also left in ``scope["state"]["lang"]``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        lang = request_language(_cookie_of(headers),
                                headers.get(b"accept-language", b"").decode("latin-1"))
        scope.setdefault("state", {})["lang"] = lang
        with speaking(lang):
            await self.app(scope, receive, send)


def safe_next(target: str | None) -> str:
    """Where the switch goes back to: a path of this server only (never another site)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def switch_url(lang: str, path: str, query: str = "") -> str:
    """The language switch's link to ``lang`` from the page at ``path``."""
    back = path + (f"?{query}" if query else "")
    return f"/lang/{lang}?next={quote(back, safe='')}"
