"""The GameTable in a real JupyterLab 4 and Notebook 7 (Debian's chromium through Playwright).

A whole game is played by clicking, as a student would: the Charleston to the
end, then draws, discards and answers to the discards left to you (auto-pass lets
the others go), until the game is over. Each click that the kernel answers without
computer moves (picking a tile, drawing) is timed in the browser, from the click to
the redrawn widget; the figures are printed (not asserted: timings depend on the
machine). Then: the confirmation a false Mah Jongg waits for, the notice when the
kernel is gone, the note a reloaded notebook shows, the keyboard focus kept on the
rack, quick tile moves (none for those who ask for less motion), and screenshots at
1400 and 800 px in the light and the dark theme.
"""

from __future__ import annotations

import json
import statistics

import pytest

from browser_support import STEP, lab_theme, shut_down_kernel, wait_for_kernel
from test_browser import (  # noqa: F401  (fixtures used by name)
    SCREENSHOTS, TIMEOUT, UIS, browser, open_file_browser, open_notebook, server, shot, wait_for_file, widget_errors,
)

TABLE_CELLS = [
    "import mjlearn as mj, json, pathlib",
    "table = mj.GameTable('basic1', seed=21, seat=0, pace='instant')\n"
    "def record(change=None):\n"
    "    pathlib.Path('table_state.json').write_text(json.dumps(\n"
    "        {'phase': table.game.phase, 'moves': len(table.game.moves), 'status': table.game.status(),\n"
    "         'auto_passes': table.auto_passes}))\n"
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
        arg=[widget.element_handle(), index], timeout=STEP)
    timings.append(_last_latency(widget))


@pytest.mark.parametrize("ui", UIS)
def test_a_whole_game_is_played_by_clicking(open_notebook, server, ui):
    page = open_notebook(ui, f"game_table_{ui}.ipynb", TABLE_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    widget.locator(".mj-settings summary").click()
    widget.get_by_role("button", name="Sounds: off").click()  # sounds made in the browser, no file fetched
    widget.get_by_role("button", name="Sounds: on").wait_for(timeout=STEP)
    assert widget.get_by_role("button", name="Auto-pass: on").count() == 1  # on for a beginner's table
    widget.locator(".mj-settings summary").click()
    picks: list[float] = []
    draws: list[float] = []
    clicks = {"let go": 0, "all": 0}
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
            clicks["all"] += len(chosen) + 1
            if widget.locator(".mj-received").count():  # what the pass gave you is marked on the rack
                assert widget.locator(".mj-received").count() <= 3
        elif widget.locator(".mj-act-vote").count():
            _click_and_wait(page, widget, widget.get_by_role("button", name="Second Charleston: no"))
            clicks["all"] += 1
        elif widget.locator(".mj-act-declare_mahjongg").count():
            _click_and_wait(page, widget, widget.locator(".mj-act-declare_mahjongg"))
            clicks["all"] += 1
        elif widget.locator(".mj-act-draw").count():
            _click_and_wait(page, widget, widget.locator(".mj-act-draw"), draws)
            clicks["all"] += 1
        elif widget.locator(".mj-discard").count():
            last = widget.locator(".mj-rack-tile").count() - 1
            _pick(page, widget, last, picks)
            if not shots["play"] and len(draws) >= 3:
                shot(widget, f"game_table_play_{ui}")
                shots["play"] = True
            _click_and_wait(page, widget, widget.locator(".mj-discard"))
            clicks["all"] += 2
            if not shots.get("undo"):  # practice mode: the first discard taken back, then made again
                shots["undo"] = True
                _click_and_wait(page, widget, widget.locator(".mj-undo"))
                assert widget.locator(".mj-discard").count() == 1 and "Took back" in widget.locator(".mj-message").inner_text()
        elif widget.locator(".mj-act-call_mahjongg").count():  # offered only when the discard wins
            _click_and_wait(page, widget, widget.locator(".mj-act-call_mahjongg"))
            clicks["all"] += 1
        elif widget.locator(".mj-act-pass_call").count():
            # only a discard you can use is left to you: one "Call" button (or Mah Jongg) beside "Let it go"
            assert widget.locator(".mj-call, .mj-act-call_mahjongg").count() >= 1
            assert widget.locator(".mj-act-call").count() <= 1  # never one button per size and joker count
            _click_and_wait(page, widget, widget.locator(".mj-act-pass_call"))
            clicks["let go"] += 1
            clicks["all"] += 1
        else:
            raise AssertionError(f"no move offered although the game is not over: {status!r}")
    assert widget.locator(".mj-status").inner_text().startswith("Game over")
    banner = widget.locator(".mj-banner")
    assert banner.count() == 1 and widget.locator(".mj-result").count() == 1
    assert banner.locator(".mj-banner-title").inner_text() in ("You win!", "Wall game") or \
        banner.locator(".mj-banner-title").inner_text().endswith("wins")
    state = json.loads(wait_for_file(server, "table_state.json", lambda t: '"over"' in t))
    assert state["phase"] == "over" and state["moves"] > 50 and state["auto_passes"] > 10
    log = widget.locator(".mj-log-lines li")
    assert log.count() > 100  # the whole game, not the last few moves
    assert widget.get_attribute("data-sound")  # a sound was made for what happened
    shot(widget, f"game_table_over_{ui}")
    assert widget_errors(page) == []
    print(f"GameTable in {ui}: {clicks['all']} clicks, {clicks['let go']} of them 'Let it go';"
          f" {state['auto_passes']} discards went by themselves")
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
    widget.locator(".mj-warning").wait_for(timeout=STEP)
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
    widget.locator(".mj-floor .mj-tile").first.wait_for(timeout=STEP)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "game_table_800px_file_browser.png"))
    assert widget_errors(page) == []


# -- issue 26: a confirmation before a dead hand, the kernel gone, a reloaded page, the focus, the looks ----------

NEAR = "FF 222B 444B 666B 88B 3C"  # one tile short of 2468 #1: no Mah Jongg

CONFIRM_CELLS = [
    "import mjlearn as mj\n"
    "east = {'racks': {0: '" + NEAR + "'}, 'turn': 0, 'phase': 'discard'}\n"
    "keep = mj.GameTable('basic1', seed=2, pace='step', position=east)\n"
    "risk = mj.GameTable('basic1', seed=2, pace='step', position=east)\n"
    "display(keep, risk)\n"
    "keep.declare_mahjongg(), risk.declare_mahjongg()   # asked for by a method call (typed): not made yet",
]


@pytest.mark.parametrize("ui", UIS)
def test_a_false_mahjongg_waits_for_a_confirmation(open_notebook, server, ui):
    page = open_notebook(ui, f"table_confirm_{ui}.ipynb", CONFIRM_CELLS)
    keep, risk = page.locator(".mj-game-table").nth(0), page.locator(".mj-game-table").nth(1)
    risk.wait_for(timeout=TIMEOUT)
    for widget in (keep, risk):
        dialog = widget.get_by_role("alertdialog")
        dialog.wait_for(timeout=STEP)
        assert "Declare Mah Jongg?" in dialog.inner_text() and "your hand dead" in dialog.inner_text()
        assert widget.locator(".mj-act-declare_mahjongg").count() == 0  # never offered: the tiles do not win
    shot(keep, f"game_table_confirm_{ui}")
    keep.get_by_role("button", name="No, keep playing").click()
    keep.get_by_role("alertdialog").wait_for(state="detached", timeout=STEP)
    assert keep.locator(".mj-dead").count() == 0 and keep.locator(".mj-discard").count() == 1
    risk.get_by_role("button", name="Declare Mah Jongg anyway").click()
    risk.locator(".mj-sticky-dead").wait_for(timeout=STEP)  # it stays until dismissed
    assert "Your hand is dead" in risk.locator(".mj-sticky-dead").inner_text()
    assert "your hand is dead" in risk.locator(".mj-seat-you").inner_text()
    risk.locator(".mj-sticky-dead .mj-dismiss").click()
    risk.locator(".mj-sticky-dead").wait_for(state="detached", timeout=STEP)
    assert widget_errors(page) == []


REVIEW_CELLS = [
    "import mjlearn as mj\n"
    "east = {'racks': {0: 'FF 222B 444B 66B 8C 9D N J'}, 'turn': 0, 'phase': 'discard'}\n"
    "table = mj.GameTable('basic1', seed=4, pace='step', position=east)\n"
    "table.discard('J')   # throws a joker: the review's costliest decision\n"
    "table.show_review()\n"
    "table",
]


def test_the_review_shows_the_ranked_decisions_the_curve_and_the_reasons(open_notebook, server):
    page = open_notebook("lab", "table_review.ipynb", REVIEW_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    review = widget.locator(".mj-review-table")
    review.wait_for(timeout=STEP)
    rows = review.locator(".mj-review-rows tr")  # the headings' row, then one per decision
    assert rows.count() >= 2
    first = rows.nth(1).inner_text()
    assert "joker use" in first and "J" in first and "A joker can stand in any group" in first
    assert "mj-verdict-costly" in rows.nth(1).get_attribute("class")
    curve = review.locator("img.mj-review-curve")
    assert curve.evaluate("(img) => img.complete && img.naturalWidth > 0")
    assert "decision reviewed" in review.inner_text() or "decisions reviewed" in review.inner_text()
    shot(review, "game_table_review")
    assert widget_errors(page) == []


KEYS_CELLS = ["import mjlearn as mj\ntable = mj.GameTable('basic1', seed=3, pace='fast')\ntable"]


def test_enter_on_a_tile_keeps_the_focus_on_the_rack_and_tile_moves_are_quick(open_notebook, server, browser):
    page = open_notebook("lab", "table_keys.ipynb", KEYS_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    assert widget.locator("button.mj-rack-tile").count() == 14  # each tile a real button
    widget.locator(".mj-rack-tile[data-index='2']").focus()
    for index, pressed in ((2, "true"), (2, "false"), (3, "true")):  # pick, put back, next tile: pick
        if index == 3:  # the rack is one Tab stop: the arrow keys move along it
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([el, i, p]) => el.querySelector(`.mj-rack-tile[data-index='${i}']`).getAttribute('aria-pressed') === p"
            " && document.activeElement && document.activeElement.dataset.index === String(i)",
            arg=[widget.element_handle(), index, pressed], timeout=STEP)
    picked = widget.locator(".mj-rack-tile[aria-pressed='true']")
    assert picked.count() == 1 and picked.get_attribute("data-index") == "3"
    assert page.evaluate("document.activeElement.dataset.index") == "3"  # still on the rack after the redraws
    longest = """(root) => Math.max(0, ...[...root.querySelectorAll('*')].flatMap((el) => {
        const s = getComputedStyle(el);
        return [...s.transitionDuration.split(','), ...s.animationDuration.split(',')].map((x) => parseFloat(x) * 1000);
    }))"""
    assert 0 < widget.evaluate(longest) <= 70  # smooth, but never longer than 70 ms
    page.emulate_media(reduced_motion="reduce")
    assert widget.evaluate(longest) == 0  # and nothing moves for those who ask for less motion
    assert widget_errors(page) == []


@pytest.mark.parametrize("ui", UIS)
def test_the_table_says_when_the_kernel_is_gone_and_a_reloaded_page_says_how_to_get_it_back(open_notebook, server, ui):
    name = f"table_gone_{ui}.ipynb"
    page = open_notebook(ui, name, KEYS_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(1000)
    note = page.locator(".mj-reload-note")
    assert note.count() == 1 and note.is_hidden()  # under the live table, the note is hidden
    assert widget.locator(".mj-kernel-gone").count() == 0
    page.keyboard.press("Control+s")  # saved, as JupyterLab would every two minutes
    wait_for_file(server, name, lambda text: "mj-reload-note" in text)
    page.reload()  # the kernel still runs: the table comes back, and the note stays hidden
    wait_for_kernel(page)
    widget.wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(1000)
    assert page.locator(".mj-reload-note").is_hidden()
    shut_down_kernel(server, name)
    page.wait_for_timeout(1000)
    widget.locator(".mj-rack-tile[data-index='0']").click()
    gone = widget.locator(".mj-kernel-gone")
    gone.wait_for(state="visible", timeout=STEP)
    assert "kernel is not answering" in gone.inner_text() and "run this cell again" in gone.inner_text()
    shot(widget, f"game_table_kernel_gone_{ui}")

    page.reload()
    wait_for_kernel(page)
    note = page.locator(".mj-reload-note")
    note.wait_for(state="visible", timeout=STEP)
    assert "Run this cell again to bring the table back" in note.inner_text() and "seed 3" in note.inner_text()
    assert page.locator(".mj-game-table").count() == 0
    page.locator(".jp-OutputArea").first.screenshot(path=str(SCREENSHOTS / f"game_table_after_reload_{ui}.png"))


# A game well under way (a tile the student can call for a pung or a kong has just been thrown), for the screenshots.
UNDER_WAY = [
    "import mjlearn as mj\n"
    "from mjlearn.rules import Bot\n"
    "table = mj.GameTable('basic1', seed=4, seat=0, pace='step')\n"
    "bot = Bot(table.card, table.ruleset, seed=1)\n"
    "def advance(table, until):\n"
    "    while table.game.phase != 'over' and not until(table):\n"
    "        g, s = table.game, table.seat\n"
    "        if table.pending:\n"
    "            table.next_move(); continue\n"
    "        counts = g.charleston.racks[s].counts if g.phase == 'charleston' else g.racks[s].counts\n"
    "        if g.phase == 'charleston':\n"
    "            step = g.charleston.step\n"
    "            if step.kind == 'vote': table.vote(False)\n"
    "            elif step.kind == 'negotiated': table.pass_tiles(bot.choose_offer(counts))\n"
    "            else: table.pass_tiles(bot.choose_pass(counts, 3))\n"
    "        elif g.phase == 'calls': table.pass_call()\n"
    "        elif g.phase == 'draw': table.draw()\n"
    "        else: table.discard(bot.choose_discard(counts, tuple(g.exposures[s]), g.visible(s)))\n"
    "advance(table, lambda t: len(t.game.discards) > 22 and t.view['call'] and len(t.view['call']['choices']) > 1)\n"
    "table",
    "over = mj.GameTable('basic1', seed=5, seat=0, pace='instant')\n"
    "advance(over, lambda t: False)\n"
    "over",
]

FIT = """(root) => {
  const box = root.getBoundingClientRect();
  const parts = [...root.querySelectorAll('.mj-seat, .mj-floor, .mj-rack, .mj-exposure, .mj-moves, .mj-log')];
  return { right: box.right, left: box.left, height: box.height,
           widest: Math.max(...parts.map((p) => p.getBoundingClientRect().right)),
           leftmost: Math.min(...parts.map((p) => p.getBoundingClientRect().left)),
           seats: root.querySelectorAll('.mj-seat').length, ponds: root.querySelectorAll('.mj-pond').length };
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_table_looks_like_a_table_at_1400_and_800_px(open_notebook, server, theme):
    name = f"table_looks_{theme}.ipynb"
    if theme == "dark":
        with lab_theme(server, "JupyterLab Dark"):
            page = open_notebook("lab", name, UNDER_WAY)
            page.locator(".mj-game-table").nth(1).wait_for(timeout=TIMEOUT)
        assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
    else:
        page = open_notebook("lab", name, UNDER_WAY)
    table, over = page.locator(".mj-game-table").nth(0), page.locator(".mj-game-table").nth(1)
    over.wait_for(timeout=TIMEOUT)
    colours = table.evaluate("(el) => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; }")
    assert colours == ["rgb(34, 34, 34)", "rgb(252, 251, 247)"], colours  # its own ink and paper, whatever the theme
    fit = table.evaluate(FIT)
    assert fit["seats"] == 4 and fit["ponds"] == 4 and fit["widest"] <= fit["right"] + 1, fit
    assert table.locator(".mj-pond .mj-last").count() == 1  # the last discard framed, in front of its thrower
    assert table.locator(".mj-strip-line").count() >= 1  # the nearest lines, the coach being closed
    table.locator(".mj-call").click()  # one Call button; its chooser lists the calls a live line can use
    table.locator(".mj-chooser .mj-choice").first.wait_for(timeout=STEP)
    assert table.locator(".mj-chooser .mj-choice").count() >= 2
    table.locator(".mj-log-lines").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    newest = table.evaluate("(el) => { const l = el.querySelector('.mj-log-lines'); "
                            "return l.scrollTop + l.clientHeight >= l.scrollHeight - 4; }")
    assert newest  # the log shows its newest line
    shot(table, f"game_table_1400_{theme}")
    if theme == "light":  # the coach marks its choice in the chooser (or on "Let it go")
        table.locator(".mj-coach-toggle").click()
        table.locator(".mj-coach-call").wait_for(timeout=60_000)
        assert table.locator(".mj-coach-mark").count() >= 1
        shot(table, "game_table_coach_call_1400_light")
        table.locator(".mj-coach-toggle").click()
        table.locator(".mj-coach").wait_for(state="detached", timeout=STEP)
    banner = over.locator(".mj-banner")
    assert banner.locator(".mj-banner-title").inner_text()
    shot(over, f"game_table_banner_1400_{theme}")

    page.set_viewport_size({"width": 800, "height": 1000})
    open_file_browser(page)
    page.wait_for_timeout(800)
    fit = table.evaluate(FIT)
    assert fit["seats"] == 4 and fit["widest"] <= fit["right"] + 1 and fit["leftmost"] >= fit["left"] - 1, fit
    assert fit["height"] < 1400, fit  # still a table, not a column of boxes
    across, left, right = (table.locator(f".mj-place-{where}").bounding_box() for where in ("across", "left", "right"))
    assert left["x"] + left["width"] <= right["x"] and across["y"] + across["height"] <= left["y"] + left["height"]
    table.locator(".mj-topbar").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"game_table_800_{theme}.png"))
    table.locator(".mj-moves").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"game_table_800_{theme}_rack.png"))
    assert widget_errors(page) == []


# The coach beside each kind of decision: a call (with the chooser), a joker exchange, the vote, the courtesy pass.
COACH_KINDS_CELLS = [
    "import mjlearn as mj\n"
    "from mjlearn.rules import CoachBot\n"
    "def coached(table):\n"
    "    table.show_coach(True)\n"
    "    return table\n"
    "def charleston_to(table, kind):\n"
    "    bot = CoachBot(table.card, table.ruleset, seed=1)\n"
    "    while table.game.charleston.step.kind != kind:\n"
    "        if table.game.charleston.step.kind == 'vote': table.vote(False)\n"
    "        else: table.pass_tiles(bot.choose_pass(table.game.charleston.racks[table.seat].counts, 3))\n"
    "    return table\n"
    "call = coached(mj.GameTable('basic1', seed=2, seat=0, pace='step', auto_pass=False, position={\n"
    "    'racks': {0: 'FF 222B 44B 666B 8B 3C J', 3: '1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D'},\n"
    "    'turn': 3, 'phase': 'calls', 'discards': [(3, '4B')]}))\n"
    "exchange = coached(mj.GameTable('basic1', seed=2, seat=0, pace='step', position={\n"
    "    'racks': {0: 'FF 222B 444B 6B 8B 3C N E W'}, 'exposures': {1: ['66B J']}, 'turn': 0, 'phase': 'discard'}))\n"
    "vote = charleston_to(coached(mj.GameTable('basic1', seed=3, pace='instant')), 'vote')\n"
    "courtesy = charleston_to(coached(mj.GameTable('basic1', seed=3, pace='instant')), 'negotiated')\n"
    "tiles = [f'{v}{s}' for s in 'CD' for v in range(1, 10) for _ in range(4)][:60]\n"
    "late = [(i % 3 + 1, t) for i, t in enumerate(tiles)]  # 60 discards: 39 tiles left in the wall\n"
    "defence = coached(mj.GameTable('basic1', seed=3, seat=0, pace='step', large=True, position={\n"
    "    'racks': {0: 'FF NN EE WW SS 8B 9B 1B 3B'}, 'exposures': {3: ['222B', '44B J']},\n"
    "    'turn': 0, 'phase': 'discard', 'discards': late}))\n"
    "display(call, exchange, vote, courtesy, defence)",
]


def test_the_coach_speaks_beside_each_decision(open_notebook, server):
    page = open_notebook("lab", "table_coach_kinds.ipynb", COACH_KINDS_CELLS)
    tables = page.locator(".mj-game-table")
    tables.nth(4).wait_for(timeout=TIMEOUT)
    call, exchange, vote, courtesy, defence = (tables.nth(i) for i in range(5))
    # a call: the advice under the Call button, the chooser marking the coach's choice (or "Let it go" marked)
    call.locator(".mj-coach-note-call").wait_for(timeout=60_000)
    assert call.locator(".mj-coach-note-call").inner_text().startswith("The coach: ")
    call.locator(".mj-call").click()
    call.locator(".mj-chooser .mj-choice").first.wait_for(timeout=STEP)
    assert call.locator(".mj-chooser .mj-coach-choice, .mj-act-pass_call .mj-coach-mark").count() == 1
    assert call.locator(".mj-coach .mj-coach-say").inner_text() == \
        call.locator(".mj-coach-note-call").inner_text().removeprefix("The coach: ")
    shot(call, "game_table_coach_kind_call")
    # a joker exchange: the advice beside the exchange button, which is marked if the coach would take it
    note = exchange.locator(".mj-coach-note-exchange")
    note.wait_for(timeout=60_000)
    text = note.inner_text()
    assert text.startswith(("The coach: Take the joker", "The coach: Keep your 6B"))
    assert exchange.locator(".mj-act-exchange_joker .mj-coach-mark").count() == (1 if "Take the joker" in text else 0)
    assert exchange.locator(".mj-coach .mj-advice li").count() >= 1   # and the throws, in the panel
    shot(exchange, "game_table_coach_kind_exchange")
    # the vote: one of the two vote buttons marked, the reason beside them
    vote.locator(".mj-coach-note-vote").wait_for(timeout=60_000)
    assert vote.locator(".mj-coach-note-vote").inner_text().startswith(("The coach: Vote yes", "The coach: Vote no"))
    assert vote.locator(".mj-act-vote .mj-coach-mark").count() == 1
    shot(vote, "game_table_coach_kind_vote")
    # the courtesy pass: how many tiles to offer, and which
    courtesy.locator(".mj-coach-note-courtesy").wait_for(timeout=60_000)
    assert courtesy.locator(".mj-coach-note-courtesy").inner_text().startswith("The coach: Offer")
    assert courtesy.locator(".mj-coach-horizon").inner_text().startswith("Your chance to finish each line in the")
    shot(courtesy, "game_table_coach_kind_courtesy")
    # late in the wall with a hot hand showing (large print): the coach would give the hand up, and says why
    note = defence.locator(".mj-coach .mj-coach-defence")
    note.wait_for(timeout=60_000)
    assert note.get_attribute("role") == "note" and note.get_attribute("aria-label") == "the coach's defence"
    text = note.inner_text()
    assert text.startswith("Defence: play safe. The wall is down to 39 tiles and North shows two exposures.")
    assert "in the 9 draws you can still expect" in text and text.endswith("call a discard only to win.")
    assert defence.locator(".mj-coach-say").inner_text().startswith("Play safe: throw ")
    throws = defence.locator(".mj-coach .mj-advice li").all_inner_texts()  # the safe throws, not those that build
    assert throws and all(t.endswith("the least likely to give North Mah Jongg") for t in throws), throws
    assert float(note.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 18  # large print
    note.scroll_into_view_if_needed()
    shot(defence.locator(".mj-coach"), "game_table_coach_kind_defence")
    assert widget_errors(page) == []
