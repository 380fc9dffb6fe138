"""Moved to :mod:`mjlearn.lessons.handout`: handout pages and answer keys.

The old name, kept for old notebooks and code: ``import mjlearn.render.handout`` gives
:mod:`mjlearn.lessons.handout` itself (the same module object), so every name, private ones included, and
monkeypatching keep working. New code imports from :mod:`mjlearn.lessons`. This is the one import of the lessons
below them that ``tests/test_layers.py`` allows: drawing a handout belongs with the handout, on the lessons'
layer.
"""

import sys

from ..lessons import handout as _moved

sys.modules[__name__] = _moved
