"""Finding the files bundled with mjlearn: cards (``cards/*.mjcl``) and tile art; reading a card argument.

In a source checkout (or an editable install) they sit at the top of the
repository; an installed wheel carries them inside the package as
``mjlearn/data/``. :func:`data_dir` finds whichever is there.

>>> "basic1" in list_cards()
True
>>> load_card("basic1").count_hands()
308

Every public call that takes a card reads it with :func:`as_card`: a
:class:`~mjlearn.card.Card`, a bundled card's name or a path to a ``.mjcl`` file.
"""

from __future__ import annotations

import os
from pathlib import Path

from .card import Card, parse_card
from .errors import ArgumentError, BundledDataError, CardFileError, CardNotFoundError
from .wording import shown

__all__ = ["data_dir", "list_cards", "is_card_path", "card_path", "load_card", "as_card", "CardLike"]

CardLike = Card | str | os.PathLike[str]
"""What a call that takes a card accepts: a Card, a bundled card's name or a ``.mjcl`` path (:func:`as_card`)."""

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


def is_card_path(name: str | os.PathLike) -> bool:
    """Whether ``name`` names a file rather than a bundled card: a ``Path`` (any ``os.PathLike``), or text
    holding a folder separator or ending in ``.mjcl``.

    >>> is_card_path("basic1"), is_card_path("./basic1"), is_card_path("mine.mjcl"), is_card_path(Path("basic1"))
    (False, True, True, True)
    """
    if isinstance(name, os.PathLike):
        return True
    separators = {"/", os.sep, os.altsep} - {None}
    return any(sep in name for sep in separators) or name.strip().lower().endswith(".mjcl")


def card_path(name: str | os.PathLike) -> Path:
    """The file of a card: a bundled card's file for a bare name, else the file at the path given.

    A bare name (no folder, no ``.mjcl`` ending), such as ``"basic1"``, always
    means the bundled card, even when the working folder holds a file of that
    name: a file is read only when the name says it is one, with a folder
    (``"./basic1"``, ``"cards/mine.mjcl"``), the ``.mjcl`` ending
    (``"mine.mjcl"``) or as a :class:`pathlib.Path`. ``~`` stands for the home folder.

    >>> card_path("basic1").name
    'basic1.mjcl'
    >>> card_path("basic9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjlearn.errors.CardNotFoundError: no bundled card 'basic9'; the bundled cards are basic1, ...
    """
    if not isinstance(name, (str, os.PathLike)) or not str(os.fspath(name)).strip():
        raise CardNotFoundError(f"a card is a bundled card's name or a .mjcl path, not {shown(name)}")
    if is_card_path(name):
        path = Path(os.path.expanduser(os.fspath(name)))  # (an unknown ~user is left as it is)
        if path.is_file():
            return path
        raise CardNotFoundError(f"no card file {str(os.fspath(name))!r}")
    bundled = data_dir("cards") / f"{name}.mjcl"
    if name in list_cards() and bundled.is_file():
        return bundled
    message = f"no bundled card {name!r}; the bundled cards are {', '.join(list_cards())}"
    if Path(name).is_file():
        message += f" (to read the file {name!r} in the working folder, write './{name}')"
    raise CardNotFoundError(message)


def load_card(name: str | os.PathLike) -> Card:
    """A bundled card by name (``"basic1"``) or a card read from a ``.mjcl`` file.

    A bare name always means a bundled card; a file is read only from a path
    (a :class:`pathlib.Path`, or text with a folder or the ``.mjcl`` ending,
    such as ``"./basic1"`` or ``"mine.mjcl"``): see :func:`card_path`. A
    missing card is a :class:`~mjlearn.errors.CardNotFoundError`.

    >>> load_card("basic1").name, load_card(data_dir("cards") / "basic1.mjcl").name
    ('Basic1', 'Basic1')
    """
    return parse_card(read_card_text(card_path(name)))


def as_card(card: CardLike, name: str = "card") -> Card:
    """``card`` as a :class:`~mjlearn.card.Card`: a Card as it is, a bundled card's name or a ``.mjcl`` path
    loaded with :func:`load_card`.

    Every public call that takes a card reads it with this, so each accepts all
    three. Anything else is an :class:`~mjlearn.errors.ArgumentError` naming the
    argument (``name``); a name or path that finds no card is a
    :class:`~mjlearn.errors.CardNotFoundError`.

    >>> card = as_card("basic1")
    >>> as_card(card) is card, card.name
    (True, 'Basic1')
    >>> as_card(5)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: card must be a Card, a bundled card's name (such as 'basic1') or the path of a .mjcl file, not 5
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, (str, os.PathLike)):
        return load_card(card)
    raise ArgumentError(f"{name} must be a Card, a bundled card's name (such as 'basic1') or the path of a"
                        f" .mjcl file, not {shown(card)}")


def read_card_file(path: str | Path) -> tuple[str, str]:
    """The text of the MJCL file at ``path`` with ``\\n`` line endings, and the line ending the file uses.

    MJCL files are UTF-8; a leading UTF-8 byte-order mark is dropped. Any
    other encoding raises :class:`~mjlearn.errors.CardFileError` naming the
    file and the first byte that is not UTF-8, as does a file that cannot be
    read at all (a folder, no permission). The line ending is
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
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CardFileError(f"{path} cannot be read: {error.strerror or error}") from None
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
