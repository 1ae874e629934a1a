"""The layers, read from every import of the tree: the library (``chinchon/``), the Streamlit
side (``webui/``, ``pages/``, ``app.py``, ``site_app.py``), the benchmarks, the harness they
share with the tests, the tests and ``docs/screenshots.py``.

No module imports itself back through others, anywhere; and each layer imports only what the
rules below let it (every import counts, also one inside a function or under
``TYPE_CHECKING``). The rules name layers by prefix, so a package that does not exist yet
(``chinchon/services/``, ``chinchon/store/rows/``) is held to its rule from its first module.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What is read: folders (every ``*.py`` under them) and single files.
SOURCES = ("chinchon", "webui", "pages", "benchmarks", "harness", "tests", "app.py",
           "site_app.py", "docs/screenshots.py")
#: Everything that is not the library: the library imports none of it.
OUTSIDE_THE_LIBRARY = ("webui", "pages", "benchmarks", "harness", "tests", "docs", "app",
                       "site_app")
#: The command line, on top of the library (``chinchon.cli``, ``chinchon.cli_db``…).
CLI = "chinchon.cli*"
DATABASE = ("sqlalchemy", "alembic")


@dataclass(frozen=True)
class Rule:
    """What the modules under ``layer`` may import. ``forbidden``: prefixes of dotted names
    (``a.b`` is ``a.b`` and everything under it; ``a.b*`` any name starting so). ``only``:
    of the library's modules, just these. ``stdlib_only``: of the rest, just the standard
    library."""

    layer: str
    forbidden: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None
    stdlib_only: bool = False


RULES = (
    Rule("chinchon", forbidden=("streamlit", *OUTSIDE_THE_LIBRARY)),
    Rule("chinchon.engine", forbidden=DATABASE, only=("chinchon.engine",)),
    Rule("chinchon.game", forbidden=DATABASE,
         only=("chinchon.engine", "chinchon.game", "chinchon.ratings")),
    Rule("chinchon.puzzles", forbidden=DATABASE,
         only=("chinchon.engine", "chinchon.game", "chinchon.ratings", "chinchon.puzzles",
               "chinchon.user_files")),
    # Pure rating functions that the game (the ladder) and the store (the puzzles) both use.
    Rule("chinchon.ratings", forbidden=DATABASE, only=("chinchon.ratings",)),
    # The page models: computed from plain rows, never from the database.
    Rule("chinchon.views", forbidden=DATABASE,
         only=("chinchon.engine", "chinchon.game", "chinchon.puzzles", "chinchon.ratings",
               "chinchon.store.rows", "chinchon.views")),
    Rule("chinchon.store", forbidden=("chinchon.views", "chinchon.services", CLI)),
    # The plain rows the views read: no database, no other store module.
    Rule("chinchon.store.rows", stdlib_only=True,
         only=("chinchon.engine", "chinchon.game", "chinchon.ratings", "chinchon.puzzles",
               "chinchon.store.rows")),
    Rule("chinchon.services", forbidden=(CLI,)),
    Rule("webui", forbidden=("pages", "benchmarks", "harness", "tests", "docs", "app",
                             "site_app")),
    Rule("pages", forbidden=("benchmarks", "harness", "tests", "docs", "site_app")),
    Rule("app", forbidden=("benchmarks", "harness", "tests", "docs")),
    Rule("site_app", forbidden=("benchmarks", "harness", "tests", "docs")),
    # Shared by the tests and the benchmarks, which never import each other.
    Rule("harness", forbidden=("benchmarks", "tests", "webui", "pages", "docs")),
    Rule("benchmarks", forbidden=("tests", "docs")),
    Rule("tests", forbidden=("benchmarks", "docs")),
)


def under(name: str, prefix: str) -> bool:
    """Whether the dotted ``name`` is ``prefix`` or below it (``a.b*``: starts with ``a.b``).

    >>> under("chinchon.store.rows.tables", "chinchon.store"), under("webuix", "webui")
    (True, False)
    >>> under("chinchon.cli_db", "chinchon.cli*"), under("chinchon.cli", "chinchon.cli*")
    (True, True)
    """
    if prefix.endswith("*"):
        return name.startswith(prefix[:-1])
    return name == prefix or name.startswith(prefix + ".")


def module_name(path: Path) -> str:
    """``chinchon/engine/cards.py`` -> ``chinchon.engine.cards``; a package is its folder's
    name; a page keeps its file's name (``pages.9_Play``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> Iterator[Path]:
    for source in SOURCES:
        path = ROOT / source
        if path.is_file():
            yield path
        else:
            yield from sorted(path.rglob("*.py"))


def imported(path: Path, name: str | None = None) -> set[str]:
    """Every dotted name the module at ``path`` (named ``name``) imports, relative imports
    resolved: ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module)."""
    name = module_name(path) if name is None else name
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
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in source_files()}


def import_graph(known: dict[str, Path]) -> dict[str, set[str]]:
    """Each module of the tree -> the modules of the tree it imports."""
    return {name: {other for other in imported(path) if other in known and other != name}
            for name, path in known.items()}


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


def resolved(name: str, known: dict[str, Path]) -> str:
    """The module that ``name`` names: itself, or for a name imported from a module of the tree
    (``chinchon.engine.cards.Card``), that module. A module that is not in the tree (yet) keeps
    its name, so the rules hold for it too."""
    parent = name.rpartition(".")[0]
    return parent if name not in known and parent in known else name


def violations(rule: Rule, module: str, names: set[str], known: dict[str, Path]) -> list[str]:
    """What ``module`` (under ``rule.layer``) imports against ``rule``."""
    found = []
    for name in sorted(names):
        target = resolved(name, known)
        if any(under(target, prefix) for prefix in rule.forbidden):
            found.append(f"{module} imports {target}")
        elif under(target, "chinchon"):
            # the package's own __init__ (its version) is below every layer
            if (rule.only is not None and target != "chinchon"
                    and not any(under(target, prefix) for prefix in rule.only)):
                found.append(f"{module} imports {target} (only {', '.join(rule.only)})")
        elif rule.stdlib_only and target.partition(".")[0] not in sys.stdlib_module_names:
            found.append(f"{module} imports {target} (the standard library only)")
    return sorted(set(found))


def test_every_source_is_read() -> None:
    known = modules()
    for name in ("chinchon.engine.cards", "webui.ui", "pages.9_Play", "app", "site_app",
                 "benchmarks.bench_load", "harness.server", "harness.streamlit_protocol",
                 "tests.conftest", "tests.unit.test_layers", "docs.screenshots"):
        assert name in known, name


def test_no_import_circle() -> None:
    cycle = find_cycle(import_graph(modules()))
    assert cycle is None, " -> ".join(cycle or ())


def test_the_circle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    # a module importing its own package's __init__ (which imports it) is no circle
    assert find_cycle({"p": {"p.m"}, "p.m": {"p"}}) is None


@pytest.mark.parametrize("rule", RULES, ids=[rule.layer for rule in RULES])
def test_layer_imports_only_what_its_rule_lets_it(rule: Rule) -> None:
    known = modules()
    offending = [problem for name, path in known.items() if under(name, rule.layer)
                 for problem in violations(rule, name, imported(path, name), known)]
    assert offending == []


def test_the_rules_catch_what_they_forbid() -> None:
    known = modules()

    def problems(module: str, *names: str) -> list[str]:
        return [problem for rule in RULES if under(module, rule.layer)
                for problem in violations(rule, module, set(names), known)]

    assert problems("chinchon.views.x", "chinchon.store.tables.Tables") != []
    assert problems("chinchon.views.x", "chinchon.store.rows.tables", "chinchon.engine") == []
    assert problems("chinchon.views.x", "chinchon.services.play") != []
    assert problems("chinchon.store.rows.x", "sqlalchemy.orm") != []
    assert problems("chinchon.store.rows.x", "chinchon.store.database") != []
    assert problems("chinchon.store.rows.x", "dataclasses", "chinchon.game.state") == []
    assert problems("chinchon.store.x", "chinchon.views.play") != []
    assert problems("chinchon.store.x", "chinchon.store.rows.tables", "sqlalchemy") == []
    assert problems("chinchon.services.x", "streamlit") != []
    assert problems("chinchon.services.x", "chinchon.cli_db") != []
    assert problems("chinchon.services.x", "chinchon.store.tables", "chinchon.views") == []
    assert problems("chinchon.engine.x", "chinchon.game.state") != []
    assert problems("chinchon.game.x", "chinchon.puzzles") != []
    assert problems("chinchon.ratings.x", "chinchon.engine.cards") != []
    assert problems("chinchon.puzzles.x", "chinchon.game.state", "chinchon") == []
    assert problems("chinchon.cli", "webui.ui") != []
    assert problems("webui.x", "pages.9_Play") != []
    assert problems("webui.x", "chinchon.services.play", "streamlit") == []
    assert problems("tests.unit.x", "benchmarks.bench_load") != []
    assert problems("benchmarks.x", "tests.support.pages") != []
    assert problems("benchmarks.x", "harness.server") == []


def test_relative_imports_resolve_within_the_package(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from . import cards\nfrom ..game.state import apply\n", encoding="utf-8")
    assert imported(probe, "chinchon.engine.probe") == {
        "chinchon.engine", "chinchon.engine.cards", "chinchon.game.state",
        "chinchon.game.state.apply"}
