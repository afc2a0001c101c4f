"""The engine's docstring examples run as tests (python-chess style: docs that cannot rot)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import witchtable.engine

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(witchtable.engine.__path__,
                                                               "witchtable.engine."))


@pytest.mark.parametrize("name", ["witchtable.engine", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
