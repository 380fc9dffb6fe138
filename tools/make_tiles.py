"""Regenerate mjlearn's tile art in assets/tiles/ (36 SVG faces, 36 PNGs 128 px high, sheet.png).

    .venv/bin/python tools/make_tiles.py

The faces are drawn by mjlearn.render.tileart; the output is deterministic, so
running this twice gives the same files. tests/test_tileart.py checks that the
files in assets/tiles/ match what the code draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mjlearn.render.tileart import write_assets  # noqa: E402


def main() -> None:
    folder = ROOT / "assets" / "tiles"
    written = write_assets(folder)
    total = sum(path.stat().st_size for path in written)
    print(f"wrote {len(written)} files ({total / 1024:.0f} KiB) to {folder.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
