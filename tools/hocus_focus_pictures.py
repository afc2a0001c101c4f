"""Write ``widgets/presenters/hocus_focus.pictures.json``: every house wizard's picture.

The pictures are drawn from the wizards' attributes by the presenter
(:func:`witchtable.widgets.presenters.hocus_focus.pictures`); run this after changing
that drawing or the house deck. ``--check`` fails when the committed file is stale.
"""

import sys
from pathlib import Path

from witchtable.widgets.presenters import hocus_focus

FILE = Path(hocus_focus.__file__).with_suffix(".pictures.json")

if __name__ == "__main__":
    text = hocus_focus.pictures_json()
    if "--check" in sys.argv:
        sys.exit(0 if FILE.read_text(encoding="utf-8") == text else f"{FILE.name} is stale: rerun {__file__}")
    FILE.write_text(text, encoding="utf-8")
    print(f"wrote {FILE} ({len(text)} characters)")
