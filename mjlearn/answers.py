"""Moved to :mod:`mjlearn.lessons.reading`: reading a student's answer.

The old name, kept for old notebooks and code: ``import mjlearn.answers`` gives :mod:`mjlearn.lessons.reading`
itself (the same module object), so every name, private ones included, and monkeypatching keep working. New code
imports from :mod:`mjlearn.lessons`.
"""

import sys

from .lessons import reading as _moved

sys.modules[__name__] = _moved
