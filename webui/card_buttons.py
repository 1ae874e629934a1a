"""Clickable card faces, in one v2 component: the hand lab's deck picker and the puzzle's hand.

A click sends the card's code back to Python as a one-rerun trigger; read it inside the
``on_click`` callback with :func:`clicked_card`. The component builds its buttons with DOM calls
from card codes and fixed translated names only, so no user text ever reaches its markup.
Every button carries ``data-card="<code>"`` (a contract: scripts and tests find cards by it).
AppTest cannot click inside it: the browser tests do.

The faces are not in the component's data: one stylesheet (:func:`faces_css`) draws every card
as a background image, and Streamlit sends an unchanged element only once per session (its
message cache), so a click sends the codes and their marks, a few hundred bytes, instead of
every face again (270 kB for a 48-card deck), and the browser decodes each face once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache

import streamlit as st

from chinchon.engine.cards import RANKS_48, Card
from chinchon.engine.rules import Rules
from chinchon.views.handlab import deck_rows
from chinchon.views.i18n import card_name
from chinchon.views.svg import card_data_uri, card_height

#: Marks a button may carry: a card taken into the hand (``twice``: both copies of two decks,
#: or both jokers), a wrong or the right answer.
STATES = ("taken", "twice", "wrong", "right")

_CSS = """
.cardbuttons { display: flex; flex-direction: column; gap: 6px; padding: 6px 0 4px; }
.cardbuttons-row, .cardbuttons-half, .cardbuttons-part {
  display: flex; flex-wrap: wrap; gap: var(--gap, 6px); }
/* A deck's suit comes in two halves: on a phone each half takes a line, never 8 + 4. */
@media (max-width: 640px) {
  .cardbuttons-half .cardbuttons-face { width: min(52px, calc((100vw - 4rem) / 6 - 6px)) !important;
    height: auto !important; aspect-ratio: var(--ratio); }
}
.cardbuttons button {
  padding: 0; border: 0; background: none; cursor: pointer; border-radius: 8px;
  line-height: 0; position: relative; transition: transform 90ms ease-out, opacity 90ms, box-shadow 90ms;
}
.cardbuttons-face { display: block; border-radius: 7px; background: center / 100% 100% no-repeat; }
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
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.label);
  root.style.setProperty("--gap", data.gap + "px");
  root.style.setProperty("--ratio", data.width + " / " + data.height);
  const button = (code) => {
    const state = data.states[code] || "";
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.card = code;
    b.dataset.state = state;
    b.setAttribute("aria-pressed", state === "taken" || state === "twice" ? "true" : "false");
    b.title = data.names[code];
    b.setAttribute("aria-label", data.names[code]);
    b.disabled = data.disabled;
    const face = document.createElement("span");
    face.className = "cardbuttons-face";
    face.dataset.face = code;
    face.style.width = data.width + "px";
    face.style.height = data.height + "px";
    b.appendChild(face);
    b.addEventListener("click", () => setTriggerValue("clicked", code));
    return b;
  };
  for (const row of data.rows) {
    const line = document.createElement("div");
    line.className = "cardbuttons-row";
    // A long row (a suit of the deck) in two halves, each kept whole on a narrow screen.
    const cut = Math.ceil(row.length / 2);
    const parts = row.length > 8 ? [row.slice(0, cut), row.slice(cut)] : [row];
    for (const codes of parts) {
      const part = document.createElement("div");
      part.className = parts.length > 1 ? "cardbuttons-half" : "cardbuttons-part";
      for (const code of codes) part.appendChild(button(code));
      line.appendChild(part);
    }
    root.appendChild(line);
  }
}
"""

# Not isolated in a shadow root, so that the page's one faces stylesheet reaches the buttons.
_COMPONENT = st.components.v2.component("chinchon_card_buttons", css=_CSS, js=_JS,
                                        isolate_styles=False)


@cache
def faces_css() -> str:
    """Every face of the largest deck and the joker, one rule per card code (they scale)."""
    codes = [f"{rank}{suit}" for suit in "oceb" for rank in RANKS_48] + ["JK"]
    return "".join(f'.cardbuttons-face[data-face="{code}"]'
                   f'{{background-image:url("{card_data_uri(code, width=72)}")}}'
                   for code in codes)


@lru_cache(maxsize=1024)
def _name(code: str, lang: str) -> str:
    return card_name(code, lang)


def card_buttons(rows: Sequence[Sequence[str]], lang: str, *, key: str, label: str,
                 on_click: Callable[[], None], states: Mapping[str, str | None] | None = None,
                 disabled: bool = False, width: int = 84, gap: int = 10) -> None:
    """Rows of clickable card faces; ``states`` marks codes with one of :data:`STATES`."""
    codes = {code for row in rows for code in row}
    marks = {code: state for code, state in (states or {}).items() if state in STATES}
    st.html(f"<style>{faces_css()}</style>")  # the same element each run: sent once
    _COMPONENT(
        key=key,
        data={"rows": [list(row) for row in rows], "label": label, "disabled": disabled,
              "names": {code: _name(code, lang) for code in codes},
              "states": marks, "width": width, "height": card_height(width), "gap": gap},
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
