"""The class report: what a teacher reads from the students' attempt records.

:func:`class_report` reads the students' record files (``<student>.jsonl``, one JSON line per checked
answer, written by :mod:`mjlearn.lessons.record`) from a folder or a list of files, and gives a
:class:`ClassReport`: every attempt as a table, one row per student and one column per exercise (right
first try, right on a later try, stuck, not tried), the first-try rate of each exercise, who is stuck where,
and the most common wrong answers. In a notebook it shows all of it; :meth:`ClassReport.plot` draws it and
:meth:`ClassReport.save_png` saves the picture. The same files always give the same report.

>>> import tempfile
>>> from mjlearn.lessons.record import append_attempt, new_attempt
>>> folder = tempfile.mkdtemp()
>>> for who, tries in [("Ann", ["no"]), ("Bob", ["yes", "no"]), ("Cy", ["yes", "yes!"])]:
...     for n, answer in enumerate(tries, 1):
...         right = answer == "no"
...         _ = append_attempt(new_attempt(who, "02", 2, n, "right" if right else "wrong", right, answer,
...                                        kind="yesno", time=f"2025-01-06T10:0{n}:00Z"), folder)
>>> report = class_report(folder)
>>> report.table
exercise             02·2
student                  
Ann       right first try
Bob        right on try 2
Cy        stuck (2 tries)
>>> report.first_try.round(2).to_dict(), report.stuck[["student", "exercise", "tries"]].values.tolist()
({'02·2': 0.33}, [['Cy', '02·2', 2]])
>>> report.common_wrong[["exercise", "answer", "times"]].values.tolist()
[['02·2', 'yes', 3]]
"""

from __future__ import annotations

import base64
import io
import os
import re
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError
from ..wording import counted
from .record import RECORD_FIELDS, lesson_id, read_record

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    from matplotlib.figure import Figure

__all__ = ["class_report", "ClassReport"]

OUTCOMES = ("right first try", "right later", "stuck", "not tried")
"""What a student did on an exercise, as the table's colours group it."""
_COLOURS = {"right first try": "#1a9850", "right later": "#a6d96a", "stuck": "#d73027", "not tried": "#eeeeee"}
_INK = {"right first try": "#ffffff", "right later": "#1b3d12", "stuck": "#ffffff", "not tried": "#777777"}
_NOT_TRIES = ("unreadable", "missing", "revealed")
_TILE_KINDS = ("tiles", "pass", "discard")
_NUMBER_KINDS = ("number", "count")


def _natural(text: str) -> tuple:
    """A sort key that puts "2" before "10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.findall(r"\d+|\D+", str(text)))


SEPARATOR = "\u00b7"
"""Between the lesson and the exercise in an exercise's name (``"03·2"``), as the lessons number them."""


def label(lesson: object, exercise: object) -> str:
    """An exercise's name in the report: ``"03·2"`` for lesson 03, exercise 2.

    >>> label("03", 2), label("10", "4")
    ('03·2', '10·4')
    """
    return f"{lesson_id(lesson)}{SEPARATOR}{exercise}"


def _given_label(text: object) -> str:
    """An exercise a teacher names: ``"03·2"``, or ``"03.2"`` / ``"3.2"`` typed with a full stop."""
    found = re.fullmatch(r"\s*(\w+)\s*[.\u00b7]\s*(\w+)\s*", str(text))
    return label(found.group(1), found.group(2)) if found else str(text)


def normal_answer(answer: str, kind: str = "") -> str:
    """An answer written the same way whatever its case, spacing and punctuation, so that equal answers count
    together: tiles sorted as a rack shows them, numbers as digits.

    >>> normal_answer(" No. "), normal_answer("s n F", "pass"), normal_answer("twelve", "number")
    ('no', 'F N S', '12')
    """
    from ..errors import MjlearnError

    text = " ".join(str(answer).split()).strip(" .,!?;:'\"").casefold()
    try:
        if kind in _TILE_KINDS:
            from ..tiles import FORMAT_ORDER
            from .reading import read_tiles

            place = {tile: i for i, tile in enumerate(FORMAT_ORDER)}
            tiles = read_tiles(text)
            if tiles:
                return " ".join(t.notation for t in sorted(tiles, key=lambda t: place[t]))
        if kind in _NUMBER_KINDS:
            from .reading import read_number

            return str(read_number(text))
    except MjlearnError:
        pass
    return text


def _files(files_or_folder: Any) -> list[Path]:
    """The record files named: a folder's ``*.jsonl`` files (sorted), a file, or a list of either."""
    items = [files_or_folder] if isinstance(files_or_folder, (str, os.PathLike)) else files_or_folder
    if isinstance(items, (bytes, dict)) or not isinstance(items, Iterable):
        raise ArgumentError("files_or_folder must be a folder, a .jsonl file, or a list of them, not"
                            f" {type(files_or_folder).__name__}")
    from ..atomic import path_argument

    found: list[Path] = []
    for item in items:
        path = path_argument(item, "a record file", "a path").expanduser()
        if path.is_dir():
            found += sorted(path.glob("*.jsonl"))
        elif path.is_file():
            found.append(path)
        else:
            raise ArgumentError(f"no such record file or folder: {str(path)!r}")
    return found


def class_report(files_or_folder: Any, students: Iterable[str] | None = None,
                 exercises: Iterable[str] | None = None) -> ClassReport:
    """The report of a class from its record files: a folder (every ``*.jsonl`` in it), a file, or a list.

    ``students`` (names) and ``exercises`` (``"03·2"``, or ``"03.2"``...) add rows and columns for those who have not
    answered yet and exercises nobody tried. A line that is not an attempt raises
    :class:`~mjlearn.errors.RecordError` naming the file and line; a last line cut short (a kernel that
    died while writing) is skipped and listed in :attr:`ClassReport.skipped`.
    """
    import pandas as pd

    students, exercises = _added(students, exercises)
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    paths = _files(files_or_folder)
    for path in paths:
        attempts, notes = read_record(path)
        skipped += notes
        for order, attempt in enumerate(attempts):
            rows.append({**attempt, "file": path.name, "order": order})
    frame = pd.DataFrame(rows, columns=[*RECORD_FIELDS, "file", "order"])
    frame = frame.drop_duplicates(subset=[f for f in RECORD_FIELDS if f != "version"], keep="first")
    if len(frame):
        frame["label"] = [label(lesson, exercise) for lesson, exercise in zip(frame["lesson"], frame["exercise"])]
    else:
        frame["label"] = pd.Series(dtype=object)
    frame = frame.sort_values(["student", "label", "time", "file", "order"], kind="stable",
                              key=lambda column: column.map(_natural) if column.name in ("label",) else column)
    frame = frame.drop(columns=["order"]).reset_index(drop=True)
    return ClassReport(frame, skipped, [p.name for p in paths], students=students, exercises=exercises)


def _added(students: object, exercises: object) -> tuple[list | None, list | None]:
    """The ``students`` and ``exercises`` a report adds (:func:`class_report`, :class:`ClassReport`), checked."""
    return (_listed("students", students, "a list of the students' names (or None)"),
            _listed("exercises", exercises, "a list of exercises such as '03·2' (or None)"))


def _listed(name: str, value: object, wanted: str) -> list | None:
    """``students`` or ``exercises`` of :func:`class_report`: ``None``, or a list (not one text, which would be read
    letter by letter)."""
    from ..analysis.arguments import items_argument

    return None if value is None else items_argument(name, value, wanted)


_ATTEMPT_COLUMNS = ("student", "label", "status", "correct", "credit", "answer", "kind")
"""The columns of :attr:`ClassReport.attempts` the report reads."""


class ClassReport:
    """A class's attempts, read by :func:`class_report`, and what a teacher wants to see in them."""

    def __init__(self, attempts: pandas.DataFrame, skipped: list[str], files: list[str],
                 students: Iterable[str] | None = None, exercises: Iterable[str] | None = None):
        from ..analysis.arguments import items_argument, text_argument
        from .graded import _table

        _table(attempts, _ATTEMPT_COLUMNS, "the attempts (a DataFrame of the records, as class_report reads them)",
               "attempts")
        skipped = [text_argument(f"skipped[{place}]", note) for place, note in
                   enumerate(items_argument("skipped", skipped, "a list of notes (texts)"))]
        files = items_argument("files", files, "a list of the record files read")
        students, exercises = _added(students, exercises)
        self.attempts = attempts
        """Every attempt, one row each: the record's fields, the ``file`` it came from and its ``label``."""
        self.skipped = list(skipped)
        """A note for each line skipped (cut short by a kernel that stopped while writing it)."""
        self.files = list(files)
        """The record files read."""
        names = set(attempts["student"]) | set(students or ())
        self.students = sorted(names, key=_natural)
        labels = set(attempts["label"]) | {_given_label(e) for e in (exercises or ())}
        self.exercises = sorted(labels, key=_natural)
        self._outcomes = self._work_out()

    # -- what each student did --------------------------------------------------------------------------
    def _work_out(self) -> dict[tuple[str, str], dict[str, Any]]:
        """For each (student, exercise) tried: the outcome, the try it was right on, tries, last answer."""
        found: dict[tuple[str, str], dict[str, Any]] = {}
        for (student, exercise), group in self.attempts.groupby(["student", "label"], sort=False):
            counted = group[~group["status"].isin(_NOT_TRIES)]
            right = [n for n, ok in enumerate(counted["correct"].tolist(), 1) if ok]
            revealed = group["status"].eq("revealed").any()
            if right:
                first = right[0]
                seen_before = revealed and (group.index[group["status"].eq("revealed")][0]
                                            < counted.index[first - 1])
                outcome = "right first try" if first == 1 else "right later"
            else:
                first, seen_before = 0, bool(revealed)
                outcome = "stuck"
            last = counted["answer"].iloc[-1] if len(counted) else group["answer"].iloc[-1]
            found[(student, exercise)] = {"outcome": outcome, "right_on": first, "tries": len(counted),
                                          "saw_answer": bool(seen_before), "last": last,
                                          "attempts": len(group)}
        return found

    def _cell(self, student: str, exercise: str) -> str:
        result = self._outcomes.get((student, exercise))
        if result is None:
            return "not tried"
        seen = " (after seeing the answer)" if result["saw_answer"] else ""
        if result["outcome"] == "right first try":
            return "right first try"
        if result["outcome"] == "right later":
            return f"right on try {result['right_on']}{seen}"
        tries = result["tries"]
        return f"stuck ({tries} tr{'y' if tries == 1 else 'ies'}{', saw the answer' if seen else ''})"

    @property
    def table(self) -> pandas.DataFrame:
        """One row per student, one column per exercise: ``right first try``, ``right on try k``,
        ``stuck (k tries)`` or ``not tried``."""
        import pandas as pd

        data = [[self._cell(s, e) for e in self.exercises] for s in self.students]
        frame = pd.DataFrame(data, index=pd.Index(self.students, name="student"),
                             columns=pd.Index(self.exercises, name="exercise"))
        return frame

    def outcome_codes(self) -> pandas.DataFrame:
        """The table as numbers, for drawing: 0 right first try, 1 right later, 2 stuck, 3 not tried."""
        import pandas as pd

        codes = {name: i for i, name in enumerate(OUTCOMES)}
        data = [[codes[self._outcomes[(s, e)]["outcome"]] if (s, e) in self._outcomes else 3 for e in self.exercises]
                for s in self.students]
        return pd.DataFrame(data, index=pd.Index(self.students, name="student"),
                            columns=pd.Index(self.exercises, name="exercise"))

    @property
    def first_try(self) -> pandas.Series:
        """Per exercise, the share of the students who tried it that were right on their first try (NaN when
        nobody tried it)."""
        import pandas as pd

        rates = []
        for exercise in self.exercises:
            tried = [r for (s, e), r in self._outcomes.items() if e == exercise]
            first = sum(r["outcome"] == "right first try" for r in tried)
            rates.append(first / len(tried) if tried else float("nan"))
        return pd.Series(rates, index=pd.Index(self.exercises, name="exercise"), name="first try")

    @property
    def tried(self) -> pandas.Series:
        """Per exercise, how many students tried it."""
        import pandas as pd

        counts = [sum(1 for (s, e) in self._outcomes if e == exercise) for exercise in self.exercises]
        return pd.Series(counts, index=pd.Index(self.exercises, name="exercise"), name="tried")

    @property
    def scores(self) -> pandas.DataFrame:
        """Per student and exercise, the best score of any try: a checker's partial ``credit`` (0 to 1) where it
        gave one, else 1 for an answer accepted and 0 for one not; empty (NaN) where not tried. The column
        ``mean`` is each student's average over the exercises they tried."""
        import pandas as pd

        counted = self.attempts[~self.attempts["status"].isin(_NOT_TRIES)]
        best: dict[tuple[str, str], float] = {}
        for student, exercise, correct, credit in zip(counted["student"], counted["label"], counted["correct"],
                                                      counted["credit"]):
            value = float(credit) if isinstance(credit, (int, float)) and credit == credit else float(bool(correct))
            key = (student, exercise)
            best[key] = max(best.get(key, 0.0), value)
        data = [[best.get((s, e), float("nan")) for e in self.exercises] for s in self.students]
        frame = pd.DataFrame(data, index=pd.Index(self.students, name="student"),
                             columns=pd.Index(self.exercises, name="exercise"), dtype=float)
        frame["mean"] = frame.mean(axis=1)
        return frame

    @property
    def stuck(self) -> pandas.DataFrame:
        """Who is stuck where: each student and exercise tried and not yet right, with the tries, the last
        answer and whether the student has seen the answer."""
        import pandas as pd

        rows = [(s, e, r["tries"], r["last"], r["saw_answer"]) for (s, e), r in self._outcomes.items()
                if r["outcome"] == "stuck"]
        rows.sort(key=lambda row: (_natural(row[1]), _natural(row[0])))
        return pd.DataFrame(rows, columns=["student", "exercise", "tries", "last answer", "saw the answer"])

    @property
    def common_wrong(self) -> pandas.DataFrame:
        """The most common wrong answers of each exercise (three at most), written alike
        (:func:`normal_answer`): how many times and by how many students; unreadable ones are marked."""
        import pandas as pd

        wrong = self.attempts[self.attempts["status"].isin(("wrong", "unreadable"))]
        rows = []
        for exercise, group in wrong.groupby("label", sort=False):
            counts: dict[str, list] = {}
            for answer, kind, status, student in zip(group["answer"], group["kind"], group["status"],
                                                     group["student"]):
                key = normal_answer(answer, kind)
                if not key:
                    continue
                entry = counts.setdefault(key, [0, set(), status == "unreadable"])
                entry[0] += 1
                entry[1].add(student)
            ranked = sorted(counts.items(), key=lambda item: (-item[1][0], -len(item[1][1]), item[0]))[:3]
            rows += [(exercise, key, times, len(who), unreadable) for key, (times, who, unreadable) in ranked]
        rows.sort(key=lambda row: (_natural(row[0]), -row[2], row[1]))
        return pd.DataFrame(rows, columns=["exercise", "answer", "times", "students", "unreadable"])

    # -- pictures and display ---------------------------------------------------------------------------
    def lessons(self) -> list[tuple[str, list[int]]]:
        """The exercises grouped by lesson, in order: each lesson (``"03"``) with the places of its exercises
        among :attr:`exercises` (an exercise named otherwise is a group of its own)."""
        groups: list[tuple[str, list[int]]] = []
        for place, exercise in enumerate(self.exercises):
            lesson = exercise.split(SEPARATOR, 1)[0] if SEPARATOR in exercise else exercise
            if groups and groups[-1][0] == lesson:
                groups[-1][1].append(place)
            else:
                groups.append((lesson, [place]))
        return groups

    def plot(self) -> Figure:
        """The report as a picture: a heat map of students by exercises (right first try, right later,
        stuck, not tried; the number is the try that was right, or the tries so far) above the first-try rate
        of each exercise. The exercises are in the lessons' order, grouped by lesson: the lesson's number over
        its columns, each exercise's number under it, a line between two lessons."""
        import numpy as np
        from matplotlib.colors import ListedColormap
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch

        codes = self.outcome_codes()
        n_students, n_exercises = max(1, len(self.students)), max(1, len(self.exercises))
        width = max(9.0, 0.36 * n_exercises + 3.6)
        height = max(5.5, 0.27 * n_students + 5.0)
        figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
        grid = figure.add_gridspec(2, 1, height_ratios=[max(3.0, 0.27 * n_students), 2.4])
        heat, bars = figure.add_subplot(grid[0]), figure.add_subplot(grid[1])
        colours = ListedColormap([_COLOURS[o] for o in OUTCOMES])
        values = codes.to_numpy() if len(self.students) and len(self.exercises) else np.full((1, 1), 3)
        heat.imshow(values, cmap=colours, vmin=-0.5, vmax=3.5, aspect="auto", interpolation="nearest")
        for i, student in enumerate(self.students):
            for j, exercise in enumerate(self.exercises):
                result = self._outcomes.get((student, exercise))
                if result is None or result["outcome"] == "right first try":
                    continue
                number = result["right_on"] if result["right_on"] else result["tries"]
                heat.text(j, i, str(number), ha="center", va="center", fontsize=7,
                          color=_INK[result["outcome"]])
        groups = self.lessons()
        numbers = [e.split(SEPARATOR, 1)[1] if SEPARATOR in e else e for e in self.exercises]
        heat.set_xticks(range(len(self.exercises)), numbers, fontsize=8)
        heat.set_xlabel("exercise", fontsize=8)
        heat.set_yticks(range(len(self.students)), self.students, fontsize=8)
        heat.set_xticks(np.arange(-0.5, len(self.exercises), 1), minor=True)
        heat.set_yticks(np.arange(-0.5, len(self.students), 1), minor=True)
        heat.grid(which="minor", color="#ffffff", linewidth=0.8)
        heat.tick_params(which="minor", length=0)
        top = heat.secondary_xaxis("top")
        top.set_xticks([(places[0] + places[-1]) / 2 for _, places in groups],
                       [f"lesson {lesson}" if len(places) > 2 else lesson for lesson, places in groups], fontsize=8)
        top.tick_params(length=0)
        for axes in (heat, bars):
            for _, places in groups[1:]:
                axes.axvline(places[0] - 0.5, color="#333333", linewidth=1.6)
        heat.set_title(f"{counted(len(self.students), 'student')}, {counted(len(self.exercises), 'exercise')}, in the"
                       " lessons' order:"
                       " who got what (the number in a square: the try that was right, or the tries so far)",
                       fontsize=10, loc="left")
        heat.legend(handles=[Patch(facecolor=_COLOURS[o], edgecolor="#999999", label=o) for o in OUTCOMES],
                    loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
        rates = self.first_try.to_numpy()
        shown = np.nan_to_num(rates, nan=0.0) * 100
        bands = [("70% or more", "#1a9850"), ("40% to 70%", "#fdae61"), ("under 40%", "#d73027")]
        bar_colours = [bands[0][1] if r >= 70 else bands[1][1] if r >= 40 else bands[2][1] for r in shown]
        bars.bar(range(len(self.exercises)), shown, color=bar_colours, width=0.8)
        bars.set_xlim(-0.5, max(1, len(self.exercises)) - 0.5)
        bars.set_ylim(0, 100)
        bars.set_ylabel("right first try (%)", fontsize=8)
        bars.set_xticks(range(len(self.exercises)), self.exercises, rotation=90, fontsize=8)
        bars.tick_params(axis="y", labelsize=8)
        bars.axhline(50, color="#999999", linewidth=0.6, linestyle="--")
        bars.set_title("Right at the first try, per exercise (of the students who tried it): the low bars are the"
                       " exercises to go over in class", fontsize=10, loc="left")
        bars.legend(handles=[Patch(facecolor=colour, label=label) for label, colour in bands], loc="upper left",
                    bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False, title="right first try",
                    title_fontsize=8)
        return figure

    def png(self, dpi: int = 100) -> bytes:
        """:meth:`plot` as PNG bytes (the same files, the same bytes)."""
        from ..analysis.arguments import count_argument

        dpi = count_argument("dpi", dpi, minimum=30, maximum=600)
        buffer = io.BytesIO()
        self.plot().savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
        return buffer.getvalue()

    def save_png(self, path: str | os.PathLike, dpi: int = 100) -> Path:
        """Write :meth:`plot` to ``path`` (a ``.png`` file, written whole or not at all); returns the path."""
        from ..atomic import output_path, write_atomically

        target = output_path(path, (".png",))
        return write_atomically(target, self.png(dpi))

    def __repr__(self) -> str:
        tried = len(self.attempts)
        return (f"<ClassReport: {len(self.students)} students, {len(self.exercises)} exercises, {tried} attempts"
                f"{f', {len(self.skipped)} lines skipped' if self.skipped else ''}>")

    def _repr_html_(self) -> str:
        parts = ["<div style=\"font-family:'DejaVu Sans',Arial,sans-serif;font-size:15px;color:#222;"
                 "background:#fff;padding:8px\">",
                 f"<h3 style=\"margin:4px 0\">Class report: {counted(len(self.students), 'student')},"
                 f" {counted(len(self.exercises), 'exercise')}, {counted(len(self.attempts), 'answer')} checked</h3>",
                 f"<p style=\"margin:2px 0;color:#555\">From {len(self.files)} record file"
                 f"{'' if len(self.files) == 1 else 's'}.</p>"]
        for note in self.skipped:
            parts.append(f"<p style=\"margin:2px 0;color:#8a4b08\">{escape(note)}</p>")
        if not len(self.attempts):
            parts.append("<p>No answers have been checked yet.</p></div>")
            return "".join(parts)
        picture = base64.b64encode(self.png()).decode("ascii")
        parts.append(f"<img alt=\"the class report as a picture\" style=\"max-width:100%\""
                     f" src=\"data:image/png;base64,{picture}\">")
        parts.append(self._grid_html())
        parts.append("<h4 style=\"margin:10px 0 4px\">Who is stuck where</h4>")
        stuck = self.stuck
        if len(stuck):
            parts.append(_frame_html(stuck))
        else:
            parts.append("<p>Nobody is stuck.</p>")
        parts.append("<h4 style=\"margin:10px 0 4px\">The most common wrong answers</h4>")
        wrong = self.common_wrong
        parts.append(_frame_html(wrong) if len(wrong) else "<p>No wrong answers.</p>")
        parts.append("</div>")
        return "".join(parts)

    def _grid_html(self) -> str:
        """The table in colour, with the first-try rate under each exercise."""
        head = "".join(f"<th style=\"padding:2px 4px;writing-mode:vertical-rl;font-weight:normal\">{escape(e)}</th>"
                       for e in self.exercises)
        rows = []
        for student in self.students:
            cells = []
            for exercise in self.exercises:
                result = self._outcomes.get((student, exercise))
                outcome = result["outcome"] if result else "not tried"
                mark = {"right first try": "\u2714", "not tried": ""}.get(
                    outcome, str(result["right_on"] or result["tries"]) if result else "")
                cells.append(f"<td title=\"{escape(self._cell(student, exercise))}\" style=\"background:"
                             f"{_COLOURS[outcome]};color:{_INK[outcome]};text-align:center;min-width:20px;"
                             f"padding:2px\">{mark}</td>")
            rows.append(f"<tr><th style=\"text-align:left;padding:2px 6px;font-weight:normal;white-space:nowrap\">"
                        f"{escape(student)}</th>{''.join(cells)}</tr>")
        rates = "".join(f"<td style=\"text-align:center;font-size:12px;padding:2px\">"
                        f"{'' if rate != rate else f'{round(rate * 100)}%'}</td>" for rate in self.first_try)
        rows.append(f"<tr><th style=\"text-align:left;padding:2px 6px\">right first try</th>{rates}</tr>")
        legend = " ".join(f"<span style=\"background:{_COLOURS[o]};color:{_INK[o]};padding:1px 6px;"
                          f"border-radius:3px\">{o}</span>" for o in OUTCOMES)
        return (f"<p style=\"margin:8px 0 4px\">{legend} &nbsp; (a number: the try that was right, or the tries"
                " so far; hover a square for words)</p><div style=\"overflow-x:auto\"><table style=\"border-collapse:"
                f"collapse\"><tr><th></th>{head}</tr>{''.join(rows)}</table></div>")


def _frame_html(frame: pandas.DataFrame) -> str:
    """A small table, plainly."""
    head = "".join(f"<th style=\"text-align:left;padding:2px 8px;border-bottom:2px solid #ccc\">{escape(str(c))}</th>"
                   for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td style=\"padding:2px 8px;border-bottom:1px solid #eee\">{escape(str(v))}</td>"
                                    for v in row) + "</tr>" for row in frame.itertuples(index=False))
    return f"<table style=\"border-collapse:collapse\"><tr>{head}</tr>{body}</table>"
