"""The package's layers, read from its imports: the engine (one hand) imports neither the game
nor anything above it, the game never imports the pages' models or the store, the ratings import
nothing of the package, and no module
imports itself back through others (every import counts, also one inside a function or under
``TYPE_CHECKING``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "chinchon"

#: What each layer may not import (a prefix of a module's dotted name).
FORBIDDEN = {
    "chinchon.engine": ("chinchon.game", "chinchon.views", "chinchon.store", "chinchon.puzzles",
                        "chinchon.cli", "streamlit", "sqlalchemy", "alembic", "webui"),
    "chinchon.game": ("chinchon.views", "chinchon.store", "chinchon.puzzles", "chinchon.cli",
                      "streamlit", "sqlalchemy", "alembic", "webui"),
    "chinchon.views": ("streamlit", "webui", "chinchon.store"),
    # Pure rating functions that the game (the ladder) and the store (the puzzles) both use.
    "chinchon.ratings": ("chinchon.engine", "chinchon.game", "chinchon.views", "chinchon.store",
                         "chinchon.puzzles", "chinchon.cli", "streamlit", "sqlalchemy", "alembic",
                         "webui"),
    "chinchon.store": ("streamlit", "webui", "chinchon.views"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            # ``from chinchon.game import state`` imports the module chinchon.game.state
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: {other for other in imported(path) if other in modules and other != name}
            for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules around it, or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            # a package's __init__ is imported by its modules' imports; that is no circle
            if node.startswith(nxt + "."):
                continue
            cycle = visit(nxt, path + [node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


def test_no_import_circle() -> None:
    assert find_cycle(import_graph()) is None


def test_the_circle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_nothing_above_it(layer: str) -> None:
    offending = []
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name != layer and not name.startswith(layer + "."):
            continue
        for other in imported(path):
            if other.startswith(FORBIDDEN[layer]):
                offending.append(f"{name} imports {other}")
    assert offending == []


def test_relative_imports_resolve_within_the_package() -> None:
    # the walker reads relative imports too; the package has none today, so check one by hand
    probe = PACKAGE / "game" / "state.py"
    assert "chinchon.engine.rules" in imported(probe)
