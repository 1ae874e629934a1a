"""The four rule profiles as data.

Every parameter comes from one of the sources in ``shared/sources/`` or from a reading the
project chose where a source is silent or unclear; :attr:`Rules.citations` says which, per field.

>>> rules = get_rules("barajamos")
>>> rules.close_limit, rules.limit, rules.deck.size
(5, 70, 48)
>>> get_rules("ludoteka", deck=48, jokers=2).deck.describe()
'48 cards and 2 jokers'

A house profile is a base profile plus named changes, written as its code (the profile id
everywhere: the URL's ``rules``, every command's ``--rules``):

>>> house = get_rules("barajamos+limit=100+jokers=ace-of-oros")
>>> house.limit, house.deck.wild_ace, house.code()
(100, True, 'barajamos+jokers=ace-of-oros+limit=100')
>>> house
get_rules('barajamos+jokers=ace-of-oros+limit=100')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
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
    #: Every card melded (house rule ``close=all-melded``).
    ALL_MELDED = "all_melded"


class ChinchonEffect(str, Enum):
    """What closing with a seven-card run of one suit does."""

    WINS_GAME = "wins_game"
    MINUS_TEN = "minus_ten"
    OTHERS_PLUS_100 = "others_plus_100"
    #: The closer scores -25 (house rule ``chinchon=minus-25``).
    MINUS_25 = "minus_25"


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

#: ``two_decks_from`` of a table that asked for two decks (``decks=2``): two at any table.
ALWAYS_TWO_DECKS = 1

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
    #: A player out is asked at every later summary while he may come back (else only at the
    #: summary of the hand that put him out: a refusal is final).
    returns_later: bool
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

    def __hash__(self) -> int:
        # Rules key the solver's memories: hashing some twenty fields on every look-up took a
        # microsecond, so the hash is kept once computed (Rules are not pickled: processes
        # share profile ids, whose string hashes differ from one process to another).
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            found = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))
            object.__setattr__(self, "_hash", found)
            return found

    def points(self, card: Card) -> int:
        """What ``card`` costs when it stays loose."""
        return self.rank_points[card.rank]

    @property
    def options(self) -> dict[str, int]:
        """The deck, limit and returns options that differ from the profile's defaults, as
        :func:`get_rules` takes them (the house changes are in :meth:`code`)."""
        base = _PROFILES[self.id]
        found: dict[str, int] = {}
        one_deck_asked = self.two_decks_from is None and base.two_decks_from is not None
        if self.deck.copies != base.deck.copies or one_deck_asked:
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

    @property
    def is_house(self) -> bool:
        """Whether the table changed anything of its base profile (see :meth:`code`)."""
        return bool(house_parts(self))

    def code(self) -> str:
        """The profile's text code: the base id, then ``+key=value`` per change, in the order
        of :data:`HOUSE_KEYS`. :func:`parse_house` reads it back."""
        return "+".join((self.id, *(f"{key}={value}" for key, value in house_parts(self))))

    def profile_options(self) -> dict[str, int] | None:
        """:attr:`options` when the profile id and those options rebuild these rules, else
        None: house rules, written only by :meth:`code`.

        >>> get_rules("ludoteka", jokers=2).profile_options()
        {'jokers': 2}
        >>> get_rules("ludoteka+figures=8-9-10").profile_options() is None
        True
        """
        try:
            rebuilt = get_rules(self.id, **self.options)
        except RulesError:
            return None
        return self.options if rebuilt == self else None

    def id_and_options(self) -> tuple[str, dict[str, int]]:
        """The rules id (the profile id, or the house code) and the options with which
        :func:`get_rules` rebuilds exactly these rules, a table's two decks included: what
        a puzzle, a link or a worker must carry so as not to lose a house part.

        >>> get_rules("ludoteka", jokers=2).id_and_options()
        ('ludoteka', {'jokers': 2})
        >>> get_rules("barajamos+limit=100", players=5).id_and_options()
        ('barajamos+limit=100', {'decks': 2})
        """
        options = self.profile_options()
        if options is not None:
            return self.id, options
        code = self.code()
        return code, ({"decks": self.deck.copies}
                      if self.deck.copies != get_rules(code).deck.copies else {})

    def at_table(self, players: int, *, check: bool = True) -> Rules:
        """These rules at a table of ``players``: two decks where the profile plays them at
        that count (:meth:`for_players`), unless the rules already hold two (an option, or a
        game that started with enough players and keeps its decks).

        >>> get_rules("barajamos").at_table(5).deck.copies, get_rules(
        ...     "barajamos", decks=2).at_table(3).deck.copies
        (2, 2)
        """
        return self if self.deck.copies == 2 else self.for_players(players, check=check)

    def for_players(self, players: int, *, check: bool = True) -> Rules:
        """These rules at a table of ``players``: one or two decks as the profile says
        (``two_decks_from``; a house ``decks=`` part fixes the number). ``check``: refuse a
        count outside the profile's range (lay-off studies may seat fewer)."""
        low, high = self.players
        if isinstance(players, bool) or not isinstance(players, int) or (
                check and not low <= players <= high):
            raise RulesError(f"{self.name} is for {low} to {high} players, not {quote(players)}")
        copies = 2 if self.two_decks_from and players >= self.two_decks_from else 1
        return self if copies == self.deck.copies else replace(self, deck=replace(
            self.deck, copies=copies))

    def __repr__(self) -> str:
        code = self.code()
        if self.deck.copies != get_rules(code).deck.copies and self.two_decks_from:
            return f"get_rules({code!r}, players={self.two_decks_from})"  # two decks by table
        return f"get_rules({code!r})"


def _cite(**fields: str) -> MappingProxyType[str, str]:
    return MappingProxyType(dict(fields))


_BARAJAMOS = Rules(
    id="barajamos", name="Barajamos", sources=("barajamos-fr.txt", "barajamos-pt.txt"),
    players=(3, 6), deck=Deck(48), two_decks_from=5, figure_points=(10, 11, 12),
    joker_points=25, close_rule=CloseRule.POINTS, close_limit=5, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.WINS_GAME,
    joker_run_score=None, layoffs=LayoffStyle.ONE_PASS, no_layoffs_after_minus_ten=False,
    limit=70, returns=2, returns_in_two_player_game=True, returns_later=True,
    everybody_out=EverybodyOut.DRAW,
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
        stock_runs_out_end="barajamos-fr.txt", returns_later="barajamos-fr.txt",
        joker_points=OURS,
    ),
)

_FOURNIER = Rules(
    id="fournier", name="Fournier", sources=("fournier-pt.txt",),
    players=(2, 4), deck=Deck(40), two_decks_from=None, figure_points=(8, 9, 10),
    joker_points=25, close_rule=CloseRule.POINTS, close_limit=5, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.MINUS_TEN,
    joker_run_score=None, layoffs=LayoffStyle.ROUNDS, no_layoffs_after_minus_ten=False,
    limit=100, returns=0, returns_in_two_player_game=False, returns_later=False,
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
        stock_runs_out_end="fournier-pt.txt",
        # The source passes the deal to the right; we pass the start to the next seat still
        # in after the last starter, which differs once a dealer went out.
        rotation=f"fournier-pt.txt (the first player by lot); {OURS} (later hands)",
        close_in_first_round=OURS, joker_points=OURS, returns_later="fournier-pt.txt",
    ),
)

_JEUX_DE_CARTES = Rules(
    id="jeux-de-cartes", name="Jeux de cartes", sources=("jeux-de-cartes-fr.txt",),
    players=(2, 8), deck=Deck(40), two_decks_from=5, figure_points=(10, 10, 10),
    joker_points=25, close_rule=CloseRule.ONE_LOOSE, close_limit=3, close_in_first_round=True,
    close_within_limit=False, minus_ten=-10, chinchon_effect=ChinchonEffect.OTHERS_PLUS_100,
    joker_run_score=None, layoffs=LayoffStyle.CLOSER_MELDS, no_layoffs_after_minus_ten=True,
    limit=100, returns=None, returns_in_two_player_game=True, returns_later=False,
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
        # The source lets a player come back with a new stake; how often is ours (no limit).
        returns=OURS, returns_later=OURS,
        rotation=f"jeux-de-cartes-fr.txt (the dealer's right starts); {OURS} (later hands)",
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
    limit=100, returns=0, returns_in_two_player_game=False, returns_later=False,
    everybody_out=EverybodyOut.CLOSER_WINS, stock_runs_out_end=4,
    stock_keeps_top=False,
    rotation="the dealer's right starts",
    citations=_cite(
        stock_keeps_top=OURS,
        players="ludoteka-fr.txt", deck="ludoteka-fr.txt", figure_points="ludoteka-fr.txt",
        close_rule="ludoteka-fr.txt", close_limit="ludoteka-fr.txt",
        close_in_first_round=f"ludoteka-fr.txt; {OURS} (the first round: each seat's first turn)",
        close_within_limit="ludoteka-fr.txt",
        minus_ten="ludoteka-fr.txt", chinchon_effect="ludoteka-fr.txt",
        joker_run_score=f"ludoteka-fr.txt; {OURS} (footnote 2)",
        # The source leaves the limit and the returns to the table; the defaults are ours.
        layoffs="ludoteka-fr.txt", limit=OURS, returns=OURS, returns_later="ludoteka-fr.txt",
        everybody_out="ludoteka-fr.txt",
        stock_runs_out_end=f"ludoteka-fr.txt; {OURS} (the 4th time counts at a draw from the "
                           "empty stock)",
        rotation=f"ludoteka-fr.txt (the first hand); {OURS} (later hands)",
        joker_points=f"{OURS} (footnote 2: the house value 25)",
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

#: Every option some profile offers, in :data:`OPTIONS`' order: the names a page's address and a
#: Play game's setup carry beside the rules.
OPTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(name for offered in OPTIONS.values()
                                                    for name in offered))


def get_rules(rules_id: str, **options: Any) -> Rules:
    """The profile ``rules_id`` (a profile id or a house code, see :func:`parse_house`) with
    ``options`` applied.

    Options: ``decks`` (1 or 2, where the profile plays two decks), ``deck`` (40 or 48) and
    ``jokers`` (0 or 2) for ludoteka; ``limit`` (a positive score) and ``returns`` (0 or more)
    for ludoteka; ``players`` picks one or two decks as the profile says. ``None`` means default.
    A house code takes every option on any base.
    """
    if not isinstance(rules_id, str):
        raise RulesError(f"unknown rule profile {quote(rules_id)}: choose one of "
                         f"{', '.join(PROFILE_IDS)}")
    house = rules_id not in _PROFILES
    rules = parse_house(rules_id) if house else _PROFILES[rules_id]
    options = {key: value for key, value in options.items() if value is not None}
    players = options.pop("players", None)
    if players is not None:
        rules = rules.for_players(players)
    deck = rules.deck
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key in ("limit", "returns") and (house or rules.id == "ludoteka"):
            _check_count(key, value, minimum=1 if key == "limit" else 0)
            changes[key] = value
            continue
        allowed = _HOUSE_DECK_OPTIONS.get(key) if house else OPTIONS[rules.id].get(key)
        if allowed is None:
            raise RulesError(f"{rules.name} has no option {quote(key)}")
        if value not in allowed:
            raise RulesError(f"{rules.name} takes {key} {' or '.join(map(str, allowed))}, "
                             f"not {quote(value)}")
        if key == "decks" and value == 1:
            changes["two_decks_from"] = None  # one deck asked for: whatever the table
        field_name = {"decks": "copies", "deck": "size", "jokers": "jokers"}[key]
        deck = replace(deck, **{field_name: value})
    if deck.wild_ace and deck.jokers:
        deck = replace(deck, wild_ace=False)
    return replace(rules, deck=deck, **changes) if changes or deck != rules.deck else rules


_HOUSE_DECK_OPTIONS: dict[str, tuple[int, ...]] = {"decks": (1, 2), "deck": (40, 48),
                                                   "jokers": (0, 2)}


def check_rules(value: object, name: str = "rules") -> Rules:
    """``value`` if it is a :class:`Rules`; :class:`RulesError` naming ``name`` otherwise."""
    if not isinstance(value, Rules):
        raise RulesError(f"{name} must be a Rules (from get_rules), not {quote(value)}")
    return value


def _check_count(key: str, value: Any, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RulesError(f"option {key} must be a whole number of at least {minimum}, "
                         f"not {quote(value)}")


# --- House rules: a base profile plus named changes ---------------------------------------------


class HouseRulesError(RulesError):
    """A house code that cannot be read; ``part`` is the part that is wrong."""

    def __init__(self, message: str, part: str) -> None:
        super().__init__(message)
        self.part = part


#: The house code's keys in their canonical order (a contract: scripts use them).
HOUSE_KEYS = ("deck", "decks", "jokers", "figures", "joker-points", "close",
              "first-round-close", "minus-ten", "chinchon", "limit", "returns", "seven-ten")

#: The values of the keys that take a fixed choice (the others take a number).
HOUSE_CHOICES: dict[str, tuple[str, ...]] = {
    "deck": ("40", "48"),
    "decks": ("1", "2"),
    "jokers": ("0", "2", "ace-of-oros"),
    "figures": ("10-11-12", "8-9-10", "10-10-10"),
    "first-round-close": ("yes", "no"),
    "chinchon": ("wins", "minus-ten", "minus-25", "others-pay-100"),
    "seven-ten": ("yes", "no"),
}

_CHINCHON_CODES = {ChinchonEffect.WINS_GAME: "wins", ChinchonEffect.MINUS_TEN: "minus-ten",
                   ChinchonEffect.MINUS_25: "minus-25",
                   ChinchonEffect.OTHERS_PLUS_100: "others-pay-100"}
_CLOSE_CODES = {CloseRule.POINTS: "points", CloseRule.ONE_LOOSE: "one-loose",
                CloseRule.ALL_MELDED: "all-melded"}
#: The numbers a key takes: (lowest, highest); kept small so no code makes a silly table.
_NUMBER_RANGES = {"joker-points": (0, 100), "minus-ten": (-100, 0), "limit": (1, 1000),
                  "returns": (0, 20), "close": (0, 50)}


def house_values(rules: Rules) -> dict[str, str]:
    """Each house key's value for ``rules``, as the code writes it ('' where the rules have
    none to write: decks that follow the table as the profile says, unlimited returns, the
    seven-ten break of a 48-card deck)."""
    deck = rules.deck
    jokers = "ace-of-oros" if deck.wild_ace else str(deck.jokers)
    close = _CLOSE_CODES[rules.close_rule]
    if rules.close_rule is not CloseRule.ALL_MELDED:
        close += f":{rules.close_limit}"
    values = {
        "deck": str(deck.size),
        "decks": "" if rules.two_decks_from == _PROFILES[rules.id].two_decks_from
        else ("2" if rules.two_decks_from else "1"),
        "jokers": jokers,
        "figures": "-".join(map(str, rules.figure_points)),
        "joker-points": str(rules.joker_points),
        "close": close,
        "first-round-close": "yes" if rules.close_in_first_round else "no",
        "minus-ten": str(rules.minus_ten),
        "chinchon": _CHINCHON_CODES[rules.chinchon_effect],
        "limit": str(rules.limit),
        "returns": "" if rules.returns is None else str(rules.returns),
        "seven-ten": ("yes" if deck.seven_ten else "no") if deck.size == 40 else "",
    }
    return values


def house_parts(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The ``(key, value)`` changes of ``rules`` from its base profile, in canonical order."""
    base = house_values(_PROFILES[rules.id])
    mine = house_values(rules)
    if mine["seven-ten"] and not base["seven-ten"]:  # a 48-card base made a 40-card deck
        base["seven-ten"] = "yes"
    return tuple((key, mine[key]) for key in HOUSE_KEYS if mine[key] != base[key] and mine[key])


def parse_house(code: str) -> Rules:
    """Read a house code: the base profile id, then ``+key=value`` parts (any order, each key
    once; spaces also separate parts, since a URL may turn ``+`` into a space).

    >>> parse_house("fournier+figures=10-10-10+close=one-loose:3").code()
    'fournier+figures=10-10-10+close=one-loose:3'
    >>> try:
    ...     parse_house("fournier+limit=many")
    ... except HouseRulesError as error:
    ...     error.part
    'limit=many'
    """
    if not isinstance(code, str):
        raise RulesError(f"a rule profile is a text code, not {quote(code)}")
    shown = quote(code, limit=60)
    base_id, *parts = re.split(r"[+\s]", code.strip())
    if base_id not in _PROFILES:
        raise HouseRulesError(f"unknown rule profile {quote(base_id)}: choose one of "
                              f"{', '.join(PROFILE_IDS)}", base_id)
    rules = _PROFILES[base_id]
    seen: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        def fail(reason: str, part: str = part) -> HouseRulesError:
            return HouseRulesError(f"house rules {shown}: part {quote(part)}: {reason}", part)
        if not part:
            raise fail("an empty part (two '+' in a row, or a '+' at the end)")
        if not sep:
            raise fail("write key=value")
        if key not in HOUSE_KEYS:
            raise fail(f"unknown key; the keys are {', '.join(HOUSE_KEYS)}")
        if key in seen:
            raise fail(f"{key} is given twice")
        seen[key] = value
        try:
            rules = _apply(rules, key, value)
        except ValueError as error:
            raise fail(str(error)) from None
    if "seven-ten" in seen and rules.deck.size != 40:
        part = f"seven-ten={seen['seven-ten']}"
        raise HouseRulesError(f"house rules {shown}: part {quote(part)}: seven-ten "
                              "applies to the 40-card deck only", part)
    return rules


def _number(key: str, value: str) -> int:
    low, high = _NUMBER_RANGES[key]
    if not re.fullmatch(r"-?\d{1,4}", value) or not low <= int(value) <= high:
        raise ValueError(f"{key} takes a whole number from {low} to {high}")
    return int(value)


def _apply(rules: Rules, key: str, value: str) -> Rules:
    """``rules`` with one house part applied; ValueError saying what the key takes."""
    choices = HOUSE_CHOICES.get(key)
    if choices is not None and value not in choices:
        raise ValueError(f"{key} takes {' or '.join(choices)}")
    deck = rules.deck
    if key == "deck":
        return replace(rules, deck=replace(deck, size=int(value)))
    if key == "decks":
        copies = int(value)
        return replace(rules, deck=replace(deck, copies=copies),
                       two_decks_from=ALWAYS_TWO_DECKS if copies == 2 else None)
    if key == "jokers":
        wild = value == "ace-of-oros"
        return replace(rules, deck=replace(deck, jokers=0 if wild else int(value), wild_ace=wild))
    if key == "figures":
        points = tuple(int(n) for n in value.split("-"))
        return replace(rules, figure_points=(points[0], points[1], points[2]))
    if key == "joker-points":
        return replace(rules, joker_points=_number(key, value))
    if key == "close":
        kind, _, limit = value.partition(":")
        if kind == "all-melded" and not limit:
            return replace(rules, close_rule=CloseRule.ALL_MELDED, close_limit=0)
        if kind not in ("points", "one-loose") or not limit:
            raise ValueError("close takes points:N, one-loose:N or all-melded")
        rule = CloseRule.POINTS if kind == "points" else CloseRule.ONE_LOOSE
        return replace(rules, close_rule=rule, close_limit=_number(key, limit))
    if key == "first-round-close":
        return replace(rules, close_in_first_round=value == "yes")
    if key == "minus-ten":
        return replace(rules, minus_ten=_number(key, value))
    if key == "chinchon":
        effect = next(e for e, text in _CHINCHON_CODES.items() if text == value)
        return replace(rules, chinchon_effect=effect)
    if key == "limit":
        return replace(rules, limit=_number(key, value))
    if key == "returns":
        return replace(rules, returns=_number(key, value))
    assert key == "seven-ten"
    return replace(rules, deck=replace(deck, seven_ten=value == "yes"))


def all_profiles() -> tuple[Rules, ...]:
    """The four profiles with their default options, in the project's order."""
    return tuple(_PROFILES[rules_id] for rules_id in PROFILE_IDS)
