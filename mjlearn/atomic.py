"""Writing a file so that it is always the old one or the new one, never half of either.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "note.txt", b"hello").read_bytes()
b'hello'
>>> sorted(p.name for p in folder.iterdir())  # no temporary file is left behind
['note.txt']
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .errors import ArgumentError

__all__ = ["write_atomically", "output_path", "path_argument"]


def path_argument(path, what: str = "path", kind: str = "a file name") -> Path:
    """``path`` as a :class:`Path` if it is text or a path (not bytes), else an
    :class:`~mjlearn.errors.ArgumentError` that says ``what`` must be ``kind`` (a str or Path).

    >>> path_argument(3, "notebook_path")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: notebook_path must be a file name (a str or Path), not int
    """
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise ArgumentError(f"{what} must be {kind} (a str or Path), not {type(path).__name__}")
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        raise ArgumentError(f"{what} must be {kind} the file system can write, not {str(path)!r}") from None
    return Path(path)


def output_path(path, suffixes: tuple[str, ...], what: str = "path") -> Path:
    """``path`` as a :class:`Path` to write, if it is text or a path with one of ``suffixes`` in a folder
    that exists; else an :class:`~mjlearn.errors.ArgumentError` that says what is wrong.

    >>> output_path("sheet.pdf", (".pdf", ".png")).name
    'sheet.pdf'
    >>> output_path("sheet.doc", (".pdf", ".png"))
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: path must end in .pdf or .png, not 'sheet.doc'
    """
    target = path_argument(path, what)
    if target.suffix.lower() not in suffixes:
        raise ArgumentError(f"{what} must end in {' or '.join(suffixes)}, not {str(path)!r}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ArgumentError(f"{what}: the folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise ArgumentError(f"{what}: {str(path)!r} is a folder, not a file")
    return target


def write_atomically(path: Path, data: str | bytes | Callable[[BinaryIO], None],
                     check: Callable[[Path], None] | None = None) -> Path:
    """Write ``data`` (text, written as UTF-8 exactly as given; bytes; or a function that writes to an open
    binary file) to ``path``: first to a temporary file in the same folder, flushed to disk, checked by
    ``check(temporary_path)`` if given (which raises to stop the write), then renamed over ``path``
    (atomic within a folder). A failure leaves the old file as it was and no temporary file behind.
    Returns ``path``."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            if callable(data):
                data(out)
            else:
                out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if check is not None:
            check(Path(temporary))
        os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
