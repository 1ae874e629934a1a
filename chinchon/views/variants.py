"""The four profiles compared, parameter by parameter, each cell built from the Rules and cited.

Rows follow the comparison in RULES.md. Every cell's text is derived from the profile's
:class:`~chinchon.engine.rules.Rules` (or computed with the meld code: the two-deck rows), in the
reader's language, and carries the citations of the fields it shows. A row is flagged when the
profiles disagree, judged on the values, not on the text.

>>> rows = compare("en")
>>> row = next(r for r in rows if r.key == "elimination")
>>> row.disagree, row.cells["barajamos"].text
(True, 'above 70 (exactly 70 stays in)')
>>> next(r for r in rows if r.key == "all_melded").disagree
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from chinchon.engine.cards import RANKS_48, Card, parse_hand
from chinchon.engine.melds import MeldError, find_meld
from chinchon.engine.rules import ALWAYS_TWO_DECKS, OPTIONS, OURS, Rules, all_profiles, get_rules
from chinchon.views.i18n import has_text, t

__all__ = ["HOUSE_CITE", "ROWS", "Cell", "Columns", "Mark", "Row", "cell", "cell_marks",
           "columns", "compare", "disagreements", "shown_rows"]


#: The citation of a value a house rule changed (the page shows it as "your house rule").
HOUSE_CITE = "house rule"


@dataclass(frozen=True)
class Cell:
    """One profile's value of one parameter, and where it comes from."""

    text: str
    #: The source files (and "our reading" notes) behind the value, without repeats.
    citations: tuple[str, ...]

    @property
    def ours(self) -> bool:
        """True when part of the value is the project's reading rather than a source's."""
        return any(OURS in cite for cite in self.citations)


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    cells: Mapping[str, Cell]
    disagree: bool
    #: Why the sources differ (only for rows where they do).
    explanation: str | None
    #: The value each profile's cell shows, compared by :meth:`differs` (None: not applicable).
    values: Mapping[str, Hashable] = field(default_factory=lambda: MappingProxyType({}))

    def differs(self, rules_id: str, base: str) -> bool:
        """Whether profile ``rules_id``'s value differs from profile ``base``'s; a row that
        only describes (the sources) or a value that does not apply never differs.

        >>> row = next(r for r in compare("en") if r.key == "elimination")
        >>> row.differs("fournier", "barajamos"), row.differs("fournier", "jeux-de-cartes")
        (True, False)
        """
        if not self.values or rules_id == base:
            return False
        mine, theirs = self.values[rules_id], self.values[base]
        return mine is not None and theirs is not None and mine != theirs


@dataclass(frozen=True)
class _Spec:
    key: str
    fields: tuple[str, ...]
    value: Callable[[Rules], Hashable]
    text: Callable[[Rules, str], str]
    #: False for rows that describe rather than rule (the source names always differ).
    compared: bool = True
    #: None means "does not apply" (no two decks), not a value to compare.
    none_is_na: bool = False


def _two_decks(rules: Rules) -> Rules | None:
    """The profile played with two decks, when it ever is."""
    if rules.is_house:
        return rules.for_players(rules.players[1]) if rules.two_decks_from else None
    return get_rules(rules.id, decks=2) if 2 in OPTIONS[rules.id].get("decks", ()) else None


def _two_decks_text(rules: Rules, lang: str) -> str:
    if rules.two_decks_from == ALWAYS_TWO_DECKS:
        return t("variants.two_decks.always", lang)
    if rules.two_decks_from:
        return t("variants.two_decks.from", lang, n=rules.two_decks_from)
    return t("variants.never", lang)


def _meld_ok(codes: str, rules: Rules) -> bool:
    try:
        return find_meld(parse_hand(codes), rules) is not None
    except MeldError:
        return False


def _identical_in_group(rules: Rules) -> bool | None:
    two = _two_decks(rules)
    return None if two is None else _meld_ok("5o 5o 5c", two)


def _identical_in_run(rules: Rules) -> bool | None:
    two = _two_decks(rules)
    return None if two is None else _meld_ok("5o 5o 6o 7o", two)


def _chained(rules: Rules) -> bool:
    """Whether two cards can be laid off in a row at the top of a run (second needs the first)."""
    ranks = rules.deck.ranks  # 1 to 5: no break of the run order in any deck
    meld = find_meld([Card(rank, "c") for rank in ranks[0:3]], rules)
    assert meld is not None
    first, second = Card(ranks[3], "c"), Card(ranks[4], "c")
    return not meld.can_add(second, rules) and meld.add(first, rules).can_add(second, rules)


def _ranks_text(ranks: tuple[int | None, ...]) -> str:
    """``1–2–…–12``; a break of the run order (seven-ten=no) shows as `` | ``."""
    return "–".join("|" if rank is None else str(rank) for rank in ranks).replace("–|–", " | ")


def _yes_no(value: bool | None, yes: str, no: str, lang: str,
            na: str = "variants.not_applicable") -> str:
    if value is None:
        return t(na, lang)
    return t(yes if value else no, lang)


def _deck_text(rules: Rules, lang: str) -> str:
    sizes = OPTIONS[rules.id].get("deck")
    if sizes and not rules.is_house:
        return t("variants.deck.option", lang, sizes=t("variants.or", lang, a=sizes[0], b=sizes[1]),
                 default=rules.deck.size)
    return t("variants.deck.cards", lang, size=rules.deck.size)


def _jokers_text(rules: Rules, lang: str) -> str:
    if rules.deck.wild_ace:
        return t("variants.jokers.ace_of_oros", lang, points=rules.joker_points)
    if rules.is_house and rules.deck.jokers:
        return t("variants.jokers.pair", lang, points=rules.joker_points)
    jokers = OPTIONS[rules.id].get("jokers")
    if not jokers or rules.is_house:
        return t("variants.jokers.none", lang)
    return t("variants.jokers.option", lang, default=rules.deck.jokers, points=rules.joker_points)


def _run_order_text(rules: Rules, lang: str) -> str:
    text = t("variants.run_order", lang, ranks=_ranks_text(rules.deck.run_order))
    if OPTIONS[rules.id].get("deck") and not rules.is_house:
        text += " " + t("variants.run_order.option", lang, ranks=_ranks_text(RANKS_48))
    return text


def _close_text(rules: Rules, lang: str) -> str:
    parts = [t(f"variants.close.{rules.close_rule.value}", lang, limit=rules.close_limit)]
    parts.append(t("variants.close.first_round_yes" if rules.close_in_first_round
                   else "variants.close.first_round_no", lang))
    if rules.close_within_limit:
        parts.append(t("variants.close.within_limit", lang))
    return t("variants.sep", lang).join(parts)


def _chinchon_text(rules: Rules, lang: str) -> str:
    text = t(f"variants.chinchon.{rules.chinchon_effect.value}", lang, minus_ten=rules.minus_ten)
    if rules.joker_run_score is not None:
        joker = t("variants.chinchon.joker", lang, score=rules.joker_run_score)
        text += t("variants.sep", lang) + joker
    return text


def _layoffs_text(rules: Rules, lang: str) -> str:
    after = ("variants.layoffs.none_after" if rules.no_layoffs_after_minus_ten
             else "variants.layoffs.closer_protected")
    style = t(f"variants.layoffs.{rules.layoffs.value}", lang)
    return style + t("variants.sep", lang) + t(after, lang)


def _limit_text(rules: Rules, lang: str) -> str:
    key = "variants.limit.agreed" if rules.id == "ludoteka" and not rules.is_house else "variants.limit"
    return t(key, lang, limit=rules.limit)


def _returns_text(rules: Rules, lang: str) -> str:
    if rules.returns is None:
        text = t("variants.returns.unlimited", lang)
    elif rules.id == "ludoteka" and not rules.is_house:
        text = t("variants.returns.agreed", lang, n=rules.returns)
    elif rules.returns:
        text = t("variants.returns.tokens", lang, n=rules.returns)
    else:
        return t("variants.returns.none", lang)
    if not rules.returns_in_two_player_game:
        text += t("variants.sep", lang) + t("variants.returns.not_two_players", lang)
    return text


#: How each profile rebuilds the stock (no Rules field holds it: it never changes a score).
_STOCK = MappingProxyType({"barajamos": "all", "fournier": "all_but_top",
                           "jeux-de-cartes": "all", "ludoteka": "all"})


def _stock_text(rules: Rules, lang: str) -> str:
    text = t(f"variants.stock.{_STOCK[rules.id]}", lang)
    if rules.stock_runs_out_end:
        text += t("variants.sep", lang) + t("variants.stock.end", lang, n=rules.stock_runs_out_end)
    return text


ROWS: tuple[_Spec, ...] = (
    _Spec("source", ("sources",), lambda r: r.sources,
          lambda r, lang: ", ".join(r.sources), compared=False),
    _Spec("players", ("players",), lambda r: r.players,
          lambda r, lang: t("variants.players", lang, low=r.players[0], high=r.players[1])),
    _Spec("deck", ("deck",), lambda r: (r.deck.size, OPTIONS[r.id].get("deck")), _deck_text),
    _Spec("two_decks", ("two_decks_from",), lambda r: r.two_decks_from,
          lambda r, lang: _two_decks_text(r, lang)),
    _Spec("jokers", ("joker_points",), lambda r: OPTIONS[r.id].get("jokers"),
          _jokers_text),
    _Spec("points", ("figure_points",), lambda r: r.figure_points,
          lambda r, lang: t("variants.points", lang, sota=r.figure_points[0],
                            caballo=r.figure_points[1], rey=r.figure_points[2])),
    _Spec("run_order", ("deck",), lambda r: (r.deck.ranks, OPTIONS[r.id].get("deck")),
          _run_order_text),
    _Spec("group", ("two_decks_from",), _identical_in_group,
          lambda r, lang: _yes_no(_identical_in_group(r), "variants.group.identical_yes",
                                  "variants.group.identical_no", lang, "variants.group.one_deck"),
          none_is_na=True),
    _Spec("run_two_decks", ("two_decks_from",), _identical_in_run,
          lambda r, lang: _yes_no(_identical_in_run(r), "variants.run.identical_yes",
                                  "variants.run.identical_no", lang), none_is_na=True),
    _Spec("close", ("close_rule", "close_limit", "close_in_first_round", "close_within_limit"),
          lambda r: (r.close_rule, r.close_limit, r.close_in_first_round, r.close_within_limit),
          _close_text),
    _Spec("all_melded", ("minus_ten",), lambda r: r.minus_ten,
          lambda r, lang: t("variants.all_melded", lang, minus_ten=r.minus_ten)),
    _Spec("chinchon", ("chinchon_effect", "joker_run_score"),
          lambda r: (r.chinchon_effect, r.joker_run_score), _chinchon_text),
    _Spec("layoffs", ("layoffs", "no_layoffs_after_minus_ten"),
          lambda r: (r.layoffs, r.no_layoffs_after_minus_ten), _layoffs_text),
    _Spec("chained", ("layoffs",), _chained,
          lambda r, lang: _yes_no(_chained(r), "variants.chained_yes", "variants.chained_no",
                                  lang)),
    _Spec("elimination", ("limit",), lambda r: (r.limit, r.id == "ludoteka"), _limit_text),
    _Spec("reentry", ("returns", "returns_later"),
          lambda r: (r.returns, r.returns_in_two_player_game),
          _returns_text),
    _Spec("everybody_out", ("everybody_out",), lambda r: r.everybody_out,
          lambda r, lang: t(f"variants.everybody_out.{r.everybody_out.value}", lang)),
    _Spec("rotation", ("rotation",), lambda r: r.rotation,
          lambda r, lang: t(f"variants.rotation.{r.id}", lang)),
    _Spec("stock", ("stock_runs_out_end", "stock_keeps_top"),
          lambda r: (_STOCK[r.id], r.stock_runs_out_end), _stock_text),
)


def cell(spec: _Spec, rules: Rules, lang: str) -> Cell:
    """One cell: the text in ``lang`` and the citations of the fields it shows."""
    cites: list[str] = []
    base = get_rules(rules.id) if rules.is_house else rules
    for name in spec.fields:
        if name == "joker_points" and not (OPTIONS[rules.id].get("jokers")
                                           or rules.deck.has_jokers):
            continue  # no jokers in this profile: their value is never used
        if getattr(rules, name) != getattr(base, name):
            if HOUSE_CITE not in cites:
                cites.append(HOUSE_CITE)  # the table changed it: no source to cite
            continue
        for part in re.split(r"; |, ", rules.citations.get(name, "")):
            if part and part not in cites:
                cites.append(part)
    return Cell(spec.text(rules, lang), tuple(cites) or rules.sources)


def _why(key: str, lang: str) -> str | None:
    """Why the published profiles differ on row ``key``; None for a row where only house rules
    can differ (the four profiles agree on it, so there is nothing of theirs to explain)."""
    return t(f"variants.why.{key}", lang) if has_text(f"variants.why.{key}", lang) else None


def compare(lang: str, profiles: tuple[Rules, ...] | None = None) -> tuple[Row, ...]:
    """Every row of the comparison in ``lang`` (the four default profiles unless given)."""
    profiles = profiles or all_profiles()
    rows = []
    for spec in ROWS:
        values = {spec.value(rules) for rules in profiles}
        if spec.none_is_na:
            values.discard(None)
        disagree = spec.compared and len(values) > 1
        rows.append(Row(
            key=spec.key, label=t(f"variants.row.{spec.key}", lang),
            cells=MappingProxyType({r.code(): cell(spec, r, lang) for r in profiles}),
            disagree=disagree,
            explanation=_why(spec.key, lang) if disagree else None,
            values=MappingProxyType({r.code(): spec.value(r) for r in profiles}
                                    if spec.compared else {})))
    return tuple(rows)


def disagreements(lang: str) -> tuple[Row, ...]:
    """Only the rows where the profiles differ."""
    return tuple(row for row in compare(lang) if row.disagree)



# --- The page's grid: which columns, in which order, which rows, which cells marked ------------


@dataclass(frozen=True)
class Columns:
    """The page's columns: the four profiles, and the table's house rules when it plays some
    (a fifth column, "yours" then); your column first, then the others in their usual order."""

    profiles: tuple[Rules, ...]
    #: The code of your column: the profile chosen, or its house rules.
    yours: str
    #: Every column's code, yours first.
    order: tuple[str, ...]
    house: bool

    def rules(self, code: str) -> Rules:
        return next(rules for rules in self.profiles if rules.code() == code)


def columns(current: Rules, *, house: bool) -> Columns:
    """The columns when the reader plays ``current`` (``house``: with house rules).

    >>> columns(get_rules("ludoteka"), house=False).order
    ('ludoteka', 'barajamos', 'fournier', 'jeux-de-cartes')
    >>> columns(get_rules("fournier+limit=50"), house=True).order[:2]
    ('fournier+limit=50', 'barajamos')
    """
    profiles = all_profiles() + ((current,) if house else ())
    yours = current.code() if house else current.id
    order = (yours, *(rules.code() for rules in profiles if rules.code() != yours))
    return Columns(profiles, yours, order, house)


def shown_rows(rows: Iterable[Row], grid: Columns, *, only_differences: bool
               ) -> tuple[Row, ...]:
    """Every row, or with ``only_differences`` those where a column differs from yours."""
    return tuple(row for row in rows if not only_differences
                 or any(row.differs(code, grid.yours) for code in grid.order))


class Mark(StrEnum):
    """How a cell stands out: your column, a value that differs from yours, our reading."""

    YOURS = "yours"
    DIFFERS = "differs"
    OURS = "ours"


def cell_marks(row: Row, code: str, yours: str) -> tuple[Mark, ...]:
    """The marks of column ``code``'s cell in ``row``, in the order the page applies them.

    >>> row = next(r for r in compare("en") if r.key == "elimination")
    >>> cell_marks(row, "barajamos", "fournier"), cell_marks(row, "fournier", "fournier")
    ((<Mark.DIFFERS: 'differs'>,), (<Mark.YOURS: 'yours'>,))
    """
    found = ((Mark.YOURS, code == yours), (Mark.DIFFERS, row.differs(code, yours)),
             (Mark.OURS, row.cells[code].ours))
    return tuple(mark for mark, on in found if on)
