"""Why an action is refused: the rule of In the Shadow of the Emperor that forbids it now.

``explain_illegal`` names the rule (the Emperor may not take the Rival card, a card sold out,
a privilege used this round…) in the language in force; it reads the state only, and is
asked only for actions that are not legal, so speed does not matter here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.engine.i18n import N_, _, ngettext
from regalia.games.shadow_of_the_emperor import choices
from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    BRANDENBURG,
    K_DAUGHTER,
    K_DOCTOR,
    K_EMINENCE,
    K_KNIGHT,
    K_MOVE,
    K_ORDINANCE,
    K_PERMIT,
    K_PROMOTION,
    K_RIVAL,
    KNIGHTS,
    KOELN,
    PALATINATE,
    SECULAR,
    TILES,
    TRIER,
    tile_name,
)
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, EMINENCE
from regalia.games.shadow_of_the_emperor.text import (
    _spot,
    asking_words,
    card_name,
    electorate_name,
    electorate_title,
    seat_colour,
)

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState

# The kinds of action each decision task takes (choices.OPTIONS offers them).
TASK_KINDS: dict[str, frozenset[str]] = {
    "turn": frozenset({"buy", "trier", "koeln", "palatinate", "knight_from", "pass"}),
    "place": frozenset({"to", "decline"}),
    "setup_elector": frozenset({"elector"}),
    "empire_setup": frozenset({"empire"}),
    "empire_city": frozenset({"empire", "pass"}),
    "setup_knight": frozenset({"knight"}),
    "knight_to": frozenset({"knight"}),
    "throne": frozenset({"throne"}),
    "daughter": frozenset({"propose", "convent"}),
    "answer": frozenset({"accept", "refuse"}),
    "doctor": frozenset({"younger", "older", "decline"}),
    "move_from": frozenset({"move", "decline"}),
    "city": frozenset({"city", "decline"}),
    "promote": frozenset({"promote", "decline"}),
    "flip": frozenset({"flip", "decline"}),
    "eminence": frozenset({"eminence", "pass"}),
    "award": frozenset({"award"}),
    "seat": frozenset({"seat"}),
    "church": frozenset({"church", "pass"}),
    "excomm": frozenset({"excommunicate", "pass"}),
    "vote": frozenset({"vote"}),
}

# When the rules ask for each kind of action: said when one comes at another moment.
WHEN = {
    "empire": N_("empire cities are placed at setup and placed or moved by the Emperor in "
                 "phase VII"),
    "elector": N_("the 45-year-old Barons go onto elector spaces at setup"),
    "to": N_("an aristocrat goes onto an electorate only while one is being placed (a son, "
             "a Permit, a Move, the Palatinate's Baron)"),
    "knight": N_("a knight goes onto a space at setup or after the knight action"),
    "knight_from": N_("the knight action is taken on your turn in phase IV"),
    "buy": N_("cards are bought on your turn in phase IV"),
    "trier": N_("the privileges are used on your turn in phase IV"),
    "koeln": N_("the privileges are used on your turn in phase IV"),
    "palatinate": N_("the privileges are used on your turn in phase IV"),
    "younger": N_("a Doctor or Köln's privilege makes an aristocrat younger or older"),
    "older": N_("a Doctor or Köln's privilege makes an aristocrat younger or older"),
    "move": N_("the Move card moves an aristocrat"),
    "flip": N_("the Foreign king's daughter card marries a Baron"),
    "propose": N_("a daughter is proposed or sent to the convent in phase III"),
    "convent": N_("a daughter is proposed or sent to the convent in phase III"),
    "accept": N_("a proposal is answered by the family proposed to"),
    "refuse": N_("a proposal is answered by the family proposed to"),
    "seat": N_("the winner of an electorate seats the new elector in phase V"),
    "throne": N_("an aristocrat goes to the throne when the Emperor changes or dies"),
    "city": N_("the Ordinance card founds a city"),
    "promote": N_("the Promotion card promotes a knight"),
    "eminence": N_("the Gray eminence is placed at the start of phase V"),
    "award": N_("the Emperor breaks a tie for an electorate in phase V"),
    "church": N_("Church influence is named in phase VI, before the votes"),
    "excommunicate": N_("Excommunication is named in phase VI, before the votes"),
    "vote": N_("votes are cast in phase VI, when there is a Rival"),
    "pass": N_("this decision cannot be skipped"),
    "decline": N_("only at 2 players may a card bought be left unused, and only its own "
                  "decision"),
}


def explain_illegal(s: ShadowState, action: Action, seat: int) -> str:
    """Why ``action`` is not legal for ``seat`` now, as the rule that forbids it."""
    return _("{action} is not legal for {who}: {reason}").format(
        action=_quoted(action.text), who=seat_colour(seat), reason=reason(s, action, seat))


def _quoted(text: str) -> str:
    return "'" + text + "'"


def reason(s: ShadowState, action: Action, seat: int) -> str:
    if not s.tasks:
        return _("the game is over")
    task = s.tasks[-1]
    name = task[0]
    if seat not in s.to_move():
        return _("now it is not your decision")
    kind = action.kind
    if kind not in TASK_KINDS.get(name, frozenset()):
        return _("now you choose {asking}; {rule}").format(
            asking=asking_words(name), rule=_(WHEN[kind]))
    family = _family(kind, action.args)
    if family >= s.players:
        return _("there is no {colour} family in a {n}-player game").format(
            colour=seat_colour(family), n=s.players)
    why = _specific(s, task, action, seat)
    return why if why else _alike(s, action)


def _family(kind: str, args: tuple[Any, ...]) -> int:
    """The seat an action names (a tile's owner, a knight's, a tie's), or -1."""
    if kind in _TILE_KINDS:
        return int(args[0]) // TILES
    if kind == "award":
        return int(args[0])
    if kind == "to":
        return int(args[1])
    return -1


_TILE_KINDS = frozenset({"younger", "older", "move", "flip", "propose", "seat", "throne"})


def _alike(s: ShadowState, action: Action) -> str:
    """An action on a tile left out because an equal tile stands for it (one choice per kind
    of tile: same owner, place, age and side)."""
    if action.kind in _TILE_KINDS:
        for other in s.legal_actions(s.to_move()[0]):
            if other.kind == action.kind:
                t, u = action.args[0], other.args[0]
                if (t // TILES, s.where[t], s.age[t], s.couple[t]) == \
                        (u // TILES, s.where[u], s.age[u], s.couple[u]):
                    return _("{tile} is alike to {other} (same family, place, age and side); "
                             "the choice is offered once, as {other}").format(
                        tile=tile_name(t), other=tile_name(u))
    return _("it does not fit this decision")


# ------------------------------------------------------------------------ the decisions
def _specific(s: ShadowState, task: tuple[Any, ...], action: Action, seat: int) -> str:
    kind, args, name = action.kind, action.args, task[0]
    if kind == "decline":
        return _(WHEN["decline"])
    if kind == "pass":
        return _(WHEN["pass"])
    if name == "turn":
        return _turn(s, action, seat)
    if kind == "to":
        return _to(s, task, args[0], args[1], seat)
    if kind == "elector":
        return _out_of_play(s, args[0]) or _("the elector space of {e} is taken").format(
            e=electorate_name(s, args[0]))
    if kind == "empire":
        return _empire(s, task, args[0], args[1])
    if kind == "knight":
        return _knight_to(s, task, args[1])
    if kind in _TILE_KINDS:
        return _tile_choice(s, task, kind, args[0], seat)
    if kind == "city":
        if s.city_supply(seat) <= 0:
            return _("your three cities are all on the board")
        return _out_of_play(s, args[0]) or _no_city_space(s, args[0])
    if kind == "promote":
        if s.supply_tile(seat) < 0:
            return _no_supply_tile()
        return _("you have no knight on an aristocrat space of {e}").format(
            e=electorate_name(s, args[0]))
    if kind == "eminence":
        return _out_of_play(s, args[0])
    if kind == "award":
        return _("{seat} is not among those tied for {e}").format(
            seat=seat_colour(args[0]), e=electorate_name(s, task[2]))
    if kind == "church":
        if args[0] not in ARCHDIOCESES:
            return _("Church influence names an archdiocese ({names})").format(
                names=_names(s, ARCHDIOCESES))
        return _out_of_play(s, args[0])
    if kind == "excommunicate":
        if args[0] not in SECULAR:
            return _("Excommunication names a secular electorate ({names})").format(
                names=_names(s, SECULAR))
        return _out_of_play(s, args[0])
    return ""


def _names(s: ShadowState, electorates: tuple[int, ...]) -> str:
    return ", ".join(electorate_name(s, e) for e in electorates if s.in_play[e])


def _out_of_play(s: ShadowState, e: int) -> str:
    if not s.in_play[e]:
        return _("{e} is out of play in this game (2 players)").format(
            e=electorate_name(s, e))
    return ""


def _no_city_space(s: ShadowState, e: int) -> str:
    return _("{e} has no free city space").format(e=electorate_name(s, e))


def _no_supply_tile() -> str:
    return _("you have no Baron/Couple tile left in supply")


def _no_room() -> str:
    return _("no electorate has room for another aristocrat (a free aristocrat space or a "
             "knight to push off)")


def _costs(s: ShadowState, seat: int, cost: int, what: str) -> str:
    if cost > s.thalers[seat]:
        return ngettext("{what} costs {n} thaler; you have {have}",
                        "{what} costs {n} thalers; you have {have}", cost).format(
            what=what, n=cost, have=s.thalers[seat])
    return ""


def _privilege(s: ShadowState, e: int, seat: int) -> str:
    if s.holder(e) != seat:
        return _("the privilege of {e} belongs to the family whose aristocrat is its "
                 "elector").format(e=electorate_name(s, e))
    if s.used >> e & 1:
        return _("the privilege of {e} has been used this round (once a round)").format(
            e=electorate_name(s, e))
    return ""


def _cannot_carry_out(s: ShadowState, kind: int, seat: int) -> str:
    """Why a phase-IV card's action cannot be carried out now ("" if it can)."""
    if choices.doable(s, seat, kind):
        return ""
    if kind == K_DOCTOR:
        return _("no aristocrat on the board could be made younger or older")
    if kind == K_MOVE:
        return _("none of your aristocrats on an aristocrat space has another electorate "
                 "with room to go to")
    if kind == K_PERMIT:
        return _no_supply_tile() if s.supply_tile(seat) < 0 else _no_room()
    if kind == K_ORDINANCE:
        if s.city_supply(seat) <= 0:
            return _("your three cities are all on the board")
        return _("no electorate in play has a free city space")
    if kind == K_PROMOTION:
        if s.supply_tile(seat) < 0:
            return _no_supply_tile()
        return _("none of your knights stands on an aristocrat space")
    if kind == K_DAUGHTER:
        return _("you have no single Baron on the throne, a secular elector's space or an "
                 "aristocrat space")
    return ""


def _turn(s: ShadowState, action: Action, seat: int) -> str:
    kind, args = action.kind, action.args
    if kind == "buy":
        k, size = args
        card = s.d.cards[k]
        name = card_name(s, k)
        if k == K_RIVAL and seat == s.emperor:
            return _("the Emperor cannot take the Rival card: the Rival stands against the "
                     "Emperor in the election")
        if not s.stacks[k]:
            return _("{card}: sold out (its stack is empty)").format(card=name)
        cost = _costs(s, seat, card.cost_couple if size else card.cost, name)
        if cost:
            return cost
        if k == K_EMINENCE:
            if s.holder(BRANDENBURG) != seat:
                return _("only the family holding the elector of Brandenburg may buy the "
                         "Gray eminence (its privilege)")
            if s.used >> BRANDENBURG & 1:
                return _("the privilege of {e} has been used this round (once a round)"
                         ).format(e=electorate_name(s, BRANDENBURG))
            if s.supply_tile(seat) < 0:
                return _no_supply_tile()
        if s.players != 2:
            why = _cannot_carry_out(s, k, seat)
            if why:
                return _("at 3 and 4 players a card is bought only if its action can be "
                         "carried out now: {why}").format(why=why)
        return ""
    if kind == "trier":
        k, size = args
        card = s.d.cards[k]
        name = card_name(s, k)
        why = _privilege(s, TRIER, seat)
        if why:
            return why
        if s.stacks[k]:
            return _("Trier's privilege takes only the action of a sold-out card; the {card} "
                     "stack still has cards: buy it").format(card=name)
        cost = _costs(s, seat, card.cost_couple if size else card.cost, name)
        if cost:
            return cost
        return _cannot_carry_out(s, k, seat)
    if kind == "koeln":
        return _privilege(s, KOELN, seat) or _cannot_carry_out(s, K_DOCTOR, seat)
    if kind == "palatinate":
        why = _privilege(s, PALATINATE, seat)
        if why:
            return why
        return _no_supply_tile() if s.supply_tile(seat) < 0 else _no_room()
    if kind == "knight_from":
        cost = _costs(s, seat, s.d.cards[K_KNIGHT].cost, _("the knight action"))
        if cost:
            return cost
        spots = choices.free_spots(s)
        if not spots:
            return _("no aristocrat or castle space is free for a knight")
        mine = s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS]
        src = args[0]
        if src < 0:
            return _("your three knights are all on the board") if -1 not in mine else ""
        if src not in mine:
            return _("you have no knight on {spot}").format(spot=_spot(s, src))
        return _("no other space is free for that knight")
    return ""


def _to(s: ShadowState, task: tuple[Any, ...], e: int, bump: int, seat: int) -> str:
    _task, _seat, tile, _age, _couple, exclude, only, _reason, _opt = task
    where = _out_of_play(s, e)
    if where:
        return where
    if e == exclude:
        return _("a moved aristocrat goes to another electorate than the one it left")
    if only >= 0 and e != only:
        return _("a deposed elector stays in its electorate, {e}").format(
            e=electorate_name(s, only))
    if tile < 0 and s.supply_tile(seat) < 0:
        return _no_supply_tile()
    free = s.free_arist(e)
    if bump < 0:
        if s.knight_arist[e]:
            return _("the aristocrat spaces of {e} are full: push a knight off "
                     "('to {id} bump …')").format(e=electorate_name(s, e), id=_id(e))
        return _("the aristocrat spaces of {e} are full, and no knight there can be pushed "
                 "off").format(e=electorate_name(s, e))
    if free > 0:
        return _("{e} has a free aristocrat space: a knight is pushed off only where none is "
                 "free").format(e=electorate_name(s, e))
    if 2 * e not in s.knight[bump * KNIGHTS:bump * KNIGHTS + KNIGHTS]:
        return _("{seat} has no knight on an aristocrat space of {e}").format(
            seat=seat_colour(bump), e=electorate_name(s, e))
    return ""


def _id(e: int) -> str:
    from regalia.games.shadow_of_the_emperor.board import ELECTORATES

    return ELECTORATES[e]


def _empire(s: ShadowState, task: tuple[Any, ...], a: int, b: int) -> str:
    if b < 0:
        if task[0] == "empire_setup":
            return _out_of_play(s, a) or _no_city_space(s, a)
        if task[2] != 0:
            return _("in this round the Emperor may only move an empire city, not place one")
        if s.empire_supply() <= 0:
            return _("all three empire cities are on the board: move one")
        return _out_of_play(s, a) or _no_city_space(s, a)
    if task[0] == "empire_setup":
        return _("at setup an empire city is placed, not moved")
    if not s.city[a][4]:
        return _("no empire city stands in {e}").format(e=electorate_name(s, a))
    return _out_of_play(s, b) or _no_city_space(s, b)


def _knight_to(s: ShadowState, task: tuple[Any, ...], spot: int) -> str:
    e, castle = divmod(spot, 2)
    where = _out_of_play(s, e)
    if where:
        return where
    if castle and not s.cap_c[e]:
        return _("{e} has no castle space").format(e=electorate_name(s, e))
    if task[0] == "knight_to" and spot == task[2]:
        return _("the knight must go to another space than its own")
    return _("{spot} has no free space for a knight").format(spot=_spot(s, spot))


def _tile_place(s: ShadowState, t: int) -> str:
    loc = s.where[t]
    if loc < 0:
        return _("{tile} is not on the board").format(tile=tile_name(t))
    return ""


def _tile_choice(s: ShadowState, task: tuple[Any, ...], kind: str, t: int, seat: int) -> str:
    own = t // TILES == seat
    loc = s.where[t]
    name = tile_name(t)
    on_aristocrat = ARISTOCRAT <= loc < ARISTOCRAT + 10
    archbishop = ELECTOR <= loc < ELECTOR + 10 and loc - ELECTOR in ARCHDIOCESES
    if kind in ("throne", "move", "seat", "flip") and not own:
        return _("{tile} is not one of your aristocrats").format(tile=name)
    if kind == "throne":
        return _tile_place(s, t) or ("" if on_aristocrat else _(
            "only an aristocrat on an aristocrat space goes to the throne"))
    if kind == "move":
        if not on_aristocrat:
            return _tile_place(s, t) or _(
                "the Move card moves an aristocrat on an aristocrat space only (never an "
                "elector, the Emperor or a Gray eminence)")
        if not choices.can_place(s, exclude=loc - ARISTOCRAT):
            return _("no other electorate has room for it")
        return ""
    if kind == "seat":
        e = task[2]
        if loc != ARISTOCRAT + e:
            return _("the new elector of {e} is one of your aristocrats in {e}").format(
                e=electorate_name(s, e))
        if e in ARCHDIOCESES and s.couple[t]:
            return _("the elector of an archdiocese is a single Baron, not a Couple")
        return ""
    if kind in ("flip", "propose"):
        if kind == "propose" and own:
            return _("a daughter marries into another family")
        if loc < 0:
            return _tile_place(s, t)
        if s.couple[t]:
            return _("{tile} is already married (a Couple)").format(tile=name)
        if archbishop:
            return _("the elector of an archdiocese may not marry")
        if loc >= EMINENCE:
            return _("a Gray eminence may not marry")
        return ""
    if kind == "younger":
        if not own:
            return _("the Doctor makes only your own aristocrats younger (others' older)")
        if loc < 0:
            return _tile_place(s, t)
        if not s.age[t]:
            return _("{tile} is 15 already, and no aristocrat is younger than 15").format(
                tile=name)
        return ""
    if kind == "older":
        if own:
            return _("the Doctor makes others' aristocrats older (your own younger)")
        return _tile_place(s, t)
    return ""


def name_words(s: ShadowState) -> dict[str, str]:
    """Electorates (short names and titles), card kinds and seat colours as typed."""
    from regalia.engine.reading import in_every_language
    from regalia.games.shadow_of_the_emperor.board import ELECTORATES, KINDS, SEAT_LETTERS

    def pairs() -> list[tuple[str, str]]:
        out = [(electorate_name(s, e), ELECTORATES[e]) for e in range(len(ELECTORATES))]
        out += [(electorate_title(s, e), ELECTORATES[e]) for e in range(len(ELECTORATES))]
        out += [(card_name(s, k), KINDS[k]) for k in range(len(KINDS))]
        out += [(card_name(s, k, short=True), KINDS[k]) for k in range(len(KINDS))]
        out += [(seat_colour(p), SEAT_LETTERS[p]) for p in range(len(SEAT_LETTERS))]
        return out

    return in_every_language(pairs)
