"""A marimo app that shows a Witching Hour table (tests/browser/test_marimo.py plays it).

Run it yourself: ``marimo run tests/browser/marimo_witching_hour.py`` (or ``marimo edit``).
In marimo a widget is shown as a cell's last expression, as in Jupyter.
"""

import marimo

app = marimo.App()


@app.cell
def _():
    from witchtable import play

    table = play("witching-hour", players=3, seed=5, pace=0)
    table  # noqa: B018 (marimo shows the last expression of a cell)
    return (table,)


if __name__ == "__main__":
    app.run()
