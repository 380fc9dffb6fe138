"""docs/mjcl.md: every example with a count is checked against the engine."""

import re
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.mjcl.syntax import EXPANDER_CODES

# Some examples leave out hands no set can build, on purpose (section 6): they warn.
pytestmark = pytest.mark.filterwarnings("ignore::mjlearn.MJCLWarning")

DOC = Path(__file__).resolve().parents[1] / "docs" / "mjcl.md"
# A table row whose first cell is an MJCL line in backticks and whose last cell is a count.
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|.*\|\s*(\d+)\s*\|\s*$")


def examples():
    rows = []
    for number, text in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1):
        match = ROW.match(text)
        if match:
            rows.append(pytest.param(match.group(1), int(match.group(2)), id=f"line{number}"))
    return rows


EXAMPLES = examples()


def test_there_are_examples_for_every_expander_code():
    used = {e.code for param in EXAMPLES for e in mj.parse_line(param.values[0]).spec.expanders}
    assert sorted(set(EXPANDER_CODES) - used) == []


@pytest.mark.parametrize("line, count", EXAMPLES)
def test_documented_count(line, count):
    assert len(mj.parse_line(line).hands()) == count


ANALYSIS_DOC = DOC.parent / "analysis.md"


def closest_examples():
    """Each ``card.closest(...)`` call of docs/analysis.md with the table printed after it."""
    text = ANALYSIS_DOC.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r">>> (card\.closest\(.*?\))\n```\n\n((?:\|.*\|\n)+)", text):
        rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in match.group(2).splitlines()]
        found.append(pytest.param(match.group(1), rows[0], rows[2:], id=match.group(1)[:40]))
    return found


@pytest.mark.parametrize("call, header, rows", closest_examples())
def test_documented_closest_tables(call, header, rows):
    card = mj.load_card("basic1")
    table = eval(call, {"card": card})  # the call as printed in the document
    shown = [[str(value) for value in row] for row in table[header].values.tolist()]
    assert shown == rows


def test_analysis_doc_has_closest_examples():
    assert len(closest_examples()) >= 2


def test_widgets_doc_names_only_what_the_widgets_have(tmp_path, monkeypatch):
    """Every ``hb.``/``ed.``/``ct.`` name in docs/widgets.md exists, and its code blocks run."""
    import re

    import mjlearn as mj

    monkeypatch.chdir(tmp_path)
    text = (Path(__file__).resolve().parents[1] / "docs" / "widgets.md").read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        exec(compile(block, "docs/widgets.md", "exec"), {"mj": mj})
    widgets = {"hb": mj.HandBuilder("basic1"), "ed": mj.CardEditor(), "ct": mj.CharlestonTrainer(seed=1)}
    names = set(re.findall(r"\b(hb|ed|ct)\.([A-Za-z_]+)", text))
    assert len(names) > 40
    missing = sorted(f"{short}.{name}" for short, name in names if not hasattr(widgets[short], name))
    assert missing == []
    assert list(tmp_path.iterdir()) == []  # showing the widgets wrote no file
