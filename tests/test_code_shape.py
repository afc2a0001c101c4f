"""The package's code shape (issue 28, item 5): short functions, and a docstring that says why
on every public function and class, so a newcomer can read any piece in one sitting.

Checked over the package's folders (``engine/``, ``widgets/``, ``face/``, ``lite/``) by
reading their source with :mod:`ast` (nothing is imported):

* **Length**: no function or method (nested ones included) spans more than
  :data:`MAX_LINES` lines, counted from its ``def`` line to its last line; decorators are
  excluded (they sit above the ``def``).
* **Docstrings**: every public (no leading underscore) module-level function and class, and
  every public method of a public class, has a docstring. Exempt: ``@overload`` stubs and a
  property's ``@x.setter``/``@x.deleter`` (the getter carries the docstring). A method
  without one counts as documented by its base when a class it inherits from (a base
  named in its ``class`` line, found by that name among the package's classes, and so on
  up) defines a method of the same name with a docstring: e.g. a game State's ``perform``
  is documented by ``engine/core.py``'s ``State.perform``. A presenter module's
  function is documented the same way by the ``Presenter`` protocol's member of that name
  (a presenter module implements the protocol without naming it in a ``class`` line).

Each failure lists every offender as ``file:line name``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "widgets", "face", "lite")
MAX_LINES = 60
PRESENTERS = "widgets/presenters/"
"""Modules under this folder (but its ``__init__``) implement the ``Presenter`` protocol."""

Def = ast.FunctionDef | ast.AsyncFunctionDef
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _modules() -> Iterator[tuple[str, ast.Module]]:
    """Every source file of the package, parsed, with its path from the checkout's root."""
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _base_names(cls: ast.ClassDef) -> list[str]:
    """The names a class line gives its bases (``core.State`` -> ``State``, ``Generic[T]`` -> ``Generic``)."""
    names = []
    for base in cls.bases:
        node = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
    return names


def _documented_methods(cls: ast.ClassDef) -> set[str]:
    """The names of a class's own methods that carry a docstring."""
    return {node.name for node in cls.body if isinstance(node, DEFS) and ast.get_docstring(node)}


def _exempt(func: Def) -> bool:
    """An ``@overload`` stub or a property's setter/deleter: documented elsewhere by design."""
    for deco in func.decorator_list:
        if isinstance(deco, ast.Name) and deco.id == "overload":
            return True
        if isinstance(deco, ast.Attribute) and deco.attr in ("setter", "deleter", "overload"):
            return True
    return False


class _Package:
    """The package's classes by name, to find the base a method inherits its docstring from."""

    def __init__(self, modules: list[tuple[str, ast.Module]]) -> None:
        self.classes: dict[str, list[ast.ClassDef]] = {}
        for _, tree in modules:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    self.classes.setdefault(node.name, []).append(node)

    def inherited_doc(self, cls: ast.ClassDef, method: str) -> bool:
        """True when a base of ``cls`` in the package (transitively) documents ``method``."""
        seen: set[str] = set()
        todo = _base_names(cls)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for base in self.classes.get(name, []):
                if method in _documented_methods(base):
                    return True
                todo.extend(_base_names(base))
        return False


def _undocumented(rel: str, tree: ast.Module, package: _Package) -> Iterator[str]:
    """One module's public functions, classes and methods that have no docstring of their own or inherited."""
    presenter = rel.startswith(PRESENTERS) and not rel.endswith("__init__.py")
    protocol = ast.ClassDef(name="_PresenterModule", bases=[ast.Name(id="Presenter")])
    for node in tree.body:
        if not isinstance(node, (*DEFS, ast.ClassDef)) or node.name.startswith("_"):
            continue
        if isinstance(node, DEFS) and _exempt(node):
            continue
        if ast.get_docstring(node) is None and not (
                presenter and isinstance(node, DEFS) and package.inherited_doc(protocol, node.name)):
            yield f"{rel}:{node.lineno} {node.name}"
        if isinstance(node, ast.ClassDef):
            for method in node.body:
                if (isinstance(method, DEFS) and not method.name.startswith("_") and not _exempt(method)
                        and ast.get_docstring(method) is None
                        and not package.inherited_doc(node, method.name)):
                    yield f"{rel}:{method.lineno} {node.name}.{method.name}"


def test_no_function_over_60_lines() -> None:
    """Issue 28.5: a function a reader must scroll through is split into named steps."""
    long = [f"{rel}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for rel, tree in _modules() for node in ast.walk(tree)
            if isinstance(node, DEFS) and node.end_lineno - node.lineno + 1 > MAX_LINES]
    assert not long, f"{len(long)} functions over {MAX_LINES} lines:\n" + "\n".join(long)


def test_every_public_function_and_class_has_a_docstring() -> None:
    """Issue 28.5: every public name says why it exists (its own docstring or its base's)."""
    modules = list(_modules())
    package = _Package(modules)
    missing = [item for rel, tree in modules for item in _undocumented(rel, tree, package)]
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)
