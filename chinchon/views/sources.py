"""The rule sources by title and publisher, and footnote marks to cite them once per page.

``Rules.citations`` name a source by its file in ``shared/sources/`` (``barajamos-fr.txt``) or
say that a value is our reading. A page cites with :class:`Footnotes`: each source gets a
superscript number the first time it is cited, our readings the mark ✎, a value the table's
house rules changed the mark ⌂, and the page lists
every source it marked once, by title and publisher, at its foot.

>>> notes = Footnotes()
>>> notes.marks(["barajamos-fr.txt; " + OURS, "fournier-pt.txt"])
'¹ ✎ ²'
>>> notes.marks(["fournier-pt.txt"]), [(mark, s.publisher) for mark, s in notes.entries()]
('²', [('¹', 'Barajamos'), ('²', 'Heraclio Fournier')])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from chinchon.engine.rules import OURS
from chinchon.views.variants import HOUSE_CITE

__all__ = ["HOUSE_MARK", "OURS_MARK", "SOURCES", "Footnotes", "Source", "SourceError", "citation_parts",
           "source"]

#: The mark of a value that is our reading (the source is silent or unclear).
OURS_MARK = "✎"
#: The mark of a value the table's house rules changed (no source gives it).
HOUSE_MARK = "⌂"
_SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹"


class SourceError(ValueError):
    """A citation names a source file we do not know."""


@dataclass(frozen=True)
class Source:
    """One published rule text: its file in ``shared/sources/``, title, publisher, language."""

    file: str
    title: str
    publisher: str
    #: The language it is written in (a code of chinchon.views.i18n.LANGUAGES, or another).
    language: str


#: Every source a profile cites, by file name. Titles as printed at the top of each text.
SOURCES: Mapping[str, Source] = MappingProxyType({s.file: s for s in (
    Source("barajamos-fr.txt", "Règles du Chinchón", "Barajamos", "fr"),
    Source("barajamos-pt.txt", "Regras do Chinchón", "Barajamos", "pt"),
    Source("fournier-pt.txt", "Chinchón: perfil espanhol da Fournier", "Heraclio Fournier",
           "pt"),
    Source("jeux-de-cartes-fr.txt", "Chinchón", "Jeux de cartes", "fr"),
    Source("ludoteka-fr.txt", "Chinchon", "Ludoteka", "fr"),
)})


def source(file: str) -> Source:
    """The source of a citation's file name; :class:`SourceError` quoting an unknown one."""
    try:
        return SOURCES[file]
    except KeyError:
        raise SourceError(f"unknown source file {file[:40]!r}") from None


def citation_parts(cites: Iterable[str]) -> list[str]:
    """The files and "our reading" notes in citation strings, each once, in order.

    >>> citation_parts(["ludoteka-fr.txt, ludoteka-fr.txt", OURS + " (footnote 2)"])
    ['ludoteka-fr.txt', 'our reading']
    """
    found: list[str] = []
    for cite in cites:
        for part in re.split(r"; |, ", cite):
            # A file's citation may carry an aside, "(the source calls it …)": the file alone.
            part = ("our reading" if OURS in part else HOUSE_CITE if part == HOUSE_CITE
                    else part.split(" (")[0].strip())
            if part and part not in found:
                found.append(part)
    return found


class Footnotes:
    """The marks of one page: a number per source in order of first citation, ✎ for ours."""

    def __init__(self) -> None:
        self._order: list[Source] = []
        self.ours = False
        self.house = False

    def mark(self, part: str) -> str:
        """The mark of one citation part (a file name, or our reading)."""
        if part == "our reading" or OURS in part:
            self.ours = True
            return OURS_MARK
        if part == HOUSE_CITE:
            self.house = True
            return HOUSE_MARK
        found = source(part)
        if found not in self._order:
            self._order.append(found)
        return _SUPERSCRIPTS[self._order.index(found)]

    def marks(self, cites: Iterable[str]) -> str:
        """The marks of citation strings (``Rules.citations`` values), each once."""
        return " ".join(self.mark(part) for part in citation_parts(cites))

    def named(self, cites: Iterable[str]) -> str:
        """The sources of citation strings by publisher, each with its marks (our readings
        and house rules by their marks alone).

        >>> Footnotes().named(["barajamos-fr.txt, fournier-pt.txt, barajamos-pt.txt"])
        'Barajamos ¹ ³, Heraclio Fournier ²'
        """
        marks: dict[str, list[str]] = {}
        for part in citation_parts(cites):
            name = source(part).publisher if part in SOURCES else ""
            marks.setdefault(name, []).append(self.mark(part))
        return ", ".join(f"{name} {' '.join(m)}".strip() for name, m in marks.items())

    def entries(self) -> tuple[tuple[str, Source], ...]:
        """Every source marked so far, with its mark, in order."""
        return tuple((_SUPERSCRIPTS[i], s) for i, s in enumerate(self._order))
