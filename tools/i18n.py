"""Refresh the widgets' translation catalogues: extract, update every .po, compile the .mo.

    PYTHONPATH=build/dev .venv/bin/python tools/i18n.py          # extract + update + compile
    PYTHONPATH=build/dev .venv/bin/python tools/i18n.py --check  # exit 1 if anything is stale

Uses Babel (pinned in requirements/dev.txt). The English catalogue's translations are
its source text; another language keeps its translations and gains the new messages
untranslated (gettext then shows the English). ``tests/widgets/test_widget_i18n.py``
runs the same check.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
LOCALE = WIDGETS / "locale"
DOMAIN = "witchtable"
FIXED = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The header's dates: fixed, so the files change only when a message does."""
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
ENGINE = ROOT / "engine"
ENGINE_KEYWORDS = {"N_": None}
"""The engine marks the texts the widgets translate (log templates, rule summaries, a spec's
words) with ``engine.rules.N_``, an identity function: the engine stays English and
standard-library, the widgets translate when they draw."""


def template() -> Catalog:
    """Every message the widgets' code marks and every engine text marked ``N_``, with where
    it is used; each engine log template that names a seat also gains its second-person
    forms (what the table shows the person at the screen), so a translator words those too."""
    catalog = Catalog(project="witchtable", domain=DOMAIN, charset="utf-8")
    for file, line, message, comments, context in extract_from_dir(
            str(WIDGETS), method_map=[("**.py", "python")], keywords=KEYWORDS):
        catalog.add(message, locations=[(f"widgets/{file}", line)], auto_comments=comments,
                    context=context)
    for file, line, message, comments, _context in extract_from_dir(
            str(ENGINE), method_map=[("**.py", "python")], keywords=ENGINE_KEYWORDS):
        catalog.add(message, locations=[(f"engine/{file}", line)], auto_comments=comments)
        for form in you_forms(message):
            catalog.add(form, locations=[(f"engine/{file}", line)],
                        auto_comments=["the same event told to the person at the screen"])
    add_site_messages(catalog)
    return catalog


def add_site_messages(catalog: Catalog) -> None:
    """The site's play page (its template's ``{{texts}}``, its scripts' ``t("...")``, the
    texts ``lite/pages.py``, ``lite/player_rules.py`` and ``tools/rules_table.py`` mark
    ``N_``) and each game's options as its setup form shows them (label, help, each choice's value): a page in
    another language takes them from this same catalogue."""
    from witchtable.engine import GAMES
    from witchtable.site import pages

    for file, line, message in pages.page_messages():
        catalog.add(message, locations=[(file, line)])
    for file, line, message, comments, _context in extract_from_dir(
            str(ROOT / "lite"), method_map=[("pages.py", "python"), ("player_rules.py", "python")],
            keywords={"N_": None}):
        catalog.add(message, locations=[(f"lite/{file}", line)], auto_comments=comments)
    for file, line, message, comments, _context in extract_from_dir(  # a doc's generated rule table
            str(ROOT / "tools"), method_map=[("rules_table.py", "python")], keywords={"N_": None}):
        catalog.add(message, locations=[(f"tools/{file}", line)], auto_comments=comments)
    for game_id, spec in GAMES.items():
        for name, option in spec.describe()["options"].items():
            default = option["default"]
            if not option.get("choices") and not (isinstance(default, int) and not isinstance(default, bool)):
                continue  # (not in the form: house data lists, flags)
            where = [(f"setup form of {game_id}", 0)]
            catalog.add(pages.option_label(name), locations=where,
                        auto_comments=[f"the label of {game_id}'s option {name!r}"])
            if option.get("help"):
                catalog.add(option["help"], locations=where, auto_comments=[f"what {name!r} does"])
            for value in option.get("choices") or ():
                catalog.add(str(value), locations=where, context=pages.OPTION_CONTEXT,
                            auto_comments=[f"a value of {game_id}'s option {name!r}"])


def you_forms(template: str) -> list[str]:
    """The second-person forms of an engine log template, one per seat field it names."""
    from witchtable.engine.core import SEAT_FIELDS
    from witchtable.widgets.scene import you_template

    keys = [k for k in SEAT_FIELDS if "{" + k + "}" in template]
    return [you_template(template, [k]) for k in keys]


def render(language: str, source: Catalog) -> tuple[bytes, bytes]:
    """The .po and .mo bytes of ``language`` for the messages in ``source``."""
    po_path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    old = read_po(po_path.open("rb"), locale=language) if po_path.exists() else None
    catalog = Catalog(locale=language, project="witchtable", domain=DOMAIN, charset="utf-8",
                      fuzzy=False, creation_date=FIXED, revision_date=FIXED,
                      msgid_bugs_address="", copyright_holder="witchtable", version="1")
    for message in source:
        if not message.id:
            continue
        previous = old.get(message.id, context=message.context) if old is not None else None
        if language == "en":
            string = message.id
        else:
            string = previous.string if previous is not None else ("", "") if message.pluralizable else ""
        catalog.add(message.id, string, locations=message.locations, context=message.context,
                    auto_comments=message.auto_comments)
    po, mo = io.BytesIO(), io.BytesIO()
    write_po(po, catalog, omit_header=False, sort_output=True, include_lineno=False, width=100)
    write_mo(mo, catalog)
    return po.getvalue(), mo.getvalue()


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def stale() -> list[Path]:
    """The catalogue files that differ from what this script would write."""
    source = template()
    out = []
    for language in languages():
        po, mo = render(language, source)
        folder = LOCALE / language / "LC_MESSAGES"
        for path, data in ((folder / f"{DOMAIN}.po", po), (folder / f"{DOMAIN}.mo", mo)):
            if not path.exists() or path.read_bytes() != data:
                out.append(path)
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        files = stale()
        for path in files:
            print(f"stale: {path.relative_to(ROOT)} (run tools/i18n.py)")
        return 1 if files else 0
    source = template()
    for language in languages():
        po, mo = render(language, source)
        folder = LOCALE / language / "LC_MESSAGES"
        (folder / f"{DOMAIN}.po").write_bytes(po)
        (folder / f"{DOMAIN}.mo").write_bytes(mo)
        print(f"wrote {language}: {len([m for m in source if m.id])} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
