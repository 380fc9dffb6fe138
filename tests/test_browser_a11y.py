"""Keyboard and screen reader, in a real JupyterLab 4 and Notebook 7 (Debian's chromium through Playwright).

Issue 26, point 7. Every widget is used here with the keyboard only: no click, no mouse. The tests count
the key presses a task takes and print them (the first Charleston and a discard at the GameTable must take
fewer than 60; before this work they took 203, and a winning hand in the HandBuilder 255). A whole game is
played at the table by keys, and what its lasting live region said is checked: draws, discards, calls,
the result. axe-core (bundled in the ``axe-playwright-python`` package of the test extra: no CDN) finds no
violation in any widget, inside JupyterLab and in a plain page holding a copy of the widget's HTML and
CSS (axe treats JupyterLab's output text as hidden). Large print gives 18 px text and 48 px targets;
the default text is at least 14 px.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_support import STEP
from test_browser import (  # noqa: F401  (fixtures used by name)
    SCREENSHOTS, TIMEOUT, browser, open_notebook, server, shot, wait_for_file, widget_errors,
)

ROOT = Path(__file__).resolve().parents[1]
STYLES = [ROOT / "mjlearn" / "widgets" / "widgets.css", ROOT / "mjlearn" / "lessons" / "exercise.css"]


def axe_script() -> str:
    """axe-core's own script, from the package the test extra installs (never fetched at run time)."""
    try:
        from axe_playwright_python.base import AXE_FILE_PATH
    except ImportError:  # pragma: no cover - the test extra installs it
        pytest.fail("axe-core is missing: install the test extra (pip install -e '.[test]'), which brings"
                    " axe-playwright-python and its bundled axe.min.js")
    return Path(AXE_FILE_PATH).read_text(encoding="utf-8")


class Keys:
    """The keyboard, with a count of the keys pressed (as a student would press them, one by one)."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.count += 1

    def focused(self, attribute: str = "data-key") -> str | None:
        return self.page.evaluate(f"document.activeElement && document.activeElement.getAttribute({attribute!r})")


# -- shared checks -----------------------------------------------------------------------------------------------

VIOLATIONS = """async ([selector]) => {
  const found = await axe.run(document.querySelectorAll(selector), { resultTypes: ['violations'] });
  return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary.slice(0, 200)) }));
}"""


def axe_violations(page, selector: str) -> list[dict]:
    """axe-core's violations in the elements ``selector`` finds, on ``page`` as it stands."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_script())
    return page.evaluate(VIOLATIONS, [selector])


def plain_page_violations(browser, page, selector: str, large: bool = False) -> list[dict]:
    """axe-core on a plain page holding a copy of each widget's HTML (as drawn now) and the widgets' CSS."""
    html = page.evaluate("(s) => [...document.querySelectorAll(s)].map((el) => el.outerHTML)", selector)
    assert html, f"no {selector} on the page"
    css = "\n".join(path.read_text(encoding="utf-8") for path in STYLES)
    copy = browser.new_page(viewport={"width": 1400, "height": 1100})
    try:
        copy.set_content(f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>mjlearn widget</title>"
                         f"<style>{css}</style></head><body><main>{''.join(html)}</main></body></html>")
        if large:
            copy.evaluate("() => document.querySelectorAll('.mj-widget').forEach((w) => w.classList.add('mj-large'))")
        return axe_violations(copy, ".mj-widget")
    finally:
        copy.close()


SIZES = """([root, least]) => {
  // every piece of text shown (not the screen reader's line), and every control (a button, a menu, a box)
  const small = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest('.mj-sr-only, [hidden], option')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < least) small.push(`${size}px: ${node.textContent.trim().slice(0, 30)} (${el.className || el.tagName})`);
  }
  const controls = [...root.querySelectorAll('button, select, input, textarea, summary, [role=button]')]
    .filter((el) => el.getBoundingClientRect().width > 0)
    .map((el) => { const b = el.getBoundingClientRect();
      return { what: `${el.tagName} ${el.className} ${(el.getAttribute('aria-label') || el.textContent).slice(0, 30)}`,
               width: Math.round(b.width), height: Math.round(b.height) }; });
  return { small: small.slice(0, 12), controls };
}"""


def sizes(widget, least: float) -> dict:
    """The text under ``least`` px in ``widget``, and the size of each of its controls."""
    return widget.page.evaluate(SIZES, [widget.element_handle(), least])


def live(widget) -> str:
    """What the widget's lasting live region says now."""
    return widget.locator(".mj-live").inner_text() if widget.locator(".mj-live").count() else ""


def said(widget) -> int:
    return int(widget.locator(".mj-live").get_attribute("data-said") or 0)


def wait_said(page, widget, before: int, timeout: float = 60_000) -> str:
    """Wait for the live region's next sentence; return it."""
    page.wait_for_function("([el, n]) => Number(el.querySelector('.mj-live').dataset.said || 0) > n",
                           arg=[widget.element_handle(), before], timeout=timeout)
    return live(widget)


def move_to(keys: Keys, tile: str) -> None:
    """From the focused tile, the arrow keys to the first tile ``tile`` of the same group (a grid of 9 columns
    for a palette: the up and down arrows move a row)."""
    where = keys.page.evaluate("""(tile) => {
      const a = document.activeElement, group = a.closest('[data-roving]');
      const items = [...group.querySelectorAll('[data-key]')];
      return { from: items.indexOf(a), to: items.findIndex((i) => i.dataset.tile === tile),
               columns: group.dataset.roving === 'palette' ? 9 : 0 };
    }""", tile)
    assert where["to"] >= 0, f"no {tile} in the focused group"
    start, end, columns = where["from"], where["to"], where["columns"]
    if columns:
        rows = end // columns - start // columns
        keys.press("ArrowDown" if rows > 0 else "ArrowUp", abs(rows))
        start += rows * columns
    keys.press("ArrowRight" if end > start else "ArrowLeft", abs(end - start))
    assert keys.focused("data-tile") == tile


def open_widget(open_notebook, ui: str, name: str, cells: list[str], css: str):
    """Open a notebook of ``cells`` in JupyterLab (``ui="lab"``) or Notebook 7 and wait for the widget ``css``:
    the page, the widget, its live region and a :class:`Keys` for the page."""
    page = open_notebook(ui, name, cells)
    widget = page.locator(css)
    widget.wait_for(timeout=TIMEOUT)
    return page, widget, widget.locator(".mj-live").element_handle(), Keys(page)


def tab_to(keys: Keys, css: str, limit: int = 40) -> None:
    """Tab on until the focus is on an element that ``css`` matches."""
    for _ in range(limit):
        if keys.page.evaluate("(css) => !!(document.activeElement && document.activeElement.matches(css))", css):
            return
        keys.press("Tab")
    raise AssertionError(f"{limit} Tabs never reached {css}")


def notebook_intact(page, cells: int) -> None:
    """No Jupyter shortcut fired while the widgets had the keyboard: the cells are all there, all code."""
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    assert page.locator(".jp-Notebook .jp-MarkdownCell").count() == 0


# -- the HandBuilder: a winning hand by keys ------------------------------------------------------------------------

HAND_CELLS = ["import mjlearn as mj", "hb = mj.HandBuilder('basic1')\nhb"]
WINNING = ["F", "F", "2B", "2B", "2B", "4B", "4B", "4B", "6B", "6B", "6B", "8B", "8B", "8B"]


def test_hand_builder_builds_a_winning_hand_by_keys(open_notebook):
    page, widget, region, keys = open_widget(open_notebook, "lab", "a11y_hand_builder.ipynb", HAND_CELLS, ".mj-hand-builder")
    widget.locator("select").first.focus()  # the widget's first control, as a Tab from the cell above reaches it
    tab_to(keys, ".mj-palette-tile")
    tabs = keys.count
    assert widget.locator(".mj-palette [tabindex='0']").count() == 1  # the 36 faces: one Tab stop
    for number, tile in enumerate(WINNING, 1):
        move_to(keys, tile)
        keys.press("Enter")
        page.wait_for_function("([el, n]) => el.querySelectorAll('.mj-rack-tile').length === n",
                               arg=[widget.element_handle(), number], timeout=STEP)
        assert keys.focused("data-tile") == tile  # the redraw kept the keyboard on the palette
    presses = keys.count
    widget.locator(".mj-wins").wait_for(timeout=STEP)
    page.wait_for_function("(el) => el.querySelector('.mj-live').textContent.includes('Mah Jongg')",
                           arg=widget.element_handle(), timeout=STEP)
    assert "2468 #1" in live(widget)
    print(f"HandBuilder: a winning hand by keys in {presses} key presses ({tabs} Tabs to the palette); 255 before")
    assert presses < 60

    before = said(widget)  # a 15th tile: refused, and said
    keys.press("Enter")
    assert "at most 14 tiles" in wait_said(page, widget, before)
    assert widget.locator(".mj-palette-tile[data-tile='8B']").get_attribute("aria-label") == "8 Bam, 1 left"

    keys.press("r")  # to the rack; the last 8 Bam off with Delete: the nearest line is said
    keys.press("End")
    before = said(widget)
    keys.press("Delete")
    text = wait_said(page, widget, before)
    assert "Took off 8 Bam" in text and "2468 #1, 1 tile away" in text, text
    assert keys.focused("class").startswith("mj-tile") and "mj-rack-tile" in keys.focused("class")

    keys.press("Home")  # an exposure of the three 2 Bams: E, Space on each, E
    move_to(keys, "2B")
    keys.press("e")
    for step in range(3):
        keys.press(" ")
        page.wait_for_function("([el, n]) => el.querySelectorAll('.mj-rack-tile[aria-pressed=true]').length === n",
                               arg=[widget.element_handle(), step + 1], timeout=STEP)
        if step < 2:
            keys.press("ArrowRight")
    keys.press("e")
    widget.locator(".mj-exposure").wait_for(timeout=STEP)
    assert "222B" in live(widget) or "Exposed" in live(widget)
    assert region.evaluate("(el) => el.isConnected") and widget.locator(".mj-live").count() == 1  # never re-made
    notebook_intact(page, len(HAND_CELLS))
    shot(widget, "a11y_hand_builder_keys")
    assert widget_errors(page) == []


# -- the GameTable: a whole game by keys ------------------------------------------------------------------------------

TABLE_CELLS = ["import mjlearn as mj", "table = mj.GameTable('basic1', seed=21, seat=0, pace='instant')\ntable"]


def serial(widget) -> int:
    return int(widget.get_attribute("data-serial") or 0)


def press_and_wait(keys: Keys, widget, key: str) -> str:
    """Press ``key`` and wait for Python's answer: a new view, or a new sentence on the live region."""
    page = keys.page
    before = (serial(widget), said(widget))
    keys.press(key)
    page.wait_for_function(
        "([el, s, n]) => Number(el.dataset.serial) > s || Number(el.querySelector('.mj-live').dataset.said || 0) > n",
        arg=[widget.element_handle(), *before], timeout=60_000)
    page.wait_for_timeout(30)  # the redraw that follows the message (a microtask) has run
    return live(widget)


def pick_three(keys: Keys, widget) -> None:
    """Space on three tiles that are not jokers, from the focused rack tile rightwards (Home at the end)."""
    page = keys.page
    picked = 0
    for _ in range(60):
        if picked == 3:
            return
        assert "mj-rack-tile" in (keys.focused("class") or ""), f"the keyboard left the rack: {keys.focused('class')}"
        tile = keys.focused("data-tile")
        if tile != "J" and keys.focused("aria-pressed") == "false":
            index = keys.focused("data-index")
            keys.press(" ")
            page.wait_for_function(
                "([el, i]) => el.querySelector(`.mj-rack-tile[data-index='${i}']`).getAttribute('aria-pressed') === 'true'"
                " && document.activeElement.dataset.index === i", arg=[widget.element_handle(), index], timeout=STEP)
            picked += 1
        if picked < 3:
            last = page.evaluate("() => !document.activeElement.nextElementSibling")
            keys.press("Home" if last else "ArrowRight")
    raise AssertionError(f"only {picked} tiles picked in 60 moves along the rack")


def first_charleston_and_a_discard(keys: Keys, widget) -> list[str]:
    """From the table's first control: the first Charleston (three passes, the vote, the courtesy pass) and the
    first discard, by keys only. Returns what the live region said after each move."""
    heard = []
    widget.locator(".mj-topbar button").first.focus()
    tab_to(keys, ".mj-rack-tile")
    while True:
        if widget.locator(".mj-pass").count():
            if "courtesy" not in widget.locator(".mj-moves").inner_text():
                pick_three(keys, widget)
            heard.append(press_and_wait(keys, widget, "p"))
        elif widget.locator(".mj-act-vote").count():
            heard.append(press_and_wait(keys, widget, "n"))
        else:
            break
    assert widget.locator(".mj-discard").count() == 1  # East discards first
    assert "mj-rack-tile" in (keys.focused("class") or "")  # the keyboard is still on the rack
    heard.append(press_and_wait(keys, widget, "d"))
    return heard


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_the_first_charleston_and_a_discard_take_under_60_key_presses(open_notebook, ui):
    page = open_notebook(ui, f"a11y_table_first_{ui}.ipynb", TABLE_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    keys = Keys(page)
    heard = first_charleston_and_a_discard(keys, widget)
    print(f"GameTable in {ui}: the first Charleston and a discard in {keys.count} key presses (203 before)")
    assert keys.count < 60
    assert any("You receive" in text for text in heard), heard  # passes received are said
    assert "You discard" in heard[-1], heard[-1]
    assert widget.locator(".mj-rack [tabindex='0']").count() == 1  # the rack: one Tab stop
    notebook_intact(page, len(TABLE_CELLS))  # D, M, C, V, arrows... never reached Jupyter's shortcuts
    assert widget_errors(page) == []


def test_a_whole_game_is_played_by_keys_and_the_live_region_says_what_happens(open_notebook):
    page, widget, region, keys = open_widget(open_notebook, "lab", "a11y_table_game.ipynb", TABLE_CELLS, ".mj-game-table")
    region.evaluate("""(el) => { window.mjSaid = [];  // every sentence the region holds, in order
      new MutationObserver(() => window.mjSaid.push(el.textContent)).observe(el, { childList: true, characterData: true,
                                                                                subtree: true }); }""")
    heard = first_charleston_and_a_discard(keys, widget)
    first = keys.count
    called = False
    for _ in range(400):
        if widget.locator(".mj-banner").count():
            break
        if widget.locator(".mj-act-declare_mahjongg, .mj-act-call_mahjongg").count():
            heard.append(press_and_wait(keys, widget, "m"))
        elif widget.locator(".mj-act-draw").count():
            heard.append(press_and_wait(keys, widget, "w"))
            assert keys.focused("class") and "mj-drawn" in keys.focused("class")  # the keyboard on the tile drawn
        elif widget.locator(".mj-discard").count():
            heard.append(press_and_wait(keys, widget, "d"))
        elif widget.locator(".mj-act-pass_call").count():
            if not called and widget.locator(".mj-call").count():  # one call in the game, by keys
                called = True
                keys.press("c")
                page.wait_for_timeout(100)
                if widget.locator(".mj-chooser").count():
                    assert (keys.focused("data-key") or "").startswith("choice-")
                    heard.append(press_and_wait(keys, widget, "Enter"))
                else:
                    page.wait_for_function("([el, s]) => Number(el.dataset.serial) > s",
                                           arg=[widget.element_handle(), serial(widget) - 1], timeout=STEP)
                    heard.append(live(widget))
            else:
                heard.append(press_and_wait(keys, widget, "l"))
        else:
            raise AssertionError(f"no move for the keys: {widget.locator('.mj-status').inner_text()!r}")
    banner = widget.locator(".mj-banner-title")
    banner.wait_for(timeout=STEP)
    everything = " | ".join(page.evaluate("window.mjSaid")).replace("\u00a0", " ")
    assert all(text.replace("\u00a0", " ").strip() in everything for text in heard)
    assert "You draw" in everything and "You discard" in everything  # draws and discards
    assert called, "no discard came that the keys could call"
    assert "You call and expose" in everything and "calls and exposes" in everything  # your call, and theirs
    assert banner.inner_text() in everything  # the result
    for sticky in widget.locator(".mj-sticky-text").all_inner_texts():  # the messages that stay were said too
        assert sticky in everything, sticky
    assert region.evaluate("(el) => el.isConnected") and widget.locator(".mj-live").count() == 1  # the same region
    notebook_intact(page, len(TABLE_CELLS))
    print(f"GameTable: a whole game by keys, {keys.count} key presses ({first} for the first Charleston and discard);"
          f" {len(heard)} announcements; the last: {heard[-1][:160]!r}")
    shot(widget, "a11y_game_table_over_by_keys")
    assert widget_errors(page) == []


# -- axe-core: no violation in any widget, in JupyterLab and on a plain page ----------------------------------------

AXE_CELLS = [
    "import mjlearn as mj",
    "hb = mj.HandBuilder('basic1')\nhb.set_hand('FF 2222 44B 666B', exposures=['888B'])\nhb",
    "ed = mj.CardEditor('axe_card.mjcl')\ned",
    "ct = mj.CharlestonTrainer('basic1', seed=1)\nct",
    "table = mj.GameTable('basic1', seed=21, seat=0, pace='instant')\ntable",
    "drill = mj.SoloDrill('basic1', hands=2, draws=4, seed=5)\ndrill",
    'mj.Exercise.yes_no("Does the rack FF 11B 22B 33B 44B 55B 6B J win?", answer="no",'
    ' rack="FF 11B 22B 33B 44B 55B 6B J", hints=["Where would the joker stand?"])',
]
AXE_WIDGETS = ["mj-hand-builder", "mj-card-editor", "mj-charleston-trainer", "mj-game-table", "mj-solo-drill",
               "mj-exercise"]


def axe_by_widget(page, browser) -> dict[str, dict[str, list]]:
    """axe-core's violations for each widget: inside JupyterLab, on a plain page, on a plain page in large print."""
    found = {}
    for name in AXE_WIDGETS:
        css = f".{name}"
        found[name] = {"lab": axe_violations(page, css), "plain": plain_page_violations(browser, page, css),
                       "plain, large": plain_page_violations(browser, page, css, large=True)}
    return found


def test_axe_core_finds_no_violation_in_any_widget(open_notebook, browser):
    page = open_notebook("lab", "a11y_axe.ipynb", AXE_CELLS)
    for name in AXE_WIDGETS:
        page.locator(f".{name}").first.wait_for(timeout=TIMEOUT)
    table = page.locator(".mj-game-table")
    table.locator(".mj-rack-tile").first.wait_for(timeout=TIMEOUT)
    table.locator(".mj-rack-tile").first.focus()
    page.keyboard.press(" ")  # a tile picked: aria-pressed on the rack, the Pass button on
    page.wait_for_function("(el) => !!el.querySelector('.mj-rack-tile[aria-pressed=true]')",
                           arg=table.element_handle(), timeout=STEP)
    table.locator(".mj-keys-button").focus()
    page.keyboard.press("Enter")  # the list of keys open
    table.locator(".mj-keys-list:not([hidden])").wait_for(timeout=STEP)
    found = axe_by_widget(page, browser)
    for name, where in found.items():
        print(f"axe-core, {name}: " + ", ".join(f"{place} {len(v)} violations" for place, v in where.items()))
    bad = {f"{name} ({place})": v for name, where in found.items() for place, v in where.items() if v}
    assert not bad, json.dumps(bad, indent=1)
    assert widget_errors(page) == []


def test_axe_core_finds_no_violation_at_the_table_while_calling_and_at_the_end(open_notebook, browser):
    """The table's other states: a discard to call, the question before a Mah Jongg that would fail, the end, and
    the coach's review of the game."""
    page = open_notebook("lab", "a11y_axe_table.ipynb", TABLE_CELLS)
    widget = page.locator(".mj-game-table")
    widget.wait_for(timeout=TIMEOUT)
    keys = Keys(page)
    first_charleston_and_a_discard(keys, widget)
    seen = {}
    for _ in range(400):
        if widget.locator(".mj-banner").count():
            break
        if widget.locator(".mj-discard").count() and "confirm" not in seen and not widget.locator(".mj-act-declare_mahjongg").count():
            keys.press("m")  # Mah Jongg with tiles that do not win: the table asks first, the safe answer focused
            widget.locator(".mj-confirm").wait_for(timeout=STEP)
            page.wait_for_function("() => document.activeElement.dataset.key === 'confirm-no'", timeout=STEP)
            assert "Enter:" in live(widget)  # the question is said, with its keys
            seen["confirm"] = axe_violations(page, ".mj-game-table") + plain_page_violations(browser, page, ".mj-game-table")
            keys.press("Escape")
            widget.locator(".mj-confirm").wait_for(state="detached", timeout=STEP)
        if widget.locator(".mj-call").count() and "call" not in seen:
            keys.press("c")
            page.wait_for_timeout(150)
            seen["call"] = axe_violations(page, ".mj-game-table") + plain_page_violations(browser, page, ".mj-game-table")
            keys.press("Escape")
            page.wait_for_timeout(50)
        if widget.locator(".mj-act-declare_mahjongg, .mj-act-call_mahjongg").count():
            press_and_wait(keys, widget, "m")
        elif widget.locator(".mj-act-draw").count():
            press_and_wait(keys, widget, "w")
        elif widget.locator(".mj-discard").count():
            press_and_wait(keys, widget, "d")
        elif widget.locator(".mj-act-pass_call").count():
            press_and_wait(keys, widget, "l")
        else:
            raise AssertionError(f"no move for the keys: {widget.locator('.mj-status').inner_text()!r}")
    widget.locator(".mj-banner-title").wait_for(timeout=STEP)
    seen["end"] = axe_violations(page, ".mj-game-table") + plain_page_violations(browser, page, ".mj-game-table")
    widget.locator(".mj-review").focus()  # the coach's review of the game, asked for by keys
    keys.press("Enter")
    widget.locator(".mj-review-table .mj-review-rows").wait_for(timeout=180_000)
    seen["review"] = axe_violations(page, ".mj-game-table") + plain_page_violations(browser, page, ".mj-game-table")
    print("axe-core at the table:", {state: len(v) for state, v in seen.items()})
    assert "call" in seen and "confirm" in seen, seen.keys()
    assert not any(seen.values()), json.dumps(seen, indent=1)


# -- the CharlestonTrainer and the CardEditor by keys ---------------------------------------------------------------

TRAINER_CELLS = ["import mjlearn as mj", "ct = mj.CharlestonTrainer('basic1', seed=1)\nct"]


def test_charleston_trainer_passes_and_votes_by_keys(open_notebook):
    page, widget, region, keys = open_widget(open_notebook, "lab", "a11y_trainer.ipynb", TRAINER_CELLS, ".mj-charleston-trainer")
    widget.locator("button").first.focus()
    tab_to(keys, ".mj-rack-tile")
    assert widget.locator("[data-roving=rack] [tabindex='0']").count() == 1  # the rack: one Tab stop
    heard = []
    for pass_number in range(3):  # the first Charleston's three passes
        for _ in range(3):
            while keys.focused("data-tile") == "J" or keys.focused("aria-pressed") == "true":
                keys.press("ArrowRight")
            index = keys.focused("data-key")
            before = said(widget)
            keys.press(" ")
            assert "Picked" in wait_said(page, widget, before)
            page.wait_for_function(  # the redraw kept the keyboard on the tile, now pressed
                "(k) => document.activeElement.dataset.key === k && document.activeElement.getAttribute('aria-pressed') === 'true'",
                arg=index, timeout=STEP)
        before = said(widget)
        keys.press("p")
        heard.append(wait_said(page, widget, before))
        assert "you gave" in heard[-1] and "received" in heard[-1], heard[-1]
        if pass_number < 2:
            assert "mj-rack-tile" in (keys.focused("class") or "")  # still on the rack after the pass
            keys.press("Home")
    assert "V for yes, N for no" in heard[-1]  # the vote is asked, with its keys
    assert "mj-vote" in (keys.focused("class") or "")  # and the keyboard is on its buttons
    before = said(widget)
    keys.press("n")
    heard.append(wait_said(page, widget, before))
    before = said(widget)
    keys.press("i")  # the rack in words
    assert "Your rack:" in wait_said(page, widget, before)
    keys.press("?")
    widget.locator(".mj-keys-list:not([hidden])").wait_for(timeout=STEP)
    assert "suggest a pass" in widget.locator(".mj-keys-list").inner_text()
    keys.press("Escape")
    widget.locator(".mj-keys-list[hidden]").wait_for(state="attached", timeout=STEP)
    print(f"CharlestonTrainer: the first Charleston and the vote by keys in {keys.count} key presses")
    assert region.evaluate("(el) => el.isConnected") and widget.locator(".mj-live").count() == 1
    notebook_intact(page, len(TRAINER_CELLS))
    assert widget_errors(page) == []


EDITOR_CELLS = ["import mjlearn as mj", "ed = mj.CardEditor('a11y_card.mjcl')\ned"]


def test_card_editor_says_new_errors_and_saves_by_keys(open_notebook, server):
    page = open_notebook("lab", "a11y_editor.ipynb", EDITOR_CELLS)
    widget = page.locator(".mj-card-editor")
    widget.wait_for(timeout=TIMEOUT)
    keys = Keys(page)
    widget.locator(".mj-path").focus()
    tab_to(keys, "textarea.mj-source")
    keys.press("Control+End")
    before = said(widget)
    page.keyboard.type("\nFF 2222 4444 66Q6 X25")
    text = wait_said(page, widget, before)
    assert "1 new error" in text and "unknown tile 'Q'" in text, text
    keys.press("Control+Home")
    before = said(widget)
    keys.press("F8")  # to the error, said again
    assert "column 16" in wait_said(page, widget, before)
    assert page.evaluate("document.activeElement.selectionStart") > 0  # the caret went to the error
    before = said(widget)
    keys.press("Control+s")
    assert "Not saved" in wait_said(page, widget, before)
    assert not (server.root / "a11y_card.mjcl").exists()
    keys.press("Control+End")
    keys.press("Shift+Home")
    before = said(widget)
    keys.press("Backspace")
    assert "No errors now" in wait_said(page, widget, before)
    before = said(widget)
    keys.press("Control+s")
    assert "Saved" in wait_said(page, widget, before)
    assert (server.root / "a11y_card.mjcl").exists()
    keys.press("Escape")  # the keyboard back to the notebook
    assert page.evaluate("!document.activeElement.closest('.mj-card-editor')")
    print(f"CardEditor: an error heard, found and fixed, the card saved, by keys ({keys.count} presses besides typing)")
    notebook_intact(page, len(EDITOR_CELLS))
    assert widget_errors(page) == []


# -- large print: 18 px text and 48 px targets; 14 px text at least by default ---------------------------------------

SIZE_WIDGETS = ["mj-hand-builder", "mj-card-editor", "mj-charleston-trainer", "mj-game-table", "mj-solo-drill"]


def test_large_print_by_its_switch_gives_18_px_text_and_48_px_targets(open_notebook):
    page = open_notebook("lab", "a11y_sizes.ipynb", AXE_CELLS[:-1])
    report = {}
    for name in SIZE_WIDGETS:
        widget = page.locator(f".{name}")
        widget.wait_for(timeout=TIMEOUT)
        widget.locator(".mj-tile, .mj-source").first.wait_for(timeout=TIMEOUT)
        plain = sizes(widget, 14)
        assert plain["small"] == [], f"{name}: text under 14 px by default: {plain['small']}"
        switch = widget.locator("[data-key=large]")
        if not switch.is_visible():  # the GameTable keeps it in its Settings
            widget.locator(".mj-settings > summary").focus()
            page.keyboard.press("Enter")
        switch.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(el) => el.classList.contains('mj-large')", arg=widget.element_handle(), timeout=STEP)
        assert switch.get_attribute("aria-pressed") == "true"
        page.wait_for_timeout(200)
        large = sizes(widget, 18)
        assert large["small"] == [], f"{name}: text under 18 px in large print: {large['small']}"
        tiny = [c for c in large["controls"] if c["width"] < 48 or c["height"] < 48]
        assert tiny == [], f"{name}: controls under 48 px in large print: {tiny[:6]}"
        report[name] = (len(large["controls"]), min(min(c["width"], c["height"]) for c in large["controls"]))
        shot(widget, f"a11y_large_{name}")
    print("large print: controls measured and the smallest side (px):", report)
    assert page.evaluate("(cls) => getComputedStyle(document.querySelector(cls)).fontSize", ".mj-game-table") == "18px"
    assert widget_errors(page) == []


# -- the SoloDrill by keys --------------------------------------------------------------------------------------------

DRILL_CELLS = ["import mjlearn as mj", "drill = mj.SoloDrill('basic1', hands=2, draws=4, seed=5)\ndrill"]


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_solo_drill_hands_are_played_by_keys_and_said(open_notebook, ui):
    page, widget, region, keys = open_widget(open_notebook, ui, f"a11y_drill_{ui}.ipynb", DRILL_CELLS, ".mj-solo-drill")
    widget.locator("button").first.focus()
    tab_to(keys, ".mj-rack-tile")
    assert widget.locator(".mj-solo-rack [tabindex='0']").count() == 1  # the rack: one Tab stop
    assert "just drawn" in (widget.locator(".mj-rack-tile.mj-drawn").get_attribute("aria-label") or "")
    for throw in range(4):
        keys.press("End")
        keys.press("ArrowLeft")
        tile = keys.focused("aria-label").split(",")[0]
        before = said(widget)
        keys.press("Enter")
        text = wait_said(page, widget, before)
        assert f"Threw {tile}" in text or "away" in text or "Mah Jongg" in text, text
        if widget.get_attribute("data-over") == "true":
            break
        assert "mj-rack-tile" in (keys.focused("class") or "")  # the redraw kept the keyboard on the rack
    widget.locator(".mj-next-hand").wait_for(timeout=STEP)
    assert "Start the next hand" in live(widget) or "last hand" in live(widget)
    before = said(widget)
    keys.press("i")
    assert "Hand 1 of 2" in wait_said(page, widget, before)
    keys.press("n")
    page.wait_for_function("(el) => el.dataset.hand === '2'", arg=widget.element_handle(), timeout=STEP)
    assert region.evaluate("(el) => el.isConnected") and widget.locator(".mj-live").count() == 1
    notebook_intact(page, len(DRILL_CELLS))
    print(f"SoloDrill in {ui}: a hand by keys in {keys.count} key presses")
    assert widget_errors(page) == []
