"""Finding the files bundled with mjlearn: cards (``cards/*.mjcl``) and tile art.

In a source checkout (or an editable install) they sit at the top of the
repository; an installed wheel carries them inside the package as
``mjlearn/data/``. :func:`data_dir` finds whichever is there.

>>> "basic1" in list_cards()
True
>>> load_card("basic1").count_hands()
308
"""

from __future__ import annotations

from pathlib import Path

from .card import Card, parse_card
from .errors import CardNotFoundError

__all__ = ["data_dir", "list_cards", "card_path", "load_card"]

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """The folder of bundled ``kind`` files (``"cards"`` or ``"assets"``)."""
    for candidate in (_PACKAGE_DIR / "data" / kind, _PACKAGE_DIR.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"mjlearn's bundled {kind!r} folder is missing; reinstall mjlearn")


def list_cards() -> list[str]:
    """Names of the bundled cards, sorted."""
    return sorted(path.stem for path in data_dir("cards").glob("*.mjcl"))


def card_path(name: str | Path) -> Path:
    """The file of a bundled card name, or ``name`` itself if it is a path to a file."""
    path = Path(name)
    if path.suffix == ".mjcl" or len(path.parts) > 1 or path.is_file():
        if path.is_file():
            return path
        raise CardNotFoundError(f"no card file {str(name)!r}")
    bundled = data_dir("cards") / f"{name}.mjcl"
    if bundled.is_file():
        return bundled
    raise CardNotFoundError(f"no bundled card {str(name)!r}; the bundled cards are {', '.join(list_cards())}")


def load_card(name: str | Path) -> Card:
    """A bundled card by name (``"basic1"``) or a card read from a ``.mjcl`` file."""
    return parse_card(card_path(name).read_text(encoding="utf-8"))
