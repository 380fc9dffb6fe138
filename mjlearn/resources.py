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
from .errors import BundledDataError, CardFileError, CardNotFoundError

__all__ = ["data_dir", "list_cards", "card_path", "load_card"]

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """The folder of bundled ``kind`` files (``"cards"`` or ``"assets"``)."""
    for candidate in (_PACKAGE_DIR / "data" / kind, _PACKAGE_DIR.parent / kind):
        if candidate.is_dir():
            return candidate
    raise BundledDataError(f"mjlearn's bundled {kind!r} folder is missing; reinstall mjlearn")


def list_cards() -> list[str]:
    """Names of the bundled cards, sorted."""
    return sorted(path.stem for path in data_dir("cards").glob("*.mjcl"))


def card_path(name: str | Path) -> Path:
    """The file of a bundled card name, or ``name`` itself if it is a path to a file."""
    if not isinstance(name, (str, Path)) or not str(name).strip():
        raise CardNotFoundError(f"a card is a bundled card's name or a .mjcl path, not {name!r}")
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
    return parse_card(read_card_text(card_path(name)))



def read_card_file(path: str | Path) -> tuple[str, str]:
    """The text of the MJCL file at ``path`` with ``\\n`` line endings, and the line ending the file uses.

    MJCL files are UTF-8; a leading UTF-8 byte-order mark is dropped. Any
    other encoding raises :class:`~mjlearn.errors.CardFileError` naming the
    file and the first byte that is not UTF-8. The line ending is
    ``"\\r\\n"`` when the first line ends so, else ``"\\n"`` (an editor
    writes the file back with it).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "dos.mjcl").write_bytes(b'\\xef\\xbb\\xbfDemo\\r\\n"Winds"\\r\\n')
    >>> read_card_file(folder / "dos.mjcl")
    ('Demo\\n"Winds"\\n', '\\r\\n')
    >>> _ = (folder / "latin.mjcl").write_bytes("Caf\\xe9".encode("latin-1"))
    >>> read_card_file(folder / "latin.mjcl")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjlearn.errors.CardFileError: ...latin.mjcl is not UTF-8 (byte 3 is 0xe9): MJCL files are UTF-8...
    """
    path = Path(path)
    data = path.read_bytes()
    try:
        raw = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CardFileError(
            f"{path} is not UTF-8 (byte {error.start} is 0x{data[error.start]:02x}): MJCL files are UTF-8;"
            " save it as UTF-8 and open it again"
        ) from None
    end = raw.find("\n")
    newline = "\r\n" if end > 0 and raw[end - 1] == "\r" else "\n"
    return raw.replace("\r\n", "\n").replace("\r", "\n"), newline


def read_card_text(path: str | Path) -> str:
    """The text of the MJCL file at ``path`` (see :func:`read_card_file`)."""
    return read_card_file(path)[0]
