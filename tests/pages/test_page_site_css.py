"""The site stylesheet (webui/site.css: the colours as ``--cl-*`` variables) is on every page,
once a run, put there by ``setup_page`` before anything else is drawn."""

from __future__ import annotations

import pytest

from tests.support.pages import open_page
from webui.ui import SITE_CSS

SHEET = f"<style>{SITE_CSS}</style>"


@pytest.mark.parametrize("page", [None, "pages/4_Variants.py", "pages/9_Tables.py"])
def test_every_page_carries_the_site_colours_once(page: str | None) -> None:
    at = open_page(page, lang="en")
    assert not at.exception
    bodies = [h.proto.body for h in at.get("html")]
    assert bodies.count(SHEET) == 1
    assert "--cl-felt:" in SHEET and "--cl-gold:" in SHEET
    at.run()  # a rerun draws it again, still once
    assert [h.proto.body for h in at.get("html")].count(SHEET) == 1
