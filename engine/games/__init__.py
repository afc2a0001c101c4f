"""The games, one package each; importing this registers them in :data:`GAMES`."""

from ..core import register
from . import hocus_pocus, witching_hour

for _module in (witching_hour, hocus_pocus):
    register(_module.SPEC)
