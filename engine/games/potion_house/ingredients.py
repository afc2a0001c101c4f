"""Potion House's 40 ingredients: one card and one token each.

HOUSE DATA. The rulebook counts 40 ingredient cards and 40 ingredient tokens but prints
no names (they are pictures on the components; COMPONENTS.md: "most likely 40 distinct
ingredients", confidence M). The names and the families below are the project's own.
A *family* groups four look-alike ingredients (four toadstools, four feathers...): the
human-like bots confuse ingredients of one family, as people do. Rename any ingredient or
move it to another family with the ``ingredients`` option, e.g.
``new_game("potion-house", 3, ingredients={"crimson-toadstool": {"name": "Fly agaric"}})``;
the ids (used in actions) stay.
"""

from __future__ import annotations

FAMILIES: dict[str, tuple[str, ...]] = {
    "toadstool": ("Crimson Toadstool", "Violet Toadstool", "Speckled Toadstool", "Glowing Toadstool"),
    "eye": ("Newt's Eye", "Owl's Eye", "Cat's Eye", "Dragon's Eye"),
    "feather": ("Raven Feather", "Barn Owl Feather", "Phoenix Feather", "Peacock Feather"),
    "root": ("Mandrake Root", "Ginger Root", "Twisted Root", "Moon Root"),
    "crystal": ("Amethyst Shard", "Ruby Shard", "Ice Crystal", "Smoky Quartz"),
    "wing": ("Bat Wing", "Moth Wing", "Fairy Wing", "Dragonfly Wing"),
    "flower": ("Nightshade Bloom", "Moonflower", "Bloodrose", "Foxglove"),
    "slime": ("Swamp Slime", "Snail Slime", "Frog Spawn", "Troll Sweat"),
    "critter": ("Spider Leg", "Beetle Shell", "Scorpion Tail", "Rat Tooth"),
    "dust": ("Stardust", "Pixie Dust", "Oak Ash", "Chalk Powder"),
}
"""Ten families of four look-alike ingredients (house data)."""


def slug(name: str) -> str:
    """An ingredient's id: its house name in lower case, words joined by hyphens.

    >>> slug("Newt's Eye")
    'newts-eye'
    """
    return "-".join("".join(c for c in word if c.isalnum()) for word in name.lower().split())


HOUSE_INGREDIENTS: dict[str, dict[str, str]] = {
    slug(name): {"name": name, "family": family}
    for family, names in FAMILIES.items() for name in names
}
"""id -> {"name", "family"}: the 40 ingredients in the engine's fixed order (index = number)."""

IDS: tuple[str, ...] = tuple(HOUSE_INGREDIENTS)
COUNT = 40
assert len(IDS) == COUNT == len(set(IDS))


def merge_ingredients(overrides: object) -> dict:
    """The house table with ``overrides`` (id -> {"name"?, "family"?}) applied, validated.

    >>> merge_ingredients({"moonflower": {"name": "Night lily"}})["moonflower"]
    {'name': 'Night lily', 'family': 'flower'}
    """
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise ValueError("the ingredients option is an object mapping ingredient ids to "
                         "{'name': ..., 'family': ...}")
    table = {key: dict(value) for key, value in HOUSE_INGREDIENTS.items()}
    for key, entry in overrides.items():
        if key not in table:
            raise ValueError(f"unknown ingredient {key!r} in the ingredients option; the ids are "
                             f"the house names in lower case ({', '.join(IDS[:3])}, ...)")
        if not isinstance(entry, dict) or not entry or set(entry) - {"name", "family"}:
            raise ValueError(f"ingredients[{key!r}] must be an object with 'name' and/or 'family'")
        for field in ("name", "family"):
            if field in entry:
                value = entry[field]
                if not isinstance(value, str) or not value.strip() or len(value) > 40:
                    raise ValueError(f"ingredients[{key!r}][{field!r}] must be a non-empty text of "
                                     f"at most 40 characters, not {value!r}")
                table[key][field] = value.strip()
    names = [entry["name"] for entry in table.values()]
    if len(set(names)) != COUNT:
        raise ValueError("every ingredient needs its own name: two share one after the overrides")
    return table
