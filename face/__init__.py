"""witchtable: play and explore witch-themed tabletop games in a notebook or a static site."""

__version__ = "0.1.0"
