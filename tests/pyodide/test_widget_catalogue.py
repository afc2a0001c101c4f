"""The play pages run the widgets in Pyodide from the installed wheel: the translation
catalogue (a compiled .mo read by gettext) and the per-game card pictures load there too."""

from __future__ import annotations

from test_runner import pytestmark, run  # noqa: F401  (the same skips as the runner's tests)


def test_the_catalogue_and_the_pictures_load_from_the_wheel_in_pyodide():
    snippet = ("from witchtable.widgets import TableController, i18n\n"
               "state = TableController('hocus-pocus', players=3, seed=1).state()\n"
               "print('MO', type(i18n._active).__name__)\n"
               "print('WORD', state['strings']['clear'])\n"
               "print('PICTURES', 'owl' in state['pictures']['icons'])\n")
    proc = run("--python", snippet)
    assert proc.returncode == 0, proc.stderr
    lines = dict(line.split(" ", 1) for line in proc.stdout.splitlines())
    assert lines == {"MO": "GNUTranslations", "WORD": "Clear", "PICTURES": "True"}
