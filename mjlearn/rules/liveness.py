"""The live hands moved to the engine: this name gives :mod:`mjlearn.engine.liveness` itself.

Kept for old code (``from mjlearn.rules.liveness import LiveHands``); new code imports the engine.
"""

import sys

from ..engine import liveness as _moved

sys.modules[__name__] = _moved
