"""The public names of ../shared/api-contract.md that the foundation covers."""

import pandas as pd
import pytest

import mjlearn as mj


def test_mjcl_error_is_a_value_error_with_line_column_and_caret():
    assert issubclass(mj.MJCLError, ValueError)
    with pytest.raises(mj.MJCLError) as info:
        mj.parse_card('Card\n"2468"\nFF 222 444 666 888\nFF 222 444 666 888 M\n')
    error = info.value
    assert (error.line, error.column) == (4, 20)
    lines = str(error).splitlines()
    assert lines[1] == "  FF 222 444 666 888 M"
    assert lines[2] == "  " + " " * 19 + "^"


def test_parse_card_and_parse_line_and_load_card():
    card = mj.parse_card('My Card\n"Winds"\nNNNN EEEE WWWW SS\n')
    assert isinstance(card, mj.Card) and card.name == "My Card"
    assert isinstance(mj.parse_line("NNNN EEEE WWWW SS"), mj.Line)
    assert "basic1" in mj.list_cards()
    assert mj.load_card("basic1").name == "Basic1"


def test_load_card_from_a_path(tmp_path):
    path = tmp_path / "mine.mjcl"
    path.write_text('Mine\n"Winds"\nNNNN EEEE WWWW SS\n', encoding="utf-8")
    assert mj.load_card(path).count_hands() == 1
    assert mj.load_card(str(path)).name == "Mine"


def test_load_card_unknown_name_is_a_clear_error():
    with pytest.raises(mj.CardNotFoundError, match="basic1"):
        mj.load_card("no-such-card")
    with pytest.raises(mj.CardNotFoundError):
        mj.load_card("missing/file.mjcl")


def test_card_attributes():
    card = mj.load_card("basic1")
    assert card.name == "Basic1"
    assert [c.name for c in card.categories][:2] == ["2468", "Like Numbers"]
    assert all(hasattr(c, "name") and hasattr(c, "lines") for c in card.categories)
    assert len(card.lines) == 24


def test_card_stats_dataframe():
    stats = mj.load_card("basic1").stats()
    assert isinstance(stats, pd.DataFrame)
    assert {"category", "line", "mjcl", "hands", "value", "concealed"} <= set(stats.columns)
    assert len(stats) == 24
    assert stats["hands"].sum() == 308
    first = stats.iloc[0]
    assert (first["category"], first["line"], first["mjcl"], first["hands"]) == ("2468", 1, "FF 222 444 666 888 X25", 3)
    assert stats.groupby("category", sort=False)["hands"].sum().tolist() == [15, 63, 96, 15, 59, 12, 48]
    assert stats[stats["concealed"]]["line"].tolist() == [5, 1, 2, 3, 4]


def test_card_to_mjcl_round_trips():
    card = mj.load_card("basic1")
    assert mj.parse_card(card.to_mjcl()) == card


def test_line_attributes():
    line = mj.load_card("basic1").line("Like Numbers", 2)
    assert line.value == 25 and line.concealed is False
    assert line.category == "Like Numbers" and line.number == 2
    hands = line.hands()
    assert len(hands) == 27
    assert all(len(str(h).replace(" ", "")) >= 14 for h in hands)
    assert all(isinstance(tile, str) and isinstance(size, int) for tile, size in hands[0].groups)
    assert sum(size for _, size in hands[0].groups) == 14


def test_hand_notation():
    hand = mj.Hand("FF 222B 444B 666C 88C J")
    assert str(hand) == "FF 222B 444B 666C 88C J"
    assert len(hand) == 14
    # the notation example of the semantics page holds 15 tiles, one more than a hand
    with pytest.raises(mj.HandError, match="15 tiles"):
        mj.Hand("FF 222B 444B 666C 888C J")
