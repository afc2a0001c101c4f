# witchtable: the two commands of the README, and what stands behind them.
#   make serve   build the offline site and serve it on http://127.0.0.1:8000
#   make test    install everything and run every test
# Each target installs what it needs: Python packages into .venv, npm packages into
# node_modules, Debian's chromium for the browser tests.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' face/__init__.py)
WHEEL := dist/witchtable-$(VERSION)-py3-none-any.whl
SOURCES := $(shell find face engine widgets -name '*.py' -o -name '*.js' -o -name '*.css' | sort) pyproject.toml README.md

PYODIDE_WHEELS := build/pyodide-wheels

.PHONY: serve play test test-python test-pyodide test-browser lint bench golden dev clean

serve: play

## The main job, until the offline site exists: a whole Witching Hour game between bots.
play: $(VENV)/.installed
	$(PY) -m witchtable play-bots witching-hour --players 3 --seed 1

test: $(VENV)/.installed lint test-python test-pyodide

lint: $(VENV)/.deps
	$(VENV)/bin/ruff check .

test-python: $(VENV)/.installed
	$(PY) -m pytest -q

## The engine's tests again inside Pyodide (Node, offline), checked against CPython digests.
test-pyodide: node_modules/.installed $(VENV)/.installed $(PYODIDE_WHEELS)/.done golden
	WITCHTABLE_GOLDEN=build/golden/determinism.json node tools/pyodide/run.mjs \
	    --wheels $(PYODIDE_WHEELS) --wheel $(WHEEL) --pytest tests/engine -q

golden: $(VENV)/.installed
	$(PY) tests/engine/test_determinism_golden.py --update-golden

bench: $(VENV)/.installed node_modules/.installed $(PYODIDE_WHEELS)/.done
	$(PY) -m witchtable bench

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(PYODIDE_WHEELS)/.done: tools/pyodide/requirements.txt tools/pyodide/fetch-wheels.sh $(VENV)/.deps
	PYTHON=$(PY) tools/pyodide/fetch-wheels.sh $(PYODIDE_WHEELS)

$(VENV)/.deps: requirements/dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -r requirements/dev.txt
	touch $@

$(WHEEL): $(SOURCES) $(VENV)/.deps
	rm -rf dist && $(PY) -m pip wheel -q --no-deps --no-build-isolation -w dist .

$(VENV)/.installed: $(WHEEL)
	$(PIP) install --no-deps --force-reinstall $(WHEEL)
	touch $@

## Development: make the venv import this checkout directly (edits show at once).
dev: $(VENV)/.deps
	$(PY) tools/devlink.py
	@echo "Run tests against the checkout: PYTHONPATH=build/dev $(PY) -m pytest"

clean:
	rm -rf $(VENV) dist build node_modules .pytest_cache
