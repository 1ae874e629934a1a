"""The doctests of every module of the library (``chinchon/``), of ``webui/`` and of the
harness: one test per module, so a failure names its module. The examples in a docstring are
documentation that runs; the modules whose examples are most of their documentation must keep
some."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import chinchon
import harness
import webui

MODULES = sorted(info.name for package in (chinchon, harness, webui)
                 for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
                 if not info.name.endswith(".__main__"))
#: Modules whose doctests are part of their documentation: each must have examples.
WITH_EXAMPLES = ("chinchon.engine.cards", "chinchon.engine.rules", "chinchon.engine.melds",
                 "chinchon.engine.meld_search", "chinchon.engine.solver", "chinchon.engine.odds",
                 "chinchon.views.i18n", "chinchon.views.layoff_steps", "chinchon.views.svg",
                 "chinchon.views.tour", "chinchon.views.variants")


@pytest.mark.parametrize("module_name", MODULES)
def test_doctests(module_name: str) -> None:
    module = importlib.import_module(module_name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


@pytest.mark.parametrize("module_name", WITH_EXAMPLES)
def test_the_module_has_doctests(module_name: str) -> None:
    tests = doctest.DocTestFinder().find(importlib.import_module(module_name))
    assert any(test.examples for test in tests)


def test_every_package_is_walked() -> None:
    assert {"chinchon.engine.cards", "chinchon.views.tour", "webui.url_state",
            "harness.streamlit_protocol"} <= set(MODULES)
