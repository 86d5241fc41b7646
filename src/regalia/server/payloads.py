"""What a seat is sent: built from ``view(seat)``, its legal actions and the log as it saw it.

Nothing else of the state goes into a payload: not the seed, not the record, not another
seat's view. Sealed simultaneous choices of other seats appear only as "made a sealed choice".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from regalia.engine import GameInfo, State
from regalia.engine.i18n import _, language, pgettext
from regalia.engine.phone_board import text_picture
from regalia.server.about import action_texts, component_texts, titled
from regalia.server.models import Game, Seat
from regalia.server.words import title

if TYPE_CHECKING:
    from regalia.server.service import Decision



@dataclass(frozen=True)
class SeatRow:
    """Who holds a seat, as a table shows it."""

    seat: int
    bot: str | None
    name: str | None
    claimed: bool


@dataclass(frozen=True)
class TableRow:
    """What a seat's payload needs of a game's row and its seats (read in one statement:
    :meth:`regalia.server.service.GameService.table_row`)."""

    id: str
    rematch: str | None
    move_seconds: int | None
    updated: datetime
    seats: tuple[SeatRow, ...]


def bot_word(level: str) -> str:
    """A web bot's level in the language in force (``random`` is 随机 to a Chinese table)."""
    words = {"random": pgettext("bot level", "random"), "greedy": pgettext("bot level", "greedy"),
             "easy": pgettext("bot level", "easy"), "medium": pgettext("bot level", "medium"),
             "hard": pgettext("bot level", "hard")}
    return words.get(level, level)


def seat_names(state: State, seats: Sequence[Seat | SeatRow]) -> list[str]:
    """Each seat's name at the table: the game's colour or number, and who holds it."""
    out = []
    by_number = {s.seat: s for s in seats}
    for number in range(state.players):
        label = state.seat_name(number)
        row = by_number.get(number)
        if row is not None and row.bot:
            label = _("{seat} ({bot} bot)").format(seat=label,
                                                   bot=bot_word(row.bot.split(":", 1)[0]))
        elif row is not None and row.name:
            label = _("{seat} ({name})").format(seat=label, name=row.name)
        elif row is not None and not row.claimed:
            label = _("{seat} (open)").format(seat=label)
        out.append(label)
    return out


def game_names(state: State) -> list[str]:
    """Each seat's name in the game itself (its colour or number), as logs name the movers."""
    return [state.seat_name(s) for s in range(state.players)]


def log_lines(viewer: int | None, view: Mapping[str, Any], moves: Sequence[Decision],
              names: Sequence[str], over: bool = False) -> list[str]:
    """The log as ``viewer`` may see it: the game's own log where its view keeps one (hidden
    parts already left out), else :func:`decision_lines`."""
    entries = view.get("log")
    if isinstance(entries, list) and all(
            isinstance(e, str) or (isinstance(e, Mapping) and isinstance(e.get("text"), str))
            for e in entries):
        return [e if isinstance(e, str) else e["text"] for e in entries]
    lines = decision_lines(viewer, moves, names, over)
    return with_events(lines, view.get("events"))


# A game log's entries that no seat chose: scorings, reveals, a new round, income …
NOT_CHOSEN = frozenset({"general", "score", "scoring", "final", "disks", "reveal", "round",
                        "over", "income", "aging", "election", "start-card", "aaron-reveal",
                        "solo-check"})


def _is_move(entry: Any) -> bool:
    """Whether a log entry is a seat's own choice: it names the seat and is no scoring (a
    move may say the points it scored, a number; a scoring gives every seat's, a list)."""
    return isinstance(entry, Mapping) and "seat" in entry and \
        not isinstance(entry.get("points"), list | tuple) and \
        entry.get("event", entry.get("kind")) not in NOT_CHOSEN


def news(viewer: int | None, view: Mapping[str, Any], moves: Sequence[Decision],
         names: Sequence[str], over: bool = False) -> dict[str, Any] | None:
    """What happened since ``viewer``'s last move, in words, as its view may know it: the
    lines of its log (:func:`log_lines`) after its own last move, each marked ``event`` when
    no seat chose it (a scoring, income, an election, aging, a point changing hands);
    ``since`` is False while the seat has not moved yet (then it is the game so far). None
    for a spectator and once the game is over (the log and the result tell it then)."""
    if viewer is None or over:
        return None
    entries = view.get("log")
    if isinstance(entries, list) and all(
            isinstance(e, str) or (isinstance(e, Mapping) and isinstance(e.get("text"), str))
            for e in entries):
        items = [(e if isinstance(e, str) else e["text"],
                  isinstance(e, Mapping) and e.get("seat") == viewer and _is_move(e),
                  isinstance(e, Mapping) and not _is_move(e)) for e in entries]
    else:
        lines = decision_lines(viewer, moves, names, over)
        own = [move.seat == viewer for move in moves]
        items = []
        at = 0
        events = view.get("events")
        for event in events if isinstance(events, list) else []:
            if not (isinstance(event, Mapping) and isinstance(event.get("text"), str)
                    and isinstance(event.get("after"), int)):
                continue
            upto = max(at, event["after"])
            items.extend((line, mine, False)
                         for line, mine in zip(lines[at:upto], own[at:upto], strict=False))
            at = upto
            items.append((event["text"], False, True))
        items.extend((line, mine, False) for line, mine in zip(lines[at:], own[at:], strict=False))
    last = max((i for i, (_text, mine, _event) in enumerate(items) if mine), default=None)
    since = items[last + 1:] if last is not None else items
    # A game's log that keeps only its last entries (Castles: 16) may have dropped the seat's
    # last move: every line it keeps is then news, told as such, not as "the game so far".
    moved = last is not None or any(move.seat == viewer and not move.sealed for move in moves)
    return {"since": moved,
            "lines": [{"text": text, "event": event} for text, _mine, event in since]}


def with_events(lines: list[str], events: Any) -> list[str]:
    """One line per decision with the game's public events (``view["events"]``: income,
    elections, points with their reasons) each after the decision that set it off."""
    if not isinstance(events, list):
        return lines
    out: list[str] = []
    at = 0
    for event in events:
        if not (isinstance(event, Mapping) and isinstance(event.get("text"), str)
                and isinstance(event.get("after"), int)):
            continue
        out.extend(lines[at:max(at, event["after"])])
        at = max(at, event["after"])
        out.append(event["text"])
    return out + lines[at:]


def decision_lines(viewer: int | None, moves: Sequence[Decision], names: Sequence[str],
                   over: bool = False) -> list[str]:
    """One line per decision, as ``viewer`` (None: a spectator) was told of it: its own in
    full, another seat's sealed choice only as made, the rest as announced; every move in full
    once the game is over (its record is public then). An announcement that is a sentence
    naming its mover ("Red plays power card 13", El Grande's and the Castles' are) is not
    named again."""
    lines = []
    lang = language()
    for move in moves:
        who = names[move.seat] if 0 <= move.seat < len(names) else \
            _("Seat {n}").format(n=move.seat)
        described, announced = move.words(lang)
        if over or (viewer is not None and move.seat == viewer):
            text = described
        elif move.sealed:
            lines.append(_("{who} ran out of time; a bot made a sealed choice.").format(who=who)
                         if move.timed_out else
                         _("{who} made a sealed choice.").format(who=who))
            continue
        else:
            text = announced
            if text.startswith(who) and not move.timed_out:
                lines.append(text)
                continue
        lines.append(_("{who} ran out of time; a bot moved: {move}").format(who=who, move=text)
                     if move.timed_out else _("{who}: {move}").format(who=who, move=text))
    return lines


def public_scores(state: State, view: Mapping[str, Any]) -> list[int] | None:
    """Scores as far as they are public: the final ones, or the view's own while it shows
    every seat's (a game that keeps scores secret shows none)."""
    if state.is_over():
        return list(state.scores())
    scores = view.get("scores")
    if isinstance(scores, list) and len(scores) == state.players and all(
            isinstance(v, int) for v in scores):
        return scores
    return None


def deadline(game: Game | TableRow) -> float | None:
    """When the seats to move run out of time (seconds since the epoch), if there is a clock."""
    if game.move_seconds is None:
        return None
    return game.updated.replace(tzinfo=UTC).timestamp() + game.move_seconds


def _about(game: Game | TableRow, state: State, seat: int | None) -> dict[str, Any]:
    """What every payload opens with: which game, whose eyes, who sits where."""
    info = state.info()
    return {
        "game_id": game.id,
        "game": info.id,
        "title": title(info.title),
        "players": state.players,
        "seat": seat,
        "seats": seat_names(state, game.seats),
    }


def seat_payload(game: Game | TableRow, state: State, seat: int | None, decisions: int,
                 moves: Sequence[Decision], *, svg: bool = True) -> dict[str, Any]:
    """Everything one seat (None: a spectator) is sent about the game, JSON-ready."""
    info = state.info()
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else ()
    about = action_texts(state, view, legal)
    over = state.is_over()
    payload: dict[str, Any] = {
        **_about(game, state, seat),
        "decisions": decisions,
        "to_move": list(state.to_move()),
        "over": over,
        "view": view,
        "legal": [{"action": a.text, "description": state.describe(a), "about": about[a.text]}
                  for a in legal],
        "log": log_lines(seat, view, moves, game_names(state), over),
        "news": news(seat, view, moves, game_names(state), over),
        "scores": public_scores(state, view),
        "ranking": list(state.ranking()) if over else None,
        "deadline": deadline(game) if not over else None,
        "rematch": game.rematch,
    }
    if svg and info.render_svg is not None:
        shown = dict(view)
        shown["legal"] = [a.text for a in legal]
        # the actions in words, for the buttons of the phone pictures (the notation stays
        # each button's data-action; a phone shows no notation)
        shown["described"] = {a["action"]: a["description"] for a in payload["legal"]}
        components = component_texts(state, view)
        payload["svg"] = titled(info.render_svg(shown), about, components)
        if (narrow := phone_drawing(info)) is not None:
            payload["phone_svg"] = titled(narrow(shown), about, components)
    return payload


def look_back_payload(game: Game | TableRow, state: State, seat: int | None, step: int, total: int,
                      moves: Sequence[Decision], over: bool, *,
                      svg: bool = True) -> dict[str, Any]:
    """A look back at the game by ``seat`` (None: a spectator), JSON-ready: ``state`` is the
    game after ``step`` of the ``total`` decisions made so far, shown from its ``view(seat)``,
    and ``moves`` (all ``total`` of them) are worded as the seat was told of them (``over``:
    the game has ended since, so all in full). The board is history: drawn with no legal
    action, nothing on it is a move."""
    info = state.info()
    view = state.view(seat)
    payload: dict[str, Any] = {
        **_about(game, state, seat),
        "step": step,
        "total": total,
        "over": over,
        "to_move": list(state.to_move()),
        "view": view,
        "log": decision_lines(seat, moves, game_names(state), over),
    }
    if svg and (drawn := history_svg(info, view)) is not None:
        components = component_texts(state, view)
        payload["svg"] = titled(drawn, {}, components)
        if (narrow := history_svg(info, view, phone=True)) is not None:
            payload["phone_svg"] = titled(narrow, {}, components)
    return payload


def phone_drawing(info: GameInfo) -> Callable[[Mapping[str, Any]], str] | None:
    """How a game's board is drawn for a phone: its own phone picture, else its terminal
    board as one (legible, with the decisions in the page's list of actions), else none (the
    desktop picture is shown at the screen's width)."""
    if info.render_phone_svg is not None:
        return info.render_phone_svg
    return text_picture(info.render_text) if info.render_text is not None else None


def history_svg(info: GameInfo, view: Mapping[str, Any], *, phone: bool = False) -> str | None:
    """The board of a past position (``phone``: its drawing for a phone's screen): drawn
    with no legal action, since a view's legal actions would draw targets to click and
    nothing on history is a move."""
    draw = phone_drawing(info) if phone else info.render_svg
    return draw(dict(view, legal=[])) if draw is not None else None
