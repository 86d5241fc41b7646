"""Loading a saved state (``State.to_json`` output) as untrusted input.

A saved state holds hidden parts and internal fields that no game could check one by one, so
it is validated as a whole, without game code of its own:

* a state whose history starts at setup is **rebuilt**: the game is set up again from the saved
  seed, options and edition and the saved history (actions and chance outcomes) is replayed
  through the rules; the file is refused unless the rebuilt game's fields (``_dump()``) and RNG
  state equal the saved ones. What loads is the rebuilt game, so it is a real one.
* a determinized sample (no history to replay) must hold the kinds of value the game puts in
  each field (:mod:`regalia.engine.shapes`), is loaded with the game's ``_load``, then must
  dump back to exactly the saved fields, keep the game's invariants (``check_invariants``),
  answer ``to_move``, ``legal_actions``, ``scores`` and ``view`` for every seat, and survive a
  few random playouts to the end and a resampling for every seat. That catches most tampering,
  not all of it: a sample has no history to prove it right, so load samples only from sources
  you trust as far as consistency goes (they never reach anything outside the game).

Every problem, including any exception the game code raises on bad data, is one
:class:`InvalidRecord` with the reason. Size, UTF-8, nesting and number limits are those of
:mod:`regalia.engine.limits`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from regalia.engine import shapes, untrusted
from regalia.engine.bench import random_playout
from regalia.engine.errors import InvalidRecord, RegaliaError, quoted
from regalia.engine.i18n import N_, _
from regalia.engine.limits import check_shape, parse_json, word
from regalia.engine.record import rebuild
from regalia.engine.rng import Rng
from regalia.engine.state import CHANCE, STATE_FORMAT, History, State

WHAT = N_("saved state")  # the document's name in messages (translated where shown)
SAMPLE_PLAYOUTS = 4  # random playouts a loaded determinized sample must survive
MAX_DECISIONS = 100_000


def load_state(data: str | bytes | Mapping[str, Any]) -> State:
    """The state a saved document describes, checked (see the module docstring)."""
    if isinstance(data, (str, bytes)):
        doc = parse_json(data, InvalidRecord, WHAT)
    else:
        check_shape(data, InvalidRecord, WHAT)
        doc = data
    if not isinstance(doc, Mapping) or doc.get("format") != STATE_FORMAT:
        raise InvalidRecord(_("not a saved Regalia state (format must be {format})").format(
            format=repr(STATE_FORMAT)))
    info = untrusted.game_of(doc, WHAT)
    players = untrusted.players_of(info, doc, WHAT)
    untrusted.field(doc, "seed", int, WHAT)
    rng = untrusted.field(doc, "rng", int, WHAT)
    if not 0 <= rng < 2**64:
        raise InvalidRecord(_("{what}: the RNG state {value} is not a 64-bit number").format(
            what=word(WHAT), value=quoted(rng)))
    script = _script(doc.get("script"))
    history = untrusted.field(doc, "history", list, WHAT)
    saved = untrusted.field(doc, "state", dict, WHAT)
    moves = [_move(i, e, players) for i, e in enumerate(history)]
    if moves and moves[0].get("chance") == "determinized":
        state = _load_sample(doc, moves, saved, rng)
    else:
        state = rebuild(info, doc, moves, what=WHAT)
        if state._rng.state != rng:
            raise InvalidRecord(_("{what}: its RNG state is not the one its history leads to")
                                .format(what=word(WHAT)))
        rebuilt = _canonical(state._dump())
        if rebuilt != _canonical(saved) and rebuilt != _canonical(_as_loaded(state, saved)):
            raise InvalidRecord(_("{what}: its game fields are not the ones its history leads "
                                  "to").format(what=word(WHAT)))
    state._script = script
    return state


def _as_loaded(state: State, saved: Mapping[str, Any]) -> Any:
    """The saved fields as the game reads them: a game may still read the field names of an
    older save (and write today's), so compare what they mean, not how they were spelt."""
    probe = state.clone()
    try:
        probe._load(saved)
        return probe._dump()
    except Exception:  # bad data of any kind: it simply does not match
        return None


def _script(script: Any) -> list[tuple[str, Any]] | None:
    """Chance outcomes supplied from outside and not yet drawn (each checked when drawn)."""
    if script is None:
        return None
    if not isinstance(script, list) or not all(
            isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) for e in script):
        raise InvalidRecord(_("{what} field 'script' must be null or a list of [label, outcome] "
                              "pairs").format(what=word(WHAT)))
    return [(e[0], e[1]) for e in reversed(script)] or None


def _move(index: int, entry: Any, players: int) -> dict[str, Any]:
    """A history entry as a record move: ``[-1, label, outcome]`` or ``[seat, action]``."""
    if isinstance(entry, list) and len(entry) == 3 and entry[0] == CHANCE \
            and untrusted.is_whole(entry[0]) and isinstance(entry[1], str):
        return {"chance": entry[1], "outcome": entry[2]}
    if isinstance(entry, list) and len(entry) == 2 and untrusted.is_whole(entry[0]) \
            and 0 <= entry[0] < players and isinstance(entry[1], str):
        return {"seat": entry[0], "action": entry[1]}
    raise InvalidRecord(_("{what}: history entry {index} must be [seat, action] or "
                          "[{chance}, label, outcome], not {value}").format(
                              what=word(WHAT), index=index, chance=CHANCE, value=quoted(entry)))


def _load_sample(doc: Mapping[str, Any], moves: list[dict[str, Any]],
                 saved: Mapping[str, Any], rng: int) -> State:
    info = untrusted.game_of(doc, WHAT)
    players = untrusted.players_of(info, doc, WHAT)
    seat = moves[0]["outcome"]
    if not untrusted.is_whole(seat) or not 0 <= seat < players:
        raise InvalidRecord(_("{what}: a determinized sample's seat must be a seat of the game, "
                              "not {value}").format(what=word(WHAT), value=quoted(seat)))
    cls = info.state_class
    state = cls.__new__(cls)
    state.players = players
    state.seed = untrusted.field(doc, "seed", int, WHAT)
    state.options = MappingProxyType(untrusted.options_of(info, doc, WHAT))
    entry = untrusted.check_edition_entry(doc.get("edition"), WHAT)
    state.edition = untrusted.edition_of(info, entry, WHAT) or info.load_edition(None)
    state._rng = Rng(rng)
    state._script = None
    node: History = (None, CHANCE, "determinized", seat)
    for index, move in enumerate(moves[1:], 1):
        entry_: tuple[Any, ...]
        if "chance" in move:
            entry_ = (CHANCE, move["chance"], move["outcome"])
        else:
            try:
                entry_ = (move["seat"], info.actions.parse(move["action"]))
            except RegaliaError as err:
                raise InvalidRecord(_("{what}: history entry {index}: {reason}").format(
                    what=word(WHAT), index=index, reason=err)) from None
        node = (node, *entry_)
    state._hist = node
    state._legal = {}
    shapes.check(saved, shapes.learnt(state), WHAT)
    try:
        state._load(saved)
        if _canonical(state._dump()) != _canonical(saved):
            raise InvalidRecord(_("{what}: its game fields do not load back as saved").format(
                what=word(WHAT)))
        state.check_invariants()
        _exercise(state)
    except InvalidRecord:
        raise
    except RegaliaError as err:
        raise InvalidRecord(_("{what} does not load: {reason}").format(
            what=word(WHAT), reason=err)) from None
    except Exception as err:  # game code fed bad data may raise anything
        reason = quoted(str(err), 200) if str(err) else _("(no reason given)")
        raise InvalidRecord(_("{what} is inconsistent: {error}: {reason}").format(
            what=word(WHAT), error=type(err).__name__, reason=reason)) from None
    return state


def _exercise(state: State) -> None:
    """Ask the loaded state everything a front end or a bot will: what it cannot answer, it
    must not be loaded as."""
    movers = state.to_move()
    if not isinstance(movers, tuple) or any(
            not untrusted.is_whole(s) or not 0 <= s < state.players for s in movers):
        raise InvalidRecord(_("{what}: the seats to move {value} are not seats").format(
            what=word(WHAT), value=quoted(movers)))
    for seat in movers:
        if not state.legal_actions(seat):
            raise InvalidRecord(_("{what}: seat {seat} is to move but has no legal action")
                                .format(what=word(WHAT), seat=seat))
    if not movers and not state.is_over():
        raise InvalidRecord(_("{what}: nobody is to move, yet the game is not over").format(
            what=word(WHAT)))
    if len(state.scores()) != state.players:
        raise InvalidRecord(_("{what}: it does not score every seat").format(what=word(WHAT)))
    state.ranking()
    for viewer in (*range(state.players), None):
        json.dumps(state.view(viewer))
    # A tampered field may only show later: play the sample on to the end a few times, and
    # resample it, as a bot would. Any error in there means it is no consistent game.
    for attempt in range(SAMPLE_PLAYOUTS):
        rng = Rng(attempt)
        twin = state.clone()
        try:
            random_playout(twin, rng, MAX_DECISIONS)
        except RuntimeError:
            raise InvalidRecord(_("{what}: its game does not end").format(
                what=word(WHAT))) from None
        twin.check_invariants()
        for viewer in (*range(twin.players), None):
            json.dumps(twin.view(viewer))
        twin.ranking()
    for seat in range(state.players):
        state.determinize(seat, Rng(seat)).check_invariants()


def _canonical(data: Any) -> str:
    """JSON text that two equal dumps share (keys as JSON writes them, sorted)."""
    return json.dumps(json.loads(json.dumps(data)), sort_keys=True)
