"""The beginner lessons' one-call helpers (mjlearn.lessons.helpers)."""

import mjlearn as mj
from mjlearn.lessons import Text, groups, hand_list, lines_table, tile_set_table, try_line


def test_hand_list_shows_every_hand_or_says_how_many_more():
    line = mj.parse_line("FF 1111 NEWS DDDD L")
    assert str(hand_list(line)).count("\n") == 26
    shown = str(hand_list(line, limit=6)).splitlines()
    assert len(shown) == 7 and shown[-1] == "... and 21 more (27 hands in all)"
    assert str(hand_list(line, limit=-3)).splitlines() == ["... and 27 more (27 hands in all)"]


def test_try_line_gives_the_line_or_the_message_with_its_caret():
    assert try_line("FF 222 444 666 888").count_hands() == 3
    message = try_line("FF 222 444 666 88X")
    assert isinstance(message, Text) and "line 1, column" in repr(message) and "^" in repr(message)


def test_groups_names_singles_to_sextets():
    text = str(groups(mj.parse_line("FF 333333 NEWS 11")))
    assert "sextet  3 Bam" in text and text.count("single") == 4 and text.count("pair") == 2


def test_tile_set_table_adds_up_to_the_152_tiles():
    table = tile_set_table()
    assert int(table["in the set"].iloc[:-1].sum()) == 152 == int(table.loc["total", "in the set"])
    assert int(table.loc["total", "kinds"]) == 36


def test_lines_table_splits_concealed_and_exposed_lines():
    card = mj.load_card("basic1")
    assert len(lines_table(card)) == 24
    assert len(lines_table(card, concealed=True)) + len(lines_table(card, concealed=False)) == 24
    assert list(lines_table(card).columns) == ["category", "line", "mjcl", "value", "hands"]


def test_check_line_name_reads_every_usual_way_and_never_names_the_answer():
    from mjlearn.lessons import check_line_name

    garden = mj.load_card("practice_garden")
    line = garden.line("2468", 3)
    for answer in ["2468 #3", "2468 line 3", "2468 3", ("2468", 3), "2468 Line 3B", line]:
        assert check_line_name(answer, line, "practice_garden").correct, answer
    wrong = check_line_name("2468 #2", line, garden, hint="count from the top of the section")
    assert not wrong and wrong.status == "wrong" and "These Nos Only" in wrong.text and "#3" not in wrong.text
    assert check_line_name(..., line, garden).status == "missing"
    assert check_line_name("twenty", line, garden).status == "unreadable"
    assert check_line_name(None, line, garden).status == "unreadable"


def test_check_completes_accepts_every_finish_and_explains_a_wrong_one():
    from mjlearn.lessons import check_completes

    rack, shown = "FF 444B 666B 8B", ["222B"]
    for answer in ["88B", "8b, 8b", "8B J", "joker joker", ["8B", "J"]]:
        assert check_completes(answer, rack, exposures=shown).correct, answer
    assert "needs 2 more tiles" in check_completes("8B 8B 8B", rack, exposures=shown).text
    wrong = check_completes("8B 5C", rack, exposures=shown)
    assert not wrong and "5C" in wrong.text and "8B" not in wrong.text.replace("8B 5C", "")
    # a joker in the flower pair never finishes the hand: said without naming the answer
    flowers = check_completes("F J", "222B 444B 666B 888B", hint="jokers and pairs")
    assert not flowers and "single or a pair" in flowers.text
    assert check_completes(..., rack, exposures=shown).status == "missing"
    for odd in [None, 3, "8X 8B", ["8B", object()], "2B 2B"]:
        result = check_completes(odd, "FF 444B 666B 2B", exposures=shown)
        assert not result.correct and result.status in ("wrong", "unreadable"), odd
