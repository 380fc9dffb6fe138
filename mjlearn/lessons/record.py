"""The attempt record: every answer a student checks, one JSON line in the student's own file.

An :class:`~mjlearn.lessons.exercise.Exercise` appends one line per checked answer to
``<record folder>/<student>.jsonl``: who, which lesson and exercise, the try, the verdict, the answer as
typed, the time (ISO-8601, UTC) and mjlearn's version. Each line is written by one ``os.write`` to a file
opened for appending, then synced to disk, so a kernel that dies loses at most the line it was writing and
never spoils the lines before it.

The record folder is ``$MJLEARN_RECORD``, else ``~/mjlearn-record``. On a JupyterHub each student's home
holds their own file and the teacher collects ``~/mjlearn-record/*.jsonl``; offline, students hand in
their file. :func:`mjlearn.lessons.class_report` reads them.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> student("Ann Lee", folder=folder)
'Ann Lee'
>>> attempt = new_attempt("Ann Lee", "03", 2, 1, "wrong", False, "yes", kind="yesno",
...                       time="2025-01-06T10:00:00Z")
>>> path = append_attempt(attempt, folder=folder)
>>> path.name
'Ann Lee.jsonl'
>>> [(a["student"], a["lesson"], a["exercise"], a["try"], a["status"]) for a in read_record(path)[0]]
[('Ann Lee', '03', '2', 1, 'wrong')]

Answers are released to the students by the teacher, in a small JSON file in the folder the notebooks are
opened from (or ``$MJLEARN_RELEASE``):

>>> _ = release_answers("03", folder=folder)
>>> answers_released("03", folders=[folder]), answers_released("04", folders=[folder])
(True, False)
"""

from __future__ import annotations

import getpass
import json
import os
import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, RecordError

__all__ = ["student", "release_answers", "hide_answers", "answers_released", "record_folder", "read_record"]

RECORD_ENV = "MJLEARN_RECORD"
"""The environment variable naming the record folder."""
STUDENT_ENV = "MJLEARN_STUDENT"
"""The environment variable naming the student (after a name set with :func:`student`)."""
RELEASE_ENV = "MJLEARN_RELEASE"
"""The environment variable naming a folder that holds the teacher's release file."""
RELEASE_FILE = "mjlearn-answers.json"
"""The release file's name (in the notebooks' folder, or in ``$MJLEARN_RELEASE``)."""
STUDENT_FILE = "student.txt"
"""Where :func:`student` keeps the name in the record folder, for the next session."""

RECORD_FIELDS = ("student", "lesson", "exercise", "try", "status", "correct", "grade", "credit", "answer", "kind",
                 "time", "version")
"""The fields of one attempt, in the order they are written."""
_REQUIRED = ("student", "lesson", "exercise", "try", "status", "time")
_MAX_ANSWER = 500
_MAX_NAME = 60

_session_student: str | None = None


def _now() -> str:
    """The time now, in UTC, to the second: ``2025-01-06T10:00:00Z``."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def record_folder(folder: str | os.PathLike | None = None) -> Path:
    """The record folder: ``folder`` if given, else ``$MJLEARN_RECORD``, else ``~/mjlearn-record``."""
    from ..atomic import path_argument

    if folder is not None:
        return path_argument(folder, "folder", "a folder's path").expanduser()
    if os.environ.get(RECORD_ENV):
        return Path(os.environ[RECORD_ENV]).expanduser()
    return Path.home() / "mjlearn-record"


def _checked_name(name: object) -> str:
    if not isinstance(name, str):
        raise ArgumentError(f"a student's name must be text, not {type(name).__name__}")
    cleaned = " ".join(name.split())
    try:
        cleaned.encode("utf-8")
    except UnicodeEncodeError:
        raise ArgumentError(f"a student's name must be text that can be written down, not {name!r}") from None
    if not cleaned:
        raise ArgumentError("a student's name must not be empty")
    if len(cleaned) > _MAX_NAME:
        raise ArgumentError(f"a student's name must be at most {_MAX_NAME} characters, not {len(cleaned)}")
    return cleaned


def _file_stem(name: str) -> str:
    """A file name for a student: letters, digits, spaces, dots, dashes and underscores kept, the rest ``_``.

    >>> _file_stem("Ann Lee"), _file_stem("../etc/x"), _file_stem("Zoë")
    ('Ann Lee', 'etc_x', 'Zoë')
    """
    stem = re.sub(r"[^\w .-]+", "_", name).strip(" ._")
    return stem or "student"


def student(name: str | None = None, folder: str | os.PathLike | None = None) -> str:
    """The student whose answers are recorded: set it with ``student("Ann")`` (for this session, and kept in
    the record folder so the next session knows it), or ask with ``student()``.

    Without a name set in this session, the name kept in the record folder is used, else ``$MJLEARN_STUDENT``,
    else ``$JUPYTERHUB_USER``, else the computer's user name.
    """
    global _session_student
    if name is not None:
        name = _checked_name(name)
        where = record_folder(folder)
        try:
            where.mkdir(parents=True, exist_ok=True)
            (where / STUDENT_FILE).write_text(name + "\n", encoding="utf-8")
        except OSError as error:
            raise RecordError(f"could not keep the name in {where}: {error.strerror or error}") from None
        _session_student = name
        return name
    if _session_student is not None:
        return _session_student
    kept = record_folder(folder) / STUDENT_FILE
    try:
        stored = " ".join(kept.read_text(encoding="utf-8").split())
    except (OSError, UnicodeDecodeError):
        stored = ""
    if stored:
        return stored[:_MAX_NAME]
    for variable in (STUDENT_ENV, "JUPYTERHUB_USER"):
        if os.environ.get(variable, "").strip():
            return _checked_name(os.environ[variable][:_MAX_NAME])
    try:
        return _checked_name(getpass.getuser())
    except (OSError, KeyError, ArgumentError):  # no user name on this machine
        return "student"


def record_path(name: str, folder: str | os.PathLike | None = None) -> Path:
    """The file of ``name``'s attempts: ``<record folder>/<name>.jsonl``."""
    return record_folder(folder) / f"{_file_stem(_checked_name(name))}.jsonl"


def lesson_id(lesson: object) -> str:
    """A lesson's name as the record writes it: a number as two digits (``3`` -> ``"03"``), text as written.

    >>> lesson_id(3), lesson_id("03"), lesson_id(" Defence ")
    ('03', '03', 'Defence')
    """
    if isinstance(lesson, bool) or lesson is None:
        raise ArgumentError(f"lesson must be a number or a name, not {lesson!r}")
    if isinstance(lesson, int):
        return f"{lesson:02d}"
    if isinstance(lesson, str):
        return " ".join(lesson.split())
    raise ArgumentError(f"lesson must be a number or a name, not {type(lesson).__name__}")


def new_attempt(student: str, lesson: object, exercise: object, try_number: int, status: str, correct: bool,
                answer: str, *, grade: str = "", credit: float | None = None, kind: str = "",
                time: str | None = None) -> dict[str, Any]:
    """One attempt as the record keeps it (a dict in :data:`RECORD_FIELDS` order)."""
    from .. import __version__

    text = str(answer)
    return {
        "student": _checked_name(student),
        "lesson": lesson_id(lesson),
        "exercise": str(exercise),
        "try": int(try_number),
        "status": str(status),
        "correct": bool(correct),
        "grade": str(grade),
        "credit": None if credit is None else round(float(credit), 3),
        "answer": text if len(text) <= _MAX_ANSWER else text[:_MAX_ANSWER],
        "kind": str(kind),
        "time": time or _now(),
        "version": __version__,
    }


def append_attempt(attempt: dict[str, Any], folder: str | os.PathLike | None = None) -> Path:
    """Append ``attempt`` to its student's file as one line; return the file.

    The line is written whole by a single ``os.write`` to a file opened with ``O_APPEND``, then synced: a
    kernel killed at any moment leaves every earlier line intact (at worst the last line is cut short, and
    :func:`read_record` skips it and says so).
    """
    path = record_path(attempt["student"], folder)
    line = (json.dumps(attempt, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as error:
        raise RecordError(f"could not open the record {path}: {error.strerror or error}") from None
    try:
        written = os.write(handle, line)
        if written != len(line):
            raise RecordError(f"the record {path} took only {written} of {len(line)} bytes (is the disk full?)")
        os.fsync(handle)
    except OSError as error:
        raise RecordError(f"could not write to the record {path}: {error.strerror or error}") from None
    finally:
        os.close(handle)
    return path


def read_record(path: str | os.PathLike) -> tuple[list[dict[str, Any]], list[str]]:
    """The attempts in one record file, and a note for each line skipped.

    Blank lines are passed over. A last line cut short (no line end, not whole JSON: a write that a dying
    kernel did not finish) is skipped with a note. Any other line that is not an attempt raises
    :class:`~mjlearn.errors.RecordError` naming the file and the line.
    """
    from ..atomic import path_argument

    path = path_argument(path, "path", "a record file's path")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(f"could not read the record {path}: {error.strerror or error}") from None
    pieces = data.split(b"\n")
    attempts: list[dict[str, Any]] = []
    skipped: list[str] = []
    for number, raw in enumerate(pieces, 1):
        if not raw.strip():
            continue
        last_and_cut = number == len(pieces) and not data.endswith(b"\n")
        try:
            item = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            if last_and_cut:
                skipped.append(f"{path}, line {number}: skipped a line cut short (the kernel stopped while"
                               " writing it)")
                continue
            reason = error.msg if isinstance(error, json.JSONDecodeError) else "it is not UTF-8 text"
            raise RecordError(f"{path}, line {number}: not an attempt record ({reason})") from None
        attempts.append(_checked_attempt(item, path, number))
    return attempts, skipped


def _checked_attempt(item: object, path: Path, number: int) -> dict[str, Any]:
    where = f"{path}, line {number}"
    if not isinstance(item, dict):
        raise RecordError(f"{where}: not an attempt record (a JSON {type(item).__name__}, not an object)")
    missing = [name for name in _REQUIRED if name not in item]
    if missing:
        raise RecordError(f"{where}: the attempt has no {', '.join(missing)}")
    attempt = {name: item.get(name) for name in RECORD_FIELDS}
    if isinstance(attempt["try"], bool) or not isinstance(attempt["try"], int) or attempt["try"] < 0:
        raise RecordError(f"{where}: the try number must be a whole number, not {attempt['try']!r}")
    for name in ("student", "lesson", "exercise", "status", "time"):
        if not isinstance(attempt[name], (str, int)) or isinstance(attempt[name], bool):
            raise RecordError(f"{where}: {name} must be text, not {attempt[name]!r}")
        attempt[name] = str(attempt[name])
    attempt["correct"] = bool(attempt["correct"]) if attempt["correct"] is not None else attempt["status"] in (
        "right", "fine")
    attempt["answer"] = "" if attempt["answer"] is None else str(attempt["answer"])
    attempt["grade"] = "" if attempt["grade"] is None else str(attempt["grade"])
    attempt["kind"] = "" if attempt["kind"] is None else str(attempt["kind"])
    return attempt


def attempts_of(name: str, lesson: object, exercise: object, folder: str | os.PathLike | None = None
                ) -> list[dict[str, Any]]:
    """``name``'s earlier attempts at one exercise, oldest first (none when the file is missing or unreadable:
    an exercise must open even when its record cannot be read)."""
    path = record_path(name, folder)
    if not path.exists():
        return []
    try:
        attempts, _ = read_record(path)
    except RecordError:
        return []
    wanted = (lesson_id(lesson), str(exercise))
    return [a for a in attempts if (a["lesson"], a["exercise"]) == wanted]


# -- releasing the answers -----------------------------------------------------------------------------------

def _release_folder(folder: str | os.PathLike | None) -> Path:
    if folder is not None:
        return record_folder(folder)
    if os.environ.get(RELEASE_ENV):
        return Path(os.environ[RELEASE_ENV]).expanduser()
    return Path.cwd()


def _released(folder: Path) -> tuple[bool, list[str]]:
    """(every lesson released?, the lessons released) in ``folder``'s release file (none if it is missing)."""
    try:
        data = json.loads((folder / RELEASE_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False, []
    if not isinstance(data, dict):
        return False, []
    lessons = data.get("lessons", [])
    return data.get("all") is True, [str(x) for x in lessons] if isinstance(lessons, list) else []


def _write_release(folder: Path, everything: bool, lessons: Sequence[str]) -> Path:
    from ..atomic import write_atomically

    if not folder.is_dir():
        raise ArgumentError(f"folder: {str(folder)!r} is not a folder")
    text = json.dumps({"all": everything, "lessons": sorted(set(lessons))}, indent=1) + "\n"
    return write_atomically(folder / RELEASE_FILE, text)


def release_answers(lesson: object = None, folder: str | os.PathLike | None = None) -> Path:
    """Let the students see the answers of ``lesson`` (every lesson with ``None``) after a single try.

    Writes (or adds to) ``mjlearn-answers.json`` in ``folder``: by default ``$MJLEARN_RELEASE``, else the
    current folder (a notebook's kernel runs in the notebook's folder). An exercise reads the file from
    ``$MJLEARN_RELEASE`` and from its notebook's folder each time it is shown or checked. Returns the file.
    """
    where = _release_folder(folder)
    everything, lessons = _released(where)
    if lesson is None:
        return _write_release(where, True, lessons)
    return _write_release(where, everything, [*lessons, lesson_id(lesson)])


def hide_answers(lesson: object = None, folder: str | os.PathLike | None = None) -> Path:
    """Take back a release: ``lesson``'s answers (every lesson's with ``None``) need the tries again."""
    where = _release_folder(folder)
    everything, lessons = _released(where)
    if lesson is None:
        return _write_release(where, False, [])
    return _write_release(where, everything, [x for x in lessons if x != lesson_id(lesson)])


def answers_released(lesson: object, folders: Iterable[str | os.PathLike] | None = None) -> bool:
    """Whether the teacher has released ``lesson``'s answers, in any of ``folders`` (by default
    ``$MJLEARN_RELEASE`` and the current folder)."""
    from ..analysis.arguments import items_argument
    from ..atomic import path_argument

    if folders is None:
        folders = [os.environ[RELEASE_ENV]] if os.environ.get(RELEASE_ENV) else []
        folders.append(os.getcwd())
    folders = items_argument("folders", folders, "a list of folders' paths (or None)")
    wanted = lesson_id(lesson) if lesson not in (None, "") else ""
    for folder in folders:
        everything, lessons = _released(path_argument(folder, "each of folders", "a folder's path").expanduser())
        if everything or (wanted and wanted in lessons):
            return True
    return False
