"""CardEditor: write a card in MJCL beside the rendered card, with errors shown as you type.

The text is checked on every change: each error shows its line, column and
a caret under the spot, while the lines that are right still show as a card
with their hand counts. A line that loads but leaves out hands no set can
build (more tiles than the 152-tile set holds) shows a note the same way: it
is no error, and the card still saves. Saving writes a ``.mjcl`` file
atomically (a temporary file in the same folder, then a rename), and only
text without errors; :meth:`CardEditor.save_draft` keeps unfinished text in a separate
``.draft.mjcl`` file, so a saved card is never replaced by a broken one.

>>> editor = CardEditor('My card\\n"Winds"\\nNNNN EEEE WWWW SS\\nFF NNN EEE WWQ SS')
>>> [(e.line, e.column) for e in editor.errors], editor.card.count_hands()
([(4, 14)], 1)
>>> editor.save("unused.mjcl"), editor.message.split(":")[0]
(False, 'Not saved')
"""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path

import traitlets as t

from ..atomic import write_atomically
from ..card import Card, CardCheck, check_card, parse_card
from ..errors import CardFileError, CardNotFoundError, MJCLError, MJCLWarning, MjlearnError
from ..line_cache import LineCache
from ..resources import card_path, list_cards, read_card_file, read_card_text
from ._common import LessonWidget, asset, large_print, widget_module
from ..wording import counted

__all__ = ["CardEditor", "draft_path", "write_atomically"]

_NEW_CARD = """My card
// The first line names the card.
// A quoted name starts a category; each line
// under it is one hand, its value after X.
"Winds"
NNNN EEEE WWWW SS X25
"2468"
FF 2222 4444 6666 (Any 1 Suit) X25
"""


def draft_path(path: str | Path) -> Path:
    """Where the draft of the card at ``path`` goes: ``name.mjcl`` -> ``name.draft.mjcl``.

    >>> draft_path("cards/mine.mjcl").as_posix(), draft_path("mine.draft.mjcl").as_posix()
    ('cards/mine.draft.mjcl', 'mine.draft.mjcl')
    """
    path = Path(path)
    stem = path.name[: -len(".mjcl")] if path.name.endswith(".mjcl") else path.name
    if stem.endswith(".draft"):
        return path.with_name(f"{stem}.mjcl")
    return path.with_name(f"{stem}.draft.mjcl")


def _loads_back(written: Path) -> None:
    """Raise :class:`~mjlearn.errors.CardFileError` unless the file just written reads back and loads as a card."""
    problem = loading_problem(read_card_text(written))
    if problem:
        raise CardFileError(f"{written.name} did not load after writing ({problem}); the old file is kept")


def checked_text(text: str, cache: LineCache | None = None) -> CardCheck:
    """:func:`~mjlearn.card.check_card`, but any failure of the parser becomes an error in the list, never a raise.

    The editor's state is derived from this for every text, so ``ok`` can
    never be left over from an earlier, good text. ``cache`` remembers the
    lines read, so the next text reads only the lines that changed.

    >>> checked_text('Demo\\n"Winds"\\nNNNN EEEE WWWW SS').ok
    True
    """
    try:
        return check_card(text, cache=cache)
    except MJCLError as error:
        return CardCheck(None, list(error.errors))
    except Exception as error:  # a parser bug must show on screen as an error, not keep a stale "ok"
        return CardCheck(None, [MJCLError(f"this text could not be read ({type(error).__name__}: {error})")])


def loading_problem(text: str) -> str:
    """Why ``text`` would not load as a card (``""``: it loads), exactly as :func:`~mjlearn.card.parse_card` reads it.

    >>> loading_problem('Demo\\n"Winds"\\nNNNN EEEE WWWW SS'), loading_problem("Demo").split(":")[0]
    ('', 'line 1, column 1')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return (f"the text holds a character UTF-8 cannot store (a lone surrogate, {text[error.start]!r}"
                f" at character {error.start}); delete it")
    try:
        with warnings.catch_warnings():  # the editor shows them as notes; they do not stop loading
            warnings.simplefilter("ignore", MJCLWarning)
            parse_card(text)
    except MJCLError as error:
        return str(error).splitlines()[0]
    except Exception as error:  # the same: whatever stops it loading is a reason not to save it
        return f"the text could not be read ({type(error).__name__}: {error})"
    return ""


def _digest(text: str | None) -> str:
    return "" if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


class CardEditor(LessonWidget):
    """Edit a card in MJCL: the text, its errors with line, column and caret, and the card it makes.

    ``source`` is MJCL text, a path to a ``.mjcl`` file (opened, and saved
    back to by :meth:`save`) or a bundled card's name (opened as a copy: save
    it under a path of your own). With no source, a small example card to
    start from.

    Python and the widget share the same state: ``editor.text`` is the text
    in the box (set it to replace it), ``editor.card`` the card made of the
    lines without errors, ``editor.errors`` the :class:`~mjlearn.errors.MJCLError` list
    and ``editor.warnings`` the :class:`~mjlearn.errors.MJCLWarning` list (the notes).
    ``large=True``: large print (18 px text, every control at least 48 pixels); a switch in the widget too.
    """

    _esm = widget_module("card_editor.js")
    _css = asset("widgets.css")

    text = t.Unicode().tag(sync=True)
    path = t.Unicode().tag(sync=True)
    """The file :meth:`save` writes to (empty: none yet)."""
    error_rows = t.List(t.Dict()).tag(sync=True)
    note_rows = t.List(t.Dict()).tag(sync=True)
    """One row per warning, as ``error_rows`` has per error: the editor shows them as notes."""
    card_view = t.Unicode().tag(sync=True)
    summary = t.Unicode().tag(sync=True)
    dirty = t.Bool(False).tag(sync=True)
    """Whether the text differs from the file as last opened or saved."""
    ack = t.Int(0).tag(sync=True)
    """Counts the edits and clicks Python has received: the browser's sign that the kernel still answers."""

    def __init__(self, source: str | Path | None = None, path: str | Path | None = None, large: bool = False):
        large = large_print(large)
        self._check: CardCheck = check_card("")
        self._lines = LineCache()  # each line read and expanded, by its text: a keystroke reads one line again
        self._cells: dict[str, str] = {}  # each line's drawing in the card view, by its MJCL
        self._disk_digest = ""  # the file at ``path`` as we last read or wrote it
        self._saved_text: str | None = None
        self._newline = "\n"  # the line ending of the file opened, kept when it is saved
        super().__init__(large=large)
        self.on_msg(self._on_click)
        self.observe(self._acknowledge, names="text")
        text, opened, note = self._read_source(source)
        if path is None and opened is None and isinstance(source, (str, Path)) and str(source).endswith(".mjcl"):
            path = source  # a file still to be made
        with self.hold_sync():
            if opened is not None:
                self._adopt_file(opened, text)
            else:
                self._saved_text = None
            if path is not None:
                self.path = str(path)
            self.text = text
            self._update()
            if note:
                self._say(note)

    def _summary_text(self) -> str:
        return self.summary

    # -- what it holds -------------------------------------------------------
    @property
    def card(self) -> Card | None:
        """The card made of the lines without errors (``None`` while the text has no name or category)."""
        return self._check.card

    @property
    def errors(self) -> list[MJCLError]:
        return list(self._check.errors)

    @property
    def warnings(self) -> list[MJCLWarning]:
        """What the notes say: each line that loads but leaves out hands no set can build. No error: the card still saves.

        >>> editor = CardEditor('Mine\\n"2026"\\n2026 r2026 b2026 gDD')
        >>> editor.ok, [(w.line, w.column) for w in editor.warnings], editor.card.count_hands()
        (True, [(3, 1)], 2)
        """
        return list(self._check.warnings)

    @property
    def ok(self) -> bool:
        """Whether the text is a card with no errors (and so can be saved)."""
        return self._check.ok and self._check.card is not None

    # -- files ---------------------------------------------------------------------
    def open_file(self, source: str | Path, discard_changes: bool = False) -> bool:
        """Open a ``.mjcl`` file (or a bundled card, as a copy to save elsewhere).

        Refused while the text has unsaved changes, unless ``discard_changes=True``.
        """
        if self.dirty and not discard_changes:
            return self._refuse(
                "The text has unsaved changes: save them (or save a draft) first,"
                " or open with discard_changes=True to drop them."
            )
        try:
            text, opened, note = self._read_source(source, as_file=True)
        except (CardNotFoundError, CardFileError, OSError) as error:
            return self._refuse(f"Could not open {source}: {error}")
        with self.hold_sync():
            if opened is not None:
                self._adopt_file(opened, text)
            else:
                self.path, self._disk_digest, self._saved_text = "", "", None
            self.text = text
            self._update()
            self._say(note or f"Opened {source}.")
        return True

    def open_draft(self, discard_changes: bool = False) -> bool:
        """Open the draft saved beside the card's file (see :meth:`save_draft`)."""
        if not self.path:
            return self._refuse("There is no file yet, so no draft beside it.")
        draft = draft_path(self.path)
        if not draft.exists():
            return self._refuse(f"There is no draft at {draft}.")
        return self.open_file(draft, discard_changes)

    def save(self, path: str | Path | None = None, overwrite: bool = False) -> bool:
        """Save the card to ``path`` (default: the file it came from), atomically; only text without errors.

        A file that changed on disk since it was opened or saved here is not
        replaced unless ``overwrite=True``, nor is an existing file this editor
        did not open.
        """
        if not self.ok:
            if self._check.errors:
                first = self._check.errors[0]
                count = len(self._check.errors)
                return self._refuse(
                    f"Not saved: the card has {counted(count, 'error')} (the first at line"
                    f" {first.line}, column {first.column}). Fix {'them' if count != 1 else 'it'}, or save a draft"
                    " to keep the text as it is."
                )
            return self._refuse("Not saved: the text holds no card yet (a name line and a quoted category).")
        target = self._target(path)
        if target is None:
            return self._refuse("Not saved: give a file name ending in .mjcl first.")
        if target.name.endswith(".draft.mjcl"):
            return self._refuse(f"Not saved: {target.name} is a draft's name; save the card under its own name.")
        text = self.text
        problem = loading_problem(text)
        if problem:
            return self._refuse(f"Not saved: the card would not load: {problem}. Fix it, or save a draft.")
        problem = self._clobber_problem(target, overwrite)
        if problem:
            return self._refuse(problem)
        try:
            write_atomically(target, text.replace("\n", self._newline), check=_loads_back)
        except (OSError, MjlearnError) as error:
            return self._refuse(f"Not saved: {error}")
        with self.hold_sync():
            self._adopt_file(target, text)
            self._say(f"Saved {self.card.name!r} ({counted(self.card.count_hands(), 'hand')}) to {target.name}.",
                      "success")
        return True

    def save_draft(self, path: str | Path | None = None) -> bool:
        """Save the text as it is, errors and all, to the draft beside the card (``name.draft.mjcl``).

        The card's own file is left untouched.
        """
        target = self._target(path)
        if target is None:
            return self._refuse("Not saved: give a file name ending in .mjcl first (the draft goes beside it).")
        draft = draft_path(target)
        try:
            write_atomically(draft, self.text.replace("\n", self._newline))
        except (OSError, UnicodeEncodeError) as error:
            return self._refuse(f"Draft not saved: {error}")
        if not self.path:
            self.path = str(target)
        self._say(f"Saved a draft to {draft.name}; {target.name} is unchanged.", "success")
        return True

    # -- inner workings ----------------------------------------------------------
    def _read_source(self, source, as_file: bool = False) -> tuple[str, Path | None, str]:
        """The text to edit, the file it came from (if it is to be saved back there) and a note.

        A string is MJCL text unless it names a bundled card or a ``.mjcl``
        file; with ``as_file`` (opening), every string but a bundled card's
        name is a path, and a missing file is an error rather than a new card.
        """
        self._newline = "\n"
        if source is None:
            return _NEW_CARD, None, "A new card: edit it, then save it under a name of your own."
        if isinstance(source, str) and source in list_cards():
            text = read_card_text(card_path(source))
            return text, None, f"Opened a copy of the bundled card {source!r}: save it under a name of your own."
        is_path = isinstance(source, Path) or (
            isinstance(source, str) and (as_file or ("\n" not in source and source.strip().endswith(".mjcl")))
        )
        if is_path:
            path = Path(source).expanduser()
            if not path.exists():
                if as_file or path.suffix != ".mjcl":
                    raise CardNotFoundError(f"there is no file {path}")
                return _NEW_CARD, None, f"{path.name} does not exist yet: Save creates it."
            text, self._newline = read_card_file(path)
            note = f"Opened {path.name}."
            draft = draft_path(path)
            if draft != path and draft.exists() and draft.stat().st_mtime > path.stat().st_mtime:
                note += f" A newer draft is beside it ({draft.name}): the Open draft button (or open_draft()) opens it."
            return text, path, note
        if isinstance(source, str):
            return source, None, ""
        raise CardNotFoundError(f"a card source is MJCL text, a .mjcl path or a bundled card's name, not {source!r}")

    def _adopt_file(self, path: Path, text: str) -> None:
        self.path = str(path)
        self._disk_digest = _digest(text)
        self._saved_text = text
        self.dirty = self.text != text

    def _target(self, path) -> Path | None:
        if path is not None and (not isinstance(path, (str, Path)) or not Path(path).name):
            return None
        if path is not None:
            target = Path(path)
        elif self.path:
            target = Path(self.path)
        else:
            return None
        if not target.name.endswith(".mjcl"):
            target = target.with_name(target.name + ".mjcl")
        return target

    def _clobber_problem(self, target: Path, overwrite: bool) -> str:
        if overwrite or not target.exists():
            return ""
        same_file = self.path and Path(self.path).resolve() == target.resolve()
        if not same_file or not self._disk_digest:
            return f"Not saved: {target} already exists. Save with overwrite=True to replace it, or pick another name."
        try:
            on_disk = read_card_text(target)
        except CardFileError:
            on_disk = None
        if _digest(on_disk) != self._disk_digest:
            return (
                f"Not saved: {target} changed on disk since it was opened here. Save with overwrite=True to"
                " replace it, or save under another name."
            )
        return ""

    @t.observe("text")
    def _text_changed(self, _change) -> None:
        self._update()

    def _update(self) -> None:
        from ..render.html import card_html

        self._check = checked_text(self.text, self._lines)
        card = self._check.card
        rows = [
            {"line": e.line, "column": e.column, "message": e.message, "source": e.source_line, "text": str(e)}
            for e in self._check.errors
        ]
        notes = [
            {"line": w.line, "column": w.column, "message": w.message, "source": w.source_line, "text": str(w)}
            for w in self._check.warnings
        ]
        if card is None:
            view, summary = "", "No card yet: the first line names the card, and a quoted name starts a category."
        else:
            view = card_html(card, self._cells)
            if len(self._cells) > 2 * len(card.lines) + 1_000:  # forget the drawings of lines typed over
                self._cells = {line.mjcl: self._cells[line.mjcl] for line in card.lines}
            count = len(rows)
            status = "no errors" if not count else f"{counted(count, 'error')}; lines with errors left out"
            if notes:
                status += f"; {counted(len(notes), 'note')}"
            summary = (
                f"{card.name}: {counted(len(card.categories), 'category')}, {counted(len(card.lines), 'line')},"
                f" {counted(card.count_hands(), 'hand')} ({status})."
            )
        with self.hold_sync():
            self.error_rows = rows
            self.note_rows = notes
            self.card_view = view
            self.summary = summary
            self.dirty = self.text != self._saved_text

    def _acknowledge(self, _change=None) -> None:
        self.ack += 1

    def _on_click(self, _widget, content: dict, _buffers) -> None:
        self._acknowledge()
        action = content.get("action")
        path = content.get("path") or None
        if action == "save":
            self.save(path, overwrite=bool(content.get("overwrite")))
        elif action == "save_draft":
            self.save_draft(path)
        elif action == "open":
            if path is None:
                self._refuse("Type the path of a .mjcl file to open first.")
            else:
                self.open_file(path, discard_changes=bool(content.get("discard")))
        elif action == "open_draft":
            self.open_draft(discard_changes=bool(content.get("discard")))
