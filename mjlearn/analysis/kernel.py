"""The batch kernel moved to the engine: this name gives :mod:`mjlearn.engine.kernel` itself.

Kept for old code (``from mjlearn.analysis.kernel import line_distances``); new code imports the engine.
"""

import sys

from ..engine import kernel as _moved

sys.modules[__name__] = _moved
