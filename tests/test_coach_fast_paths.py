"""The coach bot's compiled paths give the numpy paths' very numbers, so a coach game plays the same with or
without numba (issue 25, point 6: a coach game made faster without changing a decision).

Each test plays seeded coach games, records what the coach weighed, and weighs it again both ways: the
worth of the racks (and the chances and distances kept beside it), the live hands, and the opponents'
dangers. The sums are floats added in numpy's order; one float off would show here (and could turn a
near tie), not only in the games' digests.
"""

import numpy as np
import pytest

import mjlearn as mj
import mjlearn.rules.coach_bot as coach_module
from mjlearn.analysis.defence import danger_each, danger_rows, tile_dangers
from mjlearn.engine import JOKER, engines, loops
from mjlearn.rules import MAHJX, NMJL, Bot, CoachBot, run_game

from test_game_digest import game_digest

needs_numba = pytest.mark.skipif("numba" not in engines(), reason="numba is not installed: one engine only")

CASES = [("basic1", NMJL), ("basic1", MAHJX), ("practice_harbor", NMJL), ("practice_harbor", MAHJX)]


def coach_table(card, rules, seed):
    return [CoachBot(card, rules, seed=seed * 4 + s) for s in range(4)]


def recorded_calls(monkeypatch, owner, name, card, rules, seeds):
    """The arguments of every call of ``owner.name`` in four-coach games on ``seeds``."""
    calls = []
    original = getattr(owner, name)

    def record(*args, **kwargs):
        calls.append((args, kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, record)
    for seed in seeds:
        run_game(card, rules, seed=seed, bots=coach_table(card, rules, seed))
    monkeypatch.setattr(owner, name, original)
    return calls


def assert_same_arrays(numpy_calls, compiled_calls):
    """Each call's arrays from the numpy path and the compiled one: the same shapes and the very same numbers."""
    assert len(numpy_calls) == len(compiled_calls)
    for numpy_side, compiled_side in zip(numpy_calls, compiled_calls):
        assert len(numpy_side) == len(compiled_side)
        for a, b in zip(numpy_side, compiled_side):
            assert a.shape == b.shape and np.array_equal(a, b)


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_compiled_worth_gives_the_numpy_worth_to_the_last_float(monkeypatch, name, rules):
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "worth", card, rules, range(2))
    assert len(calls) > 100
    found = {}
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        bot = CoachBot(card, rules)
        found[engine] = []
        for (_, racks, *rest), kwargs in calls:
            worth = bot.worth(racks, *rest, **kwargs)
            first = bot._first[1] if bot._first is not None else None  # (the near hands, their lines and values)
            kept = () if first is None else (first.near.copy(), first.starts.copy(), first.value.copy())
            found[engine].append((worth, bot.last_chance.copy(), bot.last_distance.copy(), *kept))
    assert_same_arrays(found["numpy"], found[None])
    assert sum(len(side[0]) for side in found[None]) > 1000  # (many racks weighed, Charleston sets among them)



@needs_numba
@pytest.mark.parametrize("weights", [(1.0,), (1.0, 0.5, 0.25, 0.125, 0.0625), (1.0, 0.35, 0.15, 0.1, 0.05, 0.02, 0.01)])
def test_the_compiled_worth_takes_any_number_of_weights(monkeypatch, weights):
    """The compiled worth ranks the lines itself and leaves the weights to numpy: one line counted, five,
    or more than some racks have lines, the same floats as the numpy path's."""
    card = mj.load_card("basic1")
    calls = recorded_calls(monkeypatch, CoachBot, "worth", card, MAHJX, [3])
    found = {}
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        bot = CoachBot(card, MAHJX, weights=weights)
        found[engine] = [(bot.worth(racks, *rest, **kwargs), bot.last_chance.copy(), bot.last_distance.copy(),
                          np.array(len(bot._first[1].starts) if bot._first else 0)) for (_, racks, *rest), kwargs in calls]
    assert_same_arrays(found["numpy"], found[None])
    lines = [int(side[3]) for side in found[None]]
    assert len(calls) > 100 and min(lines) < len(weights) <= max(lines) or len(weights) == 1

@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_compiled_liveness_puts_the_same_hands_behind(monkeypatch, name, rules):
    """At each call a coach weighs, the hands it reads as near (``_near``: with numba one call, ``live_near``) and
    the distances of ``_behind`` are numpy's, and some hands were dead."""
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "_near", card, rules, range(3))
    calls = [(position, available) for (_, position, available), _ in calls if available is not None]
    assert len(calls) > 50
    bot, numpy_bot = CoachBot(card, rules), CoachBot(card, rules)
    dead_seen = near_cut = 0
    for position, available in calls:
        bot._kept_behind = None
        found, near = bot._behind(position, available), bot._near(position, available)
        monkeypatch.setattr(loops, "engine", "numpy")
        numpy_bot._kept_behind = None  # (the last answer is kept: weigh it afresh with numpy)
        assert np.array_equal(found, numpy_bot._behind(position, available))
        assert np.array_equal(near, numpy_bot._near(position, available))
        monkeypatch.setattr(loops, "engine", None)
        live = Bot._live_mask(bot, position.view, available)
        if live.any():
            assert np.array_equal(found[live], position.distance[live]) and (found[~live] >= 64).all()
            dead_seen += int((~live).sum())
        distance = position.distance
        near_cut += not np.array_equal(near, distance <= distance.min() + bot.slack)
    assert dead_seen and near_cut  # (some hands were dead, and that changed which hands were near)


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_danger_each_is_tile_dangers_each_to_the_last_float(monkeypatch, name, rules):
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, coach_module, "danger_each", card, rules, range(4))
    assert len(calls) > 20
    kept, earlier = 0, []
    for args, kwargs in calls:
        rows = kwargs.pop("rows")  # the opponents' lines the coach kept: those of the opponents' exposures now
        fresh = danger_rows(*args[:2])
        kept += any(rows is before for before in earlier[-8:])
        earlier.append(rows)
        assert len(rows) == len(fresh) and all(np.array_equal(a, b) for a, b in zip(rows, fresh))
        assert np.array_equal(danger_each(*args, rows=rows, **kwargs), tile_dangers(*args, **kwargs).each)
    assert kept  # (some calls read rows kept from an earlier one)


@needs_numba
def test_the_compiled_float32_sum_adds_as_numpy_s_reduceat():
    from mjlearn.engine import _numba

    rng = np.random.default_rng(25)
    for n in [*range(1, 20), 127, 128, 129, 130, 255, 256, 257, 1000, 3001]:
        column = rng.random(n).astype(np.float32) * (rng.random(n) < 0.6)
        expected = np.add.reduceat(column[:, None], [0], axis=0)[0, 0]  # the first, then the others pairwise
        found = column[0] + _numba._pairwise32(column, 1, n - 1) if n > 1 else column[0]
        assert found == expected, n


@needs_numba
@pytest.mark.parametrize("rules", [NMJL, MAHJX])
def test_a_coach_game_plays_the_same_with_either_engine(monkeypatch, rules):
    card = mj.load_card("basic1")
    digests = []
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        digests.append(game_digest([run_game(card, rules, seed=seed, bots=coach_table(card, rules, seed))
                                    for seed in (7, 8)]))
    assert digests[0] == digests[1]


@needs_numba
def test_the_compiled_pass_sets_are_python_s_sets_in_python_s_order():
    """``pass_sets`` grows the Charleston's sets as ``choose_pass``'s Python does: every set with one more of
    the tiles it leaves, each once, in the order Python sorts the tuples; and each set's rack."""
    from bisect import bisect_right

    from mjlearn.engine import _numba

    rng = np.random.default_rng(6)
    for _ in range(60):
        rack = np.zeros(36, dtype=np.int16)
        np.add.at(rack, rng.choice(36, size=14, p=np.r_[np.full(35, 0.9 / 35), 0.1]), 1)
        rack = np.minimum(rack, 4).astype(np.int16)
        held = rack[:35].tolist()
        kinds = [k for k in range(35) if held[k]]
        sets = [()]
        for size in range(1, 4):
            expected = sorted({chosen[:bisect_right(chosen, k)] + (k,) + chosen[bisect_right(chosen, k):]
                               for chosen in sets for k in kinds if held[k] > chosen.count(k)})
            found = np.empty((len(sets) * 35, size), dtype=np.int64)
            racks = np.empty((len(found) + 1, 36), dtype=np.int16)
            n = _numba.pass_sets(rack, np.array(sets, dtype=np.int64).reshape(len(sets), size - 1), found, racks)
            assert [tuple(s) for s in found[:n].tolist()] == expected
            assert np.array_equal(racks[0], rack)
            for s, left in zip(expected, racks[1 : n + 1]):
                assert np.array_equal(left, rack - np.bincount(s, minlength=36))
            sets = [expected[i] for i in rng.permutation(len(expected))[:4]]  # (any beam of them)


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_charleston_passes_the_same_tiles_with_either_engine(monkeypatch, name, rules):
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "choose_pass", card, rules, range(2))
    assert len(calls) > 20
    for beam in (3, 1, 6):
        passes = {}
        for engine in ("numpy", None):
            monkeypatch.setattr(loops, "engine", engine)
            bot = CoachBot(card, rules, beam=beam)
            passes[engine] = [bot.choose_pass(*args[1:], **kwargs) for args, kwargs in calls]
            passes[engine] += [bot.choose_pass(args[1], count) for args, _ in calls[:10] for count in (1, 2)]
        assert passes["numpy"] == passes[None]


@needs_numba
def test_the_compiled_tail_table_is_numpy_s_to_the_last_float():
    """The coach's tail tables (built once per ``(unseen, draws)``, some hundreds in a coach's first games)
    come out of the compiled loops with the very floats of :func:`tail_table`, for every count of unseen
    tiles a game can have and more draws than a seat ever expects."""
    from mjlearn.engine import compiled_loops

    compiled = compiled_loops()
    for unseen in range(0, 153):
        for draws in (0, 1, 2, 3, 5, 8, 13, 19, 24, 30, 160):
            expected = coach_module.tail_table(unseen, draws)
            found = coach_module._compiled_tail_table(compiled, unseen, draws)
            assert found.shape == expected.shape and np.array_equal(found, expected), (unseen, draws)


@pytest.mark.parametrize("engine", ["numpy", None])
def test_behind_keeps_its_last_answer_for_the_same_rack_and_tiles_only(monkeypatch, engine):
    """``_behind`` keeps its last answer (a call weighs the rack that ``choose_call`` has just looked at): the
    same position and tiles give that very array; other tiles, or another rack, are weighed afresh."""
    monkeypatch.setattr(loops, "engine", engine)
    card = mj.load_card("basic1")
    bot = CoachBot(card)
    rack = mj.Hand("FF 222B 444B 666B 8B 3C 7D").counts
    position = bot._position(rack, ())
    full = np.full(36, 4, dtype=np.int16)
    full[35] = 8
    short = full.copy()
    short[[int(mj.tiles.Tile.from_notation(t)) for t in ("2B", "4B", "6B", "8B")]] = 0  # 2468 hands dead
    first = bot._behind(position, full)
    assert bot._behind(position, full.copy()) is first
    dead = bot._behind(position, short)
    assert not np.array_equal(dead, first) and (dead >= first).all()
    fresh = CoachBot(card)
    assert np.array_equal(dead, fresh._behind(position, short))
    assert np.array_equal(bot._behind(position, full), fresh._behind(position, full))
    other = bot._position(mj.Hand("FF 222B 444B 666B 8B 3C 7D").change(remove=["7D"], add=["8B"]).counts, ())
    assert np.array_equal(bot._behind(other, full), CoachBot(card)._behind(other, full))


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_compiled_discard_scores_are_numpy_s_to_the_last_float(monkeypatch, name, rules):
    """The discard scores' last steps (the nearest hand first, the cost of feeding an opponent, a given-up
    hand's worth as a tie-break, the joker costing the cheapest natural) in one compiled loop
    (``discard_finish``): the same floats as numpy's, for the calls four coaches make in seeded games, and
    again with the hand given up and without the nearest hand first."""
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "discard_scores", card, rules, range(3))
    with_dangers = [(args, kwargs) for args, kwargs in calls if len(args) > 5 and args[5] is not None]
    assert len(calls) > 100 and len(with_dangers) > 20
    if rules is MAHJX:  # (tournament scoring: the chance that a discard ends the game counts too)
        assert any(args[6] is not None for args, _ in with_dangers)
    found = {}
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        found[engine] = []
        for distance_first in (True, False):
            bot = CoachBot(card, rules, distance_first=distance_first)
            for args, kwargs in calls:
                kinds, scores = bot.discard_scores(*args[1:], **kwargs)
                found[engine].append((np.array(kinds), scores))
            for args, _ in with_dangers[:40]:  # given up: the cost first, the worth a tie-break
                kinds, scores = bot.discard_scores(*args[1:7], give_up=1e9, objective="worth")
                found[engine].append((np.array(kinds), scores))
    assert_same_arrays(found["numpy"], found[None])
    assert any(JOKER in kinds.tolist() and len(kinds) > 1 for kinds, _ in found[None])  # (a joker among the kinds)


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_compiled_feeding_cost_is_numpy_s_to_the_last_float(monkeypatch, name, rules):
    """What a discard costs in feeding an opponent (``feeding_cost``; under tournament scoring
    ``tournament_risk``'s cost and chance of ending the game), summed over the opponents in one compiled loop
    (``feeding_sums``): the same floats as numpy's at every discard four coaches (one of them cautious) make."""
    card = mj.load_card(name)
    found = []
    original = CoachBot.discard_decision

    def weigh_both_ways(bot, game, seat, counts, exposures, visible):
        sides = []
        for engine in ("numpy", None):
            monkeypatch.setattr(loops, "engine", engine)
            risk = bot.tournament_risk(game, seat, counts) if rules is MAHJX else None
            sides.append((bot.feeding_cost(game, seat, counts), *(risk or (None, None))))
        if sides[0][0] is not None:
            found.append(sides)
        return original(bot, game, seat, counts, exposures, visible)

    monkeypatch.setattr(CoachBot, "discard_decision", weigh_both_ways)
    for seed in range(3):
        bots = coach_table(card, rules, seed)
        bots[1].caution = 1.7
        run_game(card, rules, seed=seed, bots=bots)
    assert len(found) > 20
    for numpy_side, compiled_side in found:
        for a, b in zip(numpy_side, compiled_side):
            assert (a is None and b is None) or (a.shape == b.shape and np.array_equal(a, b))
    if rules is MAHJX:
        assert all(side[1] is not None for side, _ in found)


@needs_numba
def test_the_compiled_discard_racks_are_the_rack_less_each_kind_it_holds():
    """``discard_racks`` builds what ``discard_scores`` weighs: the kinds held, ascending, then the rack and the
    rack less one tile of each of them (jokers too), as numpy built them."""
    from mjlearn.engine import _numba

    rng = np.random.default_rng(61)
    for size in (*range(1, 15), 14, 14, 14):
        rack = np.zeros(36, dtype=np.int16)
        np.add.at(rack, rng.choice(36, size=size), 1)
        kinds, racks = np.empty(36, dtype=np.int64), np.empty((37, 36), dtype=np.int16)
        n = _numba.discard_racks(rack, kinds, racks)
        held = rack.nonzero()[0]
        assert kinds[:n].tolist() == held.tolist()
        assert np.array_equal(racks[: n + 1], np.concatenate([rack[None], rack - np.eye(36, dtype=np.int16)[held]]))


def replayed_first_racks(monkeypatch, card, rules, calls, engine):
    """Each recorded ``_first_rack`` call weighed afresh, in order, by one coach with ``engine``: the near hands,
    where their lines start, their values and jokerless rows, and the tiles unseen (kind by kind, and in all)."""
    monkeypatch.setattr(loops, "engine", engine)
    bot = CoachBot(card, rules)
    found = []
    for (_, rack, exposures, visible, draws), _ in calls:
        bot._first = None
        first = bot._first_rack(rack, exposures, visible, draws)
        if first is None:
            found.append(())
            continue
        jokerless = np.zeros(0) if first.jokerless is None else first.jokerless.copy()
        found.append((first.near.copy(), first.starts.copy(), first.value.copy(), jokerless,
                      first.unseen_counts.copy(), np.array(first.unseen)))
    return found


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_first_rack_in_one_compiled_call_is_numpy_s(monkeypatch, name, rules):
    """``coach_first`` does the first rack's set-up in one call (the liveness of ``dead_far``, the near hands of
    ``coach_near``, the tiles unseen): replayed in order by one coach (its liveness is brought up to date from
    call to call), the same hands, values and tiles as numpy's liveness and near hands, and the dead hands
    did count (without them the near hands differ)."""
    from mjlearn.engine import _numba

    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "_first_rack", card, rules, range(2))
    assert len(calls) > 150  # (a call's worth now is weighed only when some exposure is: fewer than 200 since)
    used = []
    original = _numba.coach_first

    def counted(*args):
        used.append(1)
        return original(*args)

    monkeypatch.setattr(_numba, "coach_first", counted)
    compiled = replayed_first_racks(monkeypatch, card, rules, calls, None)
    numpy = replayed_first_racks(monkeypatch, card, rules, calls, "numpy")
    assert len(used) == sum(1 for side in compiled if side)  # (every first rack took the one compiled call)
    assert_same_arrays(numpy, compiled)
    monkeypatch.setattr(loops, "engine", None)
    bot, dead_mattered = CoachBot(card, rules), 0
    for ((_, rack, exposures, visible, draws), _), side in zip(calls, compiled):
        if side:  # the near hands as if every hand were live: the rack's distances alone
            distance = bot._position(tuple(rack.tolist()), bot._key_of(exposures)).distance
            dead_mattered += not np.array_equal(np.flatnonzero(distance <= distance.min() + bot.slack), side[0])
    assert dead_mattered


@needs_numba
@pytest.mark.parametrize("name, rules", CASES)
def test_the_quick_chances_over_the_kinds_each_hand_uses_are_numpy_s(monkeypatch, name, rules):
    """``coach_chances`` works out the first rack's figures over the kinds each near hand uses (``_Lines``'
    ``used_ptr`` and ``used_kinds``), the other kinds' terms being those of a kind that lacks nothing: the
    tiles lacking, the chances and the chances without a joker are numpy's, to the last float."""
    card = mj.load_card(name)
    calls = recorded_calls(monkeypatch, CoachBot, "worth", card, rules, range(2))
    found = {}
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        bot = CoachBot(card, rules)
        found[engine] = []
        for (_, racks, *rest), kwargs in calls:
            racks = np.asarray(racks, dtype=np.int16).reshape(-1, 36)
            bot._first = None
            first = bot._first_rack(racks[0], *rest, **kwargs)
            if first is not None:
                found[engine].append(bot._quick_chances(racks, first, naturals_only=True))
                lines = first.lines
                used = (lines.small > 0) | (lines.big > 0)
                assert lines.used_ptr.tolist() == [0, *np.cumsum(used.sum(axis=1)).tolist()]
                assert lines.used_kinds.tolist() == used.nonzero()[1].tolist()
    assert_same_arrays(found["numpy"], found[None])
    assert sum(len(side[0]) for side in found[None]) > 1000


@needs_numba
def test_the_compiled_shares_sum_short_and_long_lines_as_numpy_s_reduceat():
    """``opponent_shares`` sums a line of 129 hands or fewer as one inline block, a longer one by halves: lines of
    1 to 300 hands (more than a bundled card's lines have) give :meth:`OpponentLines.judge`'s very shares."""
    from mjlearn.analysis.defence import OpponentLines
    from mjlearn.engine import _numba

    rng = np.random.default_rng(31)
    sizes = [1, 2, 7, 8, 9, 16, 17, 128, 129, 130, 131, 300]
    n = sum(sizes)
    lines = object.__new__(OpponentLines)
    lines.small = (rng.random((n, 35)) < 0.05).astype(np.int16) * 2
    lines.rest = lines.small + (rng.random((n, 35)) < 0.04).astype(np.int16) * 3
    lines.rest[rng.random((n, 35)) < 0.08] += 1
    lines.weight = (lines.rest / 6).astype(np.float32)
    lines.callable = np.zeros((n, 35), dtype=bool)
    lines.starts = np.cumsum([0, *sizes[:-1]]).astype(np.int64)
    for trial in range(12):
        available = rng.integers(0, 5, size=36).astype(np.int64)
        available[35] = trial % 4
        out = np.empty(35)
        _numba.opponent_shares(lines.rest, lines.small, lines.weight, lines.starts, available, out)
        expected = lines.judge(available)[3]
        assert np.array_equal(out, expected), trial
        assert expected.any()


@needs_numba
def test_the_dangers_of_one_to_four_opponents_are_tile_dangers_each():
    """``danger_each`` weighs up to three opponents in one compiled call (``opponent_dangers``; absent ones left
    at 0) and more one by one: for 1 to 4 opponents, dead or alive, :func:`tile_dangers`' very floats."""
    from mjlearn.engine import Exposure

    compiled = mj.load_card("basic1").compiled(MAHJX)
    shown = [(Exposure.parse("NNN"), Exposure.parse("5555D")), None, (Exposure.parse("222B"),),
             (Exposure.parse("FFFF"), Exposure.parse("JJJ"), Exposure.parse("8888B"))]
    rng = np.random.default_rng(8)
    threatened = 0
    for count in (1, 2, 3, 4):
        for _ in range(5):
            opponents = [shown[i] for i in rng.permutation(4)[:count]]
            available = np.minimum(rng.integers(0, 5, size=36), np.array(mj.tiles.COPIES)).astype(np.int16)
            wall = int(rng.integers(0, 100))
            found = danger_each(compiled, opponents, available, wall)
            expected = tile_dangers(compiled, opponents, available, wall).each
            assert found.shape == expected.shape and np.array_equal(found, expected), (count, wall)
            threatened += bool(found.any())
    assert threatened > 10


@pytest.mark.parametrize("name, rules", CASES)
def test_opponent_lines_are_built_as_before(name, rules):
    """``OpponentLines`` takes a single reading's hands and rows as they are and finds where lines start without
    ``np.r_``: the same arrays, of the same types, as concatenating every reading, for exposures with and
    without jokers only (several readings)."""
    from mjlearn.analysis.defence import OpponentLines
    from mjlearn.engine import Exposure
    from mjlearn.engine.compiled import exposed_counts

    compiled = mj.load_card(name).compiled(rules)
    joker = mj.tiles.Tile.JOKER
    for exposures in [(Exposure.parse("NNN"),), (Exposure.parse("222B"), Exposure.parse("5555D")),
                      (Exposure.parse("FFFF"),), (Exposure(joker, 3, 3),), (Exposure(joker, 4, 4), Exposure.parse("NNN")),
                      (Exposure.parse("9999C"), Exposure.parse("RRR"), Exposure.parse("EEE"))]:
        lines = OpponentLines(compiled, exposures)
        readings = list(compiled.wild_readings(exposures))
        index = [np.flatnonzero(compiled.allowed(reading)) for reading in readings]
        rests = [np.maximum(compiled.total[i].astype(np.int16) - exposed_counts(r), 0) for i, r in zip(index, readings)]
        every = np.concatenate(index)
        rest = np.concatenate(rests).astype(np.int16) if len(every) else np.zeros((0, 35), np.int16)
        segments = np.repeat(np.arange(len(index)), [len(i) for i in index]) * compiled.num_lines + compiled.line_of[every]
        starts = np.flatnonzero(np.r_[True, segments[1:] != segments[:-1]]) if len(every) else np.zeros(0, np.int64)
        for found, expected in [(lines.rest, rest), (lines.small, compiled.small[every].astype(np.int16)),
                                (lines.lines, compiled.line_of[every].astype(np.int64)), (lines.starts, starts)]:
            assert found.dtype == expected.dtype and found.shape == expected.shape and np.array_equal(found, expected)


@needs_numba
@pytest.mark.parametrize("rules", [NMJL, MAHJX])
def test_the_compiled_judgement_of_the_table_is_numpy_s(monkeypatch, rules):
    """``TableReading`` judges the others' throws after each look in one compiled call (``judge_throws``): at
    every judgement of seeded coach games, the mean danger of the tiles unseen (numpy's pairwise sum), the hot
    throws and those a blind player would make are numpy's very floats; some throws were hot and some
    judgements spanned several looks."""
    from mjlearn.analysis.defence import HOT_THROW, TableReading
    from mjlearn.engine import _numba

    card = mj.load_card("basic1")
    recorded = []
    original = TableReading._judge

    def record(reading):
        if reading._throws:
            recorded.append((reading.seat, list(reading._looks), list(reading._throws)))
        original(reading)

    monkeypatch.setattr(TableReading, "_judge", record)
    for seed in range(3):
        run_game(card, rules, seed=seed, bots=coach_table(card, rules, seed))
    monkeypatch.setattr(TableReading, "_judge", original)
    assert len(recorded) > 10
    hot = spanning = 0
    for seat, looks, throws in recorded:
        found = {}
        for engine in ("numpy", None):
            monkeypatch.setattr(loops, "engine", engine)
            reading = TableReading(seat)
            reading._looks, reading._throws = looks, list(throws)
            found[engine] = (reading.hot_throws, reading.expected)
        assert found["numpy"] == found[None]
        hot += found[None][0] > 0
        spanning += len({look for look, _, _ in throws}) > 1
        for look, row, tile in throws:  # the mean the threshold is drawn from, as numpy works it out
            each, available = looks[look]
            unseen = available.astype(np.float64)
            others = each[:, :35].sum(axis=0) - each[row, :35]
            mean = np.empty(1)
            _numba.judge_throws(each, available, np.array([[row, tile]]), HOT_THROW, np.empty(1), mean)
            assert mean[0] == (others * unseen).sum() / max(unseen.sum(), 1.0)
    assert hot and spanning


@needs_numba
def test_a_throw_at_the_threshold_is_hot_with_either_engine(monkeypatch):
    """A tile whose danger is exactly ``HOT_THROW`` times the mean counts as hot, compiled as with numpy."""
    from mjlearn.analysis.defence import TableReading

    each = np.zeros((3, 36))
    each[1, 0] = 0.25  # the danger of kind 0 to the second opponent; kind 1 is safe
    available = np.zeros(36, dtype=np.int16)
    available[[0, 1]] = 1  # two tiles unseen: the mean is 0.125, the threshold 0.25
    found = {}
    for engine in ("numpy", None):
        monkeypatch.setattr(loops, "engine", engine)
        reading = TableReading(seat=0)
        reading.observe([])
        reading.look(each, available)
        reading.observe([(3, mj.tiles.Tile(0))])  # North (the third opponent's row) throws it
        found[engine] = (reading.hot_throws, reading.expected)
    assert found["numpy"] == found[None] == (1.0, 0.5)


@needs_numba
def test_none_below_is_whether_the_least_count_reaches_the_bound():
    none_below = loops.numba_loops().none_below
    rng = np.random.default_rng(7)
    for dtype in (np.int16, np.int64):
        for _ in range(200):
            values = rng.integers(-1, 4, size=int(rng.integers(1, 40))).astype(dtype)
            assert none_below(values, 0) == (min(values.tolist()) >= 0)
        assert none_below(np.zeros(0, dtype=dtype), 0)
        last_below = np.ones(36, dtype=dtype)
        last_below[-1] = -1
        assert not none_below(last_below, 0) and none_below(last_below, -1)


@needs_numba
def test_the_best_first_are_the_first_of_a_stable_sort():
    """The Charleston's beam keeps the sets the compiled selection picks: the first rows of numpy's stable sort of
    the negated worth, ties (frequent: many sets leave racks worth the same) in row order."""
    best_first = loops.numba_loops().best_first
    rng = np.random.default_rng(11)
    for _ in range(500):
        values = rng.integers(0, 4, size=int(rng.integers(1, 40))) / 7.0  # (few distinct values: ties)
        for keep in (1, 3, 5):
            out = np.empty(keep, dtype=np.int64)
            count = best_first(values, out)
            assert out[:count].tolist() == np.argsort(-values, kind="stable")[:keep].tolist()


@needs_numba
def test_the_first_rack_reads_the_flattened_tables_of_its_own_unseen_and_draws(monkeypatch):
    """The compiled loops read the tail table and its logarithm flattened, kept with them (no ``ravel`` for each
    first rack): at every first rack of a game they are those of its own ``(unseen, draws)``, and the same numbers
    as flattening them there."""
    card = mj.load_card("basic1")
    firsts = []
    original = coach_module._FirstRack.__init__

    def record(first, bot, position, available, rack, draws, behind=None):
        original(first, bot, position, available, rack, draws, behind)
        firsts.append((first, draws))

    monkeypatch.setattr(coach_module._FirstRack, "__init__", record)
    run_game(card, MAHJX, seed=3, bots=coach_table(card, MAHJX, 3))
    checked = 0
    for first, draws in firsts:
        if first.compiled is None:
            continue
        table = coach_module.tail_table(first.unseen, draws)
        with np.errstate(divide="ignore"):
            assert np.array_equal(first.flat_table, table.ravel())
            assert np.array_equal(first.log_table, np.log(table).ravel())
        checked += 1
    assert checked > 50
