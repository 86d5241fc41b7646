"""Sentences for actions: what an action does (describe), what other seats learn of it
(announce), a warning for a legal but likely mistaken one (caution), and why an action is
not legal now (explain_illegal).

Every sentence is made when it is asked for, in the language in force (``regalia.engine.i18n``);
component names (rooms, cards, park edges) are the edition's, translated by
``Edition.localize`` at that moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.engine.edition import Edition
from regalia.engine.errors import quoted
from regalia.engine.i18n import N_, _, pgettext
from regalia.games.palais_royal import actions as A
from regalia.games.palais_royal.rooms import (
    BACKDOOR,
    COLUMNS,
    GATE,
    KING,
    OFFICE,
    POMPADOUR,
    space_name,
)

if TYPE_CHECKING:
    from regalia.games.palais_royal.edition import CardKind, Noble, PalaisData
    from regalia.games.palais_royal.state import PalaisState

CARD_TEXT = {
    "gold": N_("take {n} gold"), "turquoise": N_("+{n} turquoise seal this turn"),
    "purple": N_("+{n} purple seal this turn"), "moves": N_("+{n} Stairway moves this turn"),
    "gate": N_("+{n} servants onto the Gate this turn"),
    "office": N_("enlist {n} noble without an Office servant this turn"),
    "backdoor": N_("draw {n} more cards at the Back door this turn"),
    "cardinal": N_("+{n} in the Cardinal's room for this turn's ties"),
    "prestige": N_("score it"),
}
PRIVILEGE_TEXT = {
    "servants": N_("at once: {n} servants from the general supply"),
    "moves": N_("+{n} Stairway move every turn"),
    "diagonal": N_("Stairway moves may go diagonally"),
    "gate": N_("+{n} servant onto the Gate every turn"),
    "backdoor": N_("+{n} card at the Back door every turn"),
    "turquoise": N_("+{n} turquoise seal every turn"),
    "purple": N_("+{n} purple seal every turn"),
    "gold": N_("+{n} gold every turn"), "cardinal": N_("+{n} in the Cardinal's room for ties"),
}
# The steps of a turn as the screens title them (view key "step" -> title).
STEP_TITLES = {
    "setup": N_("setup: place servants"), "parade": N_("1 Parade ground"),
    "stairs": N_("2 Stairway"), "rooms": N_("3 Mint, seals, Office"),
    "enlist": N_("4 enlist nobles"), "edge": N_("4 servant onto the edge space"),
    "backdoor": N_("5 Back door"), "keep": N_("5 keep cards"), "over": N_("game over"),
}
DONE_TEXT = {
    "parade": N_("end the Parade-ground step"), "stairs": N_("end the Stairway step"),
    "rooms": N_("end step 3 (Mint, seals, Office)"), "enlist": N_("stop enlisting nobles"),
    "backdoor": N_("end the turn without drawing"),
    "keep": N_("discard the other cards and end the turn"),
}


def _end_text(word: str) -> str:
    """``end``'s sentence in the step ``word`` (steps 1-4)."""
    if word == "parade":
        return _("end the turn now, skipping steps 2-5")
    if word == "stairs":
        return _("end the turn now, skipping steps 3-5")
    if word == "rooms":
        return _("end the turn now, skipping the rest of step 3 and steps 4-5")
    return _("end the turn now, skipping the Back door")


def step_title(step: str) -> str:
    """A step's title (view key ``step``) in the language in force."""
    title = STEP_TITLES.get(step)
    return _(title) if title is not None else step


def room_title(edition: Edition, d: PalaisData, room: int) -> str:
    """A room's name as the edition spells it, in the language in force."""
    return edition.localize(d.room_titles[room])


def seat_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def card_text(kind: CardKind, edition: Edition | None = None) -> str:
    """A card kind in words: its name (translated by ``edition``), effect and VP."""
    effect = _(CARD_TEXT[kind.effect]).format(n=kind.amount)
    name = edition.localize(kind.name) if edition is not None else kind.name
    if kind.vp:
        return _("{card} ({effect}, {vp} VP)").format(card=name, effect=effect, vp=kind.vp)
    return _("{card} ({effect})").format(card=name, effect=effect)


def privilege_text(nb: Noble) -> str:
    return _(PRIVILEGE_TEXT[nb.privilege]).format(n=nb.amount) if nb.privilege else ""


def seals_text(nb: Noble) -> str:
    t, p = nb.turquoise, nb.purple
    if t and p:
        return _("{t} turquoise + {p} purple seals").format(t=t, p=p)
    if t:
        return _("{t} turquoise seals").format(t=t)
    if p:
        return _("{p} purple seals").format(p=p)
    return _("no seals")


def noble_text(nb: Noble, gold: int | None = None) -> str:
    """A tile in words: its VP, what it costs (``gold``: the price now, if not the printed
    one) and its privilege (the edition's tile id is no word a player reads)."""
    price = _("{gold} gold").format(gold=nb.gold) if gold is None or gold == nb.gold else \
        _("{gold} gold (printed {printed})").format(gold=gold, printed=nb.gold)
    if nb.privilege:
        return _("{vp} VP for {price}, {seals}; {privilege}").format(
            vp=nb.vp, price=price, seals=seals_text(nb), privilege=privilege_text(nb))
    return _("{vp} VP for {price}, {seals}").format(vp=nb.vp, price=price,
                                                   seals=seals_text(nb))


def describe(s: PalaisState, action: Action) -> str:
    kind = action.kind
    args = action.args

    def room(r: int) -> str:
        return room_title(s.edition, s.d, r)

    if kind == "place":
        return _("place in the {room}").format(room=room(args[0]))  # (fits 2 columns at 80)
    if kind == "recruit":
        if args[0] < 0:
            return _("place a servant from the play area on the Gate")
        return _("place a servant from the {room} on the Gate").format(room=room(args[0]))
    if kind == "move":
        return _("move a servant from the {source} to the {target}").format(
            source=room(args[0]), target=room(args[1]))
    if kind == "extra":
        if args[1] < 0:
            return _("majority bonus: a servant from the play area into the {room}").format(
                room=room(args[0]))
        return _("majority bonus: a servant from the {source} into the {room}").format(
            source=room(args[1]), room=room(args[0]))
    if kind == "enlist":
        space = A.enlist_space(action, s.d.columns)
        tile = s.park[space] if 0 <= space < len(s.park) else -1
        where = space_name(space, s.d.columns) if 0 <= space < len(s.park) else "?"
        if tile < 0:
            return _("enlist the noble on {space}").format(space=where)
        return _("enlist the noble on {space}: {noble}").format(
            space=where, noble=noble_text(s.d.nobles[tile], s.gold_cost(space)))
    if kind == "leave":
        if args[0] < 0:
            return _("leave a servant from the play area on the emptied edge space")
        return _("leave a servant from the {room} on the emptied edge space").format(
            room=room(args[0]))
    if kind == "draw":
        return _("draw privilege cards at the Back door")
    if kind == "keep":
        return _("keep {card}, sending a Back-door servant home").format(
            card=card_text(s.d.cards[args[0]], s.edition))
    if kind == "play":
        return _("play {card}").format(card=card_text(s.d.cards[args[0]], s.edition))
    if kind == "mint":
        return _("take the Mint's gold: {n}").format(n=s.mint_income(s.cur))
    if kind == "end":
        return _end_text(_phase_word(s))
    text = DONE_TEXT.get(_phase_word(s))
    return _(text) if text is not None else pgettext("palais-royal", "done")


def _phase_word(s: PalaisState) -> str:
    from regalia.games.palais_royal.state import PHASE_NAMES

    return PHASE_NAMES[s.phase]


def announce(s: PalaisState, action: Action, seat: int) -> str:
    """Others learn everything but the kind of a card kept."""
    if action.kind == "keep":
        return _("keep a drawn card, sending a Back-door servant home")
    if action.kind == "enlist" and not s.options["open_nobles"]:
        space = A.enlist_space(action, s.d.columns)
        tile = s.park[space]
        if tile >= 0 and s.d.nobles[tile].privilege is None:
            return _("enlist the noble from {space} (face down)").format(
                space=space_name(space, s.d.columns))
    return describe(s, action)


def caution(s: PalaisState, action: Action, seat: int) -> str | None:
    if action is A.END:
        # What the turn's end skips: this step's loss first (as "done" says it), then the
        # Mint's gold and the Back door's draw, which are sure to be there later.
        said = _step_caution(s)
        if said is not None:
            return said
        word = _phase_word(s)
        if word in ("parade", "stairs", "rooms") and not s.extra_done & 4 \
                and s.mint_income(s.cur):
            return _("You have not taken the Mint's {n} gold; ending the turn leaves it.").format(
                n=s.mint_income(s.cur))
        if s.servants[s.cur][BACKDOOR] and (s.pile or any(s.discard)):
            return _("You have servants at the Back door and could draw cards.")
        return None
    if action is not A.DONE:
        return None
    said = _step_caution(s)
    if said is None and _phase_word(s) == "rooms" and A.MINT in s.opts:
        return _("You have not taken the Mint's {n} gold; it is lost if you go on.").format(
            n=s.mint_income(s.cur))
    return said


def _step_caution(s: PalaisState) -> str | None:
    """What leaving the current step now wastes, if anything."""
    word = _phase_word(s)
    if word == "parade" and s.left > 0:
        return _("You still have {n} placements; unused ones are lost.").format(n=s.left)
    if word == "stairs" and s.left > 0:
        return _("You still have {n} moves; unused ones are lost.").format(n=s.left)
    if word == "enlist" and any(a.kind == "enlist" for a in s.opts):
        return _("You can still enlist a noble this turn.")
    if word == "backdoor" and A.DRAW in s.opts:
        return _("You have servants at the Back door and could draw cards.")
    if word == "rooms" and any(a.kind == "extra" for a in s.opts):
        return _("You can still place a majority bonus servant (King's chamber or "
                 "Pompadour).")
    if word == "keep" and any(a.kind == "keep" for a in s.opts):
        return _("You could still keep a drawn card (a Back-door servant goes home for it).")
    return None


# The step in which each kind of action is taken (phase words of state.PHASE_NAMES).
_ACTION_STEP = {"place": "setup", "recruit": "parade", "move": "stairs", "extra": "rooms",
                "mint": "rooms", "enlist": "enlist", "leave": "edge", "draw": "backdoor",
                "keep": "keep"}


def explain_illegal(s: PalaisState, action: Action, seat: int) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule it breaks where one can be
    named, then the step the turn is in and the legal actions (in notation)."""
    reason = _reason(s, action, seat)
    legal = s.legal_actions(seat)
    shown = ", ".join(a.text for a in legal[:12]) + (", …" if len(legal) > 12 else "")
    step = step_title(_phase_word(s))
    who = s.seat_name(seat)
    if reason:
        return _("{action} is not legal for {who} now: {reason} (step {step}; legal: "
                 "{legal})").format(action=quoted(action.text), who=who, reason=reason,
                                     step=step, legal=shown)
    return _("{action} is not legal for {who} now (step {step}; legal: {legal})").format(
        action=quoted(action.text), who=who, step=step, legal=shown)


def _reason(s: PalaisState, action: Action, seat: int) -> str | None:
    kind = action.kind
    word = _phase_word(s)
    rooms = s.servants[seat]
    wanted = _ACTION_STEP.get(kind)
    nonsense = _impossible(s, action)
    if nonsense:
        return nonsense
    if kind == "play":
        k = action.args[0]
        if not s.hand[seat][k]:
            return _("you hold no {card} card").format(card=s.edition.localize(
                s.d.cards[k].name))
        steps = [step_title(w) for phase, w in enumerate(_PHASES) if k in s.playable[phase]]
        return _("this card is played in another step: {steps}").format(
            steps=", ".join(steps) or "-")
    if kind == "done":
        if word == "edge":
            return _("the emptied edge space must get a servant: choose where it comes from")
        if word == "setup":
            return _("every free servant is placed at setup")
        return None
    if wanted is not None and wanted != word:
        if kind == "place":
            return _("servants are placed freely into rooms only at setup")
        if word == "setup":
            return _("at setup each player places free servants into rooms; the step {step} "
                     "comes in the turns after it").format(step=step_title(wanted))
        if kind == "keep":
            return _("a card is kept from those drawn at the Back door, after 'draw'")
        if kind == "leave":
            return _("a servant is left on an edge space right after enlisting a noble from "
                     "the park's edge")
        order = list(_ACTION_STEP.values())
        if word in order and order.index(wanted) < order.index(word):
            return _("the step {step} is over for this turn (the steps go in order)").format(
                step=step_title(wanted))
        return _("this belongs to the step {step}, which comes later in the turn ('done' "
                 "ends the step {now})").format(step=step_title(wanted), now=step_title(word))
    if kind == "move":
        a, b = action.args
        if s.left <= 0:
            return _("no Stairway moves are left")
        if not rooms[a]:
            return _("you have no servant in the {room}").format(room=_room(s, a))
        if action in s.move_actions[1][a] and action not in s.move_actions[0][a]:
            return _("the {source} and the {target} are diagonal neighbours: moving "
                     "diagonally needs a noble's privilege").format(
                source=_room(s, a), target=_room(s, b))
        return _("the {source} and the {target} are not neighbours").format(
            source=_room(s, a), target=_room(s, b))
    if kind == "enlist":
        return _enlist_reason(s, action, seat)
    if kind == "draw":
        if not rooms[BACKDOOR]:
            return _("you have no servant at the Back door")
        return _("the draw pile and the discard pile are empty")
    if kind == "mint":
        if s.extra_done & 4:
            return _("you have taken the Mint's gold this turn")
        return _("you have no servant in the Mint and no gold privilege")
    if kind == "end":
        if word == "setup":
            return _("the setup placements are not a turn")
        if word == "edge":
            return _("first leave a servant on the emptied edge space")
        return _("the turn ends with this step: say done")
    if kind == "keep":
        if not rooms[BACKDOOR]:
            return _("keeping a card sends a Back-door servant home, and you have none left")
        return _("you did not draw that card")
    if kind == "recruit":
        source = action.args[0]
        if s.left <= 0:
            return _("no servant is left to go onto the Gate this turn (one per "
                     "Parade-ground servant, plus the majority bonus and Gate cards)")
        return _source_reason(s, seat, source)
    if kind == "extra":
        room, source = action.args
        title = _room(s, room)
        if not rooms[room]:
            return _("the majority bonus of the {room} needs a servant of yours there").format(
                room=title)
        if s.extra_done & (1 if room == KING else 2):
            return _("you have placed the majority bonus servant of the {room} this "
                     "turn").format(room=title)
        if not s.majority(room, seat):
            return _("the majority bonus of the {room} is for the player with the most "
                     "servants there (the Cardinal's room breaks ties), and that is not "
                     "you").format(room=title)
        if source == room:
            return _("the bonus servant comes from another room than the {room}").format(
                room=title)
        return _source_reason(s, seat, source)
    if kind == "leave":
        source = action.args[0]
        if source < 0:
            return _("your play area is empty")
        return _("you have no servant in the {room}").format(room=_room(s, source))
    return None


_PHASES = ("setup", "parade", "stairs", "rooms", "enlist", "edge", "backdoor", "keep", "over")


def _room(s: PalaisState, room: int) -> str:
    return room_title(s.edition, s.d, room)


def _impossible(s: PalaisState, action: Action) -> str | None:
    """An action that names what is not there (a park space off the board, the Gate as the
    source of a servant recruited onto it): said first, whatever the step."""
    if action.kind == "enlist":
        r, c = divmod(action.args[0], A.MAX_SIDE)
        if r >= s.d.rows or c >= s.d.columns:
            return _("the park has no space {space}: its columns run a to {column}, its "
                     "rows 1 to {rows}").format(space=action.text.split()[-1],
                                                column=COLUMNS[s.d.columns - 1], rows=s.d.rows)
    if action.kind == "recruit" and action.args[0] == GATE:
        return _("a recruited servant goes onto the Gate, so it cannot come from the Gate")
    return None


def _source_reason(s: PalaisState, seat: int, source: int) -> str | None:
    """Where a newly placed servant comes from: the play area while it holds any (SEED),
    a room of one's own only when it is empty."""
    if source >= 0 and s.area[seat] > 0:
        return _("a new servant comes from a room only when your play area is empty")
    if source < 0 and s.area[seat] <= 0:
        return _("your play area is empty: the servant comes from one of your rooms "
                 "('… from ROOM')")
    if source >= 0 and not s.servants[seat][source]:
        return _("you have no servant in the {room}").format(room=_room(s, source))
    return None


def _enlist_reason(s: PalaisState, action: Action, seat: int) -> str | None:
    rooms = s.servants[seat]
    space = A.enlist_space(action, s.d.columns)
    tile = s.park[space]
    if tile < 0:
        return _("there is no noble on {space}").format(space=space_name(space, s.d.columns))
    nb = s.d.nobles[tile]
    if rooms[OFFICE] + s.t_office < 1:
        return _("enlisting a noble needs a servant in the Office")
    if rooms[KING] + s.t_turquoise < nb.turquoise:
        return _("the noble needs {n} turquoise seals (servants in the King's "
                 "chamber)").format(n=nb.turquoise)
    if rooms[POMPADOUR] + s.t_purple < nb.purple:
        return _("the noble needs {n} purple seals (servants with Madame de "
                 "Pompadour)").format(n=nb.purple)
    if s.gold[seat] < s.gold_cost(space):
        return _("the noble costs {cost} gold; you have {gold}").format(
            cost=s.gold_cost(space), gold=s.gold[seat])
    if s.d.is_edge[space]:
        return _("a noble on the park's edge leaves one of your servants on its space, and "
                 "you have none left")
    return None


def name_words(s: PalaisState) -> dict[str, str]:
    """Rooms and privilege cards as a person may type them."""
    from regalia.engine.reading import in_every_language
    from regalia.games.palais_royal.rooms import ROOMS

    def pairs() -> list[tuple[str, str]]:
        out = [(room_title(s.edition, s.d, r), ROOMS[r]) for r in range(len(ROOMS))]
        out += [(s.edition.localize(card.name), card.effect) for card in s.d.cards]
        return out

    return in_every_language(pairs)
