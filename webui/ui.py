"""Shared page helpers: page setup, the sidebar (language, rule profile, options), the pages'
links and footnotes.

Lives beside ``app.py`` rather than in ``chinchon/`` because the library never imports
Streamlit. Every page starts with ``lang, rules_id = setup_page("page_key")``; a page that
honours the sidebar's rule options (two decks, the ludoteka deck, jokers) then builds its rules
with ``current_rules(rules_id)``. The URL state helpers live in :mod:`webui.url_state`, the
card rows in :mod:`webui.cards`: import them from there. :func:`setup_page` puts the site's
stylesheet (``webui/site.css``: the colours as ``--cl-*`` variables) on every page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import streamlit as st

from chinchon import __version__
from chinchon.engine.rules import (
    OPTION_NAMES,
    OPTIONS,
    PROFILE_IDS,
    HouseRulesError,
    Rules,
    get_rules,
)
from chinchon.views import i18n
from chinchon.views.sources import HOUSE_MARK, OURS_MARK, Footnotes
from webui import errors
from webui.url_state import literal, url_value

RULE_IDS: tuple[str, ...] = PROFILE_IDS
DEFAULT_RULES = "barajamos"
PAGE_ICON = "🃏"
ROOT = Path(__file__).resolve().parent.parent
# Site pages in reading order: i18n key (``page.KEY``) and a word its file name in pages/ holds.
PAGE_WORDS: tuple[tuple[str, str], ...] = (
    ("rules_tour", "tour"),
    ("hand_lab", "hand"),
    ("layoffs", "lay"),
    ("variants", "variant"),
    ("puzzles", "puzzle"),
    ("odds", "odds"),
    ("progress", "progress"),
    ("play", "play"),
    ("tables", "tables"),
    ("house_rules", "house"),
    ("class", "class"),
)

#: The site's stylesheet (its colours as ``--cl-*`` variables, the rules shared markup needs),
#: read once a process and put on every page by :func:`setup_page`.
SITE_CSS = Path(__file__).with_name("site.css").read_text(encoding="utf-8")

# Session keys: the chosen values (kept across pages) and the widgets that edit them.
_STATE = {"lang": "_lang_select", "rules": "_rules_select"}
#: Session key of the house code (a profile id plus ``+key=value`` changes) being played.
HOUSE_KEY = "house_code"

# Options that add cards (a second deck, jokers): an on/off switch to their one other value.
# Any other option with choices (the deck size) gets a segmented control of its values.
_SWITCHES = frozenset({"decks", "jokers"})


def option_key(name: str) -> str:
    """The session key of option ``name``'s chosen value, kept across pages."""
    return f"option_{name}"


def option_widget_key(name: str) -> str:
    """The session key of the sidebar widget that edits option ``name``."""
    return f"_option_{name}_select"


@cache
def option_defaults(rules_id: str) -> dict[str, int]:
    """Each option of the profile at its default: what the profile as written plays."""
    deck = get_rules(rules_id).deck
    found = {"decks": deck.copies, "deck": deck.size, "jokers": deck.jokers}
    return {name: found[name] for name in OPTIONS[rules_id]}


def offered_options(rules_id: str) -> tuple[str, ...]:
    """The options the sidebar shows for the profile: those with a choice of values."""
    return tuple(name for name, allowed in OPTIONS[rules_id].items() if len(allowed) > 1)


def current_options(rules_id: str) -> dict[str, int]:
    """The options chosen for ``rules_id`` this session that differ from its defaults."""
    defaults = option_defaults(rules_id)
    chosen = {name: st.session_state.get(option_key(name)) for name in defaults}
    return {name: value for name, value in chosen.items()
            if value in OPTIONS[rules_id][name] and value != defaults[name]}


def house_code(rules_id: str) -> str | None:
    """This session's house code for ``rules_id`` (the URL's ``rules`` when it has changes),
    or None when the table plays the profile as written."""
    code = st.session_state.get(HOUSE_KEY)
    return code if isinstance(code, str) and code.split("+")[0] == rules_id else None


def current_rules(rules_id: str) -> Rules:
    """The profile with the house rules and the sidebar's options applied (call after
    :func:`setup_page`)."""
    return get_rules(house_code(rules_id) or rules_id, **current_options(rules_id))


def set_house_code(code: str | None) -> None:
    """Make ``code`` (a house code, checked by the caller) the session's rules and put it in
    the URL; None goes back to the profile as written."""
    if code is None or "+" not in code:
        st.session_state.pop(HOUSE_KEY, None)
    else:
        st.session_state[HOUSE_KEY] = code
    base = (code or st.session_state.get("rules", DEFAULT_RULES)).split("+")[0]
    st.query_params["rules"] = code or base


def page_files() -> list[str]:
    """Every page script, as a path relative to app.py, in Streamlit's order (by file name)."""
    return [path for path, _, _ in _pages()]


@cache  # read once a process: every page's sidebar listed pages/ (a glob) 27 times a run
def _pages() -> tuple[tuple[str, str | None, str], ...]:
    """Each page script: its path, its i18n page key (None: no known word) and a name made
    from its file name (the link of a page with no key). A page added while serving shows
    after a restart."""
    found = []
    for file in sorted((ROOT / "pages").glob("*.py")):
        path = f"pages/{file.name}"
        found.append((path, page_key(path),
                      re.sub(r"^[\d_\s-]+", "", file.stem).replace("_", " ")))
    return tuple(found)


def page_key(path: str) -> str | None:
    """The i18n page key of a page script, from the word its file name holds."""
    # A word starts a part of the name ("3_Layoff_table" holds "lay", "9_Play" does not).
    parts = Path(path).stem.lower().replace("-", "_").split("_")
    return next((key for key, word in PAGE_WORDS if any(p.startswith(word) for p in parts)),
                None)


def find_page(key: str) -> str | None:
    """The page script for ``key`` (``"hand_lab"``), or None while nobody has written it."""
    return next((path for path, found, _ in _pages() if found == key), None)


def _nav(lang: str, rules_id: str) -> None:
    """Translated links to every page; they carry the language, profile and options in the URL."""
    state = {"lang": lang, "rules": house_code(rules_id) or rules_id,
             **{name: str(value) for name, value in current_options(rules_id).items()}}
    st.page_link("app.py", label=i18n.t("page.home", lang), query_params=state)
    for path, key, name in _pages():
        # A page with no known word still gets a link, named after its file.
        label = i18n.t(f"page.{key}", lang) if key else name
        st.page_link(path, label=label, query_params=state)
    st.divider()


def _from_url(name: str, valid: Sequence[str], lang: str | None = None
              ) -> tuple[str | None, str | None]:
    """``(value, bad)``: the URL's value for ``name`` if valid, else the raw bad value; both
    None when this run does not read the URL (see :func:`url_arrival`)."""
    raw = url_value(name, name, lang=lang)
    if raw is None:
        return None, None
    value = raw.strip().lower()
    return (value, None) if value in valid else (None, raw)


def _on_select(name: str) -> None:
    """Sidebar callback: the new choice goes to the session and to the URL before the rerun."""
    value = st.session_state[_STATE[name]]
    st.session_state[name] = value
    if name == "rules":
        st.session_state.pop(HOUSE_KEY, None)  # another profile: the house changes go
    st.query_params[name] = house_code(value) or value if name == "rules" else value
    if name == "rules":  # the user's own change: options the new profile lacks go quietly
        for option in OPTION_NAMES:
            raw = st.query_params.get(option)
            if raw is not None and _option_value(value, option, raw) is None:
                del st.query_params[option]


def _on_option(rules_id: str, name: str) -> None:
    """Sidebar callback of an option widget: the value goes to the session and the URL."""
    chosen = st.session_state[option_widget_key(name)]
    default = option_defaults(rules_id)[name]
    if name in _SWITCHES:
        chosen = _switch_value(rules_id, name) if chosen else default
    value = default if chosen is None else int(chosen)
    st.session_state[option_key(name)] = value
    _option_to_url(name, value, default)


def _switch_value(rules_id: str, name: str) -> int:
    """The value a switch turns option ``name`` to: its one allowed value besides the default."""
    default = option_defaults(rules_id)[name]
    return next(value for value in OPTIONS[rules_id][name] if value != default)


def _option_to_url(name: str, value: int, default: int) -> None:
    """Only a value other than the default goes into the URL."""
    if value != default:
        if st.query_params.get(name) != str(value):
            st.query_params[name] = str(value)
    elif name in st.query_params:
        del st.query_params[name]


def _option_value(rules_id: str, name: str, raw: str) -> int | None:
    """The URL's text for option ``name`` as a value the profile allows, else None."""
    text = raw.strip()
    return next((value for value in OPTIONS[rules_id].get(name, ()) if str(value) == text), None)


def _resolve_options(rules_id: str, lang: str) -> dict[str, int]:
    """Each option of the profile: URL first, then this session's choice, then the default.

    A URL value the profile does not allow (or an option it lacks) gets a warning naming it.
    """
    defaults = option_defaults(rules_id)
    profile = i18n.t(f"profile.{rules_id}.name", lang)
    values: dict[str, int] = {}
    for name in OPTION_NAMES:
        raw = url_value(name, option_key(name), lang=lang)
        from_url = None if raw is None else _option_value(rules_id, name, raw)
        if raw is not None and from_url is None:
            if name in defaults:
                message = i18n.t(
                    "warning.bad_option", lang, option=literal(name), value=literal(raw),
                    profile=profile, fallback=defaults[name],
                    allowed=" / ".join(map(str, OPTIONS[rules_id][name])))
            else:
                message = i18n.t("warning.no_option", lang, option=literal(name),
                                 value=literal(raw), profile=profile)
            st.warning(message, icon="⚠️")
        if name not in defaults:
            st.session_state.pop(option_key(name), None)
            continue
        remembered = st.session_state.get(option_key(name))
        if from_url is not None:
            values[name] = from_url
        elif raw is None and remembered in OPTIONS[rules_id][name]:
            values[name] = remembered
        else:
            values[name] = defaults[name]
    return values


def _option_widgets(rules_id: str, lang: str) -> None:
    """The sidebar's controls for the options the profile offers (none for fournier)."""
    rules = current_rules(rules_id)
    for name in offered_options(rules_id):
        key = option_widget_key(name)
        value = st.session_state[option_key(name)]
        label_args = {"n": _switch_value(rules_id, name)} if name in _SWITCHES else {}
        label = i18n.t(f"sidebar.option.{name}", lang, **label_args)
        help_text = i18n.t(f"sidebar.option.{name}_help", lang,
                           players=rules.two_decks_from, points=rules.joker_points)
        if name in _SWITCHES:
            st.session_state[key] = value != option_defaults(rules_id)[name]
            st.toggle(label, key=key, help=help_text, on_change=_on_option,
                      args=(rules_id, name))
        else:
            st.session_state[key] = value
            st.segmented_control(
                label, OPTIONS[rules_id][name], key=key, required=True, help=help_text,
                format_func=lambda n: i18n.t("sidebar.option.cards", lang, n=n),
                on_change=_on_option, args=(rules_id, name))


def _house_from_url() -> tuple[str, str] | None:
    """Read a house code in the URL's ``rules`` into the session; ``(code, bad part)`` when it
    is a house code that cannot be read. A plain profile id clears the house changes. Read on
    arriving only (:func:`url_arrival`): on a rerun the session's house rules stand."""
    raw = url_value("rules", "rules")
    if raw is None:
        return None
    text = raw.strip()
    if text in RULE_IDS:
        st.session_state.pop(HOUSE_KEY, None)
        return None
    if not re.search(r"[+\s]", text):
        return None  # an unknown plain id: the profile warning says so
    try:
        rules = get_rules(text)
    except HouseRulesError as error:
        base = re.split(r"[+\s]", text)[0]
        if base in RULE_IDS:
            st.query_params["rules"] = base
        else:
            del st.query_params["rules"]
        return text, error.part
    code = rules.code()
    st.query_params["rules"] = rules.id  # the profile picker reads the id
    if "+" in code:
        st.session_state[HOUSE_KEY] = code
        st.session_state["rules"] = rules.id
    else:
        st.session_state.pop(HOUSE_KEY, None)
    return None


def _resolve(name: str, valid: Sequence[str], default: str) -> tuple[str, str | None]:
    """URL first (when this run reads it: :func:`url_arrival`), then this session's earlier
    choice, then ``default``; plus any bad URL value."""
    from_url, bad = _from_url(name, valid)
    remembered = st.session_state.get(name)
    value = from_url or (remembered if remembered in valid else None) or default
    return value, bad


def setup_page(page_key: str, *, sidebar: str = "auto",
               rules_picker: bool = True) -> tuple[str, str]:
    """Configure the page, draw the shared sidebar and return ``(lang, rules_id)``.

    On arriving at the page (:func:`url_arrival`) the URL's ``lang`` and ``rules`` win; on
    later reruns the session's choices do (the browser's URL may lag behind them). A bad value
    shows a warning naming it and falls back
    to the session's choice, then the browser's language (for ``lang``) or ``barajamos``. The
    profile's options (``decks``, ``deck``, ``jokers``, from ``chinchon.engine.rules.OPTIONS``) follow
    the same order and fall back to the profile's default; only values other than the default
    go into the URL. The chosen values are written back into the URL, so a copied link
    reproduces the page. Read the options with :func:`current_rules`. ``sidebar="collapsed"``
    starts the page with its sidebar folded away (a projector's full width).
    ``rules_picker=False`` is for a page that plays rules of its own (a table's seat): the
    sidebar says so instead of offering a profile, and the address carries no rules.
    """
    locale_lang = i18n.choose_language(None, st.context.locale)
    lang, bad_lang = _resolve("lang", i18n.LANGUAGES, locale_lang)
    bad_house = _house_from_url()
    rules_id, bad_rules = _resolve("rules", RULE_IDS, DEFAULT_RULES)
    if bad_house is not None:
        bad_rules = None  # warned about below, naming the part that is wrong

    errors.guard(page_key, lang)  # an unexpected error: a message in lang, never a traceback
    page = i18n.t(f"page.{page_key}", lang)
    st.set_page_config(
        page_title=i18n.t("app.page_title", lang, page=page),
        page_icon=PAGE_ICON,
        layout="wide",
        initial_sidebar_state="collapsed" if sidebar == "collapsed" else "auto",
    )
    page_css(SITE_CSS)  # the site's colours and shared rules, before anything is drawn
    if bad_lang is not None:
        st.warning(
            i18n.t(
                "warning.bad_lang",
                lang,
                value=literal(bad_lang),
                fallback=i18n.LANGUAGE_NAMES[lang],
            ),
            icon="⚠️",
        )
    if bad_rules is not None:
        st.warning(
            i18n.t(
                "warning.bad_rules",
                lang,
                value=literal(bad_rules),
                fallback=i18n.t(f"profile.{rules_id}.name", lang),
            ),
            icon="⚠️",
        )

    if bad_house is not None:
        st.warning(i18n.t("warning.bad_house", lang, value=literal(bad_house[0]),
                          part=literal(bad_house[1]),
                          fallback=i18n.t(f"profile.{rules_id}.name", lang)), icon="⚠️")
    for name, value in (("lang", lang), ("rules", rules_id)):
        st.session_state[name] = value
        st.session_state[_STATE[name]] = value  # before the widget exists, so no conflict
        shown = house_code(value) or value if name == "rules" else value
        if st.query_params.get(name) != shown:
            st.query_params[name] = shown
    options = _resolve_options(rules_id, lang)
    for option, chosen in options.items():
        st.session_state[option_key(option)] = chosen
        _option_to_url(option, chosen, option_defaults(rules_id)[option])
    for name in OPTION_NAMES:
        if name not in options and name in st.query_params:
            del st.query_params[name]  # warned about above
    if not rules_picker:  # the page plays its own rules: its address carries no sidebar's
        for name in ("rules", *OPTION_NAMES):
            st.query_params.pop(name, None)

    with st.sidebar:
        _nav(lang, rules_id)
        st.selectbox(
            i18n.t("sidebar.language", lang),
            i18n.LANGUAGES,
            format_func=i18n.LANGUAGE_NAMES.__getitem__,
            key=_STATE["lang"],
            on_change=_on_select,
            args=("lang",),
        )
        if rules_picker:
            _rules_sidebar(rules_id, lang)
        else:
            st.caption(i18n.t("sidebar.rules_own", lang))
        st.caption(f"Chinchón Lab {__version__}")  # the release, as CHANGELOG.md names it
    return lang, rules_id


def _rules_sidebar(rules_id: str, lang: str) -> None:
    """The sidebar's rule profile, its options, the house code played and the hint that the
    address keeps them."""
    st.selectbox(
        i18n.t("sidebar.rules", lang),
        RULE_IDS,
        format_func=lambda rid: i18n.t(f"profile.{rid}.name", lang),
        key=_STATE["rules"],
        help=i18n.t("sidebar.rules_help", lang),
        on_change=_on_select,
        args=("rules",),
    )
    _option_widgets(rules_id, lang)
    code = house_code(rules_id)
    if code is not None:
        st.caption(i18n.t("sidebar.house_on", lang))
        st.code(code, language=None)
    st.caption(i18n.t("sidebar.share_hint", lang))


def page_css(css: str) -> None:
    """Style rules for this page (fixed text of the code, never user input)."""
    st.html(f"<style>{css}</style>")


def show_footnotes(notes: Footnotes, lang: str) -> None:
    """The sources a page marked, once each, by title and publisher; then what ✎ means."""
    text = footnotes_text(notes, lang)
    if text:
        st.caption(text)


def footnotes_text(notes: Footnotes, lang: str) -> str:
    """What :func:`show_footnotes` shows, as markdown ("" when nothing was marked)."""
    lines = [i18n.t("sources.entry", lang, mark=mark, publisher=found.publisher,
                    title=found.title, language=i18n.t(f"sources.language.{found.language}",
                                                       lang))
             for mark, found in notes.entries()]
    if notes.ours:
        lines.append(i18n.t("sources.ours", lang, mark=OURS_MARK))
    if notes.house:
        lines.append(i18n.t("sources.house", lang, mark=HOUSE_MARK))
    return "  \n".join(lines)
