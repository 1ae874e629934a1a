"""Clickable card faces, in one v2 component: the hand lab's deck picker and the puzzle's hand.

A click sends the card's code back to Python as a one-rerun trigger; read it inside the
``on_click`` callback with :func:`clicked_card`. The component builds its buttons with DOM calls
from card codes and fixed translated names only, so no user text ever reaches its markup.
AppTest cannot click inside it: the browser tests do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.views.handlab import deck_rows
from chinchon.views.i18n import card_name
from chinchon.views.svg import card_data_uri

#: Marks a button may carry: a card taken into the hand (``twice``: both copies of two decks,
#: or both jokers), a wrong or the right answer.
STATES = ("taken", "twice", "wrong", "right")

_CSS = """
.cardbuttons { display: flex; flex-direction: column; gap: 6px; padding: 6px 0 4px; }
.cardbuttons-row { display: flex; flex-wrap: wrap; gap: var(--gap, 6px); }
.cardbuttons button {
  padding: 0; border: 0; background: none; cursor: pointer; border-radius: 8px;
  line-height: 0; position: relative; transition: transform 90ms ease-out, opacity 90ms, box-shadow 90ms;
}
.cardbuttons button img { display: block; border-radius: 7px; }
.cardbuttons button:hover:not(:disabled) { transform: translateY(-4px); }
.cardbuttons button:focus-visible { outline: 3px solid var(--st-primary-color); outline-offset: 3px; }
.cardbuttons button[data-state="taken"] { opacity: 0.28; transform: none; }
.cardbuttons button[data-state="taken"]:hover { opacity: 0.5; }
.cardbuttons button[data-state="twice"] { opacity: 0.6; box-shadow: 0 0 0 3px #8b3fb8; }
.cardbuttons button[data-state="twice"]::after {
  content: "×2"; position: absolute; right: 2px; bottom: 2px; padding: 1px 4px;
  border-radius: 6px; background: #8b3fb8; color: #fff; font: bold 12px/1.3 sans-serif;
}
.cardbuttons button[data-state="wrong"] { opacity: 0.35; box-shadow: 0 0 0 3px #c0392b; }
.cardbuttons button[data-state="right"] { box-shadow: 0 0 0 4px #1f7a4d; transform: translateY(-6px); }
.cardbuttons button:disabled { cursor: default; }
.cardbuttons button[data-highlight="1"] { box-shadow: 0 0 0 4px #e0a21b; transform: translateY(-6px); }
/* fit: one row that never wraps; on a narrow screen the cards overlap like a fanned hand,
   each keeping a strip to click (the last one whole). */
.cardbuttons.fit .cardbuttons-row { flex-wrap: nowrap; }
.cardbuttons.fit button { flex: 0 1 auto; min-width: 0; }
.cardbuttons.fit button:last-child { flex-shrink: 0; }
.cardbuttons.fit button[data-highlight="1"], .cardbuttons.fit button[data-state="right"],
.cardbuttons.fit button:hover { z-index: 1; }
.cardbuttons.fit button img { max-width: none; box-shadow: -2px 0 4px rgba(0, 0, 0, 0.18); }
"""

_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector(".cardbuttons");
  if (!root) {
    root = document.createElement("div");
    root.className = "cardbuttons";
    parentElement.appendChild(root);
  }
  root.replaceChildren();
  root.classList.toggle("fit", Boolean(data.fit));
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.label);
  root.style.setProperty("--gap", data.gap + "px");
  for (const row of data.rows) {
    const line = document.createElement("div");
    line.className = "cardbuttons-row";
    for (const code of row) {
      const state = data.states[code] || "";
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.card = code;
      button.dataset.state = state;
      if (data.highlight.includes(code)) button.dataset.highlight = "1";
      button.setAttribute("aria-pressed", state === "taken" || state === "twice" ? "true" : "false");
      button.title = data.names[code];
      button.disabled = data.disabled;
      const img = document.createElement("img");
      img.src = data.uris[code];
      img.alt = data.names[code];
      img.width = data.width;
      button.appendChild(img);
      button.addEventListener("click", () => setTriggerValue("clicked", code));
      line.appendChild(button);
    }
    root.appendChild(line);
  }
}
"""

_COMPONENT = st.components.v2.component("chinchon_card_buttons", css=_CSS, js=_JS)


@lru_cache(maxsize=4096)
def _face(code: str, lang: str, width: int) -> tuple[str, str]:
    return card_data_uri(code, width=width, lang=lang), card_name(code, lang)


def card_buttons(rows: Sequence[Sequence[str]], lang: str, *, key: str, label: str,
                 on_click: Callable[[], None], states: Mapping[str, str | None] | None = None,
                 disabled: bool = False, width: int = 84, gap: int = 10,
                 highlight: Collection[str] = (), fit: bool = False) -> None:
    """Rows of clickable card faces; ``states`` marks codes with one of :data:`STATES`,
    ``highlight`` rings codes (a hint); ``fit`` keeps each row on one line, the cards
    overlapping where the screen is too narrow."""
    codes = {code for row in rows for code in row}
    faces = {code: _face(code, lang, width) for code in codes}
    marks = {code: state for code, state in (states or {}).items() if state in STATES}
    _COMPONENT(
        key=key,
        data={"rows": [list(row) for row in rows], "label": label, "disabled": disabled,
              "uris": {code: face[0] for code, face in faces.items()},
              "names": {code: face[1] for code, face in faces.items()},
              "states": marks, "width": width, "gap": gap, "highlight": sorted(highlight),
              "fit": fit},
        on_clicked_change=on_click,
    )


def card_picker(rules: Rules, hand: Sequence[Card], *, lang: str, label: str, key: str,
                on_click: Callable[[], None], width: int = 50) -> None:
    """The deck of ``rules``, one row per suit (jokers last), the cards of ``hand`` marked as
    taken, or ``twice`` when the hand holds two copies (two decks, two jokers)."""
    rows = [[card.code() for card in row] for row in deck_rows(rules)]
    held = Counter(card.code() for card in hand)
    card_buttons(rows, lang, key=key, label=label, on_click=on_click, width=width, gap=4,
                 states={code: "twice" if count > 1 else "taken" for code, count in held.items()})


def clicked_card(key: str) -> str | None:
    """Inside ``on_click`` of :func:`card_buttons`: the code of the card just clicked."""
    state = st.session_state.get(key)
    value = state.get("clicked") if state is not None else None
    return value if isinstance(value, str) else None
