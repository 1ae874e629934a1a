"""Words on screen, in every language: no label cut off, one name per card and suit.

Every page in all four languages, at 1366×900 (a laptop) and 390×844 (a phone), with a
screenshot of each (``tests/browser/screenshots/words-PAGE-LANG-WIDTH.png``) to look at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from chinchon.puzzles import pool
from chinchon.views import i18n
from tests.support.browser import screenshot, settle, wait_idle
from tests.support.i18n_glossary import CARD_WORDS_COMMON, ENGLISH_WORDS, SHARED_WORDS
from tests.unit.test_i18n_words import card_words, words

pytestmark = pytest.mark.e2e

PAGES = [
    ("", "home"),
    ("Rules_tour", "tour"),
    ("Hand_lab", "lab"),
    ("Layoff_table", "layoff"),
    ("Variants", "variants"),
    ("Puzzles", "puzzles"),
    ("Odds", "odds"),
    ("My_progress", "progress"),
    ("House_rules", "house"),
    ("Play", "play"),
    ("Tables", "tables"),
]
# Eight cards in the lab: every section shows. A puzzle named: a new learner is otherwise
# served one at random, and the words checked would change from run to run.
QUERIES = {"lab": "&hand=7o+7c+7b+9e+10e+11e+4o+1b",
           "puzzles": "&puzzle=" + pool("barajamos", None, "easy")[0].id}
#: The deal number typed before dealing (the Play page offers a random one).
PLAY_SEED = "21"
VIEWPORTS = [(1366, 900), (390, 844)]

# Labels whose text is wider than their box (Streamlit ends them with "…").
CLIPPED_JS = """() => {
  const found = [];
  const labels = 'button, [role="tab"], [data-testid="stWidgetLabel"], '
    + '[data-testid="stMetricLabel"], [data-testid="stExpander"] summary';
  for (const box of document.querySelectorAll(labels)) {
    const r = box.getBoundingClientRect();
    if (!r.width || r.right <= 0 || r.left >= innerWidth) continue;
    // a button that is only a Material icon (one glyph drawn from its name) has no label
    const words = [...box.querySelectorAll('[data-testid="stMarkdownContainer"]')]
      .map((m) => m.innerText.trim()).join('');
    if (box.querySelector('[data-testid="stIconMaterial"]') && !words) continue;
    for (const el of [box, ...box.querySelectorAll('*')]) {
      const cs = getComputedStyle(el);
      const clips = cs.overflowX === 'hidden' || cs.overflow === 'hidden'
        || cs.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1 && (el.innerText || '').trim()) {
        found.push((box.innerText || '').trim().slice(0, 80));
        break;
      }
    }
  }
  return found;
}"""


def foreign_card_words(lang: str) -> set[str]:
    """The card and suit words of the other languages that ``lang`` does not use."""
    others = set().union(*(card_words(o) for o in i18n.LANGUAGES if o != lang))
    return others - card_words(lang) - CARD_WORDS_COMMON[lang]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(("path", "name"), PAGES)
def test_labels_fit_and_cards_have_one_name(
    page: Any, server_url: str, path: str, name: str, lang: str
) -> None:
    page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})
    page.goto(f"{server_url}/{path}?lang={lang}{QUERIES.get(name, '')}")
    wait_idle(page)
    if name == "play":  # deal: the table, the hand and the coach are what need words
        seed = page.get_by_label(i18n.t("play.setup.seed", lang), exact=True)
        seed.fill(PLAY_SEED)
        seed.press("Tab")  # Streamlit commits a typed number when the field loses focus
        expect(seed).to_have_value(PLAY_SEED)
        wait_idle(page)
        page.locator('[data-testid="stBaseButton-primary"]').first.click()
        wait_idle(page)
        page.locator(".cardbuttons button[data-card]").first.wait_for()  # the hand, dealt
    assert page.locator('[data-testid="stException"]').count() == 0
    text = page.locator('[data-testid="stMain"]').inner_text()
    # Card codes ("7o 7c") and file names are not words of any language.
    shown = words(re.sub(r"\b\w+-\w+\.txt\b|\b\d+[ocebOCEB]\b", " ", text))
    assert not shown & foreign_card_words(lang), sorted(shown & foreign_card_words(lang))
    if lang != "en":  # no English left on a page in another language (code samples aside)
        prose = re.sub(r"python -m [^\n]*|`[^`]*`", " ", text)
        english = {w.lower() for w in re.findall(rf"(?<![\w'-])(?:{ENGLISH_WORDS})(?![\w'-])",
                                                  prose, re.IGNORECASE)}
        assert not english - SHARED_WORDS[lang], sorted(english - SHARED_WORDS[lang])
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)  # the page laid out anew at this width
        screenshot(page, f"words-{name}-{lang}-{width}", full_page=False)
        assert page.evaluate(CLIPPED_JS) == [], f"cut-off labels at {width}px"
