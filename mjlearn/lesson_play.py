"""Moved to :mod:`mjlearn.lessons.play`: the helpers and checkers of lessons 04-07.

The old name, kept for old notebooks and code: ``import mjlearn.lesson_play`` gives :mod:`mjlearn.lessons.play`
itself (the same module object), so every name, private ones included, and monkeypatching keep working. New code
imports from :mod:`mjlearn.lessons`.
"""

import sys

from .lessons import play as _moved

sys.modules[__name__] = _moved
