"""The widgets in a real JupyterLab 4 and Notebook 7, driven by Debian's chromium through Playwright.

Each test writes a notebook into the server's temporary folder, opens it,
runs every cell from the Run menu as a user would, then clicks and types in
the widget and checks both what the page shows and, through files the
notebook writes from the kernel, what Python now holds. Screenshots go to
``build/screenshots/`` (or ``$MJLEARN_SCREENSHOTS``).

When ``/usr/bin/chromium`` is missing these tests fail, unless the machine has
no way to install it with apt-get: then they are skipped, and pytest's ``-rs``
prints the reason.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import (
    CHROMIUM,
    STEP,
    CHROMIUM_FLAGS,
    browser_problem,
    jupyter_server,
    lab_theme,
    run_all_cells,
    shut_down_kernel,
    wait_for_kernel,
    write_notebook,
)

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = Path(os.environ.get("MJLEARN_SCREENSHOTS", ROOT / "build" / "screenshots"))
UIS = ["lab", "notebook"]
TIMEOUT = 90_000  # ms: a cold kernel on a busy 2-core machine


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    problem = browser_problem()
    if problem is not None:
        kind, reason = problem
        if kind == "skip":
            pytest.skip(reason)
        pytest.fail(reason)
    for stale in SCREENSHOTS.glob("FAILED_*.png"):  # from an earlier run: this run makes its own
        stale.unlink()
    root = tmp_path_factory.mktemp("browser") / "notebooks"
    root.mkdir()
    with jupyter_server(root) as running:
        yield running


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def open_notebook(request, server, browser):
    """Open a new notebook of ``cells`` in ``ui``, run it all, and return the page.

    If the test fails, a screenshot of the whole page is kept beside the others.
    """
    pages = []

    def opener(ui: str, name: str, cells: list[str]):
        write_notebook(server.root / name, cells)
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.js_errors = errors
        pages.append(page)
        page.goto(server.url(ui, name))
        wait_for_kernel(page)
        run_all_cells(page, ui)
        return page

    yield opener
    report = getattr(request.node, "report_call", None)
    for number, page in enumerate(pages):
        if report is not None and report.failed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"FAILED_{request.node.name}_{number}.png"))
            print("errors in the page:", *page.js_errors, sep="\n  ")
        page.close()


def shot(locator, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 10_000  # a real picture, not an empty box
    return path


def widget_errors(page) -> list[str]:
    """Errors thrown in the page by mjlearn's widget code (JupyterLab's own warnings are not ours)."""
    return [e for e in page.js_errors if "mj-" in e or "anywidget" in e.lower()]


def wait_for_file(server, name: str, predicate, timeout: float = 20) -> str:
    """The text of a file the notebook's kernel writes, once ``predicate`` holds for it."""
    import time

    path = server.root / name
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        if path.exists():
            text = path.read_text(encoding="utf-8")
            if predicate(text):
                return text
        time.sleep(0.2)
    raise AssertionError(f"{name} never satisfied the check; last text: {text!r}")


HAND_BUILDER_CELLS = [
    "from mjlearn.widgets import HandBuilder\nimport json, pathlib",
    "hb = HandBuilder('basic1')\n"
    "def record(change=None):\n"
    "    pathlib.Path('hand_state.json').write_text(json.dumps(\n"
    "        {'hand': str(hb.hand), 'exposures': [str(e) for e in hb.exposures], 'wins': len(hb.wins)}))\n"
    "hb.observe(record, names=['rack', 'exposed'])\n"
    "hb",
]
WINNING_CLICKS = ["F", "F", "2B", "2B", "2B", "4B", "4B", "4B", "6B", "6B", "6B", "8B", "8B", "8B"]


@pytest.mark.parametrize("ui", UIS)
def test_hand_builder_clicks_build_a_winning_hand(open_notebook, server, ui):
    page = open_notebook(ui, f"hand_builder_{ui}.ipynb", HAND_BUILDER_CELLS)
    widget = page.locator(".mj-hand-builder")
    widget.wait_for(timeout=TIMEOUT)
    assert widget.locator(".mj-palette-tile").count() == 36

    for notation in WINNING_CLICKS:
        widget.locator(f'.mj-palette-tile[data-tile="{notation}"]').click()
    wins = widget.locator(".mj-wins")
    wins.wait_for(timeout=STEP)
    assert "2468 #1" in wins.inner_text() and "25" in wins.inner_text()
    assert "Mah Jongg" in widget.locator(".mj-message").inner_text()
    assert widget.locator(".mj-rack-tile").count() == 14
    state = json.loads(wait_for_file(server, "hand_state.json", lambda t: '"wins": 1' in t))
    assert state["hand"] == "FF 222B 444B 666B 888B"
    shot(widget, f"hand_builder_win_{ui}")

    # a 15th tile is refused, visibly, and the rack stays as it was
    widget.locator('.mj-palette-tile[data-tile="J"]').click()
    message = widget.locator(".mj-message.mj-error")
    message.wait_for(timeout=STEP)
    assert "at most 14 tiles" in message.inner_text()
    assert widget.locator(".mj-rack-tile").count() == 14

    # a click on a rack tile takes it off; the win goes and the nearest line is 1 tile away
    widget.locator('.mj-rack-tile[data-tile="8B"]').first.click()
    page.wait_for_function("document.querySelectorAll('.mj-hand-builder .mj-rack-tile').length === 13")
    assert widget.locator(".mj-wins").count() == 0
    first_row = widget.locator(".mj-closest tr").nth(1)
    assert "2468 #1" in first_row.inner_text()
    assert re.search(r"\b1\b", first_row.locator("td.mj-num").first.inner_text())
    state = json.loads(wait_for_file(server, "hand_state.json", lambda t: "888B" not in t))
    assert state["hand"] == "FF 222B 444B 666B 88B"
    assert widget_errors(page) == []


@pytest.mark.parametrize("ui", ["lab"])
def test_hand_builder_marks_an_exposure_and_refuses_a_fifth_tile(open_notebook, server, ui):
    page = open_notebook(ui, "hand_builder_exposure.ipynb", HAND_BUILDER_CELLS)
    widget = page.locator(".mj-hand-builder")
    widget.wait_for(timeout=TIMEOUT)
    for notation in ["5C"] * 4:
        widget.locator(f'.mj-palette-tile[data-tile="{notation}"]').click()
    page.wait_for_function("document.querySelectorAll('.mj-hand-builder .mj-rack-tile').length === 4")
    # (a used-up tile is aria-disabled, yet still answers a click with the reason: Playwright clicks it by force)
    widget.locator('.mj-palette-tile[data-tile="5C"]').click(force=True)
    message = widget.locator(".mj-message.mj-error")
    message.wait_for(timeout=STEP)
    assert "All 4" in message.inner_text()
    assert widget.locator('.mj-palette-tile[data-tile="5C"] .mj-badge').inner_text() == "0"

    widget.locator(".mj-expose").click()
    for index in range(3):
        widget.locator(".mj-rack-tile").nth(index).click()
    assert widget.locator(".mj-rack-tile.mj-selected").count() == 3
    widget.locator(".mj-expose-go").click()
    widget.locator(".mj-exposure").wait_for(timeout=STEP)
    state = json.loads(wait_for_file(server, "hand_state.json", lambda t: "555C" in t))
    assert state == {"hand": "5C", "exposures": ["555C"], "wins": 0}
    shot(widget, "hand_builder_exposure_lab")

    # load a card file typed into the bar: the menu shows it and the results use it
    (server.root / "tiny.mjcl").write_text('Tiny\n"Evens"\nFF 2222 4444 6666 X40\n', encoding="utf-8")
    widget.locator("input.mj-card-file").fill("tiny.mjcl")
    widget.locator(".mj-load").click()
    page.wait_for_function("document.querySelector('.mj-hand-builder select[aria-label=card]').value === 'tiny.mjcl'",
                           timeout=STEP)
    expect(widget.locator(".mj-summary")).to_contain_text("dead")  # no line of Tiny has 555C
    widget.locator(".mj-clear").click()
    expect(widget.locator(".mj-rack-tile")).to_have_count(0)
    widget.locator('.mj-palette-tile[data-tile="2B"]').click()
    expect(widget.locator(".mj-closest")).to_contain_text("Evens #1")
    assert widget_errors(page) == []


EDITOR_CELLS = [
    "from mjlearn.widgets import CardEditor",
    "ed = CardEditor('my_card.mjcl')\ned",
]


@pytest.mark.parametrize("ui", UIS)
def test_card_editor_shows_a_caret_error_live_and_saves_only_valid_text(open_notebook, server, ui):
    name = f"card_{ui}.mjcl"
    cells = ["from mjlearn.widgets import CardEditor", f"ed = CardEditor({name!r})\ned"]
    page = open_notebook(ui, f"card_editor_{ui}.ipynb", cells)
    widget = page.locator(".mj-card-editor")
    widget.wait_for(timeout=TIMEOUT)
    source = widget.locator("textarea.mj-source")
    source.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("FF 2222 4444 66Q6 X25")

    error = widget.locator(".mj-error-item")
    error.wait_for(timeout=STEP)
    text = error.inner_text()
    assert "Line 9, column 16" in text and "unknown tile 'Q'" in text
    source_line, caret = error.locator("pre").inner_text().split("\n")[:2]
    assert source_line == "FF 2222 4444 66Q6 X25" and caret.index("^") == 15  # under the Q
    assert widget.locator(".mj-gutter .mj-bad").inner_text() == "9"
    card_view = widget.locator(".mj-card-view")
    assert "Winds" in card_view.inner_text() and "2468" in card_view.inner_text()  # the rest still shows
    shot(widget, f"card_editor_error_{ui}")

    widget.locator(".mj-save").click()
    refused = widget.locator(".mj-message.mj-error")
    refused.wait_for(timeout=STEP)
    assert "Not saved" in refused.inner_text()
    assert not (server.root / name).exists()

    # fix the tile: the error goes, and Save writes the file
    source.click()
    page.keyboard.press("Control+End")
    for _ in range(5):  # back over "6 X25" to just after the Q
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Backspace")
    page.keyboard.type("6")
    page.wait_for_function("document.querySelectorAll('.mj-card-editor .mj-error-item').length === 0", timeout=STEP)
    widget.locator(".mj-save").click()
    saved = widget.locator(".mj-message.mj-success")
    saved.wait_for(timeout=STEP)
    written = (server.root / name).read_text(encoding="utf-8")
    assert written.rstrip().endswith("FF 2222 4444 6666 X25")
    assert widget.locator(".mj-dirty").inner_text() == "saved"
    assert widget_errors(page) == []


@pytest.mark.parametrize("ui", UIS)
def test_card_editor_shows_left_out_hands_as_a_note_and_still_saves(open_notebook, server, ui):
    name = f"year_{ui}.mjcl"
    text = 'Year\n"2026"\nFF 2222 0000 r2222 X25\n2026 r2026 b2026 gDD X25\n'
    (server.root / name).write_text(text, encoding="utf-8")
    page = open_notebook(ui, f"card_editor_note_{ui}.ipynb",
                         ["from mjlearn.widgets import CardEditor", f"ed = CardEditor({name!r})\ned"])
    widget = page.locator(".mj-card-editor")
    widget.wait_for(timeout=TIMEOUT)
    note = widget.locator(".mj-note-item")
    note.wait_for(timeout=STEP)
    assert "Note, line 4:" in note.inner_text() and "1 of 3 hands needs more tiles" in note.inner_text()
    assert widget.locator(".mj-error-item").count() == 0
    assert widget.locator(".mj-gutter .mj-noted").inner_text() == "4"
    assert "5 hands (no errors; 1 note)" in widget.locator(".mj-summary").inner_text()
    shot(widget, f"card_editor_note_{ui}")
    source = widget.locator("textarea.mj-source")  # an edit, then Save: a note does not stop it
    source.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("NNNN EEEE WWWW SS X25")
    page.wait_for_function("document.querySelector('.mj-card-editor .mj-summary').textContent.includes('6 hands')",
                           timeout=STEP)
    widget.locator(".mj-save").click()
    widget.locator(".mj-message.mj-success").wait_for(timeout=STEP)
    assert (server.root / name).read_text(encoding="utf-8").rstrip().endswith("NNNN EEEE WWWW SS X25")
    assert widget_errors(page) == []


@pytest.mark.parametrize("ui", UIS)
def test_charleston_trainer_passes_three_tiles_and_refuses_a_joker(open_notebook, server, ui):
    cells = [
        "from mjlearn.widgets import CharlestonTrainer\nimport json, pathlib",
        "ct = CharlestonTrainer('basic1', seed=1)\n"
        "def record(change=None):\n"
        "    pathlib.Path('charleston_state.json').write_text(json.dumps(\n"
        "        {'step': ct.step.name if ct.step else None, 'tiles': len(ct.rack), 'passes': len(ct.history)}))\n"
        "ct.observe(record, names=['rack_tiles'])\n"
        "ct",
    ]
    page = open_notebook(ui, f"charleston_{ui}.ipynb", cells)
    widget = page.locator(".mj-charleston-trainer")
    widget.wait_for(timeout=TIMEOUT)
    assert "first right" in widget.locator('[aria-current="step"]').inner_text().lower()
    assert widget.locator(".mj-rack-tile").count() == 14  # East under NMJL

    # seed 1 deals East a joker: clicking it is refused with the reason
    widget.locator('.mj-rack-tile[data-tile="J"]').first.click(force=True)  # (aria-disabled: clicked by force)
    refused = widget.locator(".mj-message.mj-error")
    refused.wait_for(timeout=STEP)
    assert "Jokers are never passed" in refused.inner_text()
    assert widget.locator(".mj-rack-tile.mj-selected").count() == 0

    # pick three tiles that are not jokers and pass them to the right
    picks = widget.locator('.mj-rack-tile:not([data-tile="J"])')
    given = []
    for index in range(3):
        tile = picks.nth(index)
        given.append(tile.get_attribute("data-tile"))
        tile.click()
        page.wait_for_function(
            f"document.querySelectorAll('.mj-charleston-trainer .mj-rack-tile.mj-selected').length === {index + 1}"
        )
    widget.locator(".mj-pass").click()
    widget.locator(".mj-last-pass").wait_for(timeout=STEP)
    page.wait_for_function(
        "(document.querySelector('.mj-charleston-trainer [aria-current=\"step\"]') || {}).textContent"
        "?.toLowerCase().includes('first across')", timeout=STEP)
    gave = widget.locator(".mj-gave .mj-tile")
    assert sorted(gave.nth(i).get_attribute("data-tile") for i in range(gave.count())) == sorted(given)
    assert widget.locator(".mj-received .mj-tile").count() == 3
    assert widget.locator(".mj-closest").count() == 1 and "→" in widget.locator(".mj-closest").inner_text()
    state = json.loads(wait_for_file(server, "charleston_state.json", lambda t: '"passes": 1' in t))
    assert state == {"step": "first across", "tiles": 14, "passes": 1}
    shot(widget, f"charleston_after_first_pass_{ui}")
    assert widget_errors(page) == []


# -- a newcomer's first hour: tables that fit, a dark theme, the editor's keyboard, a dead kernel ---------

RIGHT_EDGES = """(labels) => {
  const out = {};
  for (const label of labels) {
    out[label] = [];
    for (const table of document.querySelectorAll('.mj-closest')) {  // the column found by its heading
      const column = [...table.rows[0].cells].map((c) => c.textContent).indexOf(label);
      if (column < 0) continue;
      for (const row of [...table.rows].slice(1)) {
        const box = row.cells[column].getBoundingClientRect();
        out[label].push(box.width > 0 ? box.right : null);
      }
    }
  }
  const widgets = [...document.querySelectorAll('.mj-widget')].map((w) => w.getBoundingClientRect().right);
  const panel = document.querySelector('.jp-NotebookPanel-notebook, .jp-Notebook').getBoundingClientRect();
  return { cells: out, widgets, panelRight: panel.right, viewport: window.innerWidth };
}"""


def open_file_browser(page) -> None:
    """Show JupyterLab's file browser in the left sidebar (where it is not already showing)."""
    if not page.locator("#filebrowser").is_visible():
        page.locator('.jp-SideBar [data-id="filebrowser"]').first.click()
    page.locator("#filebrowser").wait_for(state="visible", timeout=STEP)


def assert_columns_fit(page, labels: list[str]) -> None:
    edges = page.evaluate(RIGHT_EDGES, labels)
    limit = min(edges["viewport"], edges["panelRight"], *edges["widgets"]) + 1
    for label in labels:
        shown = [right for right in edges["cells"][label] if right is not None]
        assert shown, f"no {label!r} cells shown"
        assert max(shown) <= limit, f"{label!r} runs out to {max(shown):.0f}px, past {limit:.0f}px ({edges})"


def test_result_tables_fit_at_normal_width_and_at_800px_with_the_file_browser(open_notebook):
    cells = [
        "import mjlearn as mj",
        # a joker the Singles & Pairs lines cannot use: the builder adds its "Jokers it can't use" column
        "hb = mj.HandBuilder('basic1', n=5)\nhb.set_hand('FF 222B 444B 666B 8B N J')\nhb",
        "ct = mj.CharlestonTrainer('basic1', seed=1)\nct",
    ]
    page = open_notebook("lab", "tables_fit.ipynb", cells)
    page.locator(".mj-hand-builder .mj-closest").wait_for(timeout=TIMEOUT)
    page.locator(".mj-charleston-trainer .mj-closest").wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(500)
    assert_columns_fit(page, ["Tiles away", "Needs", "Jokers it can't use", "Nearest hand"])
    shot(page.locator(".mj-hand-builder"), "tables_fit_hand_builder_1400px")

    page.set_viewport_size({"width": 800, "height": 1000})
    open_file_browser(page)
    page.wait_for_timeout(800)
    assert_columns_fit(page, ["Tiles away", "Needs"])
    builder = page.locator(".mj-hand-builder")
    builder.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "tables_fit_hand_builder_800px_file_browser.png"))
    trainer = page.locator(".mj-charleston-trainer .mj-closest")
    trainer.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "tables_fit_charleston_trainer_800px_file_browser.png"))
    assert widget_errors(page) == []


PAPER = "rgb(255, 253, 248)"
INK = "rgb(34, 34, 34)"


def test_card_display_and_widgets_read_in_the_dark_theme(open_notebook, server):
    cells = [
        "import mjlearn as mj\ncard = mj.load_card('practice_garden')\ncard",
        "card.closest('FF 222B 444B 666B 8B NN', n=3)",
        "mj.HandBuilder('basic1', n=3)",
    ]
    with lab_theme(server, "JupyterLab Dark"):
        page = open_notebook("lab", "dark_theme.ipynb", cells)
        page.locator(".mj-hand-builder").wait_for(timeout=TIMEOUT)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"  # the dark theme is on
    looks = page.evaluate("""() => {
      const style = (el) => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; };
      const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
      const card = outputs[0].firstElementChild, closest = outputs[1].querySelector('table');
      const rows = [...card.querySelectorAll('tr'), ...closest.querySelectorAll('tr')].map(style);
      return { card: style(card), band: style(card.querySelector('th')), closest: style(closest),
               rows: [...new Set(rows.map((r) => r.join(' / ')))] };
    }""")
    assert looks["card"] == [INK, PAPER], looks
    assert looks["closest"] == [INK, PAPER], looks
    assert looks["rows"] == [f"{INK} / {PAPER}"], looks  # no row striped or darkened by the theme
    assert looks["band"][0] == INK, looks  # the category name is dark on its cream band, not the theme's light text
    page.locator(".jp-OutputArea-output").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dark_theme_card_and_closest.png"))
    shot(page.locator(".mj-hand-builder"), "dark_theme_hand_builder")
    assert widget_errors(page) == []


EDITOR_CELLS = ["import mjlearn as mj", "ed = mj.CardEditor('escape_card.mjcl')\ned"]


def test_escape_leaves_the_card_editor_for_command_mode(open_notebook):
    page = open_notebook("lab", "editor_escape.ipynb", EDITOR_CELLS)
    source = page.locator(".mj-card-editor textarea.mj-source")
    source.wait_for(timeout=TIMEOUT)
    source.click()
    page.keyboard.press("Tab")  # Tab still indents inside the box
    assert page.evaluate("document.activeElement.classList.contains('mj-source')")
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    assert not page.evaluate("document.activeElement.classList.contains('mj-source')")
    assert page.locator(".jp-Notebook.jp-mod-commandMode").count() == 1
    assert "Esc leaves the text box" in page.locator(".mj-card-editor .mj-keys").inner_text()
    shot(page.locator(".mj-card-editor"), "card_editor_after_escape")


def test_card_editor_says_when_the_kernel_is_gone_and_keeps_the_text(open_notebook, server):
    page = open_notebook("lab", "editor_kernel_gone.ipynb", EDITOR_CELLS)
    widget = page.locator(".mj-card-editor")
    source = widget.locator("textarea.mj-source")
    source.wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(1000)
    assert widget.locator(".mj-kernel-gone").is_hidden()
    shut_down_kernel(server, "editor_kernel_gone.ipynb")
    page.wait_for_timeout(1000)
    source.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\nFF 1111 NEWS DDDD")
    widget.locator(".mj-save").click()
    gone = widget.locator(".mj-kernel-gone")
    gone.wait_for(state="visible", timeout=STEP)
    assert "kernel is not answering" in gone.inner_text()
    assert source.input_value().endswith("FF 1111 NEWS DDDD")
    shot(widget, "card_editor_kernel_gone")
