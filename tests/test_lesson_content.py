"""What nbval cannot see in the lessons: their words.

nbval runs every cell and compares outputs; it does not read the prose. These tests do: the
glossary a beginner looks words up in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GLOSSARY = NOTEBOOKS / "glossary.md"

# -- the glossary -------------------------------------------------------------------------------

# the words issue 24 asks the glossary to explain, at least
REQUIRED_TERMS = [
    "pung", "kong", "quint", "sextet", "pair", "single", "natural", "joker", "flower", "dragon", "wind",
    "soap", "exposure", "concealed", "call", "hot tile", "dead hand", "outs", "distance", "charleston",
    "courtesy pass", "blind pass", "wall", "rack", "east", "mah jongg", "jokerless", "self-pick", "wall game",
    "bams", "craks", "dots", "suit", "card", "line", "section", "value", "like numbers", "consecutive run",
    "matching dragon", "opposite dragon", "news", "joker exchange", "discard", "unused", "not usable",
]
_ENTRY = re.compile(r"^\*\*(?P<term>[^*]+?)\.\*\* (?P<text>.+?)(?=\n\n|\Z)", re.M | re.S)


def glossary_entries(text: str) -> dict[str, str]:
    """Each entry of the glossary (a paragraph ``**Term.** explanation``) by its term, lower case; a term
    written ``Distance ("tiles away")`` is found as ``distance``."""
    return {re.sub(r'\s*\(.*\)$', "", m["term"]).strip().lower(): " ".join(m["text"].split())
            for m in _ENTRY.finditer(text)}


def _entry_for(phrase: str, entries: dict[str, str]) -> str | None:
    """The entry an *italic* cross-reference points at, allowing plurals and verb forms (exposures,
    expose, calling, racks)."""
    phrase = phrase.lower()
    forms = [phrase, phrase[:-1], phrase[:-2], phrase.removesuffix("ing"), phrase.removesuffix("d")]
    if phrase.startswith("expos"):
        forms.append("exposure")
    return next((form for form in forms if form in entries), None)


def test_the_glossary_explains_every_word_a_beginner_meets():
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    missing = [term for term in REQUIRED_TERMS if term not in entries]
    assert not missing, f"the glossary has no entry for {missing}"
    # each is explained in a sentence or more, not just named
    short = [term for term, text in entries.items() if len(text.split()) < 8 and not text.startswith("See ")]
    assert not short, f"entries too short to explain anything: {short}"


def test_the_glossary_is_in_alphabetical_order_and_its_cross_references_exist():
    text = GLOSSARY.read_text(encoding="utf-8")
    entries = glossary_entries(text)
    terms = list(entries)
    assert terms == sorted(terms), "a reader looks words up from A to Z"
    body = text.split("\n## ", 1)[1]  # the entries, past the introduction
    for phrase in re.findall(r"(?<![*\w])\*([^*\n]+)\*(?!\*)", body):
        assert _entry_for(phrase, entries), f"*{phrase}* points at no entry of the glossary"


def test_the_glossary_says_what_the_rules_say():
    """A few facts a beginner is most often told wrong, read in the entries themselves."""
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    assert "racks" in entries["call"] and "draws" not in entries["call"]  # until the next player racks
    assert "never in a *single* or a *pair*" in entries["joker"]
    assert "cannot be passed" in entries["joker"] and "cannot be called" in entries["joker"]
    assert "0" in entries["soap"] and "no suit" in entries["soap"]
    assert "lower number" in entries["courtesy pass"]
    assert "14 tiles" in entries["east"] and "13" in entries["east"]
    assert "19 tiles long" in entries["wall"]


@pytest.mark.parametrize("term", ["pung", "kong", "quint", "sextet"])
def test_each_group_size_is_counted_right(term):
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    size = {"pung": "Three", "kong": "Four", "quint": "Five", "sextet": "Six"}[term]
    assert entries[term].startswith(f"{size} identical tiles")


# -- the lessons' order and links --------------------------------------------------------------------

import ast  # noqa: E402
import json  # noqa: E402

ROOT = NOTEBOOKS.parent
TRACK = ["00_welcome", "01_tiles_and_the_card", "02_at_the_table", "03_building_hands", "04_the_charleston",
         "05_playing_a_game", "06_scoring", "07_play_a_hand",                           # the beginner track
         "08_exploring_a_card", "09_writing_a_card_in_mjcl", "10_mahjx"]                # the advanced track
BEGINNER = TRACK[:8]
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def markdown(path: Path) -> list[str]:
    return [source(c) for c in cells(path) if c["cell_type"] == "markdown"]


def whats_next(path: Path) -> str:
    """The "What's next" section of a lesson: from its heading to the next heading of the same level."""
    text = "\n\n".join(markdown(path))
    assert "## What's next" in text, f"{path.name} has no What's next"
    section = text[text.index("## What's next") + len("## What's next"):]
    return re.split(r"\n## ", section, maxsplit=1)[0]


def test_the_files_are_numbered_in_the_order_of_the_tracks():
    assert [p.stem for p in LESSONS] == TRACK


def test_the_readme_lists_the_lessons_in_track_order_with_their_track():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\d\d_\w+)\.ipynb` \| (beginner|advanced) \|", readme, re.M)
    assert [name for name, _ in rows] == TRACK
    assert [track for _, track in rows] == ["beginner"] * len(BEGINNER) + ["advanced"] * (len(TRACK) - len(BEGINNER))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_links_the_glossary_near_its_top(path):
    assert "](glossary.md)" in markdown(path)[0], f"{path.name}: no link to the glossary in its first cell"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_whats_next_points_to_the_next_lesson_of_the_track(path):
    links = [target for _, target in _LINK.findall(whats_next(path)) if target.endswith(".ipynb")]
    following = TRACK.index(path.stem) + 1
    if following < len(TRACK):
        assert links and links[0] == TRACK[following] + ".ipynb", (path.name, links)
    for target in links:
        assert (NOTEBOOKS / target).exists(), (path.name, target)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_links_and_lesson_numbers_name_lessons_that_exist(path):
    """A link to a lesson goes to a file that exists, and its words name that file ("[03 · Building
    hands](03_building_hands.ipynb)"); a title heads each lesson with its own number."""
    texts = markdown(path)
    if path.stem != "00_welcome":
        assert texts[0].startswith(f"# {path.stem[:2]} · ")
    for text in texts:
        for words, target in _LINK.findall(text):
            if target.endswith((".ipynb", ".md")) and "://" not in target:
                assert (NOTEBOOKS / target).exists(), (path.name, target)
            number = re.match(r"(\d\d) · ", words)
            if number and target.endswith(".ipynb"):
                assert target.startswith(number.group(1)), (path.name, words, target)
        for number in re.findall(r"\b[Ll]essons? (\d\d)\b", text):
            assert int(number) < len(TRACK), (path.name, number)


# -- prose that is really code ------------------------------------------------------------------------

def reads_as_python(text: str) -> bool:
    """Whether a markdown cell's text is Python: it parses, and it assigns or calls something (prose such
    as a single word also parses, but never does either)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False
    return any(isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Import, ast.ImportFrom))
               or (isinstance(node, ast.Expr) and isinstance(node.value, (ast.Call, ast.Subscript, ast.Attribute)))
               for node in tree.body)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_markdown_cell_is_a_copy_of_code_or_reads_as_python(path):
    """Issue 24: the "one call a cell" rewrite left ten markdown cells of lesson 03 (then 02) holding code
    instead of their explanations; nbval cannot see it."""
    every = cells(path)
    code = {source(c).strip() for c in every if c["cell_type"] == "code"}
    for number, cell in enumerate(every):
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell).strip()
        assert text not in code, f"{path.name} cell {number} is a copy of a code cell: {text[:80]!r}"
        assert not reads_as_python(text), f"{path.name} cell {number} reads as Python: {text[:80]!r}"


def test_reads_as_python_tells_code_from_prose():
    assert reads_as_python('hb.deal(seed=3)\ndisplay(hb.hand)\nhb.results')
    assert reads_as_python('card.match("FF 22B J 444B 666B 888B")[0].group_fills')
    assert reads_as_python('rack = mj.Hand("FF 222B")')
    assert not reads_as_python("## Exposures\n\nDuring play you may call another player's discard.")
    assert not reads_as_python("Suggested")  # one word parses, but is not code
    assert not reads_as_python("**1.** How many tiles away is `FF 22B`?")


# -- exercises: one Exercise call each, answered by clicking or in words, the answer never in plain sight --------

def _constant(node: ast.AST, bound: dict[str, ast.AST]) -> bool:
    """Whether an expression is written out in the cell: a literal, or arithmetic and containers of them,
    or a name the cell binds to one."""
    if isinstance(node, ast.Constant):
        return node.value is not None and node.value is not Ellipsis
    if isinstance(node, ast.Name):
        return node.id in bound and _constant(bound[node.id], {})
    if isinstance(node, (ast.BinOp,)):
        return _constant(node.left, bound) and _constant(node.right, bound)
    if isinstance(node, ast.UnaryOp):
        return _constant(node.operand, bound)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_constant(e, bound) for e in node.elts)
    return False


def _name(node: ast.AST) -> str:
    return getattr(node, "id", getattr(node, "attr", ""))


def answer_shown(cell_source: str) -> str | None:
    """What a cell gives away of its exercise's answer, in words, or None.

    An Exercise's ``answer=`` (or ``accept=``) written out as a literal; the expected answer of
    ``check``/``check_count`` (or one it accepts) written out; a ``print`` of the expected answer; a
    ``check_call_taker`` where only one seat calls, so the answer is the only caller."""
    tree = ast.parse(cell_source.replace("...", "None"))
    bound = {t.id: node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name == "Exercise" or (isinstance(node.func, ast.Attribute) and _name(node.func.value) == "Exercise"):
            for keyword in node.keywords:
                if keyword.arg in ("answer", "accept") and _constant(keyword.value, bound):
                    return f"the Exercise is given {keyword.arg}= as written: {ast.unparse(keyword.value)}"
        if name in ("check", "check_count") and node.args:
            expected = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "expected"), None)
            if expected is not None and _constant(expected, bound):
                return f"{name} is given the answer as written: {ast.unparse(expected)}"
            for keyword in node.keywords:
                if keyword.arg == "accept" and _constant(keyword.value, bound):
                    return f"{name} accepts answers written out: {ast.unparse(keyword.value)}"
        if name == "print" and any(getattr(a, "id", "") in ("expected", "solution") for a in node.args):
            return "the cell prints the expected answer"
        if name == "check_call_taker" and len(node.args) > 2 and isinstance(node.args[2], ast.Dict):
            calls = [v for v in node.args[2].values if not (isinstance(v, ast.Constant) and v.value == "pass")]
            if len(calls) == 1:
                return "only one seat calls: the answer is that seat"
    return None


def test_answer_shown_finds_each_way_a_cell_gave_its_answer_away():
    assert answer_shown('answer = ...\ncheck(answer, "FF 2222B 4444B RRRR", "write the hand", tiles=True)')
    assert answer_shown('answer = ...\ncheck(answer, False, "can a zero be part of a run?")')
    assert answer_shown('GAMES = 200\nanswer = ...\ncheck(answer, 4 * GAMES, "games")')
    assert answer_shown('answer = ...\ncheck(answer, paid, "what", accept=[-100])')
    assert answer_shown('answer = ...\ncheck_call_taker(answer, g, {"West": (3, 1), "North": "pass", "East": "pass"})')
    assert answer_shown('mj.Exercise("Can a zero be part of a run?", kind="yesno", answer=False, lesson="01")')
    assert answer_shown('mj.Exercise("How many?", kind="number", answer=4 * 25, accept=[99])')
    assert answer_shown('mj.Exercise.yes_no("Win?", answer="no")')
    assert answer_shown('mj.Exercise("Who?", kind="seat", check=lambda a: check_call_taker(a, g, {"West": (3, 1)}))')
    assert answer_shown('answer = ...\ncheck(answer, hands[0], "write the hand", tiles=True)') is None
    assert answer_shown('answer = ...\ncheck_call_taker(answer, g, {"West": (3, 1), "North": (3, 2)})') is None
    assert answer_shown('mj.Exercise("Win?", kind="yesno", answer=bool(card.match("FF 11B J")))') is None
    assert answer_shown('mj.Exercise("What?", kind="choice", options=["a", "b"], answer="b" if x else "a")') is None


def exercise_section(path: Path) -> list[tuple[int, dict]]:
    """The cells of a lesson's Exercises section, with their numbers: from its heading to What's next."""
    every = cells(path)
    start = next((i for i, c in enumerate(every) if c["cell_type"] == "markdown" and "## Exercises" in source(c)),
                 None)
    if start is None:
        return []
    end = next(i for i, c in enumerate(every) if i > start and c["cell_type"] == "markdown"
               and "## What's next" in source(c))
    return list(enumerate(every))[start:end + 1]


def exercise_cells(path: Path) -> list[tuple[int, str]]:
    """Every code cell of a lesson that makes an Exercise, wherever it is."""
    return [(n, source(c)) for n, c in enumerate(cells(path)) if c["cell_type"] == "code" and "Exercise" in source(c)]


def exercise_call(text: str) -> ast.Call | None:
    """The ``mj.Exercise(...)`` call a cell is, when the cell is that one call and nothing else."""
    tree = ast.parse(text)
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return None
    call = tree.body[0].value
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "Exercise"
            and _name(call.func.value) == "mj"):
        return call
    return None


def keywords(call: ast.Call) -> dict[str, ast.AST]:
    return {k.arg: k.value for k in call.keywords}


def literal(node: ast.AST | None) -> object:
    return ast.literal_eval(node) if node is not None else None


def headings(path: Path) -> set[str]:
    """The headings of a lesson as a reader sees them (``### `L`: like numbers`` reads "L: like numbers")."""
    found = set()
    for text in markdown(path):
        for line in text.splitlines():
            heading = re.match(r"#{1,6} (.+)", line)
            if heading:
                found.add(heading.group(1).replace("`", "").strip())
    return found


WITH_EXERCISES = [p for p in LESSONS if p.stem != "00_welcome"]


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=lambda p: p.name)
def test_every_exercise_is_one_exercise_call_numbered_in_order_with_a_heading_that_teaches_it(path):
    """Issue 24: each exercise is one ``mj.Exercise(...)`` cell (a widget cell), with its lesson and number for the
    record, hints that grow, the heading of the section that teaches it, and a solution shown only after a try."""
    section = exercise_section(path)
    assert section, f"{path.name} has no Exercises section"
    inside = {n for n, _ in section}
    numbers = []
    for number, text in exercise_cells(path):
        assert number in inside, f"{path.name} cell {number}: an exercise outside the Exercises section"
        call = exercise_call(text)
        assert call is not None, f"{path.name} cell {number} is not one mj.Exercise(...) call"
        tags = cells(path)[number]["metadata"].get("tags", [])
        assert "widget" in tags and "nbval-ignore-output" in tags, (path.name, number, tags)
        given = keywords(call)
        assert literal(given.get("lesson")) == path.stem[:2], (path.name, number)
        numbers.append(literal(given.get("number")))
        teach = literal(given.get("teach"))
        assert teach in headings(path), f"{path.name} cell {number}: no heading {teach!r} teaches it"
        hints = literal(given.get("hints"))
        assert isinstance(hints, list) and len(hints) >= 2 and all(isinstance(h, str) and h for h in hints)
        solution = literal(given.get("solution"))
        assert isinstance(solution, str) and len(solution) > 20, f"{path.name} cell {number}: no solution"
    assert numbers and numbers == list(range(1, len(numbers) + 1)), (path.name, numbers)
    for number, cell in section:  # the rest of the section: prose, and cells that only set up what they use
        if cell["cell_type"] == "code" and number not in dict(exercise_cells(path)):
            assert not cell.get("outputs"), f"{path.name} cell {number}: a setup cell shows something"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_lesson_asks_for_an_answer_in_python_or_shows_a_solution_before_a_try(path):
    """Issue 24: ``answer = South`` gave a NameError, ``answer = 3C 7C 9D`` a SyntaxError; every exercise had a
    Solution one click away."""
    for number, cell in enumerate(cells(path)):
        text = source(cell)
        if cell["cell_type"] == "code":
            tree = ast.parse(text)
            assigned = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) for t in node.targets
                        if isinstance(t, ast.Name)}
            assert not assigned & {"answer", "my_line", "fixed"}, f"{path.name} cell {number} asks for Python"
            assert "replace ..." not in text.lower()
        else:
            assert "<details>" not in text and "Solution" not in text, f"{path.name} cell {number}: a solution"
            assert not re.search(r"[Rr]eplace (each |the )?`?\.\.\.`?", text), f"{path.name} cell {number}"


@pytest.mark.parametrize("path", [NOTEBOOKS / f"{name}.ipynb" for name in BEGINNER[1:]], ids=lambda p: p.name)
def test_a_beginner_answers_by_clicking_or_in_words(path):
    """No beginner exercise asks for a Python literal: no quotes, no True/False, no free text to write as code."""
    for number, text in exercise_cells(path):
        given = keywords(exercise_call(text))
        assert literal(given.get("kind")) in ("number", "yesno", "tiles", "discard", "seat", "line", "choice",
                                              None), (path.name, number)
        prompt = literal(ast.parse(text).body[0].value.args[0]) if isinstance(
            ast.parse(text).body[0].value.args[0], ast.Constant) else ""
        for python in ("in quotes", "True", "False", "a string", "a pair such as", "Python"):
            assert python not in prompt, (path.name, number, python)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_exercise_cell_shows_its_answer(path):
    """Issue 24: 01 cells 52 and 56, 08 (MAHJ-X) 49 and 10 (at the table) 41 wrote the expected answer in
    the cell; 04 (playing a game) 50, 08 53 and 10 43 gave it away. The answer is worked out by mjlearn
    where the student cannot read it off, and no cell of an Exercises section prints it."""
    for number, text in exercise_cells(path):
        assert answer_shown(text) is None, (path.name, number, answer_shown(text))
    for number, cell in exercise_section(path):
        if cell["cell_type"] == "code":
            assert answer_shown(source(cell)) is None, (path.name, number, answer_shown(source(cell)))


def test_lesson_00_says_how_the_exercises_work_and_how_a_student_gives_a_name():
    text = "\n".join(markdown(NOTEBOOKS / "00_welcome.ipynb"))
    assert "## How the exercises work" in text
    for words in ("**Check**", "hint", "once you have tried", 'mj.student("Ann")'):
        assert words in text, words


def exercise_texts(path: Path) -> list[str]:
    """The prompt and solution of each exercise of a lesson, as the student reads them."""
    texts = []
    for _, text in exercise_cells(path):
        call = exercise_call(text)
        prompt = call.args[0] if call.args else None
        for node in (prompt, keywords(call).get("solution")):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append(node.value)
    return texts


# -- facts the lessons state, computed with mjlearn's own analysis ------------------------------------------

import mjlearn as mj  # noqa: E402
from mjlearn.analysis.defence import danger  # noqa: E402
from mjlearn.rules import Game  # noqa: E402
from mjlearn.tiles import Tile  # noqa: E402

BASIC = mj.load_card("basic1")

# Where a lesson says which lines an opponent's exposures fit and which tiles are hot: the lesson, a piece
# of the cell's text that finds it, the opponents as the position shows them, the opponent it is about,
# the lines those exposures fit and the tiles that could give that opponent Mah Jongg (all of them, or
# the ones on the rack in question), as mjlearn's defence analysis finds them.
DEFENCE_FACTS = [
    ("07_play_a_hand.ipynb", "## Defence: hot tiles",
     {"South": ["222B", "44B J"], "West": [], "North": []}, "South", None,
     {"2468 #1", "Consecutive Run #1"}, {"F", "6B", "8B", "3B", "5B", "G"}),
    ("07_play_a_hand.ipynb", "Any tile but a flower, the 6 Bams or the 8 Bam",
     {"South": ["222B", "44B J"], "West": [], "North": []}, "South", "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D",
     {"2468 #1", "Consecutive Run #1"}, {"F", "6B", "8B"}),
    ("02_at_the_table.ipynb", "Last come\n6B and 8B",
     {"South": ["222C", "444C J"], "West": [], "North": ["EEEE"]}, "South", "FF 222B 44B 6B 8B 3C 5D 7D N J",
     {"2468 #2"}, {"6B", "8B"}),
]
_TILE_WORDS = {"F": ["flower"], "G": ["green dragon"], "R": ["red dragon"], "0": ["white dragon", "soap"]}


def fits_and_hot(opponents: dict, who: str, rack: str | None) -> tuple[set[str], set[str]]:
    """The lines ``who``'s exposures fit (every line some tile could complete) and the tiles that could give
    ``who`` Mah Jongg, from :func:`mjlearn.analysis.defence.danger` over every tile."""
    lines, hot = set(), set()
    for tile in Tile:
        if tile == Tile.JOKER:
            continue
        table = danger(BASIC, tile, opponents, hand=rack)
        row = table[table["opponent"] == who].iloc[0]
        if row["could_win"]:
            hot.add(tile.notation)
            lines |= set(row["completes"].split(", "))
    if rack is not None:
        hot &= {t.notation for t in mj.Hand(rack).tiles()}
    return lines, hot


def mentioned(text: str, notation: str) -> bool:
    """Whether prose names a tile: its notation (``6B``) or its words (``6 Bam``, ``flower``)."""
    words = [notation, Tile[next(t.name for t in Tile if t.notation == notation)].long_name]
    words += _TILE_WORDS.get(notation, [])
    return any(re.search(rf"(?<![\w]){re.escape(w)}", text, re.I) for w in words)


@pytest.mark.parametrize("fact", DEFENCE_FACTS, ids=lambda f: f"{f[0]}:{f[1][:20]}")
def test_what_a_lesson_says_about_defence_is_what_mjlearn_finds(fact):
    """Issue 24: lesson 07 (then 09) said South's 222B and 44B J fit only 2468 #1; mjlearn finds
    Consecutive Run #1 too, and 3B, 5B and G hot as well."""
    name, where, opponents, who, rack, lines, hot = fact
    assert fits_and_hot(opponents, who, rack) == (lines, hot), "the table of facts no longer matches mjlearn"
    text = next(t for t in markdown(NOTEBOOKS / name) + exercise_texts(NOTEBOOKS / name) if where in t)
    named = {line for line in (f"{ln.category} #{ln.number}" for ln in BASIC.lines) if line in text}
    assert named == lines, f"{name}: the cell names {sorted(named)}, mjlearn finds {sorted(lines)}"
    assert "fits only" not in text and "fit only" not in text
    missing = [tile for tile in sorted(hot) if not mentioned(text, tile)]
    assert not missing, f"{name}: hot tiles the cell does not name: {missing}"


def test_what_lesson_02_says_about_giving_a_hand_up_is_what_the_coach_does():
    """Lesson 02's "When to give a hand up": the position its code cell builds, and each fact its words state."""
    from mjlearn.rules import CoachBot

    cells = json.loads((NOTEBOOKS / "02_at_the_table.ipynb").read_text())["cells"]
    texts = ["".join(cell["source"]) for cell in cells]
    at = next(i for i, text in enumerate(texts) if text.startswith("### When to give a hand up"))
    before, code, after = texts[at], texts[at + 1], " ".join(texts[at + 2].split())
    from mjlearn.lessons.play import thrown_out

    thrown = [tile for _, tile in thrown_out("CD", 60)]
    assert 'racks={0: "FF NN EE WW SS 8B 9B 1B 3B"}, exposures={3: ["222B", "44B J"]}' in code
    assert 'discards=thrown_out("CD", 60)' in code
    late = Game.from_position(BASIC, racks={0: "FF NN EE WW SS 8B 9B 1B 3B"}, exposures={3: ["222B", "44B J"]},
                              discards=thrown_out("CD", 60), turn=0, phase="discard", seed=3)
    state = CoachBot(BASIC).defence_state(late, 0)
    # "the wall is down to 39 tiles and North shows two exposures"; "almost every crak and dot is on the table"
    assert late.wall_left == 39 and "down to 39 tiles and North shows two exposures" in before
    assert state.hot == (3,) and len(late.exposures[3]) == 2 and len(thrown) >= 60 > 72 * 0.8
    # the others threw nothing that could give North Mah Jongg, and the coach reads the table as holding back
    north = {"South": [], "West": [], "North": ["222B", "44B J"]}
    could_win = {kind for kind in set(thrown)
                 if danger(BASIC, kind, north).set_index("opponent").loc["North", "could_win"]}
    assert not could_win and state.holds_back and "tiles that cannot give North Mah Jongg" in after
    # "a long shot": the coach gives the hand up, and its safe throws are the two the lesson names
    assert state.gives_up and state.worth < state.threshold and "give the hand up" in after
    assert sorted(state.throws) == ["1B", "9B"]  # named in the order the cell above prints them (its pick first)
    assert f"throw {' or '.join(state.throws)}, neither of which can give North Mah Jongg" in after
    for tile in state.throws:
        assert not danger(BASIC, tile, north).set_index("opponent").loc["North", "could_win"]
    # "under NMJL rules nobody pays for a wall game, while the player who throws North's winning tile pays double"
    assert mj.rules.NMJL.discarder_pays == 2 and "pays double" in after


def test_a_tile_out_three_times_can_still_be_called_for_a_pung_with_jokers():
    """Lesson 02 (then 10) said nobody can make a pung of a tile out three times; the engine lets a player
    with two jokers call the last one (``5D J J``), and ``444C J`` is a kong, not a pung."""
    game = Game.from_position(BASIC, racks={0: "5D 1B 2B 3B 4B 6B 7B 8B 9B 1C 2C 3C 4C 6C",
                                                     1: "JJ 1D 2D 3D 4D 6D 7D 8D 9D N E W"},
                                       discards=[(2, "5D"), (3, "5D"), (2, "5D")], turn=0, phase="discard", seed=1)
    game.discard(0, "5D")                    # the fourth 5 Dot, three already out
    game.call(1, 3, jokers=2)                # South: the 5 Dot and two jokers
    for seat in game.waiting_for():
        game.pass_call(seat)
    assert [str(e) for e in game.exposures[1]] == ["5D JJ"]
    assert len(mj.Hand("444C J")) == 4
    text = "\n".join(markdown(NOTEBOOKS / "02_at_the_table.ipynb"))
    assert "nobody can make a pung of it" not in text and "safer, not safe" in text
    assert "pungs of 2 and 4 craks" not in text and "kong of 4 craks" in text


def test_a_discard_may_be_called_until_the_next_player_racks_a_tile():
    """Lesson 05 (then 04) said "until the next player draws"; the rules (the beginner's guide, lesson 02)
    say until they rack it, and the engine closes the calls with the next player's draw."""
    game = Game.from_position(BASIC, racks={2: "5D 1B 2B 3B 4B 6B 7B 8B 9B 1C 2C 3C 4C 6C"},
                                       turn=2, phase="discard", seed=1)
    game.discard(2, "5D")
    assert game.phase == "calls"
    for seat in game.waiting_for():
        game.pass_call(seat)
    game.draw(3)
    assert game.phase != "calls"
    text = "\n".join(markdown(NOTEBOOKS / "05_playing_a_game.ipynb"))
    assert "until the next\nplayer draws" not in text and "until the next player draws" not in text
    assert "player **racks** the tile they drew" in text


def test_no_lesson_claims_mjlearn_knows_which_hand_to_play():
    """Lesson 04 (then 03) said after the Charleston East "knows which hand to aim for"; mjlearn measures
    distances, it does not choose a hand."""
    for path in LESSONS:
        assert "knows which hand" not in "\n".join(markdown(path)), path.name


# -- chances: one horizon, in percentages ---------------------------------------------------------------

def _outputs(path: Path) -> str:
    return "\n".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                     for c in cells(path) if c["cell_type"] == "code" for o in c.get("outputs", []))


@pytest.mark.parametrize("path", [NOTEBOOKS / f"{name}.ipynb" for name in BEGINNER], ids=lambda p: p.name)
def test_a_beginner_never_sees_a_chance_as_a_float(path):
    """Issue 24: "5.5e-05" in a beginner lesson. Chances show as percentages, never in e-notation or as
    a bare fraction in a chance column."""
    shown = _outputs(path)
    assert not re.search(r"\d\.?\d*e-\d\d", shown), f"{path.name} shows a number in e-notation"
    fraction = re.search(r".{0,30}\b\d\.\d{3,}(?![\d%]).{0,10}", shown)  # 0.445252, where 44.5% is meant
    assert fraction is None, f"{path.name} shows a chance as a fraction: {fraction.group(0)!r}"


def test_the_position_of_lessons_05_and_07_has_one_horizon():
    """Issue 24: one position showed 44.9%, 21.6% and 55.7% as its chance to finish (20 draws in lesson
    07, 12 in its exercise, a quarter of the wall at the table of lesson 05). Every chance of that position
    is now over the draws East can still expect, as the table's coach counts them, and the lesson says so."""
    from mjlearn.widgets.table_review import draws_left

    table = mj.GameTable("basic1", seed=4, position={"racks": {0: "FF 222B 444B 666B 8B 3C N"},
                                                     "discards": [(3, "8B"), (1, "5D")], "turn": 0,
                                                     "phase": "discard"})
    horizon = draws_left(table.game)
    lesson = NOTEBOOKS / "07_play_a_hand.ipynb"
    code = "\n".join(source(c) for c in cells(lesson) if c["cell_type"] == "code")
    draws = {int(n) for n in re.findall(r"draws=(\d+)", code)}
    assert draws == {horizon}
    assert f"{horizon} draws you can still expect" in "\n".join(markdown(lesson))
    advice = BASIC.discard_advice("FF 222B 444B 666B 8B 3C N", draws=horizon, visible="8B 5D")
    shown = _outputs(lesson)
    assert f"{advice.p_win.iloc[0]:.1%} in {horizon} draws" in shown
    for other in (12, 20):  # the horizons the lesson and its exercise used before
        assert f"in {other} draws" not in shown
