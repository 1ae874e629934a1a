"""The rules of one table as a player reads them where he plays: each rule with this table's
value and its sources, and beside it every reading of ours it rests on (no Streamlit: the Play
page and the multiplayer tables both call :func:`rules_of_the_game`).

A rule is a row of the Variants page's comparison (:data:`chinchon.views.variants.ROWS`), its
value that row's cell for the table's :class:`~chinchon.engine.rules.Rules` (house rules included). The
readings beside it are the ones the other pages show: the tour's notes on the fields the rule
cites as our reading (``tour.note.<profile>.<field>``), and the disclosures of that row
(:mod:`chinchon.views.disclosures`). Each names its source through the page's
:class:`~chinchon.views.sources.Footnotes`, so the page lists the sources once at its foot.

>>> from chinchon.engine.rules import get_rules
>>> notes = Footnotes()
>>> rule = next(r for r in rules_of_the_game(get_rules("ludoteka"), "en", notes) if r.key == "stock")
>>> rule.value
'shuffle the discards into a new stock; the 4th time, the hand ends with no closer'
>>> [reading.key for reading in rule.readings]
['tour.note.ludoteka.stock_runs_out_end', 'tour.note.ludoteka.stock_keeps_top', 'disclose.ludoteka_no_closer']
"""

from __future__ import annotations

from dataclasses import dataclass

from chinchon.engine.rules import OURS, Rules, get_rules
from chinchon.views import disclosures
from chinchon.views.i18n import t
from chinchon.views.sources import Footnotes, citation_parts
from chinchon.views.tour import note_fields
from chinchon.views.variants import ROWS, cell

__all__ = ["GameRule", "Reading", "rules_of_the_game"]


@dataclass(frozen=True)
class Reading:
    """One reading of ours beside a rule: its i18n key and its text in the reader's language,
    the source it reads named at its start."""

    key: str
    text: str


@dataclass(frozen=True)
class GameRule:
    """One rule of the table: the row key, its name, this table's value, the marks of its
    sources (our reading ✎, a house change ⌂) and the readings beside it."""

    key: str
    label: str
    value: str
    marks: str
    readings: tuple[Reading, ...]


def rules_of_the_game(rules: Rules, lang: str, notes: Footnotes | None = None
                ) -> tuple[GameRule, ...]:
    """Every rule of the table that plays ``rules``, in the order of the Variants comparison, with the
    readings beside each (``notes`` numbers the sources; the page lists its entries). The
    house-rules disclosures are all about jokers: they come where the table plays some."""
    notes = notes if notes is not None else Footnotes()
    base = get_rules(rules.id)
    ours = note_fields(base)
    found = []
    noted: set[str] = set()  # a field two rules show (the deck) has its note once
    for spec in ROWS:
        if spec.key == "source":
            continue
        shown = cell(spec, rules, lang)
        fields = [name for name in spec.fields if name in ours and name not in noted
                  and getattr(rules, name) == getattr(base, name)]
        noted.update(fields)
        readings = [_note(rules, name, lang, notes) for name in fields]
        readings += [_disclosure(item, rules, lang, notes)
                     for item in disclosures.for_row(rules.id, spec.key, house=rules.is_house)
                     if rules.id in item.profiles or rules.deck.has_jokers]
        found.append(GameRule(spec.key, t(f"variants.row.{spec.key}", lang), shown.text,
                               notes.marks(shown.citations), tuple(readings)))
    return tuple(found)


def _note(rules: Rules, name: str, lang: str, notes: Footnotes) -> Reading:
    """The tour's note on a field of ours, after the source it reads (the field's own file,
    else the profile's first source)."""
    files = [part for part in citation_parts([rules.citations[name]]) if part != "our reading"]
    source = f"{notes.named(files or rules.sources[:1])} {notes.mark(OURS)}"
    key = f"tour.note.{rules.id}.{name}"
    return Reading(key, t("readings.note", lang, source=source, text=t(key, lang)))


def _disclosure(item: disclosures.Disclosure, rules: Rules, lang: str,
                notes: Footnotes) -> Reading:
    """A disclosure as the rules tour words it, naming this table's source where it is one of
    several the disclosure reads."""
    files = item.source.split(", ")
    mine = [file for file in files if file in rules.sources] or files
    key = disclosures.text_key(item)
    extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
    prefix = t("disclose.prefix", lang, source=notes.named(mine))
    return Reading(key, f"{prefix} {t(key, lang)}{extra}")
