"""Fixtures for the widget tests (the helpers are in widget_helpers.py)."""

from __future__ import annotations

import pytest
from widget_helpers import seed_with

from witchtable.widgets import TableController


@pytest.fixture
def table() -> TableController:
    """You (seat 0) against two heuristic bots, a fixed deal with a Book in your hand."""
    return TableController("witching-hour", players=3, seat=0, bots="heuristic", seed=seed_with("book"))


@pytest.fixture(scope="module")
def base():
    """The repository served on 127.0.0.1 for the browser tests' harness page (one server a
    test module); skipped where Playwright or Debian's Chromium is missing."""
    pytest.importorskip("playwright")
    from widget_harness import CHROMIUM, serve_repo

    if CHROMIUM is None:
        pytest.skip("Debian chromium is not installed")
    with serve_repo() as url:
        yield url
