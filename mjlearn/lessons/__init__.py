"""The lessons: exercises that check a student's answer, the lesson notebooks' helpers, a teacher's questions
and handouts.

This package is mjlearn's top layer: it uses everything below it (tiles, hands, cards, analysis, rules,
rendering, widgets) and nothing below it imports it. Its modules, bottom to top:

- :mod:`mjlearn.lessons.reading`: read an answer the way people write it (tiles, numbers, yes or no, seats,
  card lines, a teacher's options, calls), or say in a sentence why it cannot be read (:func:`read_tiles`,
  :func:`read_number`, :func:`read_yes_no`, :func:`read_seat`, :func:`read_line`, :func:`read_choice`,
  :func:`read_call`).
- :mod:`mjlearn.lessons.checks`: the :class:`Check` every checker returns and the plain checkers
  :func:`check` and :func:`check_count`.
- :mod:`mjlearn.lessons.graded`: questions with more than one good answer, graded by the coach's chances
  (:func:`check_pass`, :func:`check_discard`, :func:`check_line`, :func:`check_call` on a live discard,
  :func:`check_safe_discard` on a game).
- :mod:`mjlearn.lessons.helpers`: one-call helpers of the beginner lessons 00, 01 and 03 (:func:`hand_list`,
  :func:`lines_table`, :func:`check_line_name`...).
- :mod:`mjlearn.lessons.play`: helpers and checkers of lessons 04-07 (the Charleston at a table of
  four, replaying a game, payments, outs). Its ``check_safe_discard`` (a rack and the opponents'
  exposures) is reached through the module, ``mjlearn.lessons.play.check_safe_discard``: the package's
  name is the graded one.
- :mod:`mjlearn.lessons.questions`: a teacher's toolkit, :class:`Question`, :class:`Handout`,
  :class:`KeyEntry` and :class:`TableSnapshot` (the table a question was asked at).
- :mod:`mjlearn.lessons.handout`: handouts and their answer keys drawn as pages (PNG, PDF) and as HTML.
- :mod:`mjlearn.lessons.record`: the attempt record, one JSON line per checked answer in the student's own
  file (:func:`student`, :func:`release_answers`).
- :mod:`mjlearn.lessons.report`: the class report a teacher reads from the students' records
  (:func:`class_report`).
- :mod:`mjlearn.lessons.exercise`: :class:`Exercise`, a whole exercise in one call (answer by clicking or in
  words, hints that grow, the answer after trying).
- :mod:`mjlearn.lessons.grading`: nbgrader metadata for a notebook's exercise cells (:func:`tag_exercises`).

The names below load their module on first use, so ``from mjlearn.lessons import check`` reads only what
:func:`check` needs:

>>> from mjlearn.lessons import check, check_count
>>> check("3c 7c w", "W 3C 7C", "the tiles to pass", tiles=True)
Right! the tiles to pass
>>> check_count("fourteen", 14, "tiles on East's rack")
Right! tiles on East's rack

The modules' earlier names (``mjlearn.lessons.reading``, ``mjlearn.exercises``, ``mjlearn.teaching``,
``mjlearn.lesson_helpers``, ``mjlearn.lesson_play``) still import: each is the module it became.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .checks import (
        STATUSES,
        Check,
        check,
        check_count,
        default_credit,
        missing,
        not_yet,
        partial,
        read_answer,
        right,
        unreadable,
    )
    from .graded import (
        FINE,
        GOOD,
        NEGLIGIBLE,
        SAFE_FACTOR,
        SAFE_MARGIN,
        CallGrade,
        PassGrade,
        call_label,
        check_call,
        check_discard,
        check_line,
        check_pass,
        check_safe_discard,
        grade_calls,
        grade_discard,
        grade_passes,
        line_name,
        nearest_lines,
        percent,
    )
    from .helpers import (
        GROUP_NAMES,
        Text,
        check_completes,
        check_line_name,
        groups,
        hand_list,
        lines_table,
        tile_set_table,
        try_line,
    )
    from .play import (
        check_call_taker,
        check_courtesy,
        check_outs,
        check_pass_direction,
        check_payment,
        check_unseen,
        columns,
        computer_session,
        dead_hands,
        discard_to_call,
        distances_by_step,
        everyone_offers,
        everyone_passes,
        everyone_votes,
        exposure_outcome,
        finish_with_suggestions,
        first_move,
        key_events,
        later_turn,
        moment,
        nearest_distance,
        pass_compared,
        pass_plan,
        pass_table,
        payment_cases,
        payments_side_by_side,
        play_contest,
        play_for_me,
        play_next,
        progress_plot,
        racks_table,
        read_payment,
        say_move,
        session_plot,
        start_of_play,
        thrown_out,
        try_move,
        until,
        vote_if,
        when_a_hand_dies,
    )
    from .questions import CONTROLS, KINDS, Handout, KeyEntry, Question, TableSnapshot
    from .reading import (
        CALL_SIZES,
        SEAT_NAMES,
        TILE_EXAMPLE,
        phrase,
        read_call,
        read_choice,
        read_line,
        read_line_name,
        read_number,
        read_seat,
        read_tiles,
        read_yes_no,
        shown_answer,
    )
    from .record import answers_released, hide_answers, read_record, record_folder, release_answers, student
    from .report import ClassReport, class_report
    from .exercise import Exercise
    from .grading import tag_exercises

MODULES = ("reading", "checks", "graded", "helpers", "play", "questions", "handout", "record", "report", "exercise",
           "grading")
"""The package's modules, bottom to top."""

_EXPORTS = {
    "reading": ("read_tiles", "read_number", "read_line", "shown_answer", "TILE_EXAMPLE", "read_yes_no", "read_seat",
                "read_line_name", "read_choice", "read_call", "phrase", "SEAT_NAMES", "CALL_SIZES"),
    "checks": ("Check", "check", "check_count", "STATUSES", "right", "not_yet", "read_answer", "missing",
               "unreadable", "default_credit", "partial"),
    "graded": ("check_pass", "check_discard", "check_line", "check_safe_discard", "grade_passes", "PassGrade",
               "nearest_lines", "line_name", "percent", "GOOD", "FINE", "NEGLIGIBLE", "SAFE_FACTOR",
               "SAFE_MARGIN", "check_call", "CallGrade", "grade_calls", "call_label", "grade_discard"),
    "helpers": ("Text", "hand_list", "groups", "try_line", "tile_set_table", "lines_table", "check_line_name",
                "check_completes", "GROUP_NAMES"),
    "play": ("check_pass_direction", "check_courtesy", "check_payment", "read_payment", "check_outs",
             "check_call_taker",
             "check_unseen", "nearest_distance", "racks_table", "pass_table", "everyone_passes",
             "distances_by_step", "progress_plot", "pass_plan", "everyone_votes", "vote_if", "everyone_offers",
             "pass_compared", "play_for_me", "moment", "until", "first_move",
             "start_of_play", "say_move", "play_next", "when_a_hand_dies", "later_turn", "discard_to_call",
             "columns", "payments_side_by_side", "dead_hands", "payment_cases", "computer_session",
             "session_plot", "try_move", "finish_with_suggestions", "key_events", "play_contest",
             "exposure_outcome", "thrown_out"),
    "questions": ("Question", "Handout", "KeyEntry", "TableSnapshot", "KINDS", "CONTROLS"),
    "record": ("student", "release_answers", "hide_answers", "answers_released", "record_folder", "read_record"),
    "report": ("class_report", "ClassReport"),
    "exercise": ("Exercise",),
    "grading": ("tag_exercises",),
}
"""Each public name of the package, by the module that defines it."""

_HOME = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    # reading
    "read_tiles", "read_number", "read_line", "shown_answer", "TILE_EXAMPLE", "read_yes_no", "read_seat",
    "read_line_name", "read_choice", "read_call", "phrase", "SEAT_NAMES", "CALL_SIZES",
    # checks
    "Check", "check", "check_count", "STATUSES", "right", "not_yet", "read_answer", "missing", "unreadable",
    "default_credit", "partial",
    # graded
    "check_pass", "check_discard", "check_line", "check_safe_discard", "grade_passes", "PassGrade",
    "nearest_lines", "line_name", "percent", "GOOD", "FINE", "NEGLIGIBLE", "SAFE_FACTOR", "SAFE_MARGIN",
    "check_call", "CallGrade", "grade_calls", "call_label", "grade_discard",
    # helpers
    "Text", "hand_list", "groups", "try_line", "tile_set_table", "lines_table", "check_line_name",
    "check_completes", "GROUP_NAMES",
    # play
    "check_pass_direction", "check_courtesy", "check_payment", "read_payment", "check_outs", "check_call_taker", "check_unseen",
    "nearest_distance", "racks_table", "pass_table", "everyone_passes", "distances_by_step", "progress_plot",
    "pass_plan", "everyone_votes", "vote_if", "everyone_offers", "pass_compared", "play_for_me", "moment", "until", "first_move", "start_of_play", "say_move", "play_next",
    "when_a_hand_dies", "later_turn", "discard_to_call", "columns", "payments_side_by_side", "dead_hands",
    "payment_cases", "computer_session", "session_plot", "try_move", "finish_with_suggestions", "key_events",
    "play_contest", "exposure_outcome", "thrown_out",
    # questions
    "Question", "Handout", "KeyEntry", "TableSnapshot", "KINDS", "CONTROLS",
    # record, report, exercise, grading
    "student", "release_answers", "hide_answers", "answers_released", "record_folder", "read_record", "class_report",
    "ClassReport", "Exercise", "tag_exercises",
]
"""The public names, by module (``_EXPORTS`` says the same; a test keeps the two equal)."""


def __getattr__(name: str) -> Any:
    """A public name (or a module of the package) loads its module on first use. A name the package does not
    export is looked up in :mod:`~mjlearn.lessons.checks`, the module that was ``mjlearn.lessons`` before the
    package, so code written against that module keeps working."""
    if name in MODULES:
        return import_module(f".{name}", __name__)
    if name in _HOME:
        value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    else:
        checks = import_module(".checks", __name__)
        if name.startswith("__") or not hasattr(checks, name):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(checks, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(MODULES))
