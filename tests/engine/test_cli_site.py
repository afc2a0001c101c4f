"""``python -m witchtable site build|serve`` refuses a teacher's mistakes before writing anything.

Each refusal has the usage line, a message saying what is wrong (and what would be right),
exit status 2 and no traceback; the output folder is left as it was (not created, no
half-built folder beside it). No browser and no JupyterLite needed: every check runs before
the build environment is looked at. The built site itself is tested in tests/site.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from witchtable import cli
from witchtable.engine import GAMES
from witchtable.site import build

REPO = Path(__file__).resolve().parents[2]
VARIANT = {"format": "witchtable-variant", "version": 1, "game": "witching-hour", "name": "one-round",
           "description": "A single round.", "options": {"rounds": 1}}
NOTEBOOK = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's wheel (the games and the variants are read from the wheel shipped)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(out), str(REPO)], check=True)
    return next(out.glob("witchtable-*.whl"))


def refused(capsys: pytest.CaptureFixture, args: list[str], *says: str) -> str:
    with pytest.raises(SystemExit) as caught:
        cli.main(args)
    err = capsys.readouterr().err
    assert caught.value.code == 2, err
    assert err.startswith("usage: python -m witchtable site "), err
    assert "Traceback" not in err
    for words in says:
        assert words in err, err
    return err


def nothing_written(out: Path) -> None:
    assert not out.exists(), f"{out} was written"
    assert not list(out.parent.glob(f".{out.name}.building*")), "a half-built folder was left"


def teacher(tmp_path: Path, notebooks: dict[str, object] | None = None,
            variants: dict[str, object] | None = None) -> tuple[Path, Path]:
    lessons, house = tmp_path / "lessons", tmp_path / "variants"
    lessons.mkdir()
    house.mkdir()
    for name, data in (notebooks or {"lesson.ipynb": NOTEBOOK}).items():
        (lessons / name).write_text(data if isinstance(data, str) else json.dumps(data))
    for name, data in (variants or {}).items():
        (house / name).write_text(data if isinstance(data, str) else json.dumps(data))
    return lessons, house


def test_a_notebooks_folder_that_does_not_exist(tmp_path: Path, capsys, wheel: Path) -> None:
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--notebooks", str(tmp_path / "nowhere"),
                     "--wheel", str(wheel)], "--notebooks", "no such folder")
    nothing_written(out)
    (tmp_path / "file.ipynb").write_text("{}")
    refused(capsys, ["site", "build", "--out", str(out), "--notebooks", str(tmp_path / "file.ipynb")],
            "not a folder")
    nothing_written(out)


def test_a_notebook_that_is_not_valid_json(tmp_path: Path, capsys, wheel: Path) -> None:
    lessons, _ = teacher(tmp_path, {"good.ipynb": NOTEBOOK, "broken.ipynb": '{"cells": [,]}'})
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--notebooks", str(lessons), "--wheel", str(wheel)],
            "the notebook broken.ipynb is not valid JSON", "line 1")
    nothing_written(out)


def test_json_that_is_not_a_notebook(tmp_path: Path, capsys, wheel: Path) -> None:
    lessons, _ = teacher(tmp_path, {"list.ipynb": [1, 2]})
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--notebooks", str(lessons), "--wheel", str(wheel)],
            "list.ipynb is JSON but not a Jupyter notebook")
    nothing_written(out)


@pytest.mark.parametrize("games", ["chess", "witching-hour,chess", ","])
def test_an_unknown_game_id_lists_the_known_ones(tmp_path: Path, capsys, wheel: Path, games: str) -> None:
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--games", games, "--wheel", str(wheel)],
            "--games: unknown game", f"the games are: {', '.join(sorted(GAMES))}")
    nothing_written(out)


def test_an_output_folder_that_is_not_empty_and_not_a_site(tmp_path: Path, capsys, wheel: Path) -> None:
    out = tmp_path / "homework"
    out.mkdir()
    (out / "essay.txt").write_text("mine")
    refused(capsys, ["site", "build", "--out", str(out), "--wheel", str(wheel)],
            "is not empty and not an earlier witchtable site")
    assert [p.name for p in out.iterdir()] == ["essay.txt"] and (out / "essay.txt").read_text() == "mine"
    refused(capsys, ["site", "build", "--out", str(out / "essay.txt"), "--wheel", str(wheel)], "is a file")


def test_an_earlier_site_and_an_empty_folder_are_taken(tmp_path: Path) -> None:
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    (earlier / "site-manifest.json").write_text(json.dumps({"witchtable_wheel": "witchtable-0.1.0.whl"}))
    (earlier / "index.html").write_text("old")
    build.check_out(earlier, [])
    (tmp_path / "empty").mkdir()
    build.check_out(tmp_path / "empty", [])
    build.check_out(tmp_path / "new", [])


def test_an_output_folder_over_the_notebooks_is_refused(tmp_path: Path, capsys, wheel: Path) -> None:
    """Replacing --out must never delete the teacher's own notebooks."""
    lessons, _ = teacher(tmp_path)
    for out in (lessons, lessons / "site", tmp_path):
        refused(capsys, ["site", "build", "--out", str(out), "--notebooks", str(lessons),
                         "--wheel", str(wheel)], "overlap")
    assert (lessons / "lesson.ipynb").is_file()


@pytest.mark.parametrize(("variants", "says"), [
    ({"broken.json": "{oops"}, "broken.json is not valid JSON"),
    ({"chess.json": {**VARIANT, "game": "chess"}}, "unknown game 'chess'"),
    ({"rounds.json": {**VARIANT, "options": {"rounds": 0}}}, "options the game refuses"),
    ({"a.json": VARIANT, "b.json": VARIANT}, "two variant files have the same name: one-round"),
])
def test_damaged_variant_files(tmp_path: Path, capsys, wheel: Path, variants: dict, says: str) -> None:
    _, house = teacher(tmp_path, variants=variants)
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--variants", str(house),
                     "--wheel", str(wheel)], says)
    nothing_written(out)


def test_a_variants_folder_without_variants_and_one_for_a_game_left_out(tmp_path: Path, capsys,
                                                                        wheel: Path) -> None:
    _, house = teacher(tmp_path)
    out = tmp_path / "site"
    refused(capsys, ["site", "build", "--out", str(out), "--variants", str(house)], "no *.json variant files")
    (house / "v.json").write_text(json.dumps(VARIANT))
    refused(capsys, ["site", "build", "--out", str(out), "--variants", str(house), "--games", "hocus-pocus",
                     "--wheel", str(wheel)], "is for witching-hour, which --games leaves out")
    nothing_written(out)


def test_other_misuse(tmp_path: Path, capsys) -> None:
    out = tmp_path / "site"
    refused(capsys, ["site", "build"], "the following arguments are required: --out")
    refused(capsys, ["site", "build", "--out", str(out), "--with-examples"], "goes with --notebooks")
    refused(capsys, ["site", "build", "--out", str(out), "--wheel", str(tmp_path / "no.whl")],
            "no such witchtable-*.whl")
    refused(capsys, ["site"], "required")
    nothing_written(out)


def test_serve_refuses_a_folder_that_is_not_a_site_and_a_taken_port(tmp_path: Path, capsys) -> None:
    refused(capsys, ["site", "serve", str(tmp_path)], "is not a built witchtable site")
    refused(capsys, ["site", "serve", str(tmp_path), "--port", "70000"], "--port")
    (tmp_path / "site-manifest.json").write_text(json.dumps({"witchtable_wheel": "w.whl"}))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert cli.main(["site", "serve", str(tmp_path), "--port", str(taken.getsockname()[1])]) == 2
    assert "is a server already running there? Pick another with --port" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("jupyterlite_core") is not None,
                    reason="this environment has the site extra")
def test_without_the_extra_the_build_says_what_to_install(tmp_path: Path, wheel: Path) -> None:
    """As a teacher meets it: a subprocess, status 1 (nothing wrong in what was asked), no traceback."""
    out = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "witchtable", "site", "build", "--out", str(out),
                           "--wheel", str(wheel)], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "jupyterlite-core is not installed here" in proc.stderr and "Traceback" not in proc.stderr
    nothing_written(out)


def test_a_refusal_as_a_teacher_meets_it(tmp_path: Path, wheel: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "witchtable", "site", "build", "--out", str(tmp_path / "s"),
                           "--games", "chess", "--wheel", str(wheel)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: python -m witchtable site build")
    assert "unknown game 'chess'" in proc.stderr and "Traceback" not in proc.stderr


def test_the_documented_commands_and_variant_are_what_the_package_takes() -> None:
    """docs/publishing.md's recipes (the GitHub Pages workflow, the README's teacher lines)
    name options the command line has, and its example variant loads."""
    from witchtable.variants import load_variant

    parser, _commands = cli.build_parser()
    lines = [line.strip().removeprefix("- run: ") for path in ("docs/examples/github-pages.yml", "README.md",
                                                               "docs/publishing.md")
             for line in (REPO / path).read_text().splitlines()]
    commands = [line.split("#")[0].split("python -m witchtable ", 1)[1].split() for line in lines
                if line.startswith("python -m witchtable site ") and "[" not in line]
    assert len(commands) >= 5, commands
    for args in commands:
        parser.parse_args(args)  # (argparse exits on an unknown option)
    assert load_variant(REPO / "docs" / "examples" / "one-round.json").options == {"rounds": 1,
                                                                                   "open_scores": True}
