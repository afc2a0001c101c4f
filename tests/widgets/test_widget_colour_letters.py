"""Colour is never the only cue on a small card (issue 27, item 4): Disney Hocus Pocus's hand
shown by Binx is drawn as chips, which have no colour tag, so each chip's name carries its
colour's letter, as Hocus Focus's wizard names spell theirs; the full cards keep the colour
word as their tag, one word, and the symbol goes after the name.

Rule id: ``disney-hocus-pocus/binx/reveal`` (the hand Binx shows).
"""

from __future__ import annotations

from test_widget_disney_hocus_pocus import find, scene_of, zone

from witchtable.widgets.presenters import disney_hocus_pocus as dhp


def test_binx_chips_name_their_colour_by_letter():
    """disney-hocus-pocus/binx/reveal: orange and yellow chips differ by more than their tint."""
    game = find(3, lambda g: g.view(None)["binx"] not in (None, 0) and len(g.view(None)["binx_hand"]) > 1)
    public = game.view(None)
    scene = scene_of(game, 0)
    panel = next(p for p in scene["players"] if p["seat"] == public["binx"])
    for chips in (panel["tableau"]["cards"], zone(scene, "binx")["cards"]):
        for chip in chips:
            colour = dhp.parse(chip["kind"])[0]
            assert chip["name"].endswith(f"({dhp.colour_letter(colour)})"), chip
    letters = {dhp.colour_letter(c) for c in dhp.COLOUR_NAMES}
    assert len(letters) == len(dhp.COLOUR_NAMES), f"two colours share a letter: {letters}"


def test_a_full_card_tags_its_colour_in_one_word_and_names_its_symbol():
    """A card's tag is its colour word alone (it fits the card); the symbol follows the name."""
    card = dhp.face("purple:oil-of-boil:book")
    assert card["tag"] == "Purple"
    assert card["name"] == "Oil · Book"
    assert dhp.face("yellow:dead-mans-toe")["name"] == "Toe"
