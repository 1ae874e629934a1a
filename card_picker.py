"""A clickable deck: the card faces of a profile's deck, one row per suit, in a v2 component.

Clicking a face sends its code back to Python as a one-rerun trigger; the page toggles it in or
out of the hand. The component builds its buttons with DOM calls from card codes and fixed
translated names only, so no user text ever reaches its markup. AppTest cannot click inside
it: the browser tests do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import streamlit as st

from chinchon.cards import Card
from chinchon.handlab import deck_rows
from chinchon.i18n import card_name
from chinchon.rules import Rules
from chinchon.svg import card_data_uri

_CSS = """
.picker { display: flex; flex-direction: column; gap: 6px; }
.picker-row { display: flex; flex-wrap: wrap; gap: 4px; }
.picker button {
  padding: 0; border: 0; background: none; cursor: pointer; border-radius: 7px;
  transition: transform 80ms ease-out, opacity 80ms;
  line-height: 0;
}
.picker button img { display: block; border-radius: 6px; }
.picker button:hover { transform: translateY(-3px); }
.picker button:focus-visible { outline: 3px solid var(--st-primary-color); outline-offset: 2px; }
.picker button[aria-pressed="true"] { opacity: 0.28; transform: none; }
.picker button[aria-pressed="true"]:hover { opacity: 0.5; }
"""

_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector(".picker");
  if (!root) {
    root = document.createElement("div");
    root.className = "picker";
    parentElement.appendChild(root);
  }
  root.replaceChildren();
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.label);
  const held = new Set(data.selected);
  for (const row of data.rows) {
    const line = document.createElement("div");
    line.className = "picker-row";
    for (const code of row) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.card = code;
      button.setAttribute("aria-pressed", held.has(code) ? "true" : "false");
      button.title = data.names[code];
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

_PICKER = st.components.v2.component("chinchon_card_picker", css=_CSS, js=_JS)

@lru_cache(maxsize=16)
def _faces(rules: Rules, lang: str, width: int) -> tuple[tuple[tuple[str, ...], ...],
                                                          dict[str, str], dict[str, str]]:
    rows = tuple(tuple(card.code() for card in row) for row in deck_rows(rules))
    codes = [code for row in rows for code in row]
    uris = {code: card_data_uri(code, width=width) for code in codes}
    names = {code: card_name(code, lang) for code in codes}
    return rows, uris, names


def card_picker(rules: Rules, hand: Sequence[Card], *, lang: str, label: str, key: str,
                on_click: Callable[[], None], width: int = 50) -> str | None:
    """Draw the deck of ``rules`` with the cards of ``hand`` marked as taken.

    ``on_click`` runs (as a widget callback) when a face is clicked; read the clicked code
    there with ``ui.clicked_card(key)``. Returns the code clicked in this run, if any.
    """
    rows, uris, names = _faces(rules, lang, width)
    result = _PICKER(
        key=key,
        data={"rows": rows, "uris": uris, "names": names, "label": label,
              "selected": [card.code() for card in hand], "width": width},
        on_clicked_change=on_click,
    )
    value = result.get("clicked") if result is not None else None
    return value if isinstance(value, str) else None

