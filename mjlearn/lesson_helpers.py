"""Moved to :mod:`mjlearn.lessons.helpers`: the beginner lessons' one-call helpers.

The old name, kept for old notebooks and code: ``import mjlearn.lesson_helpers`` gives
:mod:`mjlearn.lessons.helpers` itself (the same module object), so every name, private ones included, and
monkeypatching keep working. New code imports from :mod:`mjlearn.lessons`.
"""

import sys

from .lessons import helpers as _moved

sys.modules[__name__] = _moved
