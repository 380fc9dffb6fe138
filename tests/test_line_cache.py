"""Reading a card again a line at a time (LineCache, as the CardEditor does on every keystroke) gives
exactly what a fresh read of the whole text gives, after any edits; and it reads only what changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.card import check_card
from mjlearn.line_cache import LineCache
from mjlearn.render.html import card_html
from mjlearn.resources import card_path, read_card_text
from mjlearn.widgets import CardEditor

CARDS = {name: read_card_text(card_path(name)) for name in mj.list_cards()}
# lines that leave out hands no set can build: their warnings must follow them through edits too
CARDS["supply"] = (
    'Supply\n"2026"\n2026 r2026 b2026 gDD X30\nFF 2222 0000 r2222\n"Jokers"\n  a1111 a1111 a1111 11\n'
    '11 r11 b11 a11 a11 2222 C50\n'
)
# what a student types: the language's characters, a few that are not, and line breaks
ALPHABET = "0123456789DGRFNEWS gbrmcda+-=x/|()XC\"LVUTIAPKQZ*>YH#~!^oe\t\u00e9\u201c\u201d\n"

EDITS = settings(
    max_examples=12,
    deadline=timedelta(seconds=20),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def error_facts(errors) -> list[tuple]:
    return [(type(e), e.line, e.column, e.message, e.source_line, str(e)) for e in errors]


def line_facts(line: mj.Line) -> tuple:
    return (line.category, line.number, line.line_no, line.mjcl, line.spec, [h.layout for h in line.hands()],
            [(d.hand.layout, d.reason) for d in line.dropped])


def assert_same_check(incremental, fresh) -> None:
    assert error_facts(incremental.errors) == error_facts(fresh.errors)
    assert error_facts(incremental.warnings) == error_facts(fresh.warnings)
    assert (incremental.card is None) == (fresh.card is None)
    if fresh.card is None:
        return
    assert incremental.card == fresh.card
    assert (incremental.card.name, incremental.card.bonus) == (fresh.card.name, fresh.card.bonus)
    assert [c.page_break for c in incremental.card.categories] == [c.page_break for c in fresh.card.categories]
    assert [line_facts(line) for line in incremental.card.lines] == [line_facts(line) for line in fresh.card.lines]


@st.composite
def edited(draw, text: str) -> str:
    """``text`` after one edit: a character typed or deleted, or a whole line copied, moved or deleted."""
    kind = draw(st.sampled_from(["type", "type", "delete", "delete", "copy line", "move line", "delete line"]))
    if kind == "type":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.sampled_from(ALPHABET)) + text[at:]
    if kind == "delete":
        if not text:
            return text
        at = draw(st.integers(0, len(text) - 1))
        return text[:at] + text[at + 1 :]
    lines = text.split("\n")
    source = draw(st.integers(0, len(lines) - 1))
    target = draw(st.integers(0, len(lines) - 1))
    if kind == "copy line":
        lines.insert(target, lines[source])
    elif kind == "move line":
        lines.insert(target, lines.pop(source))
    else:
        del lines[source]
    return "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CARDS))
@EDITS
@given(data=st.data(), max_lines=st.sampled_from([5, 2_000]))
def test_edit_after_edit_the_cached_reading_equals_a_fresh_one(name, data, max_lines):
    edit_after_edit(name, data, max_lines)


@pytest.mark.parametrize("name", sorted(CARDS))
@settings(EDITS, max_examples=2)
@given(data=st.data(), max_lines=st.sampled_from([5, 2_000]))
def test_edit_after_edit_the_cached_reading_equals_a_fresh_one_quickly(name, data, max_lines):
    edit_after_edit(name, data, max_lines)


def edit_after_edit(name, data, max_lines):
    """Edits of a card one after another: each time, the reading with the cache equals a fresh one."""
    cache, cells = LineCache(max_lines=max_lines), {}  # cells: each line's drawing, kept across edits too
    text = CARDS[name]
    assert_same_check(check_card(text, cache), check_card(text))
    for _ in range(data.draw(st.integers(1, 6))):
        text = data.draw(edited(text))
        incremental = check_card(text, cache)
        fresh = check_card(text)
        assert_same_check(incremental, fresh)
        if fresh.card is not None:
            assert card_html(incremental.card, cells) == card_html(fresh.card)
    assert len(cache._specs) <= max(max_lines, len(text.splitlines()))


@pytest.mark.filterwarnings("ignore::mjlearn.MJCLWarning")  # parse_card below warns of the supply card's lines
@EDITS
@given(data=st.data())
def test_the_editor_after_edits_shows_what_a_new_editor_shows(data):
    text = CARDS[data.draw(st.sampled_from(["basic1", "supply"]))]
    editor = CardEditor(text)
    for _ in range(data.draw(st.integers(1, 5))):
        text = data.draw(edited(text))
        editor.text = text
    new = CardEditor(text)
    assert editor.error_rows == new.error_rows and editor.note_rows == new.note_rows
    assert (editor.card_view, editor.summary, editor.ok) == (new.card_view, new.summary, new.ok)
    assert error_facts(editor.errors) == error_facts(new.errors)
    problem = mj.errors.MJCLError if not new.ok else None
    if problem is None:
        assert mj.parse_card(text) == editor.card
    else:
        with pytest.raises(problem):
            mj.parse_card(text)


def test_a_keystroke_reads_one_line_and_expands_it_only_when_its_sets_or_codes_change():
    text = CARDS["practice_harbor"]
    cache = LineCache()
    check_card(text, cache)
    read, expanded = cache.lines_read, cache.hands_expanded
    assert read == expanded == 55  # every hand line once

    note = text.replace("(Any 1 Suit, Opp Dragon)", "(Any 1 Suit, Opp Dragons)")
    assert check_card(note, cache).ok
    assert (cache.lines_read, cache.hands_expanded) == (read + 1, expanded)  # read again, hands kept

    tile = note.replace("FF 2 44 666 8888 rDD", "FF 2 44 666 8888 rD")
    result = check_card(tile, cache)
    assert [e.message for e in result.errors] == ["13 tiles; a hand needs 14"]
    assert (cache.lines_read, cache.hands_expanded) == (read + 2, expanded)

    moved = "// a new first line\n" + tile.replace("FF 2 44 666 8888 rD ", "FF 2 44 666 8888 rD bD ")
    result = check_card(moved, cache)
    assert (cache.lines_read, cache.hands_expanded) == (read + 3, expanded + 1)
    assert [(e.line, e.column) for e in result.errors] == [(e.line, e.column) for e in check_card(moved).errors]
    assert result.card.lines[0].line_no == check_card(moved).card.lines[0].line_no


def test_an_error_keeps_its_place_when_lines_move_above_it():
    text = 'Demo\n"Winds"\nNNNN EEEE WWWW SS X25\nFF NNN EEE WWQ SS\n'
    cache = LineCache()
    first = check_card(text, cache).errors[0]
    moved = check_card("\n\n" + text, cache).errors[0]
    assert (first.line, moved.line, moved.column) == (4, 6, 14)
    assert str(moved) == str(check_card("\n\n" + text).errors[0])
    assert moved is not first and first.line == 4  # the earlier result is left as it was


def test_the_cache_forgets_lines_typed_over_once_it_holds_too_many():
    cache = LineCache(max_lines=10)
    for k in range(30):
        text = CARDS["basic1"].replace("FF 1111 NEWS DDDD L", "FF 1111 NEWS DDDD L" + " " * k)
        result = check_card(text, cache)
    rows = text.splitlines()
    assert set(cache._specs) == {rows[line.line_no - 1] for line in result.card.lines}  # only the lines in use
    assert cache.lines_read == len(result.card.lines) + 29 and result.ok


@pytest.mark.parametrize("cache", [5, {}, "cache"])
def test_a_cache_that_is_not_a_line_cache_is_refused_by_name(cache):
    with pytest.raises(mj.errors.ArgumentError, match="cache must be a LineCache"):
        check_card(CARDS["basic1"], cache)
