"""The GameTable in a real JupyterLab 4 and Notebook 7 (Debian's chromium through Playwright).

A whole game is played by clicking, as a student would: the Charleston to the
end, then draws, discards and answers to every call, until the game is over.
Each click that the kernel answers without computer moves (picking a tile,
drawing) is timed in the browser, from the click to the redrawn widget; the
figures are printed (not asserted: timings depend on the machine).
"""

from __future__ import annotations

import json
import statistics

import pytest

from browser_support import lab_theme
from test_browser import (  # noqa: F401  (fixtures used by name)
    SCREENSHOTS, TIMEOUT, UIS, browser, open_file_browser, open_notebook, server, shot, wait_for_file, widget_errors,
)

TABLE_CELLS = [
    "import mjlearn as mj, json, pathlib",
    "table = mj.GameTable('basic1', seed=21, seat=0, pace='instant')\n"
    "def record(change=None):\n"
    "    pathlib.Path('table_state.json').write_text(json.dumps(\n"
    "        {'phase': table.game.phase, 'moves': len(table.game.moves), 'status': table.game.status()}))\n"
    "table.observe(record, names=['view'])\n"
    "table",
]


def _serial(widget) -> int:
    return int(widget.get_attribute("data-serial") or 0)


def _last_latency(widget) -> float:
    """The widget's own measure of the last click: ms from the click to the redrawn widget."""
    return float((widget.get_attribute("data-latencies") or "nan").split(",")[-1])


def _click_and_wait(page, widget, locator, timings: list[float] | None = None) -> None:
    """Click, then wait until the kernel has sent a new view (the widget's serial moved on)."""
    before = _serial(widget)
    locator.click()
    page.wait_for_function(
        "([el, n]) => Number(el.dataset.serial) > n", arg=[widget.element_handle(), before], timeout=60_000)
    if timings is not None:
        timings.append(_last_latency(widget))


def _pick(page, widget, index: int, timings: list[float]) -> None:
    widget.locator(f".mj-rack-tile[data-index='{index}']").click()
    page.wait_for_function(
        "([el, i]) => el.querySelector(`.mj-rack-tile[data-index='${i}']`).classList.contains('mj-selected')",
        arg=[widget.element_handle(), index], timeout=30_000)
    timings.append(_last_latency(widget))


@pytest.mark.parametrize("ui", UIS)
def test_a_whole_game_is_played_by_clicking(open_notebook, server, ui):
    page = open_notebook(ui, f"game_table_{ui}.ipynb", TABLE_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    picks: list[float] = []
    draws: list[float] = []
    shots = {"charleston": False, "play": False}
    for _ in range(600):
        status = widget.locator(".mj-status").inner_text()
        if status.startswith("Game over"):
            break
        if widget.locator(".mj-pass").count():
            if not shots["charleston"]:
                shot(widget, f"game_table_charleston_{ui}")
                shots["charleston"] = True
            rack = widget.locator(".mj-rack-tile")
            chosen = [i for i in range(rack.count()) if rack.nth(i).get_attribute("data-tile") != "J"][:3]
            for index in chosen:
                _pick(page, widget, index, picks)
            _click_and_wait(page, widget, widget.locator(".mj-pass"))
        elif widget.locator(".mj-act-vote").count():
            _click_and_wait(page, widget, widget.get_by_role("button", name="Second Charleston: no"))
        elif widget.locator(".mj-act-draw").count():
            _click_and_wait(page, widget, widget.locator(".mj-act-draw"), draws)
        elif widget.locator(".mj-discard").count():
            last = widget.locator(".mj-rack-tile").count() - 1
            _pick(page, widget, last, picks)
            if not shots["play"] and len(draws) >= 3:
                shot(widget, f"game_table_play_{ui}")
                shots["play"] = True
            _click_and_wait(page, widget, widget.locator(".mj-discard"))
        elif widget.locator(".mj-act-pass_call").count():
            _click_and_wait(page, widget, widget.locator(".mj-act-pass_call"))
        else:
            raise AssertionError(f"no move offered although the game is not over: {status!r}")
    assert widget.locator(".mj-status").inner_text().startswith("Game over")
    assert widget.locator(".mj-result").count() == 1
    state = json.loads(wait_for_file(server, "table_state.json", lambda t: '"over"' in t))
    assert state["phase"] == "over" and state["moves"] > 50
    shot(widget, f"game_table_over_{ui}")
    assert widget_errors(page) == []
    for name, timings in (("pick a tile", picks), ("draw", draws)):
        print(f"GameTable in {ui}: {name}: {len(timings)} clicks, median {statistics.median(timings):.0f} ms, "
              f"95th percentile {sorted(timings)[int(0.95 * (len(timings) - 1))]:.0f} ms, max {max(timings):.0f} ms")


COACH_CELLS = [
    "import mjlearn as mj\n"
    "table = mj.GameTable('basic1', seat=0, seed=3, pace='step', position={\n"
    "    'racks': {0: 'FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D'}, 'exposures': {1: ['222B', '44B J']},\n"
    "    'turn': 0, 'phase': 'discard'})\n"
    "table",
]

OVERFLOW = """(root) => {
  const box = root.getBoundingClientRect();
  const parts = [...root.querySelectorAll('.mj-seat, .mj-floor, .mj-rack, .mj-coach')];
  return { right: box.right, widest: Math.max(...parts.map((p) => p.getBoundingClientRect().right)),
           seats: root.querySelectorAll('.mj-seat').length };
}"""


def _ask_coach_and_pick_the_hot_tile(page, widget) -> None:
    widget.locator(".mj-coach-toggle").click()
    widget.locator(".mj-coach .mj-advice").first.wait_for(timeout=60_000)
    widget.locator('.mj-rack-tile[data-tile="8B"]').click()
    widget.locator(".mj-warning").wait_for(timeout=30_000)
    assert "hot tile" in widget.locator(".mj-warning").inner_text()


def test_the_table_fits_at_800px_with_the_file_browser_and_reads_in_the_dark_theme(open_notebook, server):
    with lab_theme(server, "JupyterLab Dark"):
        page = open_notebook("lab", "game_table_dark.ipynb", COACH_CELLS)
        widget = page.locator(".mj-game-table")
        widget.wait_for(timeout=TIMEOUT)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
    _ask_coach_and_pick_the_hot_tile(page, widget)
    colours = widget.evaluate("(el) => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; }")
    assert colours == ["rgb(34, 34, 34)", "rgb(252, 251, 247)"], colours  # its own ink and paper, whatever the theme
    shot(widget, "game_table_coach_dark_theme")

    page.set_viewport_size({"width": 800, "height": 1000})
    open_file_browser(page)
    page.wait_for_timeout(800)
    fit = widget.evaluate(OVERFLOW)
    assert fit["seats"] == 4 and fit["widest"] <= fit["right"] + 1, fit
    widget.locator(".mj-discard").click()  # still playable: the picked 8 Bam goes to the floor
    widget.locator(".mj-floor .mj-tile").first.wait_for(timeout=30_000)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "game_table_800px_file_browser.png"))
    assert widget_errors(page) == []
