"""The games, one package each; importing this registers them in :data:`GAMES`."""

from ..core import register
from . import witching_hour

for _module in (witching_hour,):
    register(_module.SPEC)
