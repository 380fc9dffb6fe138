"""mj.Exercise in a real JupyterLab 4 (and Notebook 7 for a line and a number), driven by Debian's chromium
through Playwright, as a student uses it.

The student answers a yes/no exercise by clicking, sees one more hint after each wrong try (the second a
link to the heading that teaches it), answers right with the keyboard, and the teacher then finds the
attempts in the class report run in the same notebook. A pass is picked by clicking rack tiles. The
widget is shot in the light theme; its text is at least 16 pixels, its large-print targets at least 48,
and its verdict sits in an ARIA live region.
"""

from __future__ import annotations

import json

import pytest

from mjlearn.lessons.record import read_record
from browser_support import STEP
from test_browser import (  # noqa: F401  (fixtures used by name)
    TIMEOUT, UIS, browser, open_notebook, server, shot, widget_errors,
)

SETUP = ("import os, mjlearn as mj\n"
         "os.environ['MJLEARN_RECORD'] = os.path.abspath('record')  # the class's records, beside the notebook\n"
         "mj.student('Ann')")
YES_NO = ('mj.Exercise.yes_no("Does the rack FF 11B 22B 33B 44B 55B 6B J win?", answer="no",\n'
          '                   rack="FF 11B 22B 33B 44B 55B 6B J", lesson="02", number=2,\n'
          '                   hints=["Where would the joker have to stand?",\n'
          '                          "The joker would be the second 6B: a pair."],\n'
          '                   teach="Jokers only in groups",\n'
          '                   solution="**No.** A joker never stands in a pair.")')
REPORT = "mj.class_report('record')"
FAR = "\n\n".join(f"Paragraph {n} of the lesson, about jokers and the groups they may stand in." for n in range(40))
IN_VIEW = """() => {
  // JupyterLab 4 names a heading by data-jupyter-id (older versions by id)
  const h = document.querySelector('[data-jupyter-id="Jokers-only-in-groups"], #Jokers-only-in-groups');
  if (!h) return false;
  const box = h.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def write_lesson(path, cells):
    """A notebook of ("markdown" | "code", source) cells."""
    made = []
    for kind, source in cells:
        cell = {"cell_type": kind, "metadata": {}, "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        made.append(cell)
    path.write_text(json.dumps({"cells": made, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}, indent=1), encoding="utf-8")


@pytest.fixture
def open_lesson(open_notebook, server):
    """Open a notebook of markdown and code cells (open_notebook writes code cells only: this writes the
    notebook first, under the name open_notebook then opens)."""
    def opener(name, cells, ui="lab"):
        import test_browser

        original = test_browser.write_notebook
        test_browser.write_notebook = lambda path, _cells: write_lesson(path, cells)
        try:
            return open_notebook(ui, name, [])
        finally:
            test_browser.write_notebook = original
    return opener


def wait_for_hints(page, widget, count):
    page.wait_for_function("([el, n]) => el.querySelectorAll('.mj-hint').length === n",
                           arg=[widget.element_handle(), count], timeout=STEP)


def test_an_exercise_answered_by_clicking_grows_its_hints_and_lands_in_the_class_report(open_lesson, server):
    cells = [("code", SETUP),
             ("markdown", "## Jokers only in groups\n\nA joker may stand only in a group of three or more."),
             ("markdown", FAR),
             ("markdown", "## Exercises"),
             ("code", YES_NO),
             ("code", REPORT)]
    page = open_lesson("exercise_lab.ipynb", cells)
    widget = page.locator(".mj-exercise")
    widget.wait_for(timeout=TIMEOUT)
    assert "Does the rack" in widget.locator(".mj-prompt").inner_text()
    assert widget.locator(".mj-rack .mj-tile").count() == 14
    verdict = widget.locator(".mj-verdict")
    assert verdict.get_attribute("aria-live") == "polite" and verdict.get_attribute("role") == "status"
    assert widget.locator(".mj-show-answer").count() == 0 and widget.locator(".mj-solution").count() == 0
    assert "No answers have been checked yet" in page.locator(".jp-Cell").nth(5).inner_text()

    # two wrong tries by clicking: one hint, then the link to the section that teaches it
    widget.locator('.mj-option[data-option="Yes"]').click()
    page.wait_for_function("(el) => el.querySelector('.mj-option[aria-pressed=\"true\"]')",
                           arg=widget.element_handle(), timeout=STEP)
    widget.locator(".mj-check").click()
    wait_for_hints(page, widget, 1)
    assert verdict.inner_text().startswith("\u2718 Not yet")
    assert "Where would the joker" in widget.locator(".mj-hints").inner_text()
    widget.locator(".mj-check").click()
    wait_for_hints(page, widget, 2)
    link = widget.locator(".mj-teach-link")
    link.scroll_into_view_if_needed()
    assert not page.evaluate(IN_VIEW)  # the heading is far above the exercise
    assert link.inner_text() == "Jokers only in groups" and link.get_attribute("href") == "#Jokers-only-in-groups"
    assert widget.locator(".mj-show-answer").count() == 0  # not before three tries
    shot(widget, "exercise_hints_lab")
    link.click()  # the heading of this notebook scrolls into view
    page.wait_for_function(IN_VIEW, timeout=STEP)

    # a third wrong try: the third hint and "Show the answer"; then the right answer with the keyboard
    widget.locator(".mj-check").click()
    wait_for_hints(page, widget, 3)
    widget.locator(".mj-show-answer").wait_for(timeout=STEP)
    box = widget.locator("input.mj-answer-box")
    box.click()
    box.fill("")
    page.keyboard.type("no")
    page.keyboard.press("Enter")  # Enter checks
    page.wait_for_function("(el) => el.querySelector('.mj-verdict').textContent.includes('Right')",
                           arg=widget.element_handle(), timeout=STEP)
    solution = widget.locator(".mj-solution")
    solution.wait_for(timeout=STEP)
    assert "A joker never stands in a pair" in solution.inner_text()
    shot(widget, "exercise_right_lab")

    attempts, skipped = read_record(server.root / "record" / "Ann.jsonl")
    assert [(a["try"], a["status"], a["answer"]) for a in attempts] == [
        (1, "wrong", "Yes"), (2, "wrong", "Yes"), (3, "wrong", "Yes"), (4, "right", "no")] and skipped == []

    # the teacher runs the report cell again: the attempts are there
    report_cell = page.locator(".jp-Cell").nth(5)
    report_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("(el) => el.innerText.includes('4 answers checked')",
                           arg=report_cell.element_handle(), timeout=STEP)
    text = report_cell.inner_text()
    assert "1 student" in text and "02·2" in text
    assert report_cell.locator('td[title="right on try 4"]').count() == 1
    assert widget_errors(page) == []


PASS = ('q = mj.Question("pass", "You are East. Which three tiles do you pass right?",\n'
        '                rack="FF 222B 444B 666B 8B N S")\n'
        'mj.Exercise(q, lesson="03", number=1, large=True)')


def test_a_pass_is_picked_on_the_rack_with_the_mouse_and_the_keyboard(open_lesson, server):
    page = open_lesson("exercise_pass_lab.ipynb", [("code", SETUP), ("code", PASS)])
    widget = page.locator(".mj-exercise")
    widget.wait_for(timeout=TIMEOUT)
    tiles = widget.locator(".mj-rack-tile")
    assert tiles.count() == 14 and tiles.first.get_attribute("tabindex") == "0"
    widget.locator('.mj-rack-tile[data-tile="N"]').click()
    widget.locator('.mj-rack-tile[data-tile="2B"]').first.click()
    page.wait_for_function("(el) => el.querySelectorAll('.mj-rack-tile.mj-selected').length === 2",
                           arg=widget.element_handle(), timeout=STEP)
    assert widget.locator(".mj-pick-count").first.inner_text() == "2 of 3 chosen"
    widget.locator('.mj-rack-tile[data-tile="2B"]').first.click()  # a second click puts it back
    page.wait_for_function("(el) => el.querySelectorAll('.mj-rack-tile.mj-selected').length === 1",
                           arg=widget.element_handle(), timeout=STEP)
    # the keyboard: focus the S tile, Space chooses it; then Tab on to the F tiles
    widget.locator('.mj-rack-tile[data-tile="S"]').focus()
    page.keyboard.press(" ")
    page.wait_for_function("(el) => el.querySelectorAll('.mj-rack-tile.mj-selected').length === 2",
                           arg=widget.element_handle(), timeout=STEP)
    focused = page.evaluate("() => document.activeElement.dataset.tile")
    assert focused == "S"  # the redrawn rack keeps the keyboard where it was
    widget.locator('.mj-rack-tile[data-tile="F"]').first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.querySelector('input.mj-answer-box').value === 'F N S'",
                           arg=widget.element_handle(), timeout=STEP)
    widget.locator(".mj-check").click()
    page.wait_for_function("(el) => el.querySelector('.mj-verdict').textContent.includes('Right')",
                           arg=widget.element_handle(), timeout=STEP)

    # large print: text of 16 pixels or more, buttons and tiles at least 48 pixels high and wide
    sizes = page.evaluate("""(el) => ({
        prompt: parseFloat(getComputedStyle(el.querySelector('.mj-prompt')).fontSize),
        body: parseFloat(getComputedStyle(el).fontSize),
        buttons: [...el.querySelectorAll('button')].filter((b) => b.offsetParent)
                   .map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height]),
        tiles: [...el.querySelectorAll('.mj-rack-tile')].map((t) => t.getBoundingClientRect().height) })""",
                          widget.element_handle())
    assert sizes["body"] >= 16 and sizes["prompt"] >= 16
    assert sizes["buttons"] and all(w >= 48 and h >= 48 for w, h in sizes["buttons"]), sizes["buttons"]
    assert min(sizes["tiles"]) >= 48
    shot(widget, "exercise_pass_large_lab")
    attempts, _ = read_record(server.root / "record" / "Ann.jsonl")
    assert [(a["lesson"], a["exercise"], a["status"], a["answer"]) for a in attempts][-1] == (
        "03", "1", "right", "F N S")
    assert widget_errors(page) == []


LINE = ('mj.Exercise.line("Which line is FF 2222 + 6666 = 8888?", "2468 #2", card="practice_garden",\n'
        '                 lesson="01", number=6)')
NUMBER = 'mj.Exercise.number("How many tiles does East hold before the Charleston?", 14, lesson="10", number=1)'


@pytest.mark.parametrize("ui", UIS)
def test_a_line_is_picked_from_the_card_and_a_number_typed(open_lesson, server, ui):
    page = open_lesson(f"exercise_line_{ui}.ipynb", [("code", SETUP), ("code", LINE), ("code", NUMBER)], ui)
    line, number = page.locator(".mj-exercise").nth(0), page.locator(".mj-exercise").nth(1)
    line.wait_for(timeout=TIMEOUT)
    number.wait_for(timeout=TIMEOUT)
    line.locator(".mj-section-btn", has_text="2468").click()
    line.locator('.mj-line-btn[data-option="2468 #2"]').click()
    page.wait_for_function("(el) => el.querySelector('.mj-line-btn[aria-pressed=\"true\"]')",
                           arg=line.element_handle(), timeout=STEP)
    line.locator(".mj-check").click()
    page.wait_for_function("(el) => el.querySelector('.mj-verdict').textContent.includes('Right')",
                           arg=line.element_handle(), timeout=STEP)
    shot(line, f"exercise_line_{ui}")
    box = number.locator("input.mj-answer-box")
    box.click()
    page.keyboard.type("twelve")
    page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.querySelector('.mj-verdict').textContent.includes('too low')",
                           arg=number.element_handle(), timeout=STEP)
    assert number.locator("input.mj-answer-box").input_value() == "twelve"  # the answer stays to be corrected
    shot(number, f"exercise_number_{ui}")
    assert widget_errors(page) == []


def test_a_real_lesson_runs_and_its_exercise_is_answered_by_clicking_with_hints_and_the_report(open_lesson, server):
    """Lesson 02 as a class gets it (a cell that names the student first, a report cell last for the teacher):
    run whole in JupyterLab, one exercise answered by clicking, its hints growing (the second a link to the
    lesson's own heading), and the attempts found in the class report."""
    from pathlib import Path

    lesson = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "02_at_the_table.ipynb")
                        .read_text(encoding="utf-8"))
    setup, report = SETUP.replace("'record'", "'record02'"), "mj.class_report('record02')"  # a class of its own
    cells = [("code", setup)] + [(c["cell_type"], "".join(c["source"])) for c in lesson["cells"]] + [("code", report)]
    page = open_lesson("02_at_the_table.ipynb", cells)
    widget = page.locator(".mj-exercise", has_text="Lesson 02, exercise 3")
    widget.wait_for(timeout=TIMEOUT)
    # the six exercises (JupyterLab may still be rendering the cells below the third's when it shows)
    page.wait_for_function("document.querySelectorAll('.mj-exercise').length === 6", timeout=STEP)
    assert "May you still call West's 5 dot?" in widget.locator(".mj-prompt").inner_text()
    assert widget.locator(".mj-solution").count() == 0 and widget.locator(".mj-show-answer").count() == 0
    report_cell = page.locator(".jp-Cell").nth(len(cells) - 1)  # (running it adds a cell below: not .last)
    report_cell.wait_for(timeout=TIMEOUT)
    page.wait_for_function("(el) => el.innerText.includes('No answers have been checked yet')",
                           arg=report_cell.element_handle(), timeout=TIMEOUT)

    widget.scroll_into_view_if_needed()
    widget.locator('.mj-option[data-option="Yes"]').click()
    page.wait_for_function("(el) => el.querySelector('.mj-option[aria-pressed=\"true\"]')",
                           arg=widget.element_handle(), timeout=STEP)
    widget.locator(".mj-check").click()
    wait_for_hints(page, widget, 1)
    assert "What does putting the drawn tile on the rack signal?" in widget.locator(".mj-hints").inner_text()
    widget.locator(".mj-check").click()
    wait_for_hints(page, widget, 2)
    link = widget.locator(".mj-teach-link")
    assert link.inner_text() == "2. Etiquette and procedure" and link.get_attribute("href") == \
        "#2.-Etiquette-and-procedure"
    shot(widget, "lesson02_exercise3_hints_lab")
    widget.locator('.mj-option[data-option="No"]').click()
    page.wait_for_function("(el) => el.querySelector('.mj-option[data-option=\"No\"][aria-pressed=\"true\"]')",
                           arg=widget.element_handle(), timeout=STEP)  # (the choice synced before Check, as for Yes)
    widget.locator(".mj-check").click()
    page.wait_for_function("(el) => el.querySelector('.mj-verdict').textContent.includes('Right')",
                           arg=widget.element_handle(), timeout=STEP)
    widget.locator(".mj-solution").wait_for(timeout=STEP)
    assert "racking it closes the window" in widget.locator(".mj-solution").inner_text()

    attempts, _ = read_record(server.root / "record02" / "Ann.jsonl")
    assert [(a["lesson"], a["exercise"], a["try"], a["status"], a["answer"]) for a in attempts] == [
        ("02", "3", 1, "wrong", "Yes"), ("02", "3", 2, "wrong", "Yes"), ("02", "3", 3, "right", "No")]

    report_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("(el) => el.innerText.includes('3 answers checked')",
                           arg=report_cell.element_handle(), timeout=STEP)
    assert "02\u00b73" in report_cell.inner_text()
    assert report_cell.locator('td[title="right on try 3"]').count() == 1
    assert widget_errors(page) == []
