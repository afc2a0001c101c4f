"""The type check `make test` runs (`make lint` -> `make typecheck`, issue 28 item 3).

mypy reads the package through build/dev's links, so tools/typecheck.py names each error at
its checkout file; and the check covers the whole package at a declared strictness.
"""

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from typecheck import checkout_paths  # noqa: E402


def test_errors_are_named_at_the_checkout_files_the_links_lead_to(tmp_path: Path) -> None:
    """engine/ is witchtable.engine, lite/ is witchtable.site, face/'s files are witchtable's."""
    for folder in ("engine", "lite", "face"):
        (tmp_path / folder).mkdir()
    package = tmp_path / "build" / "dev" / "witchtable"
    package.mkdir(parents=True)
    (package / "engine").symlink_to(tmp_path / "engine")
    (package / "site").symlink_to(tmp_path / "lite")
    (package / "cli.py").symlink_to(tmp_path / "face" / "cli.py")
    report = ("build/dev/witchtable/engine/core.py:20: error: Bad  [misc]\n"
              "build/dev/witchtable/site/serve.py:3: note: See build/dev/witchtable/site/x.py\n"
              "build/dev/witchtable/cli.py:7: error: Worse  [arg-type]\n"
              "Found 2 errors in 3 files (checked 99 source files)\n")
    assert checkout_paths(report, tmp_path) == (
        "engine/core.py:20: error: Bad  [misc]\n"
        "lite/serve.py:3: note: See build/dev/witchtable/site/x.py\n"
        "face/cli.py:7: error: Worse  [arg-type]\n"
        "Found 2 errors in 3 files (checked 99 source files)\n")


def test_make_test_type_checks_the_whole_package_at_the_declared_strictness() -> None:
    """lint (which test runs first) runs typecheck; mypy checks witchtable (all four folders)
    through build/dev with check_untyped_defs, and skips no module (issue 28's skips are gone)."""
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^test: .*\blint\b", makefile, re.M)
    lint = re.search(r"^lint:.*?\n((?:\t.*\n)+)", makefile, re.M)
    assert lint and "typecheck" in lint.group(1)
    assert re.search(r"^typecheck:.*\n\t\$\(PY\) tools/devlink.py\n\t\$\(PY\) tools/typecheck.py$",
                     makefile, re.M)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["packages"] == ["witchtable"] and config["mypy_path"] == "build/dev"
    assert config["check_untyped_defs"] is True and config["warn_unused_ignores"] is True
    skipped = [override["module"] for override in config.get("overrides", [])
               if override.get("ignore_errors")]
    assert not skipped, f"mypy skips {skipped}: fix their errors instead"


def _mypy_ini(folder: Path) -> Path:
    """pyproject's [tool.mypy] as an ini for a run on one file: the same options (so mypy's
    cache in build/mypy-cache serves it), without the package list a file run cannot take."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]

    def value(v: object) -> str:
        return ", ".join(v) if isinstance(v, list) else str(v)

    lines = ["[mypy]"] + [f"{key} = {value(str(ROOT / v) if key in ('mypy_path', 'cache_dir') else v)}"
                          for key, v in config.items() if key not in ("packages", "exclude", "overrides")]
    for override in config.get("overrides", []):
        lines.append("[mypy-" + ",".join(override["module"]) + "]")
        lines += [f"{key} = {value(v)}" for key, v in override.items() if key != "module"]
    ini = folder / "mypy.ini"
    ini.write_text("\n".join(lines) + "\n")
    return ini


def test_a_misspelled_view_key_is_a_type_error(tmp_path: Path) -> None:
    """A presenter typed against its game's view (issue 28 item 2) gets a mypy error for a key
    the view does not declare, and none for the key it does."""
    from mypy import api

    code = tmp_path / "presenter_snippet.py"
    code.write_text("from witchtable.engine.games.potion_house import PotionHouseView\n\n\n"
                    "def spelled(view: PotionHouseView) -> object:\n    return view['potion']\n\n\n"
                    "def misspelled(view: PotionHouseView) -> object:\n    return view['potoin']\n")
    if not (ROOT / "build" / "dev" / "witchtable" / "__init__.py").exists():
        raise AssertionError("build/dev/witchtable is missing: run `make dev` first")
    out, err, status = api.run(["--config-file", str(_mypy_ini(tmp_path)), str(code)])
    # (named by message, not path: mypy's cache may name an identical snippet's earlier path)
    errors = [line.split(".py:", 1)[1] for line in out.splitlines() if ": error:" in line]
    expected = '9: error: TypedDict "PotionHouseView" has no key "potoin"  [typeddict-item]'
    assert errors == [expected], out + err
    assert status == 1


def _takes_a_view(module: object) -> dict[str, object]:
    """Each function and method defined in ``module`` that has a ``view`` parameter -> its
    annotation (a string: the modules use ``from __future__ import annotations``)."""
    import inspect

    found: dict[str, object] = {}
    for name, value in vars(module).items():
        members = [(name, value)] if inspect.isfunction(value) else (
            [(f"{name}.{n}", getattr(v, "__func__", v)) for n, v in vars(value).items()]
            if inspect.isclass(value) else [])
        for qualified, func in members:
            if inspect.isfunction(func) and func.__module__ == getattr(module, "__name__", None) \
                    and "view" in inspect.signature(func).parameters:
                found[qualified] = inspect.signature(func).parameters["view"].annotation
    return found


def test_presenters_and_bots_are_typed_against_their_games_view() -> None:
    """Every presenter function and bot method taking a game's view annotates it with that
    game's declared view type (the spec's view_type), so mypy checks each key it reads."""
    from witchtable.engine.core import GAMES
    from witchtable.engine.games import discover
    from witchtable.widgets.presenters import presenter_for

    discover()
    checked = 0
    for spec in GAMES.values():
        if spec.view_type is None:
            continue
        modules = {sys.modules[factory.__module__] for factory in spec.bots.values()}
        if spec.presenter:
            modules.add(presenter_for(spec.id))
        for module in modules:
            for name, annotation in _takes_a_view(module).items():
                checked += 1
                assert annotation == spec.view_type.__name__, \
                    f"{module.__name__}.{name}: view is {annotation!r}, not {spec.view_type.__name__}"
    assert checked > 50
