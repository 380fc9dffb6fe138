"""The SoloDrill in a real JupyterLab 4 and Notebook 7 (Debian's chromium through Playwright).

Two short hands are played as a learner plays them: tiles thrown by mouse and by keyboard (arrows to move
along the rack, Enter to throw), the next hand started with N, and the round's score read at the end.
"""

from __future__ import annotations

import json

import pytest

from test_browser import (  # noqa: F401  (fixtures used by name)
    TIMEOUT, UIS, browser, open_notebook, server, shot, wait_for_file, widget_errors,
)

DRILL_CELLS = [
    "import mjlearn as mj, json, pathlib",
    "drill = mj.SoloDrill('basic1', hands=2, draws=4, seed=5)\n"
    "def record(change=None):\n"
    "    pathlib.Path('solo_state.json').write_text(json.dumps({'played': len(drill.played),\n"
    "        'hand': drill.hand_number, 'draw': drill.draw_number, 'thrown': drill.thrown,\n"
    "        'score': drill.score.sentence() if drill.score else None}))\n"
    "drill.observe(record, names=['view'])\n"
    "drill",
]


def _wait_for(page, widget, hand: int, draw: int, over: bool = False) -> None:
    page.wait_for_function(
        "([el, hand, draw, over]) => el.dataset.hand === String(hand) && el.dataset.draw === String(draw)"
        " && el.dataset.over === String(over)",
        arg=[widget.element_handle(), hand, draw, over], timeout=60_000)


@pytest.mark.parametrize("ui", UIS)
def test_two_hands_are_played_by_mouse_and_keyboard_and_scored(open_notebook, server, ui):
    page = open_notebook(ui, f"solo_drill_{ui}.ipynb", DRILL_CELLS)
    widget = page.locator(".mj-solo-drill")
    widget.wait_for(timeout=TIMEOUT)
    _wait_for(page, widget, 1, 1)
    assert widget.locator(".mj-rack-tile").count() == 14
    assert widget.locator(".mj-rack-tile.mj-drawn").count() == 1
    assert "Hand 1 of 2" in widget.locator(".mj-solo-status").inner_text()
    assert "null" not in widget.inner_text()  # (a part with nothing to show is left out, not written "null")
    shot(widget, f"solo_drill_playing_{ui}")

    # hand 1: two tiles thrown by mouse, the last by keyboard (Right arrow, then Enter)
    for draw in (2, 3):
        thrown = widget.locator(".mj-rack-tile").nth(0).get_attribute("data-tile")
        widget.locator(".mj-rack-tile").nth(0).click()
        _wait_for(page, widget, 1, draw)
        assert widget.locator(".mj-solo-thrown .mj-tile").last.get_attribute("data-tile") == thrown
    widget.locator(".mj-rack-tile").nth(0).focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.index")
    assert focused == "1"
    page.keyboard.press("Enter")
    _wait_for(page, widget, 1, 4, over=True)
    assert widget.locator(".mj-solo-hands tr").count() == 2  # the heading and hand 1
    assert "away" in widget.locator(".mj-solo-hands").inner_text()
    state = json.loads(wait_for_file(server, "solo_state.json", lambda t: '"played": 1' in t))
    assert state["hand"] == 1 and len(state["thrown"]) == 3

    # the next hand by keyboard (N), then three more throws by mouse
    widget.locator(".mj-next-hand").focus()
    page.keyboard.press("n")
    _wait_for(page, widget, 2, 1)
    for draw in (2, 3, 4):
        widget.locator(".mj-rack-tile.mj-drawn").click()  # throws back the tile just drawn
        _wait_for(page, widget, 2, draw, over=draw == 4)
    score = widget.locator(".mj-solo-score")
    score.wait_for(timeout=60_000)
    assert "Your 2 hands of 4 draws" in score.inner_text() and "8 times in 10" in score.inner_text()
    assert widget.locator(".mj-new-round").count() == 1
    state = json.loads(wait_for_file(server, "solo_state.json", lambda t: '"played": 2' in t))
    assert state["score"].startswith("Your 2 hands of 4 draws")
    shot(widget, f"solo_drill_score_{ui}")
    assert widget_errors(page) == []
