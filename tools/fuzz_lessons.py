"""Fuzz the public helpers of :mod:`mjlearn.lessons` one argument at a time, and print what escapes.

Each helper starts from a call that works (``good_call``); each of its arguments, required or optional, is
replaced in turn by each wrong value of :data:`WRONG`, the others kept good. A call may succeed or raise an
mjlearn error (a refusal); anything else (Python's own ``TypeError``, ``AttributeError``, ``KeyError``...)
is a failure, listed by helper and argument. A student's answer (``answer``) is not fuzzed here: a checker
reads any answer and says in words why it cannot (the typed-answer tests cover it).

    python tools/fuzz_lessons.py           # one line per (helper, argument) that fails, then the count
    python tools/fuzz_lessons.py --verbose # with the value and the error of each failure

``tests/test_lesson_arguments.py`` runs the same calls.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import os
import inspect
import sys
import tempfile
import warnings

import numpy as np

import mjlearn as mj
import mjlearn.lessons as L
from mjlearn.errors import MjlearnError

WRONG = (None, True, 0, 3, -1, 1.5, "", "x", "1B", "FF 222B 444B 666B 8B 3C N", "East", "pung", [], ["1B"],
         {"a": 1}, np.int64(2), "basic1", object(), float("nan"), 10**30, (1, 2), "\ud800")
"""Wrong values tried for every argument (some are right for some arguments: those calls just succeed)."""

SKIPPED = ("play_for_me", "computer_session", "progress_plot", "session_plot", "finish_with_suggestions")
"""Helpers left out: they play whole games or draw plots (tests/test_lesson_arguments.py checks their arguments)."""

RACK = "FF 222B 444B 666B 8B N S"


@functools.cache
def _games():
    """A finished game (seed 225: a dead hand, calls) and one waiting for calls on its last discard."""
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), seed=225)
    waiting = L.discard_to_call(game, "N", 3)
    return game, waiting


@functools.cache
def _folder() -> str:
    """One folder for the record helpers' files, for the whole run: an empty record and a notebook with no
    exercise in it."""
    import json

    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "Ann.jsonl"), "w", encoding="utf-8"):
        pass
    with open(os.path.join(folder, "lesson.ipynb"), "w", encoding="utf-8") as notebook:
        json.dump({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, notebook)
    return folder


@functools.cache
def _contest():
    """A finished game in which two players called the same discard (seed 1389), for play_contest."""
    from mjlearn.rules import run_game

    return run_game(mj.load_card("basic1"), seed=1389)


def _at_the_courtesy_pass():
    """A Charleston at its courtesy pass (no second Charleston)."""
    ch = _charleston(3)
    L.everyone_votes("basic1", ch, [False, True, True, True])
    return ch


def _charleston(steps: int = 0):
    from mjlearn.rules import Charleston, deal_tiles

    ch = Charleston(deal_tiles(seed=1))
    for _ in range(steps):
        L.everyone_passes("basic1", ch)
    return ch


def good_call(name: str) -> dict[str, object]:
    """Arguments (by name) of a call of the helper ``name`` that works, fresh at each call (some helpers change
    the game or Charleston they are given)."""
    from mjlearn.tiles import as_tile

    card = mj.load_card("basic1")
    line = card.line("2468", 1)
    game, waiting = _games()
    folder = _folder()
    calls = {
        "read_tiles": lambda: dict(answer="3C 7C W"),
        "read_number": lambda: dict(answer="12"),
        "read_line": lambda: dict(answer="2468 #1", card="basic1"),
        "shown_answer": lambda: dict(answer="12"),
        "read_yes_no": lambda: dict(answer="yes"),
        "read_seat": lambda: dict(answer="the player on my left", me=0),
        "read_line_name": lambda: dict(answer="LN 3", sections=["2468", "Like Numbers"]),
        "read_choice": lambda: dict(answer="caller dead", options=["dispute", "caller dead"]),
        "read_call": lambda: dict(answer="pung"),
        "phrase": lambda: dict(text="A dispute."),
        "check": lambda: dict(answer="3C", expected="3C", question="q", hint="h", tiles=True, any_order=False, accept=(),
                      grader=None, why="", choices=(), card=None),
        "check_count": lambda: dict(answer="12", expected=12, question="q", hint="h", why="w", accept=()),
        "right": lambda: dict(question="q", why="w", grade=""),
        "not_yet": lambda: dict(question="q", explanation="e", hint="h", grade="", credit=0.0),
        "read_answer": lambda: dict(answer="12", question="q", reader=L.read_number),
        "missing": lambda: dict(question="q"),
        "unreadable": lambda: dict(error=mj.errors.AnswerError("no")),
        "default_credit": lambda: dict(status="wrong", grade=""),
        "partial": lambda: dict(share=0.5),
        "check_pass": lambda: dict(answer="N S F", rack=RACK, card="basic1", question="q", ruleset=None, count=3, hint="h"),
        "check_discard": lambda: dict(answer="N", rack=RACK, card="basic1", question="q", exposures=(), visible=None,
                              draws=12, ruleset=None, hint="h"),
        "check_line": lambda: dict(answer="2468 #1", rack=RACK, card="basic1", question="q", exposures=(), visible=None,
                           ruleset=None, hint="h"),
        "check_safe_discard": lambda: dict(answer="N", game=copy.deepcopy(waiting), seat=None, question="q", hint="h"),
        "grade_passes": lambda: dict(card="basic1", rack=RACK, count=3, ruleset=None),
        "nearest_lines": lambda: dict(card="basic1", rack=RACK, exposures=(), visible=None, ruleset=None),
        "line_name": lambda: dict(line=line),
        "percent": lambda: dict(p=0.25),
        "check_call": lambda: dict(answer="pung", rack="FF 222B 444B 66B 88B N", tile="8B", card="basic1", question="q",
                           exposures=(), visible=None, draws=12, ruleset=None, hint="h"),
        "grade_calls": lambda: dict(card="basic1", rack="FF 222B 444B 66B 88B N", tile="8B", exposures=(), visible=None,
                            draws=12, ruleset=None),
        "call_label": lambda: dict(call=("call", 3, 0)),
        "grade_discard": lambda: dict(tile=as_tile("N"), table=card.discard_advice("FF 222B 444B 666B 8B N 3C"), question="q",
                                      hint="h"),
        "hand_list": lambda: dict(line=line, limit=2),
        "groups": lambda: dict(line=line),
        "try_line": lambda: dict(text="FF 222 444 666 88"),
        "tile_set_table": lambda: dict(),
        "lines_table": lambda: dict(card="basic1", concealed=None),
        "check_line_name": lambda: dict(answer="2468 #1", line=line, card="basic1", question="q", hint="h", why="w"),
        "check_completes": lambda: dict(answer="8B 8B", rack="FF 444B 666B 8B", card="basic1", question="q",
                                exposures=["222B"], hint="h", why="w"),
        "check_pass_direction": lambda: dict(answer="south", seat="West", direction="left", question="q"),
        "check_courtesy": lambda: dict(answer="two", offer=2, other_offer=3, question="q"),
        "check_payment": lambda: dict(answer="50", hand="FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2,
                              payer=2, card="basic1", ruleset=None, exposures=(), question="q", hint="h",
                              name_payer=False),
        "read_payment": lambda: dict(answer="West pays 50"),
        "check_outs": lambda: dict(answer=1, rack="FF 222B 444B 666B 8B N", line="2468 #1", visible="8B 8B 5D",
                           card="basic1", question="q"),
        "check_call_taker": lambda: dict(answer="West", game=waiting, calls={"West": "pass"}, question="q"),
        "check_unseen": lambda: dict(answer=4, game=game, seat="West", tile="4C", question="q"),
        "nearest_distance": lambda: dict(card="basic1", rack=RACK),
        "racks_table": lambda: dict(card="basic1", racks=[RACK] * 4),
        "pass_table": lambda: dict(card="basic1", charleston=_charleston(1), step="first right"),
        "everyone_passes": lambda: dict(card="basic1", charleston=_charleston(), east_blind=0),
        "distances_by_step": lambda: dict(card="basic1", charleston=_charleston(1)),
        "pass_plan": lambda: dict(card="basic1", rack=RACK),
        "everyone_votes": lambda: dict(card="basic1", charleston=_charleston(3), votes=None),
        "vote_if": lambda: dict(card="basic1", charleston=_charleston(3), votes=[True, True, False, True]),
        "everyone_offers": lambda: dict(card="basic1", charleston=_at_the_courtesy_pass(), east_offers=1),
        "pass_compared": lambda: dict(card="basic1", rack=RACK),
        "moment": lambda: dict(game=game, n=10),
        "until": lambda: dict(game=game, test=lambda g: g.phase != "charleston"),
        "first_move": lambda: dict(game=game, name="call"),
        "start_of_play": lambda: dict(game=game),
        "say_move": lambda: dict(game=L.moment(game, 0), name=game.moves[0][0], args=game.moves[0][1]),
        "play_next": lambda: dict(replay=L.moment(game, 0), game=game, count=2),
        "when_a_hand_dies": lambda: dict(game=game),
        "later_turn": lambda: dict(game=game, seat=3),
        "discard_to_call": lambda: dict(game=game, tile="N", seat=3),
        "columns": lambda: dict(table=card.closest(RACK), names="category, line", rows=2),
        "payments_side_by_side": lambda: dict(payouts={"self-drawn": mj.rules.score_win(
            card, card.match("FF 222B 444B 666B 88B J"), winner=1, how="self-drawn")}),
        "dead_hands": lambda: dict(game=game),
        "payment_cases": lambda: dict(card="basic1", hands={"a": "FF 222B 444B 666B 88B J"}, winner=1, discarder=3),
        "try_move": lambda: dict(what="East votes", move=functools.partial(_charleston(3).vote, 0, False)),
        "key_events": lambda: dict(game=game),
        "play_contest": lambda: dict(game=_contest()),
        "exposure_outcome": lambda: dict(game=waiting, seat=3, size=3, jokers=0, add=()),
        "thrown_out": lambda: dict(suits="C", count=6),
        "student": lambda: dict(name="Ann", folder=folder),
        "release_answers": lambda: dict(lesson="03", folder=folder),
        "hide_answers": lambda: dict(lesson="03", folder=folder),
        "answers_released": lambda: dict(lesson="03", folders=[folder]),
        "record_folder": lambda: dict(folder=folder),
        "read_record": lambda: dict(path=f"{folder}/Ann.jsonl"),
        "class_report": lambda: dict(files_or_folder=folder, students=None, exercises=None),
        "tag_exercises": lambda: dict(notebook_path=f"{folder}/lesson.ipynb", out=None),
    }
    return calls[name]()


def helpers() -> list[str]:
    """The public functions of :mod:`mjlearn.lessons` (not the classes), less :data:`SKIPPED`."""
    return [n for n in L.__all__ if callable(getattr(L, n)) and not isinstance(getattr(L, n), type)
            and n not in SKIPPED]


def arguments(name: str) -> list[str]:
    """The named arguments of helper ``name`` (not ``*args``/``**kwargs``), less the student's ``answer``."""
    return [p.name for p in inspect.signature(getattr(L, name)).parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "answer"]


def attempt(name: str, argument: str, value: object) -> BaseException | None:
    """Call helper ``name`` with its good arguments, ``argument`` set to ``value``: the error that escaped that is
    not an mjlearn error, else ``None``."""
    call = good_call(name)
    call[argument] = value
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            getattr(L, name)(**call)
    except MjlearnError:
        return None
    except Exception as error:  # noqa: BLE001 - what the fuzz is looking for
        return error
    return None


def failures(names=None, *, tried=None):
    """``{(helper, argument): [(value, error), ...]}`` of every call that raised something else than an mjlearn
    error. ``tried`` is ``(arguments, attempt, wrong)`` of another fuzz (tools/fuzz_lesson_classes.py), which
    runs the same way on its own calls."""
    named, attempted, wrong = tried or (arguments, attempt, WRONG)
    found: dict[tuple[str, str], list] = {}
    with _elsewhere():
        for name in names or helpers():
            for argument in named(name):
                for value in wrong:
                    with contextlib.redirect_stdout(io.StringIO()):
                        error = attempted(name, argument, value)
                    if error is not None:
                        found.setdefault((name, argument), []).append((value, error))
    return found


@contextlib.contextmanager
def _elsewhere():
    """The record helpers write where they are told, or in the record folder, or in the working folder: all three
    in a scratch folder while the fuzz runs (never the user's own record or the repository)."""
    folder, before = _folder(), (os.getcwd(), {k: os.environ.get(k) for k in ("MJLEARN_RECORD", "MJLEARN_RELEASE")})
    os.chdir(folder)
    os.environ.update(MJLEARN_RECORD=folder, MJLEARN_RELEASE=folder)
    try:
        yield
    finally:
        os.chdir(before[0])
        for key, value in before[1].items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def report(found, total: int, wrong: tuple, verbose: bool, what: str = "helper") -> None:
    """Print what :func:`failures` found: one line per (call, argument), each value and error with ``verbose``,
    then the count of ``total`` pairs."""
    for (name, argument), cases in found.items():
        kinds = sorted({type(error).__name__ for _, error in cases})
        print(f"{name}({argument}=...): {len(cases)} of {len(wrong)} wrong values -> {', '.join(kinds)}")
        if verbose:
            for value, error in cases:
                print(f"    {value!r}: {type(error).__name__}: {str(error)[:100]}")
    print(f"{len(found)} of {total} ({what}, argument) pairs let a Python error out;"
          f" {sum(len(c) for c in found.values())} calls")


def main(argv: list[str]) -> int:
    report(failures(), sum(len(arguments(name)) for name in helpers()), WRONG, "--verbose" in argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
