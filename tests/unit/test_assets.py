"""Front-end assets are files (issue 32): a component's JavaScript and CSS live beside its module
as ``.js``/``.css`` files read once at import, never as Python strings; the site's colours are
named once, as ``--cl-*`` variables in ``webui/site.css``, and agree with the theme and with the
rings drawn into the SVG faces."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from webui import card_buttons, cards, keys, ui

ROOT = Path(__file__).resolve().parents[2]
WEBUI = ROOT / "webui"
#: The shared components' modules. Every module of webui/ should pass once each area has moved
#: its own assets out (issue 32): widen this to ``WEBUI.glob("*.py")`` then.
MODULES = ("card_buttons", "cards", "keys", "ui", "url_state", "faces", "stepper", "errors")
#: The shared components' stylesheets, which name colours only through the site's variables.
STYLESHEETS = ("card_buttons.css", "cards.css", "keys.css")

HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
CSS_RULE = re.compile(r"[\w\]\)*-]\s*\{[^{}]*[\w-]\s*:[^{}]*\}")
SCRIPT = re.compile(r"\bexport\s+default\b|\bfunction\s*\(|=>\s*\{|\bdocument\.")


def site_colours() -> dict[str, str]:
    """The ``--cl-*`` variables of the site stylesheet's ``:root`` block."""
    text = (WEBUI / "site.css").read_text(encoding="utf-8")
    (block,) = re.findall(r":root\s*\{([^}]*)\}", text)
    return dict(re.findall(r"--(cl-[\w-]+)\s*:\s*([^;]+);", block))


def strings(path: Path) -> list[str]:
    """Every string the module's code holds (the fixed parts of an f-string too), docstrings
    aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def test_the_site_colours_are_the_themes_and_the_rings_drawn_into_faces() -> None:
    colours = site_colours()
    theme = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["theme"]
    assert [colours[name] for name in ("cl-felt", "cl-paper", "cl-paper-alt", "cl-ink",
                                       "cl-link")] == [
        theme["primaryColor"], theme["backgroundColor"], theme["secondaryBackgroundColor"],
        theme["textColor"], theme["linkColor"]]
    # The faces' rings are SVG, drawn by Python: the same values as the marks' CSS.
    assert colours["cl-gold"] == cards.LOOSE_RING
    assert colours["cl-purple"] == cards.LAID_RING
    assert len(set(colours.values())) == len(colours), "one variable per colour"


@pytest.mark.parametrize("name", STYLESHEETS)
def test_a_components_stylesheet_names_colours_through_the_site_variables(name: str) -> None:
    text = (WEBUI / name).read_text(encoding="utf-8")
    assert not HEX.findall(text), f"{name}: a colour written out; use a --cl-* variable"


def test_every_site_variable_used_is_defined() -> None:
    defined = set(site_colours())
    for path in [*WEBUI.glob("*.css"), *WEBUI.glob("*.js"), *WEBUI.glob("*.py"),
                 *(ROOT / "pages").glob("*.py")]:
        used = set(re.findall(r"var\(\s*--(cl-[\w-]+)", path.read_text(encoding="utf-8")))
        assert used <= defined, f"{path.name} uses undefined {sorted(used - defined)}"


@pytest.mark.parametrize("module", MODULES)
def test_no_stylesheet_or_script_is_a_python_string(module: str) -> None:
    for text in strings(WEBUI / f"{module}.py"):
        assert not CSS_RULE.search(text), f"{module}.py holds CSS: {text[:60]!r}"
        assert not SCRIPT.search(text), f"{module}.py holds JavaScript: {text[:60]!r}"


def test_the_assets_are_the_files_beside_their_modules() -> None:
    assert (WEBUI / "site.css").read_text(encoding="utf-8") == ui.SITE_CSS
    assert (WEBUI / "keys.css").read_text(encoding="utf-8") == keys._HINT_CSS
    assert (WEBUI / "cards.css").read_text(encoding="utf-8") == cards._SCORES_CSS
    for module, files in ((card_buttons, {"css": "card_buttons.css", "js": "card_buttons.js"}),
                          (keys, {"js": "keys.js"})):
        source = Path(module.__file__ or "")
        (call,) = [node for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(
                       "components.v2.component")]
        given = {kw.arg: ast.unparse(kw.value) for kw in call.keywords if kw.arg in ("css", "js")}
        assert given == {kind: f"Path(__file__).with_name({name!r}).read_text(encoding='utf-8')"
                         for kind, name in files.items()}
        assert all((WEBUI / name).is_file() for name in files.values())


def test_the_card_buttons_script_keeps_the_hooks_tests_and_scripts_use() -> None:
    script = (WEBUI / "card_buttons.js").read_text(encoding="utf-8")
    assert "export default function (component)" in script
    for hook in ("button.dataset.card = code", "button.dataset.action = act.action",
                 'setTriggerValue("clicked", code)', 'setTriggerValue("action", act.action)'):
        assert hook in script
    # Built with DOM calls from codes and fixed names only: no markup from the data.
    assert "innerHTML" not in script
