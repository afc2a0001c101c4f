# witchtable: the two commands of the README, and what stands behind them.
#   make serve   build the offline site and serve it on http://127.0.0.1:8000
#   make test    install everything and run every test
#   make site    only build the site (into build/site; SITE_DIR=... to publish elsewhere)
# Each target installs what it needs: Python packages into .venv, npm packages into
# node_modules, Debian's chromium for the browser tests.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' face/__init__.py)
WHEEL := dist/witchtable-$(VERSION)-py3-none-any.whl
SOURCES := $(shell find face engine widgets lite examples docs/games -type f -not -path '*/__pycache__/*' | sort) pyproject.toml README.md

PYODIDE_WHEELS := build/pyodide-wheels
LITE_VENV := .venv-lite
LITE_PY := $(LITE_VENV)/bin/python
SITE_DIR ?= build/site
LITE_SOURCES := $(wildcard lite/*.py lite/*.mjs lite/site/* lite/pyodide-wheels.txt examples/*.ipynb)

.PHONY: serve site play test test-python test-pyodide test-browser test-site lint typecheck bench bench-site golden dev clean

## The main job: build the offline site, then serve it on http://127.0.0.1:8000/.
serve: site
	$(PYTHON) lite/serve.py --dir $(SITE_DIR) --port 8000

site: $(SITE_DIR)/site-manifest.json

$(SITE_DIR)/site-manifest.json: $(LITE_VENV)/.deps $(WHEEL) node_modules/.installed $(LITE_SOURCES)
	$(LITE_PY) lite/build.py --wheel $(WHEEL) --out $(SITE_DIR)

$(LITE_VENV)/.deps: requirements/lite.txt
	test -x $(LITE_PY) || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_PY) -m pip --disable-pip-version-check -q install -r requirements/lite.txt
	touch $@

## A whole Witching Hour game between bots, narrated in the terminal.
play: $(VENV)/.installed
	$(PY) -m witchtable play-bots witching-hour --players 3 --seed 1

## Every test. The CPython and the Pyodide runs are one process each, so they share the two
## cores side by side (each target's output printed whole when it ends); the browser suites,
## which use both cores, run after them, one at a time.
test: $(VENV)/.installed lint
	$(MAKE) --no-print-directory -j2 --output-sync=target test-python test-pyodide
	$(MAKE) --no-print-directory test-browser
	$(MAKE) --no-print-directory test-site

lint: $(VENV)/.deps
	$(VENV)/bin/ruff check .
	$(MAKE) --no-print-directory typecheck

## mypy over the package as it imports (face/, engine/, widgets/, lite/ through build/dev's links),
## at the strictness pyproject.toml's [tool.mypy] declares; errors named at their checkout files.
typecheck: $(VENV)/.deps
	$(PY) tools/devlink.py
	$(PY) tools/typecheck.py

test-python: $(VENV)/.installed node_modules/.installed $(PYODIDE_WHEELS)/.done
	$(PY) -m pytest -q -m "not browser and not site" tests

## Real-browser tests of the widgets: in JupyterLab, and on their own page (tests/widgets'
## browser-marked tests: the table's newcomer checks, the front end), as two pytest runs: one
## session for both leaves an asyncio loop that Playwright's sync API refuses. Debian's Chromium, offline.
test-browser: $(VENV)/.installed node_modules/.installed
	tools/install-chromium.sh
	$(PY) -m pytest -q -m browser tests/browser
	$(PY) -m pytest -q -m browser tests/widgets

## Real-browser tests of the built offline site.
test-site: site $(VENV)/.installed
	tools/install-chromium.sh
	$(PY) -m pytest -q tests/site

## The engine's tests again inside Pyodide (Node, offline), checked against CPython digests.
test-pyodide: node_modules/.installed $(VENV)/.installed $(PYODIDE_WHEELS)/.done golden
	WITCHTABLE_GOLDEN=build/golden/determinism.json node tools/pyodide/run.mjs \
	    --wheels $(PYODIDE_WHEELS) --wheel $(WHEEL) --pytest tests/engine -q

golden: $(VENV)/.installed
	$(PY) tests/engine/test_determinism_golden.py --update-golden

bench: $(VENV)/.installed node_modules/.installed $(PYODIDE_WHEELS)/.done
	$(PY) -m witchtable bench

## Cold starts of the built site (play pages, notebooks) against a stock JupyterLite running
## print(1), in Chromium, offline; lite/bench_anchor.py rebuilds that anchor each run (seconds).
bench-site: site $(VENV)/.deps
	tools/install-chromium.sh
	$(PY) lite/bench_site.py --site $(SITE_DIR) --lite-python $(LITE_PY)

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
	rm -rf $(VENV) $(LITE_VENV) dist build node_modules .pytest_cache
