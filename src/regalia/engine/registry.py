"""The game registry: metadata, options and editions of every game, and ``new_game``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regalia.engine.actions import ActionTable
from regalia.engine.errors import InvalidOption, InvalidPlayerCount, UnknownGame, quoted
from regalia.engine.i18n import _

if TYPE_CHECKING:
    from regalia.engine.edition import Edition
    from regalia.engine.glossary import Glossary
    from regalia.engine.state import State

# Games shipped with Regalia, imported on first use; a game registers itself when imported.
BUILTIN_GAMES: dict[str, str] = {
    "el-grande": "regalia.games.el_grande",
    "castles-of-burgundy-cards": "regalia.games.castles_of_burgundy_cards",
    "palais-royal": "regalia.games.palais_royal",
    "shadow-of-the-emperor": "regalia.games.shadow_of_the_emperor",
    "ming-dynasty": "regalia.games.ming_dynasty",
}


@dataclass(frozen=True)
class Option:
    """One game option: its name, default, allowed values, its help in full and in a few
    words (``short``: the line ``regalia games GAME`` gives it, the help being long)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    short: str = ""

    def validate(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false",
                                                            "no", "off", "0"):
                value = value.lower() in ("true", "yes", "on", "1")
            if not isinstance(value, bool):
                raise InvalidOption(_("option {name} takes true or false, not {value}").format(
                    name=repr(self.name), value=quoted(value)))
        elif kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise InvalidOption(
                        _("option {name} takes a whole number, not {value}").format(
                            name=repr(self.name), value=quoted(value))) from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOption(_("option {name} takes a whole number, not {value}").format(
                    name=repr(self.name), value=quoted(value)))
        elif kind is str and not isinstance(value, str):
            raise InvalidOption(_("option {name} takes text, not {value}").format(
                name=repr(self.name), value=quoted(value)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOption(_("option {name} takes one of: {allowed}; not {value}").format(
                name=repr(self.name), allowed=allowed, value=quoted(value)))
        return value


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of one game."""

    id: str
    title: str
    designers: tuple[str, ...]
    year: int
    min_players: int
    max_players: int
    default_players: int
    rules_version: str
    summary: str
    state_class: type[State]
    actions: ActionTable
    load_edition: Callable[[str | Path | None], Edition]
    options: tuple[Option, ...] = ()
    render_text: Callable[[Mapping[str, Any]], str] | None = None
    render_svg: Callable[[Mapping[str, Any]], str] | None = None
    # The same board for a phone's screen (one narrow column, every word legible and every
    # target finger-sized at 360 px: see regalia.engine.phone_board).
    render_phone_svg: Callable[[Mapping[str, Any]], str] | None = None
    # The key to the text board's abbreviations and marks (Rich markup, one line each), for
    # the terminal's ``key`` command and the web table: every code a screen shows is
    # explained there.
    render_key: Callable[[Mapping[str, Any]], str] | None = None
    seat_names: Callable[[int], tuple[str, ...]] | None = None
    # Chance draws every seat sees as they happen (a card turned face up), by label or by
    # the label's first words ("stack" covers "stack 3"); all others count as secret.
    public_chance: tuple[str, ...] = ()
    # Older rules versions whose records and saves still load, newest first: the game's
    # ``State._catch_up(version)`` supplies, as they replay, the decisions that version did not
    # ask for (so that nothing a user saved is lost to a rules fix). The web server tries them
    # in this order on a game logged before it kept games' versions.
    older_rules: tuple[str, ...] = ()
    # Each component's text and the components an action names (``help CARD``, hover texts)
    glossary: Glossary | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def chance_is_public(self, label: str) -> bool:
        """Whether every seat sees the outcome of the chance draw ``label``."""
        return any(label == p or label.startswith(p + " ") for p in self.public_chance)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or _("none")
        raise InvalidOption(_("{game} has no option {name} (its options: {known})").format(
            game=self.id, name=quoted(name), known=known))

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value: the given ones validated, the rest defaulted."""
        resolved = {opt.name: opt.default for opt in self.options}
        if not isinstance(given, Mapping):
            raise InvalidOption(_("options are a mapping of names to values, not {value}")
                                .format(value=quoted(given)))
        for name, value in given.items():
            resolved[name] = self.option(name).validate(value)
        return resolved

    def check_players(self, players: Any) -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidPlayerCount(_("the player count must be a whole number, not {value}")
                                     .format(value=quoted(players)))
        if not self.min_players <= players <= self.max_players:
            # the title as the catalog gives it (games mark their titles), else as it is
            raise InvalidPlayerCount(
                _("{title} is for {low} to {high} players, not {n}").format(
                    title=_(self.title), low=self.min_players, high=self.max_players,
                    n=players))
        return players


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (a game's package calls this when imported)."""
    _REGISTRY[info.id] = info
    return info


def unregister(game_id: str) -> None:
    """Remove a game (for tests that register games of their own)."""
    _REGISTRY.pop(game_id, None)


def _load_builtins() -> None:
    for game_id, module in BUILTIN_GAMES.items():
        if game_id not in _REGISTRY:
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as err:
                if err.name is None or not module.startswith(err.name):
                    raise


def games() -> list[GameInfo]:
    """Every registered game, built-in ones first, in registration order."""
    _load_builtins()
    return list(_REGISTRY.values())


list_games = games


def get_game(game_id: str) -> GameInfo:
    if game_id not in _REGISTRY:
        _load_builtins()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or _("none")
        raise UnknownGame(_("unknown game {game} (known games: {known})").format(
            game=quoted(game_id), known=known)) from None


def new_game(
    game_id: str,
    players: object = None,
    *,
    seed: object = None,
    edition: str | Path | Edition | None = None,
    **options: Any,
) -> State:
    """Start a new game: ``new_game("el-grande", 4, seed=7, rounds=6)``."""
    # ``players`` and ``seed`` are checked by State.new (typed ``object`` for the reason
    # given there: a compiled ``int`` parameter would refuse "3" with a bare TypeError).
    info = get_game(game_id)
    return info.state_class.new(
        players if players is not None else info.default_players,
        seed=seed,
        edition=edition,
        options=options,
    )
