"""The four rule profiles as data.

Every parameter comes from one of the sources in ``shared/sources/`` or from a reading the
project chose where a source is silent or unclear; :attr:`Rules.citations` says which, per field.

>>> rules = get_rules("barajamos")
>>> rules.close_limit, rules.limit, rules.deck.size
(5, 70, 48)
>>> get_rules("ludoteka", deck=48, jokers=2).deck
Deck(size=48, copies=1, jokers=2)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from chinchon.engine.cards import Card, Deck
from chinchon.engine.errors import quote


class RulesError(ValueError):
    """An unknown profile, or an option the profile does not have."""


class CloseRule(str, Enum):
    """How a player earns the right to close."""

    #: The loose points of the best arrangement are at most ``close_limit``.
    POINTS = "points"
    #: Every card melded, or exactly one loose card worth at most ``close_limit``.
    ONE_LOOSE = "one_loose"


class ChinchonEffect(str, Enum):
    """What closing with a seven-card run of one suit does."""

    WINS_GAME = "wins_game"
    MINUS_TEN = "minus_ten"
    OTHERS_PLUS_100 = "others_plus_100"


class LayoffStyle(str, Enum):
    """Whose melds may receive loose cards after a close, and in what order."""

    #: One pass from the closer; onto the closer's melds and earlier opponents' melds.
    ONE_PASS = "one_pass"
    #: Each opponent shows and lays off in turn; rounds repeat until nobody can add.
    ROUNDS = "rounds"
    #: Onto the closer's melds only; the closer lays off his own loose card last.
    CLOSER_MELDS = "closer_melds"
    #: Only when the closer kept a loose card; onto melds already shown by others.
    IF_CLOSER_LOOSE = "if_closer_loose"


class EverybodyOut(str, Enum):
    """What happens when one hand eliminates every player still in."""

    DRAW = "draw"
    LOWEST_WINS_TIES_PLAY_ON = "lowest_wins_ties_play_on"
    LOWEST_WINS = "lowest_wins"
    CLOSER_WINS = "closer_wins"


PROFILE_IDS = ("barajamos", "fournier", "jeux-de-cartes", "ludoteka")

#: Citation used where a source is silent and RULES.md records the project's own choice.
OURS = "our reading (RULES.md): the source is silent or unclear"


@dataclass(frozen=True)
class Rules:
    """One rule profile with its options applied. Build it with :func:`get_rules`."""

    id: str
    name: str
    sources: tuple[str, ...]
    players: tuple[int, int]
    deck: Deck
    #: With this many players or more the table plays with two decks (None: never).
    two_decks_from: int | None
    #: Points of a loose sota, caballo and rey (10, 11, 12).
    figure_points: tuple[int, int, int]
    joker_points: int
    close_rule: CloseRule
    close_limit: int
    close_in_first_round: bool
    #: Ludoteka: a closer may not keep a loose card that takes his total over the limit.
    close_within_limit: bool
    minus_ten: int
    chinchon_effect: ChinchonEffect
    #: Ludoteka: the score of a seven-card run holding a joker (None: no such rule).
    joker_run_score: int | None
    layoffs: LayoffStyle
    #: No lay-offs at all (not even onto opponents' melds) after -10 or chinchón.
    no_layoffs_after_minus_ten: bool
    #: A player whose total goes above this is out; exactly at it stays in.
    limit: int
    #: Returns per player per game (None: as many as he likes).
    returns: int | None
    returns_in_two_player_game: bool
    everybody_out: EverybodyOut
    #: The hand ends with no closer when the stock runs out this many times (None: never).
    stock_runs_out_end: int | None
    #: When the stock runs out, the pile's top card stays face up (the rest is shuffled).
    stock_keeps_top: bool
    rotation: str
    citations: MappingProxyType[str, str] = field(compare=False, repr=False)

    #: Loose points by rank, index 0 being the joker (derived; the solver's inner loops use it).
    rank_points: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank_points", (self.joker_points, *range(1, 10),
                                                 *self.figure_points))

    def points(self, card: Card) -> int:
        """What ``card`` costs when it stays loose."""
        return self.rank_points[card.rank]

    @property
    def options(self) -> dict[str, int]:
        """The options that differ from the profile's defaults, as :func:`get_rules` takes them."""
        base = _PROFILES[self.id]
        found: dict[str, int] = {}
        if self.deck.copies != base.deck.copies:
            found["decks"] = self.deck.copies
        if self.deck.size != base.deck.size:
            found["deck"] = self.deck.size
        if self.deck.jokers != base.deck.jokers:
            found["jokers"] = self.deck.jokers
        if self.limit != base.limit:
            found["limit"] = self.limit
        if self.returns != base.returns and self.returns is not None:
            found["returns"] = self.returns
        return found

    def __repr__(self) -> str:
        args = "".join(f", {key}={value!r}" for key, value in self.options.items())
        return f"get_rules({quote(self.id)}{args})"


def _cite(**fields: str) -> MappingProxyType[str, str]:
    return MappingProxyType(dict(fields))


_BARAJAMOS = Rules(
    id="barajamos", name="Barajamos", sources=("barajamos-fr.txt", "barajamos-pt.txt"),
    players=(3, 6), deck=Deck(48), two_decks_from=5, figure_points=(10, 11, 12),
    joker_points=25, close_rule=CloseRule.POINTS, close_limit=5, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.WINS_GAME,
    joker_run_score=None, layoffs=LayoffStyle.ONE_PASS, no_layoffs_after_minus_ten=False,
    limit=70, returns=2, returns_in_two_player_game=True, everybody_out=EverybodyOut.DRAW,
    stock_runs_out_end=None,
    stock_keeps_top=False,
    rotation="first player by lot; then the next player still in, counter-clockwise",
    citations=_cite(
        stock_keeps_top="barajamos-fr.txt",
        players="barajamos-fr.txt", deck="barajamos-fr.txt", two_decks_from="barajamos-fr.txt",
        figure_points="barajamos-fr.txt", close_rule="barajamos-fr.txt",
        close_limit="barajamos-fr.txt", close_in_first_round="barajamos-fr.txt",
        minus_ten="barajamos-fr.txt", chinchon_effect="barajamos-fr.txt",
        layoffs="barajamos-fr.txt", limit="barajamos-fr.txt", returns="barajamos-fr.txt",
        everybody_out="barajamos-fr.txt", rotation="barajamos-fr.txt",
        stock_runs_out_end="barajamos-fr.txt", joker_points=OURS,
    ),
)

_FOURNIER = Rules(
    id="fournier", name="Fournier", sources=("fournier-pt.txt",),
    players=(2, 4), deck=Deck(40), two_decks_from=None, figure_points=(8, 9, 10),
    joker_points=25, close_rule=CloseRule.POINTS, close_limit=5, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.MINUS_TEN,
    joker_run_score=None, layoffs=LayoffStyle.ROUNDS, no_layoffs_after_minus_ten=False,
    limit=100, returns=0, returns_in_two_player_game=False,
    everybody_out=EverybodyOut.LOWEST_WINS_TIES_PLAY_ON, stock_runs_out_end=None,
    stock_keeps_top=True,
    rotation="first player by lot; the deal passes to the right",
    citations=_cite(
        stock_keeps_top="fournier-pt.txt",
        players="fournier-pt.txt", deck="fournier-pt.txt", figure_points="fournier-pt.txt",
        close_rule="fournier-pt.txt", close_limit="fournier-pt.txt",
        minus_ten="fournier-pt.txt", chinchon_effect="fournier-pt.txt",
        layoffs="fournier-pt.txt", limit="fournier-pt.txt", returns="fournier-pt.txt",
        everybody_out="fournier-pt.txt (the source calls it its own agreement)",
        stock_runs_out_end="fournier-pt.txt", rotation="fournier-pt.txt",
        close_in_first_round=OURS, joker_points=OURS,
    ),
)

_JEUX_DE_CARTES = Rules(
    id="jeux-de-cartes", name="Jeux de cartes", sources=("jeux-de-cartes-fr.txt",),
    players=(2, 8), deck=Deck(40), two_decks_from=5, figure_points=(10, 10, 10),
    joker_points=25, close_rule=CloseRule.ONE_LOOSE, close_limit=3, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.OTHERS_PLUS_100,
    joker_run_score=None, layoffs=LayoffStyle.CLOSER_MELDS, no_layoffs_after_minus_ten=True,
    limit=100, returns=None, returns_in_two_player_game=True,
    everybody_out=EverybodyOut.LOWEST_WINS, stock_runs_out_end=None,
    stock_keeps_top=False,
    rotation="the dealer's right starts and deals next",
    citations=_cite(
        stock_keeps_top=OURS,
        players="jeux-de-cartes-fr.txt", deck=f"jeux-de-cartes-fr.txt; {OURS} (footnote 1)",
        two_decks_from="jeux-de-cartes-fr.txt", figure_points="jeux-de-cartes-fr.txt",
        close_rule="jeux-de-cartes-fr.txt", close_limit="jeux-de-cartes-fr.txt",
        minus_ten="jeux-de-cartes-fr.txt", chinchon_effect="jeux-de-cartes-fr.txt",
        layoffs="jeux-de-cartes-fr.txt", limit="jeux-de-cartes-fr.txt",
        returns="jeux-de-cartes-fr.txt", rotation="jeux-de-cartes-fr.txt",
        everybody_out=OURS, stock_runs_out_end=OURS, close_in_first_round=OURS,
        joker_points=OURS,
    ),
)

_LUDOTEKA = Rules(
    id="ludoteka", name="Ludoteka", sources=("ludoteka-fr.txt",),
    players=(2, 4), deck=Deck(40), two_decks_from=None, figure_points=(10, 10, 10),
    joker_points=25, close_rule=CloseRule.ONE_LOOSE, close_limit=4, close_in_first_round=False,
    close_within_limit=True, minus_ten=-10, chinchon_effect=ChinchonEffect.WINS_GAME,
    joker_run_score=-25, layoffs=LayoffStyle.IF_CLOSER_LOOSE, no_layoffs_after_minus_ten=True,
    limit=100, returns=0, returns_in_two_player_game=False,
    everybody_out=EverybodyOut.CLOSER_WINS, stock_runs_out_end=4,
    stock_keeps_top=False,
    rotation="the dealer's right starts",
    citations=_cite(
        stock_keeps_top=OURS,
        players="ludoteka-fr.txt", deck="ludoteka-fr.txt", figure_points="ludoteka-fr.txt",
        close_rule="ludoteka-fr.txt", close_limit="ludoteka-fr.txt",
        close_in_first_round="ludoteka-fr.txt", close_within_limit="ludoteka-fr.txt",
        minus_ten="ludoteka-fr.txt", chinchon_effect="ludoteka-fr.txt",
        joker_run_score=f"ludoteka-fr.txt; {OURS} (footnote 2)",
        layoffs="ludoteka-fr.txt", limit="ludoteka-fr.txt", returns="ludoteka-fr.txt",
        everybody_out="ludoteka-fr.txt", stock_runs_out_end="ludoteka-fr.txt",
        rotation="ludoteka-fr.txt", joker_points=f"{OURS} (footnote 2: the house value 25)",
    ),
)

_PROFILES: dict[str, Rules] = {r.id: r for r in (_BARAJAMOS, _FOURNIER, _JEUX_DE_CARTES,
                                                  _LUDOTEKA)}

#: Which options each profile accepts, and their allowed values.
OPTIONS: dict[str, dict[str, tuple[int, ...]]] = {
    "barajamos": {"decks": (1, 2)},
    "fournier": {"decks": (1,)},
    "jeux-de-cartes": {"decks": (1, 2)},
    "ludoteka": {"decks": (1,), "deck": (40, 48), "jokers": (0, 2)},
}


def get_rules(rules_id: str, **options: Any) -> Rules:
    """The profile ``rules_id`` with ``options`` applied.

    Options: ``decks`` (1 or 2, where the profile plays two decks), ``deck`` (40 or 48) and
    ``jokers`` (0 or 2) for ludoteka; ``limit`` (a positive score) and ``returns`` (0 or more)
    for ludoteka; ``players`` picks one or two decks as the profile says. ``None`` means default.
    """
    if not isinstance(rules_id, str) or rules_id not in _PROFILES:
        raise RulesError(f"unknown rule profile {quote(rules_id)}: choose one of "
                         f"{', '.join(PROFILE_IDS)}")
    rules = _PROFILES[rules_id]
    options = {key: value for key, value in options.items() if value is not None}
    deck = rules.deck
    players = options.pop("players", None)
    if players is not None:
        low, high = rules.players
        if not isinstance(players, int) or not low <= players <= high:
            raise RulesError(f"{rules.name} is for {low} to {high} players, not {quote(players)}")
        copies = 2 if rules.two_decks_from and players >= rules.two_decks_from else 1
        deck = replace(deck, copies=copies)
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key in ("limit", "returns") and rules_id == "ludoteka":
            _check_count(key, value, minimum=1 if key == "limit" else 0)
            changes[key] = value
            continue
        allowed = OPTIONS[rules_id].get(key)
        if allowed is None:
            raise RulesError(f"{rules.name} has no option {quote(key)}")
        if value not in allowed:
            raise RulesError(f"{rules.name} takes {key} {' or '.join(map(str, allowed))}, "
                             f"not {quote(value)}")
        field_name = {"decks": "copies", "deck": "size", "jokers": "jokers"}[key]
        deck = replace(deck, **{field_name: value})
    return replace(rules, deck=deck, **changes)


def check_rules(value: object, name: str = "rules") -> Rules:
    """``value`` if it is a :class:`Rules`; :class:`RulesError` naming ``name`` otherwise."""
    if not isinstance(value, Rules):
        raise RulesError(f"{name} must be a Rules (from get_rules), not {quote(value)}")
    return value


def _check_count(key: str, value: Any, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RulesError(f"option {key} must be a whole number of at least {minimum}, "
                         f"not {quote(value)}")


def all_profiles() -> tuple[Rules, ...]:
    """The four profiles with their default options, in the project's order."""
    return tuple(_PROFILES[rules_id] for rules_id in PROFILE_IDS)
