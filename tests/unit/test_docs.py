"""The README, CONTRIBUTING and the guides in ``docs/`` name only what exists.

Each document is read for what a reader would follow: relative Markdown links and repo paths
in backticks (a file or folder that must exist; a glob must match something), dotted names of
the package (``chinchon.engine.solver.analyze``: a module, then attributes), ``make`` targets
(the Makefile's), ``python -m chinchon …`` subcommands (the parser's) and ``python -m
benchmarks…`` modules (the files in ``benchmarks/``). The README stays short.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from chinchon.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])
README_MAX_LINES = 160

#: A backticked path is checked when it starts with one of these (files and folders of the repo
#: a reader may open); generated places (``data/``, ``static/``) are not in the list.
REPO_ROOTS = ("chinchon/", "webui/", "pages/", "tests/", "benchmarks/", "harness/", "docs/",
              "puzzles/", ".ci/", ".streamlit/")
#: Made by a run, never in git: named in the guides, not checked.
GENERATED = ("tests/browser/screenshots",)
REPO_FILES = ("app.py", "Makefile", "pyproject.toml", "README.md", "CONTRIBUTING.md",
              "CHANGELOG.md")

_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_INLINE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_MAKE = re.compile(r"\bmake ([a-z][a-z0-9-]*)")
_CHINCHON = re.compile(r"python -m chinchon((?: [a-z][a-z-]*)*)([^\n`]*)")
#: Where a command line ends inside a line of a shell block: a pipe, a redirection, a comment.
_COMMAND_END = re.compile(r" (?:\||>|#|&&|;)|\)")
_FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z-]*)")
_BENCH_MODULE = re.compile(r"python -m (benchmarks\.[A-Za-z_][A-Za-z0-9_]*)")
_BENCH_NAMES = re.compile(r"python -m benchmarks((?: [a-z][a-z_]*)*)")
_DOTTED = re.compile(r"^((?:chinchon|webui|benchmarks|harness)(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def code_spans(text: str) -> list[str]:
    """The text inside fenced blocks and inline backticks: where commands and paths are."""
    return _FENCE.findall(text) + _INLINE.findall(_FENCE.sub("", text))


def prose(text: str) -> str:
    return _FENCE.sub("", text)


@functools.cache
def make_targets() -> frozenset[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return frozenset(re.findall(r"^([a-z0-9][a-z0-9-]*):", makefile, re.M))


@functools.cache
def _parser() -> argparse.ArgumentParser:
    return build_parser()


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def chinchon_problem(words: Sequence[str], flags: Sequence[str] = ()) -> str | None:
    """Why ``python -m chinchon WORDS… FLAGS…`` names a command or a flag the parser lacks
    (None if it has them all).

    The words that name commands are checked (the first, and the second when the first has
    actions of its own: ``puzzles check``, ``db upgrade``), then each ``--flag`` against the
    options of the command it reaches."""
    parser = _parser()
    commands = _subparsers(parser)
    if words and words[0] not in commands:
        return f"python -m chinchon {words[0]}: no such command ({', '.join(commands)})"
    named = " ".join(["python -m chinchon", *words[:2]])
    if words:
        parser = commands[words[0]]
        actions = _subparsers(parser)
        if actions and len(words) > 1:
            if words[1] not in actions:
                return f"{named}: no such action ({', '.join(actions)})"
            parser = actions[words[1]]
        elif not actions:
            named = f"python -m chinchon {words[0]}"
    options = {option for action in parser._actions for option in action.option_strings}
    for flag in flags:
        if flag not in options:
            return f"{named}: no option {flag}"
    return None


def path_problem(token: str) -> str | None:
    """Why a backticked repo path does not exist (None when it does, or is no repo path)."""
    path = token.strip().rstrip(".,:;").split("::")[0]
    if not (path.startswith(REPO_ROOTS) or path in REPO_FILES) or path.startswith(GENERATED):
        return None
    if any(mark in path for mark in (" ", "<", ">", "…", "{", "$", "=")):
        return None  # a pattern or a placeholder, not a path
    if "*" in path or "?" in path:
        return None if list(ROOT.glob(path)) else f"{path}: matches no file"
    return None if (ROOT / path).exists() else f"{path}: no such file or folder"


def dotted_problem(token: str) -> str | None:
    """Why ``chinchon.x.y`` (a module, then attributes) does not exist."""
    match = _DOTTED.match(token.strip())
    if match is None:
        return None
    parts = match.group(1).split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            target: object = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is not None and not name.startswith(error.name):
                raise  # a module that exists failed to import: a real error, not the docs'
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return f"{match.group(1)}: {name} has no {'.'.join(parts[cut:])}"
            target = getattr(target, attribute)
        return None
    return f"{match.group(1)}: no such module"


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown text (``## `odds`: every hand`` is
    ``#odds-every-hand``; a repeated heading gets ``-1``, ``-2``…)."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", prose(text), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


def link_problem(target: str, doc: Path, text: str) -> str | None:
    """Why a Markdown link of ``doc`` (whose text is ``text``) leads nowhere: no such file,
    or no such heading in it."""
    if re.match(r"^[a-z][a-z+.-]*:", target):
        return None  # a URL
    path, _, anchor = target.partition("#")
    file = doc.parent / path if path else doc
    if not file.exists():
        return f"link {target}: no such file"
    if anchor and file.suffix == ".md":
        target_text = file.read_text(encoding="utf-8") if path else text
        if anchor not in anchors(target_text):
            return f"link {target}: no heading #{anchor} in {file.name}"
    return None


def problems(text: str, doc: Path) -> Iterator[str]:
    """Every reference in ``text`` (the document ``doc``) to something that does not exist."""
    for target in _LINK.findall(prose(text)):
        if (problem := link_problem(target, doc, text)) is not None:
            yield problem
    targets = make_targets()
    benchmarks = {path.stem for path in (ROOT / "benchmarks").glob("*.py")}
    for span in code_spans(text):
        for token in span.split() if span.startswith("```") else [span]:
            for check in (path_problem, dotted_problem):
                if (problem := check(token)) is not None:
                    yield problem
        for target in _MAKE.findall(span):
            if target not in targets:
                yield f"make {target}: no such target in the Makefile"
        for words, rest in _CHINCHON.findall(span):
            flags = _FLAG.findall(_COMMAND_END.split(rest, maxsplit=1)[0])
            if (problem := chinchon_problem(words.split(), flags)) is not None:
                yield problem
        for module in _BENCH_MODULE.findall(span):
            if module.split(".")[1] not in benchmarks:
                yield f"python -m {module}: no such file benchmarks/{module.split('.')[1]}.py"
        for words in _BENCH_NAMES.findall(span):
            for name in words.split():
                stem = name if name.startswith("bench_") else f"bench_{name}"
                if stem not in benchmarks:
                    yield f"python -m benchmarks {name}: no such benchmark {stem}"


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_a_document_names_only_what_exists(doc: Path) -> None:
    assert list(problems(doc.read_text(encoding="utf-8"), doc)) == []


def test_every_guide_is_there() -> None:
    guides = {"learners", "teachers", "cli", "operations", "benchmarks", "architecture"}
    assert guides <= {doc.stem for doc in DOCS}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for guide in guides:
        assert f"docs/{guide}.md" in readme, f"the README does not link docs/{guide}.md"


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; at most {README_MAX_LINES}"


# --- The checks themselves can fail ---------------------------------------------------------


@pytest.mark.parametrize("text, found", [
    ("See [the guide](docs/nowhere.md).", "link docs/nowhere.md: no such file"),
    ("The model is `chinchon/views/nowhere.py`.", "chinchon/views/nowhere.py: no such file"),
    ("See [the CLI](docs/cli.md#nowhere).", "link docs/cli.md#nowhere: no heading #nowhere"),
    ("# Top\n\nSee [below](#bottom).", "link #bottom: no heading #bottom"),
    ("Packs: `puzzles/*.csv`.", "puzzles/*.csv: matches no file"),
    ("Run `make deploy`.", "make deploy: no such target in the Makefile"),
    ("```sh\npython -m chinchon solve --rules x\n```", "python -m chinchon solve: no such"),
    ("`python -m chinchon odds --rules ludoteka --jokers 2`", "chinchon odds: no option --jokers"),
    ("```sh\npython -m chinchon puzzles check --all > x  # --fast\n```", "check: no option --all"),
    ("`python -m chinchon puzzles grade`", "python -m chinchon puzzles grade: no such action"),
    ("`python -m benchmarks.bench_nothing`", "no such file benchmarks/bench_nothing.py"),
    ("`python -m benchmarks nothing`", "no such benchmark bench_nothing"),
    ("The old `chinchon.engine.game` module.", "chinchon.engine.game: chinchon.engine has no"),
    ("`chinchon.nowhere.thing`", "chinchon.nowhere.thing: chinchon has no nowhere"),
    ("`chinchon.engine.solver.solve_all()`", "chinchon.engine.solver has no solve_all"),
])
def test_a_bad_reference_is_named(text: str, found: str) -> None:
    named = list(problems(text, ROOT / "README.md"))
    assert len(named) == 1 and found in named[0], named


@pytest.mark.parametrize("text", [
    "# Top\n\nSee [the CLI](docs/cli.md#analyze-solve-a-hand), [Streamlit](https://streamlit.io), "
    "[up](#top).",
    "`chinchon/engine/solver.py`, `puzzles/*.txt`, `static/cards/<lang>/<code>.svg`",
    "```sh\nmake run\npython -m chinchon puzzles check\npython -m chinchon --version\n```",
    "```sh\npython -m chinchon analyze --rules ID [--decks 1|2] [CARDS…] | head  # --nothing\n```",
    "`python -m benchmarks.bench_solver`, `python -m benchmarks solver`",
    "`chinchon.engine.solver.analyze(hand, rules)`, `chinchon.game.state.legal_actions`",
])
def test_a_good_reference_passes(text: str) -> None:
    assert list(problems(text, ROOT / "README.md")) == []
