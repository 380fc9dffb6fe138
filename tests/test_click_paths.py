"""The fast paths of one click give exactly what the plain ones give.

``closest`` for one rack sums only the code rows of the rack's tiles, keeps each
exposure set's arrays, places the jokers for every shown hand at once (one pass per joker) and builds its table from
blocks; the HandBuilder draws its rows straight from the numbers. Each is
checked here against the plain way on many seeded racks: the batch kernel, a
fresh thermometer product, the pandas constructor, the notation written and
read back.
"""

import numpy as np
import pandas as pd
import pytest

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.analysis.closest import COLUMNS, format_count_rows, nearest_lines, needs_and_unused_many, seen_and_unseen
from mjlearn.engine.compiled import NATURAL_KINDS, exposed_counts, thermometer
from mjlearn.analysis.position import Exposure
from mjlearn.analysis.table import ClosestTable
from mjlearn.tiles import COPIES, NUM_KINDS, Tile, format_tile_counts
from mjlearn.widgets import HandBuilder
from mjlearn.widgets._common import closest_rows, nearest_rows, win_rows

CARDS = ["basic1", "practice_garden", "practice_harbor"]


def racks(count: int, seed: int, sizes=range(15)) -> list[np.ndarray]:
    """Seeded racks of every size in ``sizes``, drawn from one full set each."""
    rng = np.random.default_rng(seed)
    sizes = list(sizes)
    found = []
    for i in range(count):
        size = int(sizes[i % len(sizes)])
        found.append(deal_racks(1, size, rng=rng)[0] if size else np.zeros(NUM_KINDS, dtype=np.int16))
    return found


def some_exposures(compiled, rack: np.ndarray, rng) -> tuple[Exposure, ...]:
    """One or two groups that some hand of the card has, that fit beside the rack in a full set."""
    codes = sorted({int(c) for c in np.unique(compiled.group_codes) if c >= 0})
    chosen = []
    held = rack.astype(int).copy()
    for code in rng.choice(codes, size=int(rng.integers(1, 3)), replace=False):
        tile, size = int(code) // 16, int(code) % 16
        naturals = min(size, COPIES[tile] - held[tile])
        jokers = size - naturals
        if naturals < 1 or held[Tile.JOKER] + jokers > COPIES[Tile.JOKER] or held.sum() + size > 14:
            continue
        held[tile] += naturals
        held[Tile.JOKER] += jokers
        chosen.append(Exposure(Tile(tile), size, jokers))
    return tuple(chosen)


def fresh_allowed(compiled, exposures) -> np.ndarray:
    """Which hands hold these exposures, worked out from the group codes with no cache."""
    mask = ~compiled.line_concealed[compiled.line_of] if exposures else np.ones(compiled.num_hands, dtype=bool)
    wanted = {}
    for e in exposures:
        wanted[int(e.tile) * 16 + e.size] = wanted.get(int(e.tile) * 16 + e.size, 0) + 1
    for code, n in wanted.items():
        mask &= (compiled.group_codes == code).sum(axis=1) >= n
    return mask


def fresh_distances(compiled, rack: np.ndarray, exposures) -> tuple[np.ndarray, np.ndarray]:
    """The exposed distances by the thermometer product of the module docstring, over fresh arrays."""
    index = np.flatnonzero(fresh_allowed(compiled, exposures))
    exposed = exposed_counts(exposures)
    codes = np.concatenate([thermometer(compiled.total[index] - exposed).T, thermometer(compiled.small[index]).T], axis=1)
    products = (thermometer(rack[None, :NATURAL_KINDS]) @ codes)[0].astype(np.int16)
    placed, placed_small = products[: len(index)], products[len(index):]
    missing = 14 - int(exposed.sum()) - placed
    in_groups = missing - (compiled.small_size[index] - placed_small)
    return index, missing - np.minimum(np.int16(rack[Tile.JOKER]), in_groups)


@pytest.mark.parametrize("name", CARDS)
@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_one_racks_distances_equal_the_batch_kernels(name, ruleset):
    compiled = mj.load_card(name).compiled(ruleset)
    for rack in racks(150, seed=len(name)):
        assert np.array_equal(compiled.rack_distances(rack), compiled.hand_distances(rack[None, :])[0])


@pytest.mark.parametrize("name", CARDS)
def test_exposed_distances_and_allowed_hands_equal_a_fresh_computation(name):
    compiled = mj.load_card(name).compiled()
    rng = np.random.default_rng(5)
    for rack in racks(120, seed=6, sizes=range(5, 12)):
        exposures = some_exposures(compiled, rack, rng)
        for _ in range(2):  # worked out, then from the card's cache
            index, distance = compiled.exposed_distances(rack, exposures)
            want_index, want_distance = fresh_distances(compiled, rack, exposures)
            assert np.array_equal(index, want_index) and np.array_equal(distance, want_distance)
            mask = compiled.allowed(exposures)
            assert np.array_equal(mask, fresh_allowed(compiled, exposures))
            mask[:] = ~mask  # the caller's copy: the card's cache is untouched
    from mjlearn.engine.compiled import EXPOSED_ROWS

    assert 0 < EXPOSED_ROWS.size(compiled) <= EXPOSED_ROWS.maxsize


def loop_needs_and_unused(small, groups, rack, jokers):
    """Needs and unused with the jokers placed one row at a time in Python (largest shortfall, then lower tile)."""
    rack = np.asarray(rack, dtype=np.int16)[:NATURAL_KINDS]
    in_small = np.minimum(rack, small)
    spare = rack - in_small
    in_groups = np.minimum(spare, groups)
    short = groups - in_groups
    needs = np.zeros((len(small), NUM_KINDS), dtype=np.int16)
    unused = np.zeros((len(small), NUM_KINDS), dtype=np.int16)
    needs[:, :NATURAL_KINDS] = small - in_small + short
    unused[:, :NATURAL_KINDS] = spare - in_groups
    for row in range(len(small)):
        left = jokers
        for _, kind in sorted((-int(short[row, k]), int(k)) for k in np.flatnonzero(short[row])):
            used = min(left, int(short[row, kind]))
            needs[row, kind] -= used
            left -= used
        unused[row, Tile.JOKER] = left
    return needs, unused


def test_jokers_placed_at_once_as_one_at_a_time():
    rng = np.random.default_rng(7)
    for name in CARDS:
        compiled = mj.load_card(name).compiled()
        for rack in racks(150, seed=8, sizes=range(8, 15)):
            hands = rng.choice(compiled.num_hands, size=int(rng.integers(0, 12)))
            small, big = compiled.small[hands].astype(np.int16), compiled.big[hands].astype(np.int16)
            for jokers in (int(rack[Tile.JOKER]), int(rng.integers(0, 9))):
                got = needs_and_unused_many(small, big, rack, jokers)
                want = loop_needs_and_unused(small, big, rack, jokers)
                assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_count_rows_are_written_as_format_tile_counts_writes_them():
    rng = np.random.default_rng(9)
    counts = rng.integers(0, 5, size=(300, NUM_KINDS)) * (rng.random((300, NUM_KINDS)) < 0.3)
    counts[0, Tile.FLOWER] = 20  # beyond the ready tokens
    assert format_count_rows(counts) == [format_tile_counts(row) for row in counts.tolist()]
    counts[0, Tile.FLOWER], counts[[1, 5, -1]] = 0, 0  # every token ready; rows with no tile, the last one too
    assert format_count_rows(counts) == [format_tile_counts(row) for row in counts.tolist()]
    assert format_count_rows(counts.astype(np.int16)[1:2]) == [""]
    assert format_count_rows(np.zeros((0, NUM_KINDS))) == []


def plain_table(compiled, found) -> pd.DataFrame:
    """The closest table as the pandas constructor builds it from the same numbers, texts written afresh
    (as ``object`` columns of ``str``, whatever pandas' default for strings)."""
    lines = [compiled.lines[i] for i in found.line]
    return pd.DataFrame({
        "category": [line.category for line in lines],
        "line": np.array([line.number for line in lines], dtype=np.int64),
        "distance": found.distance.astype(np.int64),
        "value": np.array([line.value for line in lines], dtype=np.int64),
        "concealed": np.array([line.concealed for line in lines], dtype=bool),
        "mjcl": [line.mjcl for line in lines],
        "hand": [str(compiled.hands[h]) for h in found.hand],
        "needs": [format_tile_counts(row) for row in found.needs.tolist()],
        "unused": [format_tile_counts(row) for row in found.unused.tolist()],
        "not_usable": ["J" * n for n in found.not_usable.tolist()],
        "dead": found.dead.astype(bool),
    }, index=pd.RangeIndex(len(found.line))).astype(dict.fromkeys(TEXT_COLUMNS, object))


TEXT_COLUMNS = ("category", "mjcl", "hand", "needs", "unused", "not_usable")


@pytest.mark.parametrize("name", CARDS)
def test_the_closest_table_equals_the_one_the_pandas_constructor_builds(name):
    card = mj.load_card(name)
    for i, rack in enumerate(racks(60, seed=11, sizes=(13, 14))):
        hand = mj.Hand.from_counts(rack.tolist())
        absent = [Tile(int(k)) for k in np.flatnonzero(rack[:NATURAL_KINDS] == 0)]
        seen = absent[i % 4:: 4] * 3 + [Tile.JOKER] * (i % 3) * int(rack[Tile.JOKER] < 4)  # tiles out of play
        options = [{}, {"n": None}, {"n": 3, "visible": seen}, {"n": None, "visible": seen, "dead": "drop"}]
        keywords = options[i % len(options)]
        table = card.closest(hand, **keywords)
        assert type(table) is ClosestTable and list(table.columns) == COLUMNS
        compiled = card.compiled()
        live = None
        if "visible" in keywords:
            live = compiled.live(seen_and_unseen(keywords["visible"], rack, ())[0], ())
        found = nearest_lines(compiled, rack, (), live, keywords.get("n", 10), keywords.get("dead") == "drop")
        plain = plain_table(compiled, found)
        pd.testing.assert_frame_equal(table, plain, check_exact=True, check_frame_type=False)
        # the frame behaves as any other: selections, sorting, copies, records
        assert table[table.distance <= 3].equals(plain[plain.distance <= 3])
        assert table.sort_values(["distance", "line"]).to_dict("records") == \
            plain.sort_values(["distance", "line"]).to_dict("records")
        assert table.copy().equals(table) and table.iloc[::-1].reset_index(drop=True).shape == table.shape


@pytest.mark.parametrize("name", CARDS)
@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_the_closest_table_with_exposures_equals_the_one_the_pandas_constructor_builds(name, ruleset):
    card = mj.load_card(name)
    compiled = card.compiled(ruleset)
    rng = np.random.default_rng(15)
    for i, rack in enumerate(racks(60, seed=16, sizes=range(6, 12))):
        exposures = some_exposures(compiled, rack, rng)
        if i % 5 == 0:  # a wild exposure (jokers only) where the set still has the jokers
            exposures = exposures[:1]
            held = int(rack[Tile.JOKER]) + sum(e.jokers for e in exposures)
            size = int(rack.sum()) + sum(e.size for e in exposures)
            exposures += (Exposure(Tile.JOKER, 3, 3),) if held + 3 <= COPIES[Tile.JOKER] and size + 3 <= 14 else ()
        own = rack + sum((np.array(e.counts(), dtype=np.int16) for e in exposures), np.zeros(NUM_KINDS, np.int16))
        absent = [Tile(int(k)) for k in np.flatnonzero(own[:NATURAL_KINDS] == 0)]
        seen = absent[i % 3:: 3] * 4 if i % 2 else None
        keywords = {"n": (None, 4)[i % 2], "dead": ("mark", "drop")[i % 4 // 2]}
        hand = mj.Hand.from_counts(rack.tolist())
        table = card.closest(hand, exposures=list(exposures), visible=seen, ruleset=ruleset, partial=True, **keywords)
        live = None
        if seen is not None:
            live = compiled.live(seen_and_unseen(seen, rack, exposures)[0], exposures)
        found = nearest_lines(compiled, rack, exposures, live, keywords["n"], keywords["dead"] == "drop")
        assert type(table) is ClosestTable and list(table.columns) == COLUMNS
        if len(found.line):  # (the constructor gives other types to empty columns)
            pd.testing.assert_frame_equal(table, plain_table(compiled, found), check_exact=True, check_frame_type=False)
        else:
            assert table.shape == (0, len(COLUMNS))


def test_a_closest_table_changed_in_place_leaves_the_next_one_alone():
    card = mj.load_card("practice_harbor")
    hand = mj.Hand.from_counts(racks(1, seed=17, sizes=(13,))[0].tolist())
    first = card.closest(hand)
    second = card.closest(hand)
    first.loc[0, ["category", "mjcl", "hand", "needs", "unused", "not_usable"]] = "changed"
    first.loc[0, ["line", "distance"]] = -1
    assert card.closest(hand).equals(second) and not first.equals(second)
    assert all(dtype == object for dtype in second.dtypes[list(TEXT_COLUMNS)])
    third = card.closest(hand)
    third.columns.name = "renamed"  # the labels too: each table has its own
    third.index.name = "row"
    assert card.closest(hand).columns.name is None and card.closest(hand).index.name is None


@pytest.mark.parametrize("name", CARDS)
@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_the_builders_rows_equal_the_rows_read_from_the_closest_table(name, ruleset):
    card = mj.load_card(name)
    compiled = card.compiled(ruleset)
    rng = np.random.default_rng(12)
    for rack in racks(50, seed=13, sizes=range(15)):
        exposures = some_exposures(compiled, rack, rng) if rack.sum() <= 10 and rng.random() < 0.5 else ()
        texts = [str(mj.Hand(e.tiles())) for e in exposures]
        hand = mj.Hand.from_counts(rack.tolist())
        table = card.closest(hand, n=7, exposures=texts, ruleset=ruleset, partial=True)
        found = nearest_lines(compiled, rack, exposures, n=7)
        assert nearest_rows(compiled, found, "0.9em") == closest_rows(card, table, "0.9em")


def test_every_click_of_the_builder_shows_what_the_slow_path_showed():
    card = mj.load_card("practice_harbor")
    builder = HandBuilder(card, n=6)
    for rack in racks(8, seed=14, sizes=(14,)):
        builder.clear()
        for tile in mj.Hand.from_counts(rack.tolist()).tiles():
            assert builder.add(tile)
            assert builder.view["closest"] == closest_rows(card, builder.results)
            assert builder.view["wins"] == win_rows(builder.wins)
    builder.set_hand(str(card.compiled().hands[0]))  # the card's first hand: a win
    assert builder.wins and builder.view["wins"] == win_rows(builder.wins) and builder.message_kind == "success"
    assert builder.view["closest"] == closest_rows(card, builder.results)


def test_the_tables_coach_is_worked_out_once_per_position_and_stays_true_to_it(monkeypatch):
    from mjlearn.widgets import GameTable, game_table
    from mjlearn.widgets.table_coach import coach_panel, hot_tile_warning

    calls = []
    monkeypatch.setattr(game_table, "coach_panel", lambda *a: calls.append("panel") or coach_panel(*a))
    monkeypatch.setattr(game_table, "hot_tile_warning", lambda *a: calls.append("hot") or hot_tile_warning(*a))
    position = {"racks": {0: "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D"}, "exposures": {1: ["222B", "44B J"]},
                "turn": 0, "phase": "discard"}
    table = GameTable("basic1", seat=0, seed=3, position=position, pace="instant")
    table.show_coach(True)
    first = table.coach
    eight, north = table.rack.index(mj.Tile.B8), table.rack.index(mj.Tile.NORTH)
    for place in (eight, north, eight, north):  # picking back and forth asks about each tile once
        table.toggle_at(place)
    assert "hot tile" not in table.warning and calls == ["panel", "hot", "hot"]
    table.toggle_at(eight)
    assert "hot tile" in table.warning and calls == ["panel", "hot", "hot"]
    table.show_coach(False)
    table.show_coach(True)  # the same position: the same panel, not worked out again
    assert table.coach == first and calls.count("panel") == 1
    for _ in range(6):  # every move makes a new position: the panel is the one a fresh coach gives
        if table.game.phase == "over":
            break
        if table.game.phase == "draw":
            table.draw()
        elif table.game.phase == "discard" and table.game.turn == 0:
            table.discard(table.rack[-1])
        else:
            table.pass_call()
        expected = coach_panel(table.game, 0) if 0 in table.game.waiting_for() else {}
        assert table.coach == expected
