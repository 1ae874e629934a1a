"""The rules of the table on the Play page, under AppTest: each rule beside its readings of ours
and its source named, in every language, house rules marked (the model:
tests/unit/test_readings.py)."""

from __future__ import annotations

import pytest

from chinchon.views.i18n import LANGUAGES, t
from tests.support.pages import open_page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_page_shows_the_rules_of_the_table(lang: str) -> None:
    at = open_page("pages/9_Play.py", rules="ludoteka", seats="greedy", seed="3", lang=lang)
    assert not at.exception
    box = next(e for e in at.expander if e.label == t("readings.title", lang))
    text = " ".join(m.value for m in box.markdown)
    assert t("tour.note.ludoteka.rotation", lang) in text
    assert t("tour.note.ludoteka.stock_runs_out_end", lang) in text
    assert t("variants.row.rotation", lang) in text
    assert "Ludoteka ¹" in text
    captions = " ".join(c.value for c in box.caption)
    assert "Chinchon" in captions  # the source listed by title at the foot


def test_the_play_page_rules_follow_the_house_table() -> None:
    at = open_page("pages/9_Play.py", rules="barajamos+deck=40", seats="greedy,greedy",
                   seed="1", lang="en")
    assert not at.exception and not at.error
    box = next(e for e in at.expander if e.label == "Rules of this table")
    text = " ".join(m.value for m in box.markdown)
    assert "40 cards ⌂" in text
