"""Moved to :mod:`mjlearn.lessons.graded`: the checkers graded by the coach's chances.

The old name, kept for old notebooks and code: ``import mjlearn.exercises`` gives :mod:`mjlearn.lessons.graded`
itself (the same module object), so every name, private ones included, and monkeypatching keep working. New code
imports from :mod:`mjlearn.lessons`.
"""

import sys

from .lessons import graded as _moved

sys.modules[__name__] = _moved
