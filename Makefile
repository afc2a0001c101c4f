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

.PHONY: serve play test test-python test-pyodide test-browser lint bench dev clean

serve: play

## The main job, until the offline site exists: a whole Witching Hour game between bots.
play: $(VENV)/.installed
	$(PY) -m witchtable play-bots witching-hour --players 3 --seed 1

test: $(VENV)/.installed lint test-python

lint: $(VENV)/.deps
	$(VENV)/bin/ruff check .

test-python: $(VENV)/.installed
	$(PY) -m pytest -q

bench: $(VENV)/.installed
	$(PY) -m witchtable bench

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
