"""The compiled card moved to the engine: this name gives :mod:`mjlearn.engine.compiled` itself.

Kept for old code (``from mjlearn.analysis.compiled import CompiledCard``); new code imports the engine.
"""

import sys

from ..engine import compiled as _moved

sys.modules[__name__] = _moved
