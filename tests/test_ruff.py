"""The tree stays clean by ruff's checks (the rules chosen in pyproject.toml, [tool.ruff.lint])."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "No module named ruff" not in done.stderr, "ruff is in the test extra: pip install -e '.[test]'"
    assert done.returncode == 0, done.stdout + done.stderr
