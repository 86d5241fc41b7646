"""Sentences for actions: ``describe`` (the full move) and ``announce`` (what others learn:
a sealed vote only that it was cast), and the names a player reads, in the language in force.

Component names (electorates, card kinds) are the edition's (``name``/``name_zh`` in
edition.toml), translated by ``Edition.localize`` at the moment they are shown; every other word
comes from the message catalog. Nothing here is stored: the notation never changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.engine.edition import Edition
from regalia.engine.i18n import N_, _, display_width, ngettext, pgettext
from regalia.games.shadow_of_the_emperor.board import (
    AGES,
    K_DAUGHTER,
    K_DOCTOR,
    K_KNIGHT,
    K_MOVE,
    K_ORDINANCE,
    K_PERMIT,
    K_PROMOTION,
    KINDS,
    SEAT_LETTERS,
    TILES,
    tile_name,
)
from regalia.games.shadow_of_the_emperor.edition import data_of, load_edition
from regalia.games.shadow_of_the_emperor.phases import R_PALATINATE, R_PERMIT, R_SON
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, EMINENCE, THRONE

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState

# ------------------------------------------------------------------ names
def edition_of(s: ShadowState | None) -> Edition:
    """The edition whose names a text uses: the game's, or the built-in one (no state)."""
    return s.edition if s is not None else load_edition(None)


def electorate_name(s: ShadowState | None, e: int) -> str:
    """``Mainz`` / 曼因茨: an electorate's short name in the language in force."""
    ed = edition_of(s)
    return ed.localize(data_of(ed).electorates[e].name)


def electorate_title(s: ShadowState | None, e: int) -> str:
    """``Archdiocese of Mainz`` / 曼因茨大主教邦."""
    ed = edition_of(s)
    return ed.localize(data_of(ed).electorates[e].title)


def card_name(s: ShadowState | None, k: int, short: bool = False) -> str:
    """A card kind's name (``short``: the form for narrow screens)."""
    ed = edition_of(s)
    card = data_of(ed).cards[k]
    return ed.localize(card.short if short else card.name)


def seat_colour(seat: int) -> str:
    """A seat's name, its colour: Red / 红."""
    if not 0 <= seat < 4:
        return _("Player {n}").format(n=seat + 1)
    if seat == 0:
        return pgettext("shadow-of-the-emperor", "Red")
    if seat == 1:
        return pgettext("shadow-of-the-emperor", "Blue")
    if seat == 2:
        return pgettext("shadow-of-the-emperor", "Yellow")
    return pgettext("shadow-of-the-emperor", "Green")


def side_word(couple: int | bool) -> str:
    """What a tile's face shows: a single Baron or a Couple."""
    if couple:
        return pgettext("shadow-of-the-emperor", "Couple")
    return pgettext("shadow-of-the-emperor", "Baron")


def aged_piece(age: int, couple: int | bool) -> str:
    """``35 Couple`` / 35岁贵族夫妇 (``age`` in years)."""
    if couple:
        return _("{age} Couple").format(age=age)
    return _("{age} Baron").format(age=age)


def _placed_piece(s: ShadowState | None) -> str:
    """The tile being placed, as a player would name it: "Son", "Permit Couple", "B3" ..."""
    if s is None or not s.tasks or s.tasks[-1][0] != "place":
        return pgettext("shadow-of-the-emperor", "Aristocrat")
    _task, _seat, tile, age, couple, _exclude, _only, reason, _opt = s.tasks[-1]
    if tile >= 0:  # lifted off the board: its label, as it stood there
        return tile_label(s, tile)
    if reason == R_SON:
        return pgettext("shadow-of-the-emperor", "Son")
    if reason == R_PERMIT:
        return _("Permit Couple") if couple else _("Permit Baron")
    if reason == R_PALATINATE:
        return pgettext("shadow-of-the-emperor", "Baron")
    return aged_piece(AGES[age], couple)


def tile_label(s: ShadowState, t: int) -> str:
    """``R35c``: a tile as the terminal board shows it, its family's letter and its age,
    ``c`` on its Couple side (the notation's ``R2`` appears on no board)."""
    return f"{SEAT_LETTERS[t // TILES]}{AGES[s.age[t]]}{'c' if s.couple[t] else ''}"


def tile_place(s: ShadowState | None, t: int, brief: bool = False) -> str:
    """A tile where a player finds it: ``Trier R35c`` (in Trier's row), ``Bohemia elector
    B45``, ``Emperor R45`` (the head line's), ``Mainz R45!`` (a Gray eminence); a tile off
    the board (being placed) by its label alone. ``brief``: an elector without the word
    (its row shows it), unless an aristocrat there has the same label."""
    if s is None:
        return tile_name(t)
    loc, label = s.where[t], tile_label(s, t)
    if loc == THRONE:
        return _("Emperor {tile}").format(tile=label)
    if loc < ELECTOR:  # in supply or being placed
        return label
    electorate = electorate_name(s, loc % 10)
    if loc >= EMINENCE:
        return _("{electorate} {tile}!").format(electorate=electorate, tile=label)
    if loc >= ARISTOCRAT or (brief and not _twin(s, t, ARISTOCRAT + loc % 10)):
        return _("{electorate} {tile}").format(electorate=electorate, tile=label)
    return _("{electorate} elector {tile}").format(electorate=electorate, tile=label)


def _twin(s: ShadowState, t: int, loc: int) -> bool:
    """Whether a tile at ``loc`` looks as ``t`` does (same family, age and side)."""
    owner, age, couple = t // TILES, s.age[t], s.couple[t]
    return any(s.where[u] == loc and s.age[u] == age and s.couple[u] == couple
               for u in range(owner * TILES, owner * TILES + TILES))


def _tile(s: ShadowState | None, t: int) -> str:
    """``Trier R35c (Red's Couple aged 35)``: where the board shows the tile, and what it
    is in words."""
    if s is None or s.where[t] < 0:
        return tile_name(t) if s is None else tile_label(s, t)
    return _("{place} ({tile})").format(place=tile_place(s, t), tile=_tile_words(s, t))


def _spot(s: ShadowState | None, spot: int, short: bool = False) -> str:
    e, castle = divmod(spot, 2)
    name = electorate_name(s, e)
    if short:
        name = name[:3]
    return _("{electorate} castle").format(electorate=name) if castle else name


def pass_words(kind: str) -> str | None:
    """What "pass" means when it leaves an optional step unused."""
    if kind == "eminence":
        return _("No Gray eminence")
    if kind == "empire_city":
        return _("Leave the empire cities")
    if kind == "church":
        return _("No Church influence")
    if kind == "excomm":
        return _("No excommunication")
    return None


# What "pass" means when it leaves an optional step unused (describe runs before apply, so
# the task on top of the stack is the step being decided).
PASS_WORDS = ("eminence", "empire_city", "church", "excomm")


def _card_offer(s: ShadowState | None, k: int, size: int) -> str:
    name = card_name(s, k, short=True)
    if KINDS[k] == "permit":
        name = (_("{card} Couple") if size else _("{card} Baron")).format(card=name)
    if s is not None:
        card = s.d.cards[k]
        name = _("{card} ({cost}t)").format(card=name,
                                            cost=card.cost_couple if size else card.cost)
    return name


def describe(s: ShadowState | None, action: Action) -> str:
    kind, args = action.kind, action.args
    if kind == "empire":
        a, b = args
        if b < 0:
            return _("Empire city onto {electorate}").format(electorate=electorate_name(s, a))
        return _("Empire city from {source} to {target}").format(
            source=electorate_name(s, a), target=electorate_name(s, b))
    if kind == "elector":
        return _("45-year-old Baron onto the elector space of {electorate}").format(
            electorate=electorate_name(s, args[0]))
    if kind == "to":
        e, bump = args
        piece = _placed_piece(s)
        if bump < 0:
            return _("{piece} → {electorate}").format(piece=piece,
                                                      electorate=electorate_name(s, e))
        return _("{piece} → {electorate}, {seat} knight off").format(
            piece=piece, electorate=electorate_name(s, e), seat=seat_colour(bump))
    if kind == "pass" and s is not None and s.tasks and s.tasks[-1][0] in PASS_WORDS:
        return pass_words(s.tasks[-1][0]) or _("Pass")
    if kind == "knight":
        return _("Knight → {spot}").format(spot=_spot(s, args[1]))
    if kind == "knight_from":
        if args[0] < 0:
            if s is None:
                return _("New knight")
            return _("New knight ({cost}t)").format(cost=s.d.cards[K_KNIGHT].cost)
        # Short enough for three columns of choices at 80 columns (21 cells).
        text = _("Knight {spot} →").format(spot=_spot(s, args[0]))
        if display_width(text) <= 21:
            return text
        return _("Knight {spot} →").format(spot=_spot(s, args[0], short=True))
    if kind == "buy":
        return _card_offer(s, *args)
    if kind == "trier":
        return _("Trier: {card}").format(card=_card_offer(s, *args))
    if kind == "koeln":
        return _("Köln: a free Doctor")
    if kind == "palatinate":
        return _("Palatinate: free Baron")
    if kind == "convent":
        return _("Daughter to the convent")
    if kind == "accept":
        return _("Accept the marriage")
    if kind == "refuse":
        return _("Refuse the marriage")
    if kind == "pass":
        return _("Pass")
    if kind == "decline":
        card = _declined_card(s)
        if card is None:
            return _("Do not carry out the card")
        return _("Leave the {card} card unused").format(card=card)
    if kind in ("younger", "older") and s is not None:
        # Short: a Doctor may have twenty targets to list side by side.
        tile = args[0]
        age = AGES[s.age[tile]]
        after = age - 10 if kind == "younger" else age + 10
        if after > 45:
            return _("{tile} → dies").format(tile=tile_place(s, tile, brief=True))
        return _("{tile} → {after}").format(tile=tile_place(s, tile, brief=True), after=after)
    tile_words = {
        "younger": N_TILE_YOUNGER, "older": N_TILE_OLDER, "move": N_TILE_MOVE,
        "flip": N_TILE_FLIP, "propose": N_TILE_PROPOSE, "seat": N_TILE_SEAT,
        "throne": N_TILE_THRONE,
    }
    if kind in tile_words:
        return _(tile_words[kind]).format(tile=_tile(s, args[0]))
    target_words = {"city": N_CITY, "promote": N_PROMOTE, "eminence": N_EMINENCE,
                    "church": N_CHURCH, "excommunicate": N_EXCOMMUNICATE}
    if kind in target_words:
        return _(target_words[kind]).format(electorate=electorate_name(s, args[0]))
    if kind == "award":
        if s is not None and s.tasks and s.tasks[-1][0] == "award":
            # The tie being broken is the task on top (describe runs before apply).
            return _("Award {electorate} (tied) to {seat}").format(
                electorate=electorate_name(s, s.tasks[-1][2]), seat=seat_colour(args[0]))
        return _("Award the tied electorate to {seat}").format(seat=seat_colour(args[0]))
    if kind == "vote":
        if s is None:
            return _("Vote for the Emperor") if args[0] == 0 else _("Vote for the Rival")
        if args[0] == 0:
            return _("Vote for the Emperor ({seat})").format(seat=seat_colour(s.emperor))
        return _("Vote for the Rival ({seat})").format(seat=seat_colour(s.rival))
    return action.text


def choice_group(s: ShadowState, action: Action) -> tuple[str, str] | None:
    """The Doctor's targets as a list says them short of room: a heading for each direction
    (one's own younger, another's older) and each tile where the board shows it."""
    if action.kind == "younger":
        return _("Doctor: one of yours 10 years younger"), tile_place(s, action.args[0], True)
    if action.kind == "older":
        return (_("Doctor: another's 10 years older (past 45 it dies)"),
                tile_place(s, action.args[0], True))
    return None


# The card whose action a "decline" leaves undone, by the task on top.
_DECLINED = {"doctor": K_DOCTOR, "move_from": K_MOVE, "city": K_ORDINANCE,
             "promote": K_PROMOTION, "flip": K_DAUGHTER}


def _declined_card(s: ShadowState | None) -> str | None:
    if s is None or not s.tasks:
        return None
    task = s.tasks[-1]
    if task[0] == "place" and task[7] == R_PERMIT:
        return card_name(s, K_PERMIT, short=True)
    k = _DECLINED.get(task[0])
    return None if k is None else card_name(s, k, short=True)


N_TILE_YOUNGER = N_("{tile} one life stage younger")
N_TILE_OLDER = N_("{tile} one life stage older")
N_TILE_MOVE = N_("{tile} moves to another electorate")
N_TILE_FLIP = N_("{tile} marries (becomes a Couple)")
N_TILE_PROPOSE = N_("{tile} is proposed to")
N_TILE_SEAT = N_("{tile} becomes elector")
N_TILE_THRONE = N_("{tile} goes to the throne")
N_CITY = N_("City onto {electorate}")
N_PROMOTE = N_("Promote the knight in {electorate}")
N_EMINENCE = N_("Gray eminence into {electorate}")
N_CHURCH = N_("Church influence in {electorate}")
N_EXCOMMUNICATE = N_("Excommunicate the elector of {electorate}")


def announce(s: ShadowState, action: Action, seat: int) -> str:
    """What the others read of ``seat``'s move: a sentence in words (the choice lists'
    short forms, "B2 → Brandenburg", "Move (1t)", speak in codes to someone who did not see
    the list); the mover's name comes before it."""
    kind, args = action.kind, action.args
    if kind == "vote":
        return _("{who} has voted (sealed)").format(who=s.seat_name(seat))
    if kind in ("buy", "trier"):
        k, size = args
        card = card_name(s, k)
        if KINDS[k] == "permit":
            card = (_("{card} Couple") if size else _("{card} Baron")).format(card=card)
        data = s.d.cards[k]
        cost = data.cost_couple if size else data.cost
        text = (ngettext("buys the {card} card for {n} thaler",
                         "buys the {card} card for {n} thalers", cost) if kind == "buy" else
                ngettext("takes the {card} card for {n} thaler (Trier's privilege)",
                         "takes the {card} card for {n} thalers (Trier's privilege)", cost))
        return text.format(card=card, n=cost)
    if kind == "to":
        e, bump = args
        piece = _placed_words(s)
        if bump < 0:
            return _("places {piece} in {electorate}").format(
                piece=piece, electorate=electorate_name(s, e))
        return _("places {piece} in {electorate}, sending {seat}'s knight off").format(
            piece=piece, electorate=electorate_name(s, e), seat=seat_colour(bump))
    if kind == "knight":
        return _("puts a knight in {spot}").format(spot=_spot(s, args[1]))
    if kind == "knight_from":
        if args[0] < 0:
            return _("takes a new knight")
        return _("moves the knight from {spot}").format(spot=_spot(s, args[0]))
    if kind in ("younger", "older"):
        tile = args[0]
        age = AGES[s.age[tile]]
        after = age - 10 if kind == "younger" else age + 10
        if after > 45:
            return _("makes {tile} older: it dies").format(tile=_tile_words(s, tile))
        text = (_("makes {tile} younger: now {after}") if kind == "younger"
                else _("makes {tile} older: now {after}"))
        return text.format(tile=_tile_words(s, tile), after=after)
    tile_words = {"move": N_("moves {tile} to another electorate"),
                  "flip": N_("marries {tile} (now a Couple)"),
                  "propose": N_("proposes a marriage to {tile}"),
                  "seat": N_("makes {tile} the elector"),
                  "throne": N_("puts {tile} on the throne")}
    if kind == "seat" and s.tasks and s.tasks[-1][0] == "seat":
        return _("makes {tile} the elector of {electorate}").format(
            tile=_tile_words(s, args[0]), electorate=electorate_name(s, s.tasks[-1][2]))
    if kind in tile_words:
        return _(tile_words[kind]).format(tile=_tile_words(s, args[0]))
    if kind == "award" and s.tasks and s.tasks[-1][0] == "award":
        return _("breaks the tie in {electorate}: it goes to {seat}").format(
            electorate=electorate_name(s, s.tasks[-1][2]), seat=seat_colour(args[0]))
    return describe(s, action)


def _tile_words(s: ShadowState, t: int) -> str:
    """A tile as the others read it: "Blue's Couple aged 35" (the number "B2" is the
    chooser's handle in a list, not a name)."""
    owner = seat_colour(t // TILES)
    if s.where[t] < 0:
        return _("a {seat} aristocrat").format(seat=owner)
    text = (_("{seat}'s Couple aged {age}") if s.couple[t]
            else _("{seat}'s Baron aged {age}"))
    return text.format(seat=owner, age=AGES[s.age[t]])


def _placed_words(s: ShadowState) -> str:
    """The tile being placed, for the others: "a son", "Blue's Baron aged 25" ..."""
    if not s.tasks or s.tasks[-1][0] != "place":
        return _("an aristocrat")
    _task, _seat, tile, age, couple, _exclude, _only, reason, _opt = s.tasks[-1]
    if tile >= 0:  # a tile being moved (off the board meanwhile) keeps its age and side
        text = (_("{seat}'s Couple aged {age}") if s.couple[tile]
                else _("{seat}'s Baron aged {age}"))
        return text.format(seat=seat_colour(tile // TILES), age=AGES[s.age[tile]])
    if reason == R_SON:
        return _("a son")
    if reason == R_PERMIT:
        return _("a new Couple (Permit)") if couple else _("a new Baron (Permit)")
    if reason == R_PALATINATE:
        return _("a Baron (the Palatinate's privilege)")
    text = _("a Couple aged {age}") if couple else _("a Baron aged {age}")
    return text.format(age=AGES[age])


# What the seats to move decide, by the task on top (the view's ``asking``).
ASKING = {
    "turn": N_("an action"), "place": N_("where the aristocrat goes"),
    "daughter": N_("a marriage proposal or the convent"),
    "answer": N_("to accept or refuse a marriage"), "doctor": N_("the Doctor's aristocrat"),
    "move_from": N_("the aristocrat to move"), "city": N_("the city space"),
    "promote": N_("the knight to promote"), "flip": N_("the Baron to marry"),
    "eminence": N_("the Gray eminence's electorate"),
    "award": N_("who wins the tied electorate"), "seat": N_("the new elector"),
    "throne": N_("the aristocrat for the throne"),
    "church": N_("the archdiocese for Church influence"),
    "excomm": N_("the elector to excommunicate"),
    "vote": N_("a sealed vote (Emperor or Rival)"), "empire_city": N_("the empire city"),
    "empire_setup": N_("the first empire city"), "setup_elector": N_("an elector space"),
    "setup_knight": N_("the knight's space"), "knight_to": N_("where the knight goes"),
}


def asking_words(task: str | None) -> str:
    """What a seat decides now, in words ("" when the task has none)."""
    message = ASKING.get(task or "")
    return _(message) if message else ""
