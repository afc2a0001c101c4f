"""One way to name a seat in a scene's sentences (issue 28, item 5: the copied ``_Who`` made one).

``scene.Who`` says "you" for the person at the screen and the name for everyone else; the
presenters share it instead of each keeping a copy that drifts.
"""

from __future__ import annotations

import pytest

from witchtable.widgets.i18n import using
from witchtable.widgets.presenters import disney_hocus_pocus, hocus_pocus, potion_house, witching_hour
from witchtable.widgets.scene import Who

NAMES = ["Agnes", "Hazel", "Morgana"]


def test_who_names_a_seat_or_says_you():
    who = Who(NAMES, 1, english=True)
    assert [who(0), who(1), who(1, True), who(None)] == ["Agnes", "you", "You", "nobody"]
    assert [who.own(0), who.own(1), who.own(1, cap=True)] == ["Agnes's", "your", "Your"]
    assert who.many([0, 1, 2]) == "Agnes, you and Morgana" and who.many([]) == "nobody"
    assert who.is_you(1) and not who.is_you(0) and not who.is_you(None)
    spectator = Who(NAMES, None)
    assert spectator(0) == "Agnes" and not spectator.is_you(None)


@pytest.mark.parametrize("english,you,nobody", [(True, "you", "nobody"), (False, "tú", "nadie")])
def test_who_translates_you_unless_the_sentence_is_english(english, you, nobody):
    """A translated presenter gets "tú"; an English sentence keeps "you" in any language."""
    with using("es"):
        who = Who(NAMES, 0, english=english)
        assert (who(0), who(1), who(None)) == (you, "Hazel", nobody)


@pytest.mark.parametrize("module", [disney_hocus_pocus, hocus_pocus, potion_house, witching_hour])
def test_the_presenters_share_one_who(module):
    """The presenters name seats through scene.Who, not a copy of their own."""
    assert not hasattr(module, "_Who")
    assert module.Who is Who
