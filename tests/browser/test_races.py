"""Fast inputs in a real browser (issue 14, items 2, 4 and 7): a typed hand followed within a
few dozen milliseconds by a click on the deck must keep both; the address the browser still
holds from before must never win over the session; a bad value in the address is shown exactly
as given; a card code rewritten in the websocket message gives a warning, not a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from streamlit.proto.BackMsg_pb2 import BackMsg

from chinchon.puzzles import pool
from tests.support.browser import expect_taken, wait_idle

pytestmark = pytest.mark.e2e

TEXT_BOX = '[data-testid="stTextInput"] input'
# Six cards typed, then a seventh clicked from the deck: (typed, clicked, delay in ms).
TRIES = [
    ("7o 7c 7b 9e 10e 11e", "4o", 0),
    ("1c 2c 3c 5o 5e 5b", "12b", 15),
    ("3e 4e 5e 6e 1o 2o", "7c", 30),
    ("10o 11o 12o 4c 4e 4b", "1b", 45),
    ("2e 2b 2o 6c 7c 10c", "3o", 60),
    ("1o 1c 1e 7b 10b 11b", "5c", 5),
    ("4o 5o 6o 12c 12e 12b", "2c", 25),
    ("3b 4b 5b 6b 1e 2e", "7e", 50),
]


def test_type_enter_then_click_at_once_keeps_both(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand=&rules=barajamos&lang=en")
    wait_idle(page)
    page.wait_for_selector("button[data-card]")
    for typed, clicked, delay in TRIES:
        box = page.locator(TEXT_BOX).first
        box.fill(typed)
        box.press("Enter")
        if delay:
            page.wait_for_timeout(delay)
        page.locator(f'button[data-card="{clicked}"]').click()
        wait_idle(page)
        page.wait_for_timeout(400)  # any late rerun (a stale address) would land by now
        wait_idle(page)
        expected = f"{typed} {clicked}"
        expect(page.locator(TEXT_BOX).first).to_have_value(expected)
        expect_taken(page, expected.split())
        # The address is written after the run: wait for it (a read would race the write).
        page.wait_for_function("v => new URLSearchParams(location.search).get('hand') === v",
                               arg=expected)


def test_a_stale_address_never_wins(page: Any, server_url: str) -> None:
    """The worst case of the race, forced: every rerun message carries the address of the
    page's first load, as a browser that has not yet taken the page's new address would."""
    page.goto(f"{server_url}/Hand_lab?hand=1o+2o+3o&rules=barajamos&lang=en")
    wait_idle(page)

    def stale_address(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: Any) -> None:
            if isinstance(message, bytes):
                back = BackMsg()
                back.ParseFromString(message)
                if back.WhichOneof("type") == "rerun_script":
                    back.rerun_script.query_string = "hand=1o+2o+3o&rules=barajamos&lang=en"
                    message = back.SerializeToString()
            server.send(message)

        ws.on_message(to_server)

    page.route_web_socket("**/_stcore/stream", stale_address)
    page.reload()
    wait_idle(page)
    page.wait_for_selector("button[data-card]")
    for code in ["4o", "5o", "6o", "7o"]:
        page.locator(f'button[data-card="{code}"]').click()
        wait_idle(page)
    box = page.locator(TEXT_BOX).first
    box.fill("1c 2c 3c 4c 5c 6c")
    box.press("Enter")
    page.locator('button[data-card="7c"]').click()
    wait_idle(page)
    expect(page.locator(TEXT_BOX).first).to_have_value("1c 2c 3c 4c 5c 6c 7c")
    expect_taken(page, ["1c", "2c", "3c", "4c", "5c", "6c", "7c"])


@pytest.mark.parametrize("value", [":material/home:", ":smile: *x* <b>y</b> `z`"])
def test_a_bad_value_is_shown_exactly_as_given(page: Any, server_url: str, value: str) -> None:
    page.goto(f"{server_url}/Hand_lab?lang=en&rules=" + value.replace(" ", "%20")
              .replace("`", "%60").replace("<", "%3C").replace(">", "%3E"))
    wait_idle(page)
    warning = page.locator('[data-testid="stAlertContentWarning"]').first
    expect(warning).to_be_visible()
    text = " ".join(warning.inner_text().split())
    assert value in text, text
    assert warning.locator('[data-testid="stIconMaterial"]').count() == 0
    assert warning.locator("b").count() == 0 and warning.locator("em").count() == 0


def _tamper(payloads: str, value: str) -> str:
    """The component's trigger payloads (``{"event": "clicked", "value": code}``, one or a
    list) with the clicked code replaced by ``value`` (JSON text)."""
    data = json.loads(payloads)
    for payload in data if isinstance(data, list) else [data]:
        if isinstance(payload, dict) and payload.get("event") == "clicked":
            payload["value"] = json.loads(value)
    return json.dumps(data)


# A discard puzzle: a new learner is served easy ones, and many of those are take-or-draw.
DISCARD = next(p.id for p in pool("barajamos") if p.question == "discard" and not p.options)
PAGES = [
    ("Hand_lab?hand=&rules=barajamos&lang=en", "4o"),
    ("Layoff_table?rules=barajamos&lang=en", None),
    (f"Puzzles?rules=barajamos&lang=en&puzzle={DISCARD}", None),
]


@pytest.mark.parametrize(("path", "card"), PAGES, ids=[p.split("?")[0] for p, _ in PAGES])
@pytest.mark.parametrize("tampered", ['"99z"', '"<img src=x onerror=alert(1)>"', "[1, 2]",
                                      '{"a": 1}', '"' + "7o" * 5000 + '"'])
def test_a_tampered_card_click_warns_without_a_traceback(
        page: Any, server_url: str, path: str, card: str | None, tampered: str) -> None:
    """The card code a click sends is rewritten in the websocket message on its way."""

    def rewrite_clicks(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: Any) -> None:
            if isinstance(message, bytes):
                back = BackMsg()
                back.ParseFromString(message)
                if back.WhichOneof("type") == "rerun_script":
                    for widget in back.rerun_script.widget_states.widgets:
                        if widget.WhichOneof("value") == "json_trigger_value":
                            widget.json_trigger_value = _tamper(widget.json_trigger_value,
                                                                tampered)
                    message = back.SerializeToString()
            server.send(message)

        ws.on_message(to_server)

    page.route_web_socket("**/_stcore/stream", rewrite_clicks)
    page.goto(f"{server_url}/{path}")
    wait_idle(page, timeout=60_000)
    page.wait_for_selector("button[data-card]:not([disabled])", timeout=60_000)
    page.locator(f'button[data-card="{card}"]' if card else "button[data-card]").first.click()
    wait_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    warnings = page.locator('[data-testid="stAlertContentWarning"]')
    expect(warnings.filter(has_text="did not offer").first).to_be_visible()
    assert page.locator("img[src=x]").count() == 0
