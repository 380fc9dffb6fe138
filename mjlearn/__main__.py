"""``python -m mjlearn`` runs the :mod:`mjlearn.cli` command."""

import sys

from .cli import main

sys.exit(main())
