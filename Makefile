# Chinchón Lab: one virtual environment at .venv, rebuilt when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8501
JOBS   ?= 2

.PHONY: help setup run dev test lint system e2e bench screenshots clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t14

setup: $(STAMP) ## build .venv with the site, the tests and the linters (again when pyproject.toml changes)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: setup ## set up, then serve the site at http://localhost:8501 (PORT=…)
	@echo "Chinchón Lab: open http://localhost:$(PORT)"
	$(BIN)/python -m streamlit run site_app.py --server.headless true --server.port $(PORT)

# While editing: Streamlit's file watcher on, so a saved page reloads (the served site has it off).
dev: setup ## serve the site with the file watcher on (a saved page reloads)
	$(BIN)/python -m streamlit run app.py --server.headless true --server.port $(PORT) \
		--server.fileWatcherType auto --server.runOnSave true

lint: setup ## ruff over the tree, mypy over the library, webui/, the pages, the harness and the benchmarks
	$(BIN)/ruff check .
	$(BIN)/mypy

# Debian's chromium and PostgreSQL server for the browser and storage tests: installed when
# missing (as root); without them those tests skip locally and fail under CI=true.
system: ## install Debian's chromium and PostgreSQL server when missing (as root)
	bash .ci/system-packages

# The library, CLI and page tests, then the browser tests, each tier under pytest-xdist (JOBS
# workers, each with its own SQLite file and PostgreSQL cluster, tests/conftest.py, and its own
# site servers on free ports, tests/browser/conftest.py).
test: system lint ## set up, lint, then every test (what CI runs; JOBS=… workers, 2 by default)
	$(BIN)/python -m pytest -q -n $(JOBS) -m "not e2e"
	$(BIN)/python -m pytest -q -n $(JOBS) -m e2e

e2e: setup system ## the browser tests only
	$(BIN)/python -m pytest -q -m e2e

bench: setup ## every benchmark (python -m benchmarks NAME for one)
	$(BIN)/python -m benchmarks

screenshots: setup system ## the README's screenshots, taken from the running site
	$(BIN)/python -m docs.screenshots

clean: ## remove .venv, caches and generated files
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist *.egg-info tests/browser/screenshots static/cards
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
