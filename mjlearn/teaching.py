"""Moved to :mod:`mjlearn.lessons.questions`: the teacher's Question, Handout and KeyEntry.

The old name, kept for old notebooks and code: ``import mjlearn.teaching`` gives
:mod:`mjlearn.lessons.questions` itself (the same module object), so every name, private ones included, and
monkeypatching keep working. New code imports from :mod:`mjlearn.lessons`.
"""

import sys

from .lessons import questions as _moved

sys.modules[__name__] = _moved
