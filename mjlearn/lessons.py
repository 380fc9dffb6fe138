"""Small helpers for the lesson notebooks: exercises that check an answer and say why.

>>> check(308, 308, "count the hands")
Right! count the hands
>>> check(300, 308, "count the hands", hint="add up the lines")
Not yet: count the hands. Hint: add up the lines
>>> check(..., 308, "count the hands")
Your turn: count the hands. Put your answer in place of the ...
>>> check("FF 22B 4B", "4B 22B FF", "the tiles", tiles=True).correct
True
>>> check(2, 3, "how many suits?")
Not yet: how many suits?
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from .errors import MjlearnError

__all__ = ["Check", "check"]


@dataclass(frozen=True)
class Check:
    """The result of :func:`check`: whether the answer was right, and what to tell the student."""

    correct: bool
    status: str  # "right", "wrong" or "missing"
    text: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        colours = {"right": ("#e6f4ea", "#11603d"), "wrong": ("#fdf1e3", "#8a4b08"), "missing": ("#eef1f8", "#1f4fb4")}
        background, ink = colours[self.status]
        mark = {"right": "&#10004;", "wrong": "&#10008;", "missing": "&#9998;"}[self.status]
        return (
            f'<div style="font-family:\'DejaVu Sans\',Arial,sans-serif;background:{background};color:{ink};'
            f'border-radius:6px;padding:6px 10px;margin:4px 0">{mark} {escape(self.text)}</div>'
        )


def _same(answer: Any, expected: Any, tiles: bool, any_order: bool) -> bool:
    if tiles:
        from .hands import Hand

        try:
            return Hand(answer) == Hand(expected)
        except (MjlearnError, TypeError, ValueError):
            return False
    if any_order:
        try:
            return sorted(answer) == sorted(expected)
        except TypeError:
            return False
    if isinstance(expected, str) and isinstance(answer, str):
        return answer.strip().casefold() == expected.strip().casefold()
    return answer == expected


def check(answer: Any, expected: Any, question: str = "", hint: str = "", tiles: bool = False,
          any_order: bool = False) -> Check:
    """Compare a student's ``answer`` with ``expected`` and say whether it is right.

    ``...`` (the placeholder the exercises start with) means "not answered
    yet". With ``tiles=True`` both are tiles in the concrete notation (or
    Hands) and their order does not matter; with ``any_order=True`` they are
    sequences compared as sorted lists; strings ignore case and surrounding
    spaces.
    """
    topic = f": {question}" if question else ""
    stop = "" if topic.endswith((".", "?", "!")) else "."
    if answer is ...:
        return Check(False, "missing", f"Your turn{topic}{stop} Put your answer in place of the ...")
    if _same(answer, expected, tiles, any_order):
        return Check(True, "right", f"Right!{' ' + question if question else ''}")
    tip = f" Hint: {hint}" if hint else ""
    return Check(False, "wrong", f"Not yet{topic}{stop}{tip}")
