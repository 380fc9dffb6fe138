"""HandBuilder from Python: the moves a click makes, the refusals, and the live results."""

import numpy as np
import pandas as pd
import pytest

import mjlearn as mj
from mjlearn.widgets import HandBuilder

WIN = "FF 222B 444B 666B 888B"


def build(hb, tiles):
    for tile in tiles:
        assert hb.add(tile), hb.message


def test_clicking_tiles_builds_a_rack_and_finds_the_win():
    hb = HandBuilder("basic1")
    assert hb.view["count"] == 0 and hb.left == list(mj.tiles.COPIES)
    build(hb, mj.Hand(WIN).tiles())
    assert str(hb.hand) == WIN
    assert [(w.category, w.number, w.value) for w in hb.wins] == [("2468", 1, 25)]
    assert hb.message_kind == "success" and "Mah Jongg" in hb.message
    assert hb.view["wins"][0]["line"] == "2468 #1" and hb.view["wins"][0]["jokers"] == 0
    assert hb.left[mj.Tile.B2] == 1 and hb.left[mj.Tile.FLOWER] == 6
    assert hb.rack == sorted(hb.rack, key=lambda c: mj.tiles.FORMAT_ORDER.index(mj.Tile(c)))


def test_a_fifth_natural_a_ninth_joker_and_a_fifteenth_tile_are_refused_with_reasons():
    hb = HandBuilder("basic1")
    build(hb, ["5C"] * 4)
    assert not hb.add("5C")
    assert hb.message_kind == "error" and "All 4 5 Crak tiles" in hb.message
    assert str(hb.hand) == "5555C"
    hb.clear()
    build(hb, ["J"] * 8)
    assert not hb.add("J") and "All 8 jokers" in hb.message
    hb.clear()
    build(hb, ["F"] * 8)
    assert not hb.add("F") and "All 8 flowers" in hb.message
    build(hb, ["1B", "2B", "3B", "4B", "5B", "6B"])
    assert not hb.add("7B") and "at most 14" in hb.message and len(hb.hand) == 14
    assert not hb.add("X") and hb.message_kind == "error" and len(hb.hand) == 14


def test_removing_by_place_and_by_tile():
    hb = HandBuilder("basic1", hand=WIN)
    assert hb.remove_at(len(hb.rack) - 1)
    assert str(hb.hand) == "FF 222B 444B 666B 88B"
    assert hb.remove("F") and str(hb.hand) == "F 222B 444B 666B 88B"
    assert not hb.remove("5D") and "no 5 Dot" in hb.message
    assert not hb.remove_at(99)
    assert str(hb.hand) == "F 222B 444B 666B 88B"


def test_exposures_move_tiles_off_the_rack_and_back():
    hb = HandBuilder("basic1", hand="FF 222B 444B 666B 88B J")
    assert hb.expose_at([hb.rack.index(int(mj.Tile.B8)), hb.rack.index(int(mj.Tile.B8)) + 1, hb.rack.index(35)])
    assert [str(e) for e in hb.exposures] == ["88B J"]
    assert str(hb.hand) == "FF 222B 444B 666B"
    assert [w.number for w in hb.wins] == [1]  # still a win with the exposure
    assert hb.view["closest"][0]["concealed"] is False
    assert hb.unexpose(0) and hb.exposures == [] and str(hb.hand) == "FF 222B 444B 666B 88B J"
    assert not hb.expose("FF") and "3 or more" in hb.message
    assert not hb.expose("222B 4B") and "one group of one tile" in hb.message
    assert not hb.expose("555C") and "does not hold" in hb.message
    assert not hb.expose_at([]) and not hb.unexpose(3)


def test_exposing_a_group_no_line_has_says_the_hand_is_dead():
    hb = HandBuilder("basic1", hand="NNN 222B")
    assert hb.expose("NNN")
    assert hb.view["closest"] == [] and "dead" in hb.view["summary"]
    assert hb.message_kind == "error" and "the hand is dead" in hb.message


def test_jokers_only_exposure_needs_mahjx():
    hb = HandBuilder("basic1", hand="JJJ 222B")
    assert not hb.expose("JJJ") and "MAHJ-X" in hb.message
    hb.ruleset_name = "MAHJ-X"
    assert hb.expose("JJJ") and [str(e) for e in hb.exposures] == ["JJJ"]


def test_the_builder_shows_a_joker_a_line_cannot_use_apart_from_the_unused_tiles():
    hb = HandBuilder("basic1", hand="FF 22B 44B 66B 88B 11B 3B J", n=3)
    singles = [row for row in hb.view["closest"] if row["line"].startswith("Singles")]
    joker = int(mj.Tile.JOKER)
    assert singles and all(row["not_usable"] == [[joker]] for row in singles)
    assert all(joker not in sum(row["unused"], []) for row in hb.view["closest"])
    assert hb.results["not_usable"].tolist() == ["J" if row["not_usable"] else "" for row in hb.view["closest"]]


def test_results_is_the_closest_table_for_any_number_of_tiles():
    hb = HandBuilder("basic1", hand="FF 222B 444B", n=3)
    table = hb.results
    assert isinstance(table, pd.DataFrame) and len(table) == 3
    assert table.loc[0, "distance"] == 6 and table.loc[0, "needs"] == "666B 888B"
    assert hb.view["closest"][0]["needs"] == [[int(mj.Tile.B6)] * 3, [int(mj.Tile.B8)] * 3]
    hb.n = 5
    assert len(hb.results) == 5 and len(hb.view["closest"]) == 5
    hb.n = 0  # refused: the old value stays
    assert hb.n == 5 and hb.message_kind == "error"


def test_dealing_is_seeded_and_moves_the_seed_on():
    first, second = HandBuilder("basic1", seed=4), HandBuilder("basic1", seed=4)
    first.deal()
    second.deal()
    assert first.hand == second.hand and len(first.hand) == 13 and first.seed == 5
    first.deal()
    assert first.hand != second.hand
    first.deal(seed=4)
    assert first.hand == second.hand and first.seed == 6
    first.deal(seed=1, tiles=14)
    assert len(first.hand) == 14


def test_cards_by_name_path_and_object(tmp_path):
    hb = HandBuilder("basic1", hand=WIN)
    assert hb.card_names[:3] == mj.list_cards()
    hb.card_name = "practice_garden"
    assert hb.card.name == mj.load_card("practice_garden").name
    path = tmp_path / "tiny.mjcl"
    path.write_text('Tiny\n"2468"\nFF 222 444 666 888 X40\n', encoding="utf-8")
    assert hb.load_card(path)
    assert hb.card.name == "Tiny" and str(path) in hb.card_names and hb.card_name == str(path)
    assert [w.value for w in hb.wins] == [40]
    assert not hb.load_card(tmp_path / "missing.mjcl") and hb.card.name == "Tiny"
    own = mj.parse_card('Own\n"Winds"\nNNNN EEEE WWWW SS X30\n')
    assert HandBuilder(own).card_name == "Own"


def test_ruleset_changes_the_results():
    run = mj.parse_card('C\n"Run"\n111 222 333 44 DDD Va X25\n')
    hb = HandBuilder(run, hand="444B 333B 222B 11B GGG")  # the run downwards: MAHJ-X rule 7 only
    assert hb.wins == [] and hb.view["closest"][0]["distance"] > 0
    hb.ruleset_name = "MAHJ-X"
    assert hb.ruleset.name == "MAHJ-X" and [w.number for w in hb.wins] == [1]
    hb.ruleset_name = "nope"
    assert hb.ruleset_name == "MAHJ-X" and "unknown ruleset" in hb.message


def test_clicks_arrive_as_messages():
    hb = HandBuilder("basic1")
    for tile in mj.Hand(WIN).tiles():
        hb._on_click(hb, {"action": "add", "tile": int(tile)}, [])
    assert str(hb.hand) == WIN
    hb._on_click(hb, {"action": "remove", "index": 0}, [])
    assert str(hb.hand) == "F 222B 444B 666B 888B"
    hb._on_click(hb, {"action": "set_hand", "text": "FF 222B 444B 666B 888B"}, [])
    assert str(hb.hand) == WIN
    hb._on_click(hb, {"action": "expose", "indices": [2, 3, 4]}, [])
    assert [str(e) for e in hb.exposures] == ["222B"]
    hb._on_click(hb, {"action": "unexpose", "index": 0}, [])
    hb._on_click(hb, {"action": "set_hand", "text": "FF Q"}, [])
    assert hb.message_kind == "error" and str(hb.hand) == WIN
    hb._on_click(hb, {"action": "deal"}, [])
    assert len(hb.hand) == 13
    hb._on_click(hb, {"action": "clear"}, [])
    assert len(hb.hand) == 0
    hb._on_click(hb, {"action": "load_card", "path": ""}, [])
    assert hb.message_kind == "error" and hb.card.name == "Basic1"
    hb._on_click(hb, {"action": "load_card", "path": "no/such/card.mjcl"}, [])
    assert "Could not load" in hb.message and hb.card.name == "Basic1"


def test_a_bad_starting_hand_is_an_error():
    with pytest.raises(mj.MjlearnError, match="at most 14"):
        HandBuilder("basic1", hand="FF 222B 444B 666B 888B 1C")


@pytest.mark.parametrize("index", ["F", None, 1.0, True, [0], {"a": 1}])
def test_a_place_that_is_not_a_whole_number_is_refused_by_name(index):
    # issue 12: remove_at("F") raised TypeError
    builder = HandBuilder()
    builder.set_hand("FF 222B")
    assert builder.remove_at(index) is False and builder.message.startswith("Index must be a whole number")
    assert builder.unexpose(index) is False
    assert builder.expose_at(index) is False
    assert str(builder.hand) == "FF 222B"


def test_deal_refuses_a_seed_or_size_that_is_not_a_whole_number():
    builder = HandBuilder()
    builder.set_hand("FF")
    assert builder.deal(seed="N") is False and builder.message.startswith("Seed must be")
    assert builder.deal(tiles=2.5) is False and builder.message.startswith("Tiles must be")
    assert str(builder.hand) == "FF"
    assert builder.remove_at(np.int64(0)) is True
