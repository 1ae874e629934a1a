"""Clickable card faces, in one v2 component: the hand lab's deck picker, the puzzle's hand, the
Play table's hand and its draw and close buttons.

A click sends the card's code back to Python as a one-rerun trigger; read it inside the
``on_click`` callback with :func:`clicked_card`. Every card button carries ``data-card="<code>"``.
Optional action buttons (:class:`ActionButton`) carry ``data-action="<name>"`` and send their
name to ``on_action``, read with :func:`clicked_action`. Both parse what the browser sent like
any user input: a value that is not one of the codes or actions drawn (a tampered websocket
message) gives a warning naming it, never a traceback. The component builds its buttons with
DOM calls from card codes and fixed translated names only, so no user text ever reaches its
markup. ``data-card`` and ``data-action`` are a contract: scripts and tests find buttons by them.
AppTest cannot click inside it: the browser tests do.

The faces are not in the component's data: each button's face is a background image, a
static file (:mod:`webui.faces`) named by its address, so a click sends the codes, their marks
and addresses, a few kB (the faces were a 270 kB stylesheet of data URIs, hashed by the server
at every run); the browser loads each face once for every page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.views.handlab import deck_rows
from chinchon.views.i18n import LANGUAGES, card_name, t
from chinchon.views.svg import card_height
from webui.faces import back_url, face_url
from webui.url_state import literal

#: Marks a button may carry: a card taken into the hand (``twice``: both copies of two decks,
#: or both jokers), a wrong or the right answer; on the Play table the card just drawn
#: (``new``), a card you may close with (``closes``) and the coach's hint (``hint``).
STATES = ("taken", "twice", "wrong", "right", "new", "closes", "hint")


@dataclass(frozen=True)
class ActionButton:
    """A button beside the cards, ``data-action="<action>"``: a card face (``card``), a card
    back (``back``) or text only; ``label`` (fixed, translated text) is shown under it."""

    action: str
    label: str
    disabled: bool = False
    title: str = ""
    card: str | None = None
    back: bool = False
    primary: bool = False
    #: One of :data:`STATES` (e.g. ``hint``), shown like a card's mark.
    state: str | None = None

_CSS = """
.cardbuttons { display: flex; flex-direction: column; gap: 6px; padding: 6px 0 4px; }
.cardbuttons-row, .cardbuttons-half {
  display: flex; flex-wrap: wrap; gap: var(--gap, 6px); }
.cardbuttons-face { display: block; border-radius: 7px; background: center / 100% 100% no-repeat; }
/* A deck's suit comes in two halves: on a phone each half takes a line, never 8 + 4. */
@media (max-width: 640px) {
  .cardbuttons-half .cardbuttons-face { width: min(52px, calc((100vw - 4rem) / 6 - 6px)) !important;
    height: auto !important; aspect-ratio: var(--ratio); }
}
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
.cardbuttons button[data-state="new"] { box-shadow: 0 0 0 3px #2b6cb0; }
.cardbuttons button[data-state="closes"] { box-shadow: 0 0 0 4px #1f7a4d; }
.cardbuttons button[data-state="hint"] { box-shadow: 0 0 0 4px #e0a21b; transform: translateY(-6px); }
.cardbuttons.inline { flex-direction: row; flex-wrap: wrap; column-gap: 18px; }
.cardbuttons figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 2px; }
.cardbuttons figcaption { font: 12px/1.25 sans-serif; text-align: center; max-width: 9em; opacity: 0.85; }
.cardbuttons-actions { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-end; }
.cardbuttons button.action-text {
  line-height: 1.3; padding: 8px 16px; border-radius: 8px; font: 600 15px/1.3 sans-serif;
  border: 1px solid rgba(128,128,128,0.5); background: var(--st-secondary-background-color, #f0f2f6);
  color: inherit; min-height: 40px;
}
.cardbuttons button.action-text.primary {
  background: var(--st-primary-color, #1f7a4d); color: #fff; border-color: transparent;
}
.cardbuttons-actions button:disabled { opacity: 0.45; }
.cardbuttons-actions button:disabled:hover { transform: none; }
.cardbuttons button[data-highlight="1"] { box-shadow: 0 0 0 4px #e0a21b; transform: translateY(-6px); }
/* fit: one row that never wraps; on a narrow screen the cards overlap like a fanned hand,
   each keeping a strip to click (the last one whole). */
.cardbuttons.fit .cardbuttons-row { flex-wrap: nowrap; }
.cardbuttons.fit button { flex: 0 1 auto; min-width: 0; }
.cardbuttons.fit button:last-child { flex-shrink: 0; }
.cardbuttons.fit button[data-highlight="1"], .cardbuttons.fit button[data-state="right"],
.cardbuttons.fit button:hover { z-index: 1; }
.cardbuttons.fit button .cardbuttons-face, .cardbuttons.fit button img {
  max-width: none; flex-shrink: 0; box-shadow: -2px 0 4px rgba(0, 0, 0, 0.18); }
.cardbuttons.fit button { display: flex; overflow: visible; }
/* fit with captions (the Play hand after a draw, each card's points under it): overlapped
   cards would hide the numbers, so on a phone the cards shrink to share the row instead. */
@media (max-width: 640px) {
  .cardbuttons.fit .cardbuttons-row > figure { flex: 1 1 0; min-width: 0; }
  .cardbuttons.fit .cardbuttons-row > figure button { width: 100%; }
  .cardbuttons.fit .cardbuttons-row > figure .cardbuttons-face {
    width: 100% !important; height: auto !important; aspect-ratio: var(--ratio); box-shadow: none; }
}
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
  root.classList.toggle("inline", !!data.inline);
  root.classList.toggle("fit", !!data.fit);
  const face = (code) => {
    const span = document.createElement("span");
    span.className = "cardbuttons-face";
    span.dataset.face = code;
    span.style.backgroundImage = 'url("' + data.faces[code] + '")';
    span.style.width = data.width + "px";
    span.style.height = data.height + "px";
    return span;
  };
  const captioned = (button, text) => {
    if (!text) return button;
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = text;
    figure.append(button, caption);
    return figure;
  };
  if (data.actions && data.actions.length) {
    const line = document.createElement("div");
    line.className = "cardbuttons-actions";
    for (const act of data.actions) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = act.action;
      if (act.card) button.dataset.card = act.card;
      if (act.state) button.dataset.state = act.state;
      button.disabled = !!act.disabled;
      button.title = act.title || act.label;
      if (act.card || act.back) {
        button.setAttribute("aria-label", act.label);
        if (act.card) {
          button.appendChild(face(act.card));
        } else {
          const img = document.createElement("img");
          img.src = data.back;
          img.alt = act.label;
          img.width = data.width;
          button.appendChild(img);
        }
        button.addEventListener("click", () => setTriggerValue("action", act.action));
        line.appendChild(captioned(button, act.label));
      } else {
        button.className = "action-text" + (act.primary ? " primary" : "");
        button.textContent = act.label;
        button.addEventListener("click", () => setTriggerValue("action", act.action));
        line.appendChild(button);
      }
    }
    root.appendChild(line);
  }
  const cardButton = (code) => {
    const state = data.states[code] || "";
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.card = code;
    button.dataset.state = state;
    if ((data.highlight || []).includes(code)) button.dataset.highlight = "1";
    button.setAttribute("aria-pressed", state === "taken" || state === "twice" ? "true" : "false");
    button.title = data.names[code];
    button.setAttribute("aria-label", data.names[code]);
    button.disabled = data.disabled;
    button.appendChild(face(code));
    button.addEventListener("click", () => setTriggerValue("clicked", code));
    return captioned(button, (data.captions || {})[code]);
  };
  for (const row of data.rows) {
    const line = document.createElement("div");
    line.className = "cardbuttons-row";
    // A long row (a suit of the deck) in two halves, each kept whole on a narrow screen.
    // A short row (a hand) keeps its buttons as the row's own children (``fit`` lays them).
    const cut = Math.ceil(row.length / 2);
    if (row.length > 8 && !data.fit) {
      for (const codes of [row.slice(0, cut), row.slice(cut)]) {
        const part = document.createElement("div");
        part.className = "cardbuttons-half";
        for (const code of codes) part.appendChild(cardButton(code));
        line.appendChild(part);
      }
    } else {
      for (const code of row) line.appendChild(cardButton(code));
    }
    root.appendChild(line);
  }
}
"""

# Not isolated in a shadow root: the page's styles (theme colours) reach the buttons, and a
# face's relative address resolves against the page's.
_COMPONENT = st.components.v2.component("chinchon_card_buttons", css=_CSS, js=_JS,
                                        isolate_styles=False)


@lru_cache(maxsize=1024)
def _name(code: str, lang: str) -> str:
    return card_name(code, lang)


def card_buttons(rows: Sequence[Sequence[str]], lang: str, *, key: str, label: str,
                 on_click: Callable[[], None], states: Mapping[str, str | None] | None = None,
                 disabled: bool = False, width: int = 84, gap: int = 10,
                 captions: Mapping[str, str] | None = None,
                 actions: Sequence[ActionButton] = (),
                 on_action: Callable[[], None] | None = None, inline: bool = False,
                 highlight: Collection[str] = (), fit: bool = False,
                 wild: Collection[str] = ()) -> None:
    """Rows of clickable card faces; ``states`` marks codes with one of :data:`STATES`.

    ``captions`` puts a short text under a card; ``actions`` are buttons shown before the
    cards (their clicks go to ``on_action``); ``inline`` lays the rows side by side (groups);
    ``highlight`` rings codes whatever their state (the puzzle's hint); ``fit`` keeps each row
    on one line, the cards overlapping where the screen is too narrow; the faces of ``wild``
    codes carry the wild card's mark.
    """
    codes = {code for row in rows for code in row} | {a.card for a in actions if a.card}
    st.session_state[_offered_key(key)] = (frozenset(code for row in rows for code in row),
                                           frozenset(a.action for a in actions))
    marks = {code: state for code, state in (states or {}).items() if state in STATES}
    data: dict[str, object] = {
        "rows": [list(row) for row in rows], "label": label, "disabled": disabled,
        "names": {code: _name(code, lang) for code in codes}, "states": marks,
        "faces": {code: face_url(code, None, lang, wild=code in wild) for code in codes},
        "width": width, "height": card_height(width), "gap": gap}
    if captions:
        data["captions"] = dict(captions)
    if actions:
        data["actions"] = [{"action": a.action, "label": a.label, "disabled": a.disabled,
                            "title": a.title, "card": a.card, "back": a.back,
                            "primary": a.primary,
                            "state": a.state if a.state in STATES else None}
                           for a in actions]
        data["back"] = back_url()
    if inline:
        data["inline"] = True
    if highlight:
        data["highlight"] = sorted(highlight)
    if fit:
        data["fit"] = True
    if on_action is None:
        _COMPONENT(key=key, data=data, on_clicked_change=on_click)
    else:
        _COMPONENT(key=key, data=data, on_clicked_change=on_click, on_action_change=on_action)


def card_picker(rules: Rules, hand: Sequence[Card], *, lang: str, label: str, key: str,
                on_click: Callable[[], None], width: int = 50) -> None:
    """The deck of ``rules``, one row per suit (jokers last), the cards of ``hand`` marked as
    taken, or ``twice`` when the hand holds two copies (two decks, two jokers)."""
    rows = [[card.code() for card in row] for row in deck_rows(rules)]
    held = Counter(card.code() for card in hand)
    card_buttons(rows, lang, key=key, label=label, on_click=on_click, width=width, gap=4,
                 states={code: "twice" if count > 1 else "taken" for code, count in held.items()})


def _offered_key(key: str) -> str:
    return f"_{key}_offered"


def parse_click(state: Any, offered: Collection[str], field: str = "clicked"
                ) -> tuple[str | None, Any]:
    """``(value, None)`` for a click on one of the ``offered`` codes (or action names, with
    ``field="action"``), ``(None, None)`` for no click, ``(None, bad)`` for anything else the
    browser sent (a code not drawn, text, a number, a list, a state that is not an object).

    >>> parse_click({"clicked": "7o"}, {"7o", "7c"})
    ('7o', None)
    >>> parse_click({"clicked": "8o"}, {"7o"}), parse_click("x", {"7o"})
    ((None, '8o'), (None, 'x'))
    """
    if state is None:
        return None, None
    if not isinstance(state, Mapping):
        return None, state
    value = state.get(field)
    if value is None:
        return None, None
    if isinstance(value, str) and value in offered:
        return value, None
    return None, value


def _parsed(key: str, field: str) -> str | None:
    cards, actions = st.session_state.get(_offered_key(key), (frozenset(), frozenset()))
    value, bad = parse_click(st.session_state.get(key), cards if field == "clicked" else actions,
                             field)
    if bad is not None:
        lang = st.session_state.get("lang")
        text = bad if isinstance(bad, str) else repr(bad)
        st.warning(t("warning.bad_click", lang if lang in LANGUAGES else LANGUAGES[0],
                     value=literal(text)), icon="⚠️")
    return value


def clicked_card(key: str) -> str | None:
    """Inside ``on_click`` of :func:`card_buttons`: the code of the card just clicked, one of
    those drawn; any other value shows a warning naming it and gives None."""
    return _parsed(key, "clicked")


def clicked_action(key: str) -> str | None:
    """Inside ``on_action`` of :func:`card_buttons`: the name of the action button clicked, one
    of those drawn; any other value shows a warning naming it and gives None."""
    return _parsed(key, "action")
