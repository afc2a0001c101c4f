"""Views as declared types: the keys every game's view has, and a checker for any view.

A game declares its view as a :class:`typing.TypedDict` in ``engine/games/<game>/views.py``
(named on its spec as ``view_type``), built on :class:`CommonView` below (what
:meth:`Game.view <witchtable.engine.core.Game.view>` adds to every game's). Each key's
meaning is the string right under it (an attribute docstring); a key that is a Python
keyword (``from``, ``with``) is declared in the functional form with its meaning as
``Annotated[type, "meaning"]``. :func:`key_docs` reads either back, :func:`problems`
checks a value against a type (the tests run it over every view of random games) and
:func:`rows` flattens a view type into the reference table of ``docs/games/<id>.md``.
Standard library only, like the rest of the engine.
"""

import ast
import inspect
import itertools
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal, NotRequired, TypedDict

_OPEN = "__open_keys__"


class TypeName(str):
    """A type alias's name for the reference table: ``Annotated[Literal[...], TypeName("card")]``
    (a long set of values is named once, in the table's legend, not in every row)."""


Seat = Annotated[int, TypeName("seat")]
"""A seat number, 0 for the first player."""


def open_keys(cls: type) -> type:
    """Mark a record that may hold keys besides those declared (a log entry's own fields)."""
    setattr(cls, _OPEN, True)
    return cls


@open_keys
class LogEntry(TypedDict):
    """One event of the log as a seat sees it; each kind of event adds its own fields."""

    kind: str
    """what happened, one word or a few joined by hyphens (`deal`, `attack`...)"""
    msg: str
    """the English template of its text, placeholders unfilled (what translations look up)"""
    n: int
    """its place in the whole game's log (seats see different subsets)"""
    text: str
    """the template filled with player names (`view(seat, names=[...])`)"""


class CommonView(TypedDict):
    """The keys the core puts in every game's view, around the game's own."""

    game: str
    """the game id"""
    players: int
    """the number of seats"""
    seat: Seat | None
    """whose view this is (`null`: a spectator's)"""
    move: int
    """how many actions have been played"""
    to_act: list[Seat]
    """the seats that may act now"""
    is_over: bool
    """whether the game has ended"""
    scores: NotRequired[list[int]]
    """each seat's running score, present only while every score is public"""
    winners: list[Seat]
    """the winning seats once the game is over (else empty)"""
    log: list[Annotated[dict[str, Any], LogEntry]]
    """the events this seat may see, oldest first (each kind of event adds its own fields)"""


# -- reading a view type ----------------------------------------------------------------------


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def _unwrap(tp: Any) -> tuple[Any, bool, str]:
    """(the bare type, whether the key may be absent, the meaning in Annotated) of a key's hint."""
    optional, doc = False, ""
    while True:
        origin = typing.get_origin(tp)
        if origin is NotRequired:
            optional, tp = True, typing.get_args(tp)[0]
        elif origin is typing.Required:
            tp = typing.get_args(tp)[0]
        elif origin is Annotated:  # a meaning (str) comes off; a TypeName stays on the type
            doc = next((m for m in tp.__metadata__ if type(m) is str), doc)
            name = _name(tp)
            return (tp.__origin__ if name is None else Annotated[tp.__origin__, name]), optional, doc
        else:
            return tp, optional, doc


def fields(cls: type) -> dict[str, tuple[Any, bool]]:
    """Each key of a view type: (its type, whether it may be absent), in declaration order."""
    out = {}
    for key, hint in _hints(cls).items():
        tp, optional, _doc = _unwrap(hint)
        out[key] = (tp, optional or not getattr(cls, "__total__", True))
    return out


def _class_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of a class body, its TypedDict bases' first (read from source:
    a TypedDict keeps no record of its bases)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):  # no source (a functional TypedDict, a bytecode-only install)
        return {}
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.ClassDef):
        return {}
    docs: dict[str, str] = {}
    scope = vars(sys.modules[cls.__module__])
    for base in node.bases:
        found = scope.get(base.id) if isinstance(base, ast.Name) else None
        if found is not None and typing.is_typeddict(found):
            docs.update(_class_docs(found))
    body = node.body
    for stmt, after in itertools.pairwise(body):
        if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[stmt.target.id] = " ".join(after.value.value.split())
    return docs


def key_docs(cls: type) -> dict[str, str]:
    """Each key's one-line meaning, read from its attribute docstring or Annotated metadata."""
    docs = _class_docs(cls)
    for key, hint in _hints(cls).items():
        doc = _unwrap(hint)[2]
        if doc:
            docs[key] = doc
    return docs


def _name(tp: Any) -> str | None:
    """The :class:`TypeName` an Annotated type carries, if any."""
    return next((m for m in getattr(tp, "__metadata__", ()) if isinstance(m, TypeName)), None)


def _record(tp: Any) -> type | None:
    """The record an open dict is checked against: ``Annotated[dict[str, Any], LogEntry]`` reads
    as a plain dict to type checkers (a log entry's own fields vary by kind) and as the record
    (open: more keys allowed) to :func:`problems` and the reference table."""
    return next((m for m in getattr(tp, "__metadata__", ()) if typing.is_typeddict(m)), None)


def alternatives(tp: Any) -> list[Any]:
    """The types a union allows (a type that is no union: itself), Annotated kept."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return [alt for arg in typing.get_args(tp) for alt in alternatives(arg)]
    if origin is Literal:
        return [Literal[value] for value in typing.get_args(tp)]
    return [tp]


def type_text(tp: Any) -> str:
    """A type as the reference table writes it: ``int``, ``list of str``, ``"a" or "b"``."""
    if tp is type(None) or tp is None:
        return "null"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        return _name(tp) or type_text(_record(tp) or tp.__origin__)
    if origin is Literal:
        return " or ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_text(a) for a in args)
    if origin is list:
        return f"list of {_grouped(args[0])}"
    if origin is dict:
        return f"{{{_grouped(args[0])}: {_grouped(args[1])}}}"
    if typing.is_typeddict(tp):
        return "object"
    plain = {str: "str", int: "int", bool: "bool", float: "number", Any: "any"}
    return plain.get(tp, getattr(tp, "__name__", str(tp)))


def _grouped(tp: Any) -> str:
    text = type_text(tp)
    return f"({text})" if " or " in text else text


def names(cls: type) -> dict[str, str]:
    """Every named type (:class:`TypeName`) a view type uses, with the values it stands for."""
    found: dict[str, str] = {}

    def visit(tp: Any) -> None:
        name = _name(tp)
        if name is not None:
            found.setdefault(name, type_text(tp.__origin__))
        if typing.is_typeddict(tp):
            for inner, _optional in fields(tp).values():
                visit(inner)
        for arg in typing.get_args(tp):
            if not isinstance(arg, (str, int)):
                visit(arg)
    visit(cls)
    return found


def _records(tp: Any) -> Iterator[tuple[str, type]]:
    """The records (TypedDicts) a type holds, with what their keys' paths add (`[]`: each
    item of a list, `.*`: each value of an object)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        yield from _records(_record(tp) or tp.__origin__)
    elif typing.is_typeddict(tp):
        yield "", tp
    elif origin in (typing.Union, types.UnionType):
        for arg in args:
            yield from _records(arg)
    elif origin is list:
        yield from ((f"[]{s}", r) for s, r in _records(args[0]))
    elif origin is dict:
        yield from ((f".*{s}", r) for s, r in _records(args[1]))


def _merged(records: list[type]) -> dict[str, tuple[list[Any], bool, str]]:
    """The keys of one or more alternative records: their types, whether one may be absent
    (optional, or missing from an alternative) and the first meaning given."""
    merged: dict[str, tuple[list[Any], bool, str]] = {}
    declared = [fields(record) for record in records]
    for record, keys in zip(records, declared, strict=True):
        docs = key_docs(record)
        for key, (tp, optional) in keys.items():
            tps, absent, doc = merged.get(key, ([], False, ""))
            absent = absent or optional or any(key not in other for other in declared)
            merged[key] = ([*tps, tp], absent, doc or docs.get(key, ""))
    return merged


def rows(cls: type | list[type], prefix: str = "") -> list[tuple[str, str, str]]:
    """(key path, type, meaning) for every key of a view type and of the records it holds
    (alternative records, `A | B`, in one set of rows)."""
    out = []
    for key, (tps, absent, doc) in _merged(cls if isinstance(cls, list) else [cls]).items():
        words = dict.fromkeys(type_text(alt) for tp in tps for alt in alternatives(tp))
        out.append((prefix + key, " or ".join(words) + (" (may be absent)" if absent else ""), doc))
        nested: dict[str, list[type]] = {}
        for tp in tps:
            for suffix, record in _records(tp):
                if record not in nested.setdefault(suffix, []):
                    nested[suffix].append(record)
        for suffix, records in nested.items():
            out += rows(records, f"{prefix}{key}{suffix}.")
    return out


# -- checking a value --------------------------------------------------------------------------

Checker = Callable[[Any, str, list], None]
_CHECKERS: dict[Any, Checker] = {}


def problems(tp: Any, value: Any, path: str = "view") -> list[str]:
    """Every way ``value`` differs from type ``tp``, each naming where (empty: it fits)."""
    out: list[str] = []
    checker(tp)(value, path, out)
    return out


def checker(tp: Any) -> Checker:
    """The (cached) function checking a value against ``tp``, appending problems to a list."""
    made = _CHECKERS.get(tp)
    if made is None:
        made = _CHECKERS[tp] = _make(tp)
    return made


def _what(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def _make(tp: Any) -> Checker:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        return checker(_record(tp) or tp.__origin__)
    if typing.is_typeddict(tp):
        return _record_checker(tp)
    if origin in (typing.Union, types.UnionType):
        return _union_checker(args)
    if origin is Literal:
        def literal(value: Any, path: str, out: list) -> None:
            if not any(value == a and type(value) is type(a) for a in args):
                out.append(f"{path}: expected {type_text(tp)}, got {_what(value)}")
        return literal
    if origin is list:
        return _list_checker(args[0])
    if origin is dict:
        return _dict_checker(args[0], args[1])
    if tp is Any or tp is object:
        return lambda value, path, out: None
    return _plain_checker(tp)


def _plain_checker(tp: Any) -> Checker:
    allowed = {type(None): (type(None),), float: (float, int)}.get(tp, (tp,))
    if not all(isinstance(t, type) for t in allowed):
        raise TypeError(f"a view type cannot hold {tp!r}: use JSON types, lists, dicts, Literal, TypedDict")

    def plain(value: Any, path: str, out: list) -> None:
        if type(value) not in allowed:  # exact: True is no int here
            out.append(f"{path}: expected {type_text(tp)}, got {_what(value)}")
    return plain


def _union_checker(args: tuple) -> Checker:
    options = [checker(a) for a in args]

    def union(value: Any, path: str, out: list) -> None:
        best: list | None = None
        for option in options:
            found: list = []
            option(value, path, found)
            if not found:
                return
            if best is None or len(found) < len(best):
                best = found
        out.extend(best or [])
    return union


def _list_checker(item: Any) -> Checker:
    check = checker(item)

    def listed(value: Any, path: str, out: list) -> None:
        if type(value) is not list:
            out.append(f"{path}: expected a list, got {_what(value)}")
            return
        for index, entry in enumerate(value):
            check(entry, f"{path}[{index}]", out)
    return listed


def _dict_checker(key: Any, item: Any) -> Checker:
    check_key, check = checker(key), checker(item)

    def mapping(value: Any, path: str, out: list) -> None:
        if type(value) is not dict:
            out.append(f"{path}: expected an object, got {_what(value)}")
            return
        for name, entry in value.items():
            check_key(name, f"{path} key", out)
            check(entry, f"{path}[{name!r}]", out)
    return mapping


def _record_checker(cls: type) -> Checker:
    declared = {key: (checker(tp), optional) for key, (tp, optional) in fields(cls).items()}
    required = [key for key, (_c, optional) in declared.items() if not optional]
    extra_allowed = getattr(cls, _OPEN, False)

    def record(value: Any, path: str, out: list) -> None:
        if type(value) is not dict:
            out.append(f"{path}: expected an object ({cls.__name__}), got {_what(value)}")
            return
        for key in required:
            if key not in value:
                out.append(f"{path}: missing key {key!r} ({cls.__name__} declares it)")
        for key, entry in value.items():
            found = declared.get(key)
            if found is not None:
                found[0](entry, f"{path}.{key}", out)
            elif not extra_allowed:
                out.append(f"{path}: unknown key {key!r} ({cls.__name__} declares "
                           f"{', '.join(declared)})")
    return record
