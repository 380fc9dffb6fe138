"""The shortcuts that make games fast give the same answers as the plain computations they replace."""

from __future__ import annotations

import contextlib
import inspect
import os
import random
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.engine import Exposure
from mjlearn.errors import HandError
from mjlearn.hands import Hand
from mjlearn.rules import MAHJX, NMJL, Game, run_game
from mjlearn.engine.liveness import LiveHands, available_tiles
from mjlearn.tiles import COPIES, NUM_KINDS, Tile

CARD = mj.load_card("basic1")


@contextlib.contextmanager
def bots_engine(engine):
    """The engine of the bots' loops (``"numpy"``, or ``None`` for the fastest) for a ``with`` block (hypothesis'
    tests cannot take pytest's function-scoped ``monkeypatch``)."""
    from mjlearn.engine import loops

    before, loops.engine = loops.engine, engine
    try:
        yield
    finally:
        loops.engine = before


def plain_live(rest, small, available):
    naturals = np.asarray(available[:-1])
    short = np.maximum(rest - naturals, 0).sum(axis=1)
    return ((small <= naturals).all(axis=1)) & (short <= max(int(available[-1]), 0))


def random_live_hands(rng, kinds: int, hands: int):
    """Random hands' rests and singles-and-pairs needs over ``kinds`` kinds, and their LiveHands."""
    rest = rng.integers(0, 5, size=(hands, kinds)).astype(np.int16)
    small = np.minimum(rng.integers(0, 3, size=(hands, kinds)), rest).astype(np.int16)
    return rest, small, LiveHands(rest, small)


@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_live_hands_kept_up_to_date_match_a_fresh_count(engine, seed):
    """LiveHands kept up to date (a few steps, or afresh; compiled with numba) match a fresh count."""
    with bots_engine(engine):
        _live_hands_kept_up_to_date(seed)


def _live_hands_kept_up_to_date(seed):
    rng = np.random.default_rng(seed)
    kinds = 6
    rest, small, live = random_live_hands(rng, kinds, hands=12)
    available = rng.integers(0, 5, size=kinds + 1).astype(np.int16)
    for _ in range(25):  # small steps (a tile or two) and big jumps, up and down, jokers too
        if rng.random() < 0.2:
            available = rng.integers(-1, 6, size=kinds + 1).astype(np.int16)
        else:
            kind = rng.integers(0, kinds + 1)
            available[kind] += rng.choice([-2, -1, 1])
        expected = plain_live(rest, small, available)
        if rng.random() < 0.5:
            assert live.mask(available).tolist() == expected.tolist()
        else:
            assert live.any(available.tolist()) == bool(expected.any())
        kind = int(rng.integers(0, kinds))
        if rng.random() < 0.3 and available[kind] > 0:  # the shortcut: one tile fewer than the last look
            live.lose(kind)
            available[kind] -= 1
            assert live.mask(available).tolist() == plain_live(rest, small, available).tolist()


@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_live_hands_losing_a_tile_match_a_fresh_count(engine, seed):
    """LiveHands.lose (one tile fewer than the last look: the game's step after a discard) matches a fresh count,
    by numpy's step rows and by the compiled step."""
    with bots_engine(engine):
        _live_hands_losing_a_tile(seed)


def _live_hands_losing_a_tile(seed):
    rng = np.random.default_rng(seed)
    kinds = 5
    rest, small, live = random_live_hands(rng, kinds, hands=10)
    available = rng.integers(1, 8, size=kinds + 1).astype(np.int16)
    live.mask(available)
    for _ in range(12):
        kind = int(rng.integers(0, kinds + 1))  # the jokers too
        version = live.version
        live.lose(kind)
        available[kind] -= 1
        assert live.seen == available.tolist() and live.version > version
        assert live.live.tolist() == plain_live(rest, small, available).tolist()


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_game_judges_dead_hands_as_the_compiled_card_does(rules):
    """At every move of seeded games, each seat with exposures is dead-by-tiles exactly when
    CompiledCard.live finds none of its allowed hands possible."""
    compiled = CARD.compiled(rules)

    def check(game):
        if game.phase not in ("draw", "discard", "calls"):
            return
        for seat in range(4):
            exposures = tuple(game.exposures[seat])
            if not exposures or seat in game.dead:
                continue
            index = np.flatnonzero(compiled.allowed(list(exposures)))
            expected = not compiled.live(np.asarray(game.visible(seat)), exposures, index).any()
            assert game._unviable(seat) == expected

    for seed in range(6):
        run_game(CARD, rules, seed=seed, on_move=check)


def test_the_discards_counted_as_they_come_match_a_fresh_count():
    def check(game):
        counts = [0] * NUM_KINDS
        for _, tile in game.discards:
            counts[tile] += 1
        assert game._discarded() == counts
        assert game._discard_counts[4] == [copies - n for copies, n in zip(COPIES, counts)]  # (the set less them)

    for seed in range(4):
        game = run_game(CARD, NMJL, seed=seed, on_move=check)
    game.discards = [(3, Tile.SOUTH), (2, Tile.SOUTH)]  # replaced from outside: counted afresh
    check(game)
    game.discards.append((1, Tile.NORTH))
    check(game)
    game.discards[-1] = (1, Tile.EAST)  # the last one replaced
    check(game)


@pytest.mark.parametrize("args, kwargs", [
    ((1, 3), {}), ((1,), {"size": 3}), ((), {"seat": 1, "size": 3, "jokers": 0}), ((1, 3, 0), {}),
    ((), {"size": 3, "seat": 1}), ((1,), {"jokers": 0, "size": 3}),
])
def test_moves_are_recorded_with_their_arguments_as_given(args, kwargs):
    """The fast path records what ``inspect.signature(...).bind`` records: the arguments given, in the
    method's order."""
    for seed in range(3, 100):  # the first deal where East can throw a tile South holds two of: every one of
        game = Game(CARD, seed=seed)  # these calls (South, a pung, no joker) is then legal
        game.skip_charleston()
        tile = next((t for t in game.racks[0].tiles() if t != Tile.JOKER and game.racks[1].count(t) >= 2), None)
        if tile is not None:
            break
    game.discard(0, tile)
    moves = len(game.moves)
    expected = inspect.signature(Game.call.__wrapped__).bind(game, *args, **kwargs).arguments
    expected = dict(list(expected.items())[1:])
    game.call(*args, **kwargs)
    assert len(game.moves) == moves + 1
    assert game.moves[-1] == ("call", expected) and list(game.moves[-1][1]) == list(expected)


def test_a_refused_last_pass_leaves_the_charleston_as_it_was():
    game = Game(CARD, seed=8)
    for seat in range(3):
        game.pass_tiles(seat, [t for t in game.racks[seat].tiles() if t != Tile.JOKER][:3])
    before = game.snapshot()
    missing = next(t for t in Tile if t != Tile.JOKER and not game.racks[3].count(t))
    with pytest.raises(mj.RuleError):
        game.pass_tiles(3, [missing, missing, missing])
    assert game.snapshot() == before  # the generator of blind passes included
    game.pass_tiles(3, [t for t in game.racks[3].tiles() if t != Tile.JOKER][:3])
    assert game.charleston.step.name == "first across"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(list(Tile)), max_size=14), st.lists(st.sampled_from(list(Tile)), max_size=4),
       st.lists(st.sampled_from(list(Tile)), max_size=4))
def test_hand_change_is_minus_then_plus(tiles, remove, add):
    try:
        hand = Hand(tiles)
    except HandError:
        hand = None
    assume(hand is not None)  # (more of a tile than the set has)
    try:
        expected = hand - Hand(remove) + Hand(add)
    except HandError as error:  # the change is refused with the same error
        with pytest.raises(HandError, match=str(error).splitlines()[0][:20]):
            hand.change(remove=remove, add=add)
    else:
        assert hand.change(remove=remove, add=add) == expected
        assert hand.change(remove=[t.notation for t in remove], add=tuple(add)) == expected


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(list(Tile)), max_size=15), st.sampled_from(list(Tile)))
def test_a_hand_plus_or_minus_one_tile_is_its_change(tiles, tile):
    """Hand._plus and Hand._minus (the game's draw and discard) give what change gives, or its error."""
    try:
        hand = Hand(tiles)
    except HandError:
        hand = None
    assume(hand is not None)
    for fast, slow in ((hand._plus, lambda: hand.change(add=(tile,))), (hand._minus, lambda: hand.change(remove=(tile,)))):
        try:
            expected = slow()
        except HandError as error:
            with pytest.raises(HandError, match=str(error).splitlines()[0][:20]):
                fast(tile)
        else:
            found = fast(tile)
            assert found == expected and found.counts == expected.counts and hash(found) == hash(expected)


def test_available_tiles_are_the_set_less_what_is_seen_and_exposed():
    visible = [1] * NUM_KINDS
    available = available_tiles(visible, [Exposure(Tile.B2, 4, 1)])
    assert available[Tile.B2] == COPIES[Tile.B2] - 1 - 3 and available[Tile.JOKER] == COPIES[Tile.JOKER] - 1 - 1
    assert random.Random(0).random() < 1  # (the module's generators are untouched by the checks above)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_games_played_move_by_move_side_by_side_judge_dead_hands_as_alone(rules):
    """The games of a card in one thread share their liveness (so do the bots): played side by side,
    move by move, each game still judges every seat's exposures as CompiledCard.live does, and plays
    the game it plays alone."""
    from mjlearn.rules.bots import make_bots, play_move

    compiled = CARD.compiled(rules)
    seeds = [3, 4, 5, 6]
    alone = [run_game(CARD, rules, seed=seed) for seed in seeds]
    games = [Game(CARD, rules, seed=seed) for seed in seeds]
    bots = [make_bots(CARD, rules, seed) for seed in seeds]
    judged = 0
    while any(game.phase != "over" for game in games):
        for game, seated in zip(games, bots):
            if game.phase == "over":
                continue
            play_move(game, seated)
            for seat in range(4):
                exposures = tuple(game.exposures[seat])
                if exposures and seat not in game.dead and game.phase in ("draw", "discard", "calls"):
                    index = np.flatnonzero(compiled.allowed(list(exposures)))
                    assert game._unviable(seat) == (not compiled.live(np.asarray(game.visible(seat)), exposures,
                                                                      index).any())
                    judged += 1
    for one, other in zip(alone, games):
        assert one.moves == other.moves and one.log == other.log
    assert judged


def test_live_hands_count_their_changes_so_that_a_sharer_sees_another_s_look():
    rest = np.array([[3, 0], [0, 2]], dtype=np.int16)
    live = LiveHands(rest, np.zeros((2, 2), dtype=np.int16))
    live.mask([4, 4, 0])
    before = live.version
    live.mask([4, 4, 0])  # the same tiles: nothing changes
    assert live.version == before
    live.lose(0)  # 3 of kind 0 still cover every hand: kept, but the record moved
    assert live.live.tolist() == [True, True]
    assert live.version == before + 1
    live.mask([3, 1, 0])  # another user's look
    assert live.version == before + 2 and live.mask([3, 1, 0]).tolist() == [True, False]


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_bot_moves_without_undo_points_make_the_games_the_public_moves_make(rules, monkeypatch):
    """Game._trusted (the bots' path, no undo point) plays the same games as the public methods."""
    fast = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    monkeypatch.setattr(Game, "_trusted", lambda game, name, *args: getattr(game, name)(*args))
    plain = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]


def _refused_alike(public, other, args, error=mj.errors.RuleError):
    """On a game just past the Charleston (seed 5; ``"missing"`` in ``args`` a tile East does not hold): ``public``
    and ``other`` (each ``game -> move``) refuse ``args`` with the same error, and neither changes the game."""
    game = Game(CARD, seed=5)
    game.skip_charleston()
    missing = next(tile for tile in Tile if not game.racks[0].count(tile))
    args = tuple(missing if a == "missing" else a for a in args)
    before = game.snapshot()
    raised = []
    for move in (public, other):
        with pytest.raises(error) as refused:
            move(game)(*args)
        assert game.snapshot() == before
        raised.append(refused.value)
    assert type(raised[0]) is type(raised[1]) and str(raised[0]) == str(raised[1])
    return game


@pytest.mark.parametrize("name, args", [
    ("discard", (1, Tile.JOKER)),  # not South's turn
    ("discard", (0, "missing")),  # a tile East does not hold
    ("discard", (0, "XX")),  # not a tile
    ("draw", (0,)),  # East must discard
    ("pass_call", (2,)),  # no discard to answer
    ("call", (1, 3, 0)),
    ("exchange_joker", (0, 1, 0)),  # South has no exposure
    ("pass_tiles", (0, [Tile.EAST], 0)),  # the Charleston is over
])
def test_a_refused_trusted_move_raises_what_the_public_move_raises_and_changes_nothing(name, args):
    _refused_alike(lambda game: getattr(game, name), lambda game: partial(game._trusted, name), args)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_allowed_hands_shared_by_games_are_those_the_compiled_card_allows(rules):
    compiled = CARD.compiled(rules)
    sets = [(), (Exposure(Tile(0), 3),), (Exposure(Tile(0), 3, 1), Exposure(Tile(9), 4)),
            (Exposure(Tile(9), 4, 2), Exposure(Tile(0), 3)), (Exposure(Tile.JOKER, 3, 3),)]
    first, second = Game(CARD, rules, seed=1), Game(CARD, rules, seed=2)
    for exposures in sets:
        expected = np.flatnonzero(compiled.allowed(exposures)).tolist()
        assert first._allowed_index(exposures).tolist() == expected
        assert second._allowed_index(exposures).tolist() == expected  # (the first game's, shared)


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_garden")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_compiled_discard_choice_gives_the_numpy_one(card, rules, monkeypatch):
    """In seeded games, every discard the bots weigh is weighed the same by the compiled loops (in one pass)
    and by numpy (step by step): the same tied kinds, or a joker; and a turn's look in one compiled call
    (``BotEngine.turn_discards``: the rack's position, whether it wins, its discards) finds what numpy finds."""
    pytest.importorskip("numba")
    from mjlearn.engine import BotEngine, loops

    assert loops.engine is None and loops.compiled_loops() is not None
    compared = []
    original = BotEngine.best_discards

    def both(engine, *args):
        fast = original(engine, *args)
        monkeypatch.setattr(loops, "engine", "numpy")
        plain = original(engine, *args)
        monkeypatch.setattr(loops, "engine", None)
        compared.append((plain, fast))
        return fast

    original_turn = BotEngine.turn_discards
    turns = []

    def both_turns(engine, near, step, counts, available, count):
        fast = original_turn(engine, near, step, counts, available, count)
        monkeypatch.setattr(loops, "engine", "numpy")
        plain = original_turn(engine, near, step, counts, available, count)
        monkeypatch.setattr(loops, "engine", None)
        turns.append((plain, fast))
        compared.append((plain[2], fast[2]))
        return fast

    monkeypatch.setattr(BotEngine, "best_discards", both)
    monkeypatch.setattr(BotEngine, "turn_discards", both_turns)
    for seed in range(6):
        run_game(card, rules, seed=seed)
    assert len(compared) > 200 and all(plain == fast for plain, fast in compared)
    assert any(plain is not None and len(plain) > 1 for plain, _ in compared)  # ties broken by the hands' uses
    # the turn's look in one call: the same position, the same win and the same code as numpy's steps
    assert len(turns) > 150 and any(plain[1] == -2 for plain, _ in turns)
    for (plain_position, *plain), (fast_position, *fast) in turns:
        assert plain == fast and plain_position.best == fast_position.best
        assert plain_position.sums.tolist() == fast_position.sums.tolist()
        assert plain_position.distance.tolist() == fast_position.distance.tolist()


def test_the_compiled_charleston_scores_are_the_numpy_ones(monkeypatch):
    """Every rack's pass scores (ranked tiles, nearest lines, unused tiles) by both engines, on two cards."""
    pytest.importorskip("numba")
    from mjlearn.analysis import deal_racks
    from mjlearn.engine import engine_for, loops

    compared = 0
    for card in (CARD, mj.load_card("practice_harbor")):
        engine = engine_for(card)
        racks = [tuple(rack) for size in (13, 14) for rack in deal_racks(150, size, rng=size).tolist()]
        racks.append(tuple([0] * 35 + [3]))  # jokers only: nothing to pass
        for rack in racks:
            for lines in (1, 3):
                monkeypatch.setattr(loops, "engine", None)
                fast = engine.pass_scores(rack, lines)
                monkeypatch.setattr(loops, "engine", "numpy")
                plain = engine.pass_scores(rack, lines)
                assert fast[0] == plain[0] and all(type(row) is tuple for row in fast[0])
                assert fast[1].tolist() == plain[1].tolist() and fast[2].tolist() == plain[2].tolist()
                compared += 1
    assert compared > 1000


def test_the_bots_charleston_pass_is_the_first_of_the_ranked_tiles_by_either_engine(monkeypatch):
    """BotEngine.pass_kinds (what Bot.choose_pass throws, without the rest of pass_scores' answer) gives the kinds
    of pass_scores' first tiles, compiled and by numpy, for 3 tiles and for more than the rack can spare."""
    from mjlearn.analysis import deal_racks
    from mjlearn.engine import engine_for, loops

    for card in (CARD, mj.load_card("practice_harbor")):
        engine = engine_for(card)
        racks = [tuple(rack) for size in (13, 14) for rack in deal_racks(60, size, rng=size + 1).tolist()]
        racks.append(tuple([0] * 33 + [1, 0, 8]))  # one natural (and the 8 jokers): fewer than 3 to pass
        for rack in racks:
            for engine_name in (None, "numpy"):
                monkeypatch.setattr(loops, "engine", engine_name)
                ranked = [k for _, k, _ in engine.pass_scores(rack, 3)[0]]
                assert engine.pass_kinds(rack, 3, 3) == ranked[:3]
                assert engine.pass_kinds(rack, 1, 20) == [k for _, k, _ in engine.pass_scores(rack, 1)[0]][:20]


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_games_are_the_same_with_either_engine_of_the_bots(rules, monkeypatch):
    from mjlearn.engine import loops, views

    fastest = [run_game(CARD, rules, seed=seed).snapshot() for seed in range(5)]
    monkeypatch.setattr(loops, "engine", "numpy")
    assert loops.compiled_loops() is None and views.ranks_engine() is views.discard_ranks
    assert [run_game(CARD, rules, seed=seed).snapshot() for seed in range(5)] == fastest


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_rack_s_distances_are_the_same_by_either_engine(rules, monkeypatch):
    """A bot position's sums, distances and best, afresh or from a rack one tile away, with and without
    jokers and exposures: the numba engine's are the numpy engine's."""
    pytest.importorskip("numba")
    from mjlearn.engine import Position, engine_for, loops

    engine = engine_for(CARD, rules)
    rng = random.Random(7)
    tiles = [Tile(k) for k in range(NUM_KINDS) for _ in range(COPIES[k])]
    compared = 0
    for key in [(), ((0, 3),), ((9, 4), (27, 3))]:
        view = engine.view(key)
        if not view.n:
            continue
        for _ in range(40):
            counts = tuple(Hand(rng.sample(tiles, 13)).counts)
            kind = rng.choice([k for k in range(NUM_KINDS - 1) if counts[k] < COPIES[k]])
            more = tuple(c + (k == kind) for k, c in enumerate(counts))
            positions = {}
            for name in ("numpy", None):
                monkeypatch.setattr(loops, "engine", name)
                first = Position(view, counts)
                positions[name] = (first, Position(view, more, first), Position(view, counts, Position(view, more)))
            for plain, fast in zip(positions["numpy"], positions[None]):
                assert plain.best == fast.best and plain.sums.dtype == fast.sums.dtype == np.int16
                assert plain.distance.dtype == fast.distance.dtype
                assert plain.sums.tolist() == fast.sums.tolist() and plain.distance.tolist() == fast.distance.tolist()
                compared += 1
    assert compared > 200


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_bots_quick_pass_makes_the_games_pass_call_makes(rules, monkeypatch):
    """Game._trusted_pass (a bot letting a discard go, its checks read inline) plays the same games as pass_call."""
    fast = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    monkeypatch.setattr(Game, "_trusted_pass", lambda game, seat: game.pass_call(seat))
    plain = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_bots_quick_draws_and_discards_make_the_games_the_moves_make(card, rules, monkeypatch):
    """Game._trusted_draw and _trusted_discard (a bot's draw and discard, their checks read inline) play the same
    games as draw and discard: the same snapshots (racks, wall, discards, log, moves, dead hands, result)."""
    fast = [run_game(card, rules, seed=seed) for seed in range(8)]
    monkeypatch.setattr(Game, "_trusted_draw", lambda game, seat: game.draw(seat))
    monkeypatch.setattr(Game, "_trusted_discard", lambda game, seat, tile: game.discard(seat, tile))
    plain = [run_game(card, rules, seed=seed) for seed in range(8)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]
    assert [repr(g.moves) for g in fast] == [repr(g.moves) for g in plain]  # (the arguments in their order)


@pytest.mark.parametrize("name, args", [
    ("_trusted_discard", (1, Tile.JOKER)),  # not South's turn
    ("_trusted_discard", (0, "missing")),  # a tile East does not hold
    ("_trusted_discard", (0, "XX")),  # not a tile
    ("_trusted_discard", (7, "missing")),  # not a seat
    ("_trusted_draw", (0,)),  # East must discard
    ("_trusted_draw", (1,)),  # not South's turn
])
def test_a_quick_draw_or_discard_that_is_not_allowed_is_refused_as_the_move_refuses_it(name, args):
    game = _refused_alike(lambda game: getattr(game, name.replace("_trusted_", "")), lambda game: getattr(game, name),
                          args, mj.MjlearnError)
    tile = next(t for t in game.racks[0].tiles() if t != Tile.JOKER)
    game._trusted_discard(0, tile)
    assert game.moves[-1] == ("discard", {"seat": 0, "tile": tile}) and game.phase == "calls"


def test_a_quick_draw_from_an_empty_wall_ends_a_wall_game_as_draw_does():
    games = []
    for quick in (False, True):
        game = Game(CARD, seed=5)
        game.skip_charleston()
        game.discard(0, next(t for t in game.racks[0].tiles() if t != Tile.JOKER))
        for seat in (1, 2, 3):
            game.pass_call(seat)
        game.wall = []
        assert (game._trusted_draw(1) if quick else game.draw(1)) is None
        games.append(game)
    assert games[0].snapshot() == games[1].snapshot() and games[1].result.how == "wall"
    assert games[1].moves[-1] == ("draw", {"seat": 1})


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_game_s_tiles_available_are_those_every_seat_sees_less_its_own_exposures(card, rules):
    """Game._available (what a bot's turn reads) is available_counts of each seat's visible tiles and its own
    exposures, after every move of seeded games (exposures, jokers exchanged and discarded included)."""
    from mjlearn.engine.liveness import available_counts

    checked = []

    def check(game):
        available = game._available()
        for seat in range(4):
            assert available == available_counts(game.visible(seat), tuple(game.exposures[seat]))
        checked.append(sum(map(len, game.exposures)))

    for seed in range(6):
        run_game(card, rules, seed=seed, on_move=check)
    assert max(checked) >= 2


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_bots_quick_charleston_passes_make_the_games_the_moves_make(rules, monkeypatch):
    """Game._trusted_pass_tiles (a bot's Charleston pass, its checks read at a glance) plays the same games as
    pass_tiles: the same snapshots and the same records."""
    fast = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    monkeypatch.setattr(Game, "_trusted_pass_tiles", lambda game, seat, tiles: game.pass_tiles(seat, tiles, 0))
    plain = [run_game(CARD, rules, seed=seed) for seed in range(6)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]
    assert [repr(g.moves) for g in fast] == [repr(g.moves) for g in plain]


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_quick_charleston_pass_that_is_not_allowed_is_refused_as_pass_tiles_refuses_it(rules):
    """Passes the Charleston does not take (a joker, tiles not held, too few or too many, a seat that has passed,
    no seat, after the Charleston) are refused by _trusted_pass_tiles as pass_tiles refuses them, the game
    unchanged; a pass it takes is recorded as pass_tiles records it."""
    game = Game(CARD, rules, seed=7)
    rack = game.racks[0].tiles()
    naturals = [t for t in rack if t != Tile.JOKER]
    missing = next(tile for tile in Tile if tile != Tile.JOKER and not game.racks[0].count(tile))
    single = next(t for t in naturals if rack.count(t) == 1)
    wrong = [[Tile.JOKER] + naturals[:2], [missing] + naturals[:2], naturals[:2], naturals[:4],
             [single] * 2 + naturals[:1]]
    for seat, tiles in [(0, tiles) for tiles in wrong] + [(4, naturals[:3]), (True, naturals[:3])]:
        before = game.snapshot()
        with pytest.raises(mj.MjlearnError) as public:
            game.pass_tiles(seat, tiles, 0)
        assert game.snapshot() == before
        with pytest.raises(mj.MjlearnError) as quick:
            game._trusted_pass_tiles(seat, tiles)
        assert game.snapshot() == before
        assert type(quick.value) is type(public.value) and str(quick.value) == str(public.value)
    game._trusted_pass_tiles(0, naturals[:3])
    assert game.moves[-1] == ("pass_tiles", {"seat": 0, "tiles": naturals[:3], "blind": 0})
    with pytest.raises(mj.errors.RuleError, match="already passed"):
        game._trusted_pass_tiles(0, naturals[3:6])
    skipped = Game(CARD, rules, seed=7)
    skipped.skip_charleston()
    with pytest.raises(mj.errors.RuleError, match="Charleston is over"):
        skipped._trusted_pass_tiles(0, naturals[:3])


def test_a_quick_pass_that_is_not_allowed_is_refused_as_pass_call_refuses_it():
    game = Game(CARD, seed=5)
    game.skip_charleston()
    before = game.snapshot()
    with pytest.raises(mj.errors.RuleError, match="no discard to call"):
        game._trusted_pass(1)
    assert game.snapshot() == before
    game.discard(0, next(t for t in game.racks[0].tiles() if t != Tile.JOKER))
    for seat, wrong in ((0, "own discard"), (9, "seat")):
        before = game.snapshot()
        with pytest.raises(mj.MjlearnError, match=wrong):
            game._trusted_pass(seat)
        assert game.snapshot() == before
    game._trusted_pass(1)
    with pytest.raises(mj.errors.RuleError, match="already given that answer"):
        game._trusted_pass(1)
    assert game.moves[-1] == ("pass_call", {"seat": 1}) and game.waiting_for() == [2, 3]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_compiled_liveness_kept_up_to_date_matches_a_fresh_count(seed):
    """BotEngine.dead_far with the compiled loops (a view's liveness updated kind by kind from the last look)
    gives, at every look of a random walk of tiles seen (small steps, big jumps, jokers, up and down), what a
    fresh count gives."""
    pytest.importorskip("numba")
    from mjlearn.engine import FAR, engine_for, loops

    assert loops.compiled_loops() is not None
    rng = np.random.default_rng(seed)
    engine = engine_for(CARD)
    view = engine.view(((0, 3),) if seed % 2 else ())
    engine._threads.states = {}  # (a fresh start for this walk)
    available = np.asarray(COPIES, dtype=np.int64) - rng.integers(0, 3, size=NUM_KINDS)
    for _ in range(30):
        if rng.random() < 0.15:
            available = np.asarray(COPIES, dtype=np.int64) - rng.integers(0, 5, size=NUM_KINDS)
        else:
            for kind in rng.integers(0, NUM_KINDS, size=rng.integers(1, 3)):
                available[kind] += rng.choice([-1, -1, 1])
        available = np.maximum(available, 0)  # (tiles available: never fewer than none)
        penalty = engine.dead_far(view, available.tolist())
        expected = plain_live(view.rest, view.small, available)
        found = np.zeros(view.n, dtype=bool) if penalty is None else penalty == 0
        assert found.tolist() == expected.tolist()
        assert penalty is None or set(penalty.tolist()) <= {0, FAR}


_FROZEN_AFTER_LOADING = """
import gc, sys
import mjlearn.engine.loops as loops
loops.FREEZE_HEAP = sys.argv[1] == "freeze"
before = gc.get_freeze_count()
assert loops.numba_loops() is not None
print(before, gc.get_freeze_count(), len(gc.get_objects()))
"""


@pytest.mark.slow
def test_loading_the_compiled_loops_moves_numba_s_objects_out_of_the_collector_s_way_unless_told_not_to():
    """In a fresh process: loading the compiled loops freezes the objects then alive (numba's registries among
    them: tens of thousands), and the collector is left alone with ``FREEZE_HEAP = False``."""
    pytest.importorskip("numba")
    import subprocess
    import sys

    root = str(Path(__file__).resolve().parent.parent)
    found = {}
    for mode in ("freeze", "leave"):
        out = subprocess.run([sys.executable, "-c", _FROZEN_AFTER_LOADING, mode], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONPATH": root}).stdout.split()
        found[mode] = [int(x) for x in out]
    before, frozen, tracked = found["freeze"]
    assert before == 0 and frozen > 50_000 and tracked < 5_000
    before, frozen, tracked = found["leave"]
    assert before == 0 and frozen == 0 and tracked > 50_000


def test_the_compiled_loops_once_loaded_leave_numba_s_objects_frozen():
    """(The quick sibling of the test above, in this process.)"""
    pytest.importorskip("numba")
    import gc

    from mjlearn.engine import loops

    assert loops.numba_loops() is not None and loops.FREEZE_HEAP
    assert gc.get_freeze_count() > 50_000


def _best_by_view(engine, counts, key, available) -> int:
    """Bot.best_distance's way: the view of the exposures, a position in it, its live hands."""
    from mjlearn.engine import Position

    view = engine.view(key)
    position = Position(view, tuple(counts))
    if available is None or not view.n:
        return position.best
    penalty = engine.dead_far(view, available)
    return position.best if penalty is None else int((position.distance + penalty).min())


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_call_weighed_without_a_view_finds_what_the_view_finds(card, rules, monkeypatch):
    """Every call option the bots weigh in seeded games (BotEngine.best_after, straight from the exposures' rows)
    gets the distance that a view of those exposures gives (Bot.best_distance's way), live hands or not."""
    from mjlearn.engine import BotEngine

    compared = []
    original = BotEngine.best_after

    def both(engine, counts, key, available):
        found = original(engine, counts, key, available)
        compared.append((found, _best_by_view(engine, counts, key, available), available is None))
        return found

    monkeypatch.setattr(BotEngine, "best_after", both)
    for seed in range(8):
        run_game(card, rules, seed=seed)
    assert len(compared) > 20 and all(found == expected for found, expected, _ in compared)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_rack_s_distance_without_a_view_is_the_view_s_for_any_exposures_and_tiles_seen(seed):
    """Random racks (jokers too), random exposures (a wild one under MAHJ-X) and random tiles out of play:
    BotEngine.best_after gives the view's distance, and 99 when the exposures allow no hand."""
    engine, counts, key, available = _random_call_case(seed)
    assert engine.best_after(counts, key, available) == _best_by_view(engine, counts, key, available)


def _random_call_case(seed: int) -> tuple:
    """A bot engine, a random rack (jokers too), random exposures (a wild one under MAHJ-X) and random tiles
    out of play (or ``None``), for :meth:`BotEngine.best_after`."""
    from mjlearn.engine import engine_for

    rng = random.Random(seed)
    rules = MAHJX if seed % 2 else NMJL
    engine = engine_for(CARD, rules)
    groups = sorted({int(c) for c in engine.compiled.group_codes.ravel() if c >= 0})
    key = tuple(sorted((code // 16, code % 16) for code in rng.sample(groups, rng.randint(0, 2))))
    if rules is MAHJX and rng.random() < 0.3:
        key = tuple(sorted(key + ((int(Tile.JOKER), 3),)))
    pool = [k for k in range(NUM_KINDS) for _ in range(COPIES[k])]
    counts = [0] * NUM_KINDS
    for k in rng.sample(pool, 14 - sum(size for _, size in key) if sum(size for _, size in key) < 14 else 0):
        counts[k] += 1
    available = None if rng.random() < 0.2 else [max(c - rng.randint(0, 3), rng.choice([0, 0, -1]) if k == 35 else 0)
                                                  for k, c in enumerate(COPIES)]
    return engine, counts, key, available


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_call_s_distance_is_the_same_compiled_or_by_numpy(seed):
    """BotEngine.best_after's compiled pass gives numpy's distance: random racks, exposures and tiles seen, with
    hands dead for want of naturals, of jokers, or live."""
    from mjlearn.engine import loops

    if loops.numba_loops() is None:
        pytest.skip("numba is not installed")
    engine, counts, key, available = _random_call_case(seed)
    compiled = engine.best_after(counts, key, available)
    with bots_engine("numpy"):
        by_numpy = engine.best_after(counts, key, available)
    assert compiled == by_numpy


def test_a_seat_s_exposures_are_judged_afresh_at_a_discard_only_when_they_changed():
    """Game._check_exposures keeps each seat's last answer for the same exposures (compared by value, the same
    objects at once): changed exposures are judged afresh, and an unchanged set keeps its answer."""
    game = Game(CARD, seed=5)
    game.skip_charleston()
    game.exposures[1] = [Exposure(Tile.FLOWER, 3)]
    game._check_exposures(1)
    assert 1 not in game.dead and game._judged[1][1] is None
    game.exposures[1] = [Exposure(Tile.FLOWER, 3)]  # new objects, the same exposures: the same answer
    game._check_exposures(1)
    assert 1 not in game.dead
    game.exposures[1] = [Exposure(Tile.FLOWER, 6)]  # no line of basic1 shows six flowers
    game._check_exposures(1)
    assert 1 in game.dead and game.log[-1].detail == "no line of the card can use these exposures"
    game.exposures[2] = [Exposure(Tile.FLOWER, 6)]
    game._judged[2] = (tuple(game.exposures[2]), None)  # a kept answer for these very exposures is read as it is
    game._check_exposures(2)
    assert 2 not in game.dead


class _LookingBot(mj.rules.Bot):
    """A Bot whose may_call is its own (the same method), so answer_call asks it instead of reading it inline."""

    def may_call(self, counts, exposures, tile):
        return super().may_call(counts, exposures, tile)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_answer_call_s_inline_look_makes_the_games_may_call_makes(rules):
    """Bot.answer_call reads may_call's quick look inline; bots that must ask may_call play the same games."""
    from mjlearn.rules.bots import make_bots

    for seed in range(8):
        inline = run_game(CARD, rules, seed=seed)
        asked = run_game(CARD, rules, seed=seed, bots=[_LookingBot(CARD, rules, seed=seed * 4 + s) for s in range(4)])
        assert [b.seed for b in make_bots(CARD, rules, seed)] == [seed * 4 + s for s in range(4)]
        assert inline.moves == asked.moves and inline.log == asked.log


class _SlowTurnBot(mj.rules.Bot):
    """A Bot whose ``wins`` is its own (the same method), so its turn is decided step by step, never by
    ``Bot._turn_look``'s one look."""

    def wins(self, counts, exposures=()):
        return super().wins(counts, exposures)


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
def test_a_turn_decided_in_one_look_makes_the_games_its_steps_make(card, rules, engine, monkeypatch):
    """Bot.discard_move decides most turns in one look of the engine (the rack's position, whether it wins,
    its discard: ``Bot._turn_look``); bots that decide them step by step (``wins``, then ``choose_discard``)
    play the same games, with either engine, and the one look decides most turns and some wins."""
    from mjlearn.engine import loops
    from mjlearn.rules import bots

    monkeypatch.setattr(loops, "engine", engine)
    looked = _answers_of(monkeypatch, bots.Bot, "_turn_look")
    for seed in range(6):
        fast = run_game(card, rules, seed=seed)
        slow = run_game(card, rules, seed=seed, bots=[_SlowTurnBot(card, rules, seed=seed * 4 + s) for s in range(4)])
        assert fast.moves == slow.moves and fast.log == slow.log and fast.result == slow.result
    decided = [found for found in looked if found is not None]
    assert len(decided) > 0.6 * len(looked) and any(found is bots._WINS for found in decided)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
def test_a_turn_not_one_tile_away_is_decided_in_the_same_look(rules, engine, monkeypatch):
    """Bot._turn_look also decides the turns its compiled step cannot take from the last rack: a joker drawn (a
    step with no row: the sums stay, ``_joker_step``) in the engine's one call, and a seat's first turn, a turn
    after a call or an exchange, or a rack seen before from the rack's position and the ranking; the games are
    those of bots that decide every turn step by step (``wins``, then ``choose_discard``), and the joker steps
    give the position a fresh look gives."""
    from mjlearn.engine import BotEngine, Position, loops
    from mjlearn.rules import bots

    monkeypatch.setattr(loops, "engine", engine)
    looked, joker_steps = [], []
    original, original_turn = bots.Bot._turn_look, BotEngine.turn_discards

    def counted(bot, counts, exposures, game, seat, visible):
        fresh = bot._last_position is None or bot._last_position.counts is counts or (
            (counts, bot._key_of(exposures)) in bot._positions)
        found = original(bot, counts, exposures, game, seat, visible)
        looked.append((found, fresh))
        return found

    def turn(engine_, near, step, counts, available, count):
        found = original_turn(engine_, near, step, counts, available, count)
        if step == (-1, 0):
            joker_steps.append((Position(near.view, counts), found[0]))
        return found

    monkeypatch.setattr(bots.Bot, "_turn_look", counted)
    monkeypatch.setattr(BotEngine, "turn_discards", turn)
    for seed in range(8):
        fast = run_game(CARD, rules, seed=seed)
        slow = run_game(CARD, rules, seed=seed, bots=[_SlowTurnBot(CARD, rules, seed=seed * 4 + s) for s in range(4)])
        assert fast.moves == slow.moves and fast.log == slow.log and fast.result == slow.result
    assert looked and all(found is not None for found, _ in looked)  # (every hand allowed in these games)
    assert any(fresh for _, fresh in looked) and len(joker_steps) >= 5
    for plain, stepped in joker_steps:
        assert plain.best == stepped.best and plain.sums.tolist() == stepped.sums.tolist()
        assert plain.distance.tolist() == stepped.distance.tolist()


class _DecidingBot(mj.rules.Bot):
    """A Bot whose ``call_decision`` is its own (the same method), so each call its glance cannot let go is
    weighed through the hook, never by ``Bot._plain_call``."""

    def call_decision(self, game, seat, counts, exposures, tile):
        return super().call_decision(game, seat, counts, exposures, tile)


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_call_weighed_from_the_glance_makes_the_games_the_hook_makes(card, rules, monkeypatch):
    """Bot.answer_call weighs a call its glance cannot let go from the position the glance found
    (``Bot._plain_call``); bots whose ``call_decision`` is their own, or set on the bot itself, are asked
    through the hook and play the same games; the glance's weighing decides calls, wins and passes."""
    from mjlearn.rules import bots
    from mjlearn.rules.bots import make_bots

    answers = _answers_of(monkeypatch, bots.Bot, "_plain_call")
    for seed in range(6):
        fast = run_game(card, rules, seed=seed)
        hooked = run_game(card, rules, seed=seed, bots=[_DecidingBot(card, rules, seed=seed * 4 + s) for s in range(4)])
        assert fast.moves == hooked.moves and fast.log == hooked.log and fast.result == hooked.result
    assert len(answers) > 100 and any(found is None for found in answers)
    assert any(found is not None and found[0] == "call" for found in answers)
    asked = []
    own = make_bots(CARD, rules, 3)
    for bot in own:  # (an instance attribute: the hook is asked, not _plain_call)
        bot.call_decision = lambda *args, decide=bot.call_decision: asked.append(args) or decide(*args)
    answers.clear()
    assert run_game(CARD, rules, seed=3, bots=own).moves == run_game(CARD, rules, seed=3).moves
    assert asked and len(answers) == len(asked)  # (the plain bots' game counted its answers once)


class _SeeingBot(mj.rules.Bot):
    """A Bot whose choose_call is its own (the same method), so call_decision hands it the visible tiles."""

    def choose_call(self, counts, exposures, visible, tile):
        return super().choose_call(counts, exposures, visible, tile)


def _racks_and_exposures_of_games(card, rules, seeds) -> list[tuple[tuple, tuple]]:
    """Every seat's rack counts and exposures after every move of seeded games (exposed ones first)."""
    seen = []

    def note(game):
        for seat in range(4):
            seen.append((game.racks[seat].counts, tuple(game.exposures[seat])))

    for seed in seeds:
        run_game(card, rules, seed=seed, on_move=note)
    return sorted(set(seen), key=lambda state: -len(state[1]))


def _plain_choose_call(bot, counts, exposures, visible, tile):
    """Bot.choose_call as it was written before it weighed from the tiles available: the tiles seen less the
    discard, and available_counts of them with each option's exposures."""
    from mjlearn.engine import available_counts, call_options, exposure_key

    first = bot.read_call(counts, exposures, tile, groups=False)
    if first[0] != "weigh":
        return first[1]
    _, counts, position, _ = first
    t = int(tile)
    d0, sizes = bot.engine.nearest_groups(position, available_counts(visible, exposures), t)
    if not sizes:
        return None
    seen = list(visible)
    if seen[t] > 0:
        seen[t] -= 1
    best = None
    for size, use_jokers, rest, new in call_options(counts, exposures, t, sizes):
        d1 = bot.engine.best_after(rest, exposure_key(new), available_counts(seen, new))
        if d1 < d0 and (best is None or (d1, use_jokers) < best[0]):
            best = ((d1, use_jokers), size, use_jokers)
    return None if best is None else ("call", best[1], best[2])


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_call_weighed_from_the_tiles_available_reads_what_the_tiles_seen_give(rules, monkeypatch):
    """Bot.choose_call weighs each option from the tiles available before the call (the discard back, the new
    exposure's tiles out): the same tiles available for every option as the tiles seen less the discard give,
    for racks and exposures of seeded games with made-up tiles seen (few jokers or none, the discard seen or not)."""
    from mjlearn.engine import BotEngine

    card = mj.load_card("practice_harbor")
    asked = []
    original = BotEngine.best_after
    monkeypatch.setattr(BotEngine, "best_after", lambda engine, counts, key, available:
                        asked.append((list(counts), key, None if available is None else list(available)))
                        or original(engine, counts, key, available))
    rng = random.Random(5)
    bot = mj.rules.Bot(card, rules)
    states = _racks_and_exposures_of_games(card, rules, range(3))
    weighed = 0
    for counts, exposures in states[:150]:
        for tile in range(35):
            if not counts[tile] and not counts[35]:
                continue
            held = [c + sum(e.tile == k and e.size - e.jokers for e in exposures) for k, c in enumerate(counts)]
            held[35] += sum(e.jokers for e in exposures)
            visible = [rng.randint(0, COPIES[k] - held[k]) for k in range(36)]
            del asked[:]
            found = bot.choose_call(counts, exposures, visible, Tile(tile))
            fast = list(asked)
            del asked[:]
            assert found == _plain_choose_call(bot, counts, exposures, visible, Tile(tile))
            assert fast == asked
            weighed += bool(fast)
    assert weighed > 50


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
def test_a_call_weighed_from_the_game_s_tiles_available_is_the_one_weighed_from_the_visible_tiles(card, rules, engine,
                                                                                                 monkeypatch):
    """Bot.call_decision weighs a call from the game's tiles available (Game._available) and the tiles the call
    would leave; choose_call from the visible tiles: the same answer at every call weighed in seeded games, and
    bots that must read the visible tiles play the same games, with either engine."""
    from mjlearn.engine import loops
    from mjlearn.rules import bots

    monkeypatch.setattr(loops, "engine", engine)

    answers = []
    original = bots.Bot.call_decision

    def both(bot, game, seat, counts, exposures, tile):
        found = original(bot, game, seat, counts, exposures, tile)
        answers.append((found, bot.choose_call(counts, exposures, game.visible(seat), tile)))
        return found

    monkeypatch.setattr(bots.Bot, "call_decision", both)
    for seed in range(6):
        run_game(card, rules, seed=seed)
    assert len(answers) > 100 and all(found == expected for found, expected in answers)
    assert sum(found is not None and found[0] == "call" for found, _ in answers) > 3
    monkeypatch.setattr(bots.Bot, "call_decision", original)
    for seed in range(6):
        fast = run_game(card, rules, seed=seed)
        slow = run_game(card, rules, seed=seed, bots=[_SeeingBot(card, rules, seed=seed * 4 + s) for s in range(4)])
        assert fast.moves == slow.moves and fast.log == slow.log


def _plain_rows(compiled, key):
    """An exposure set's rows the plain way: every reading of the exposures (wild ones too), each reading's
    allowed hands, their tiles less the exposed ones, then sorted into card order."""
    from mjlearn.engine.compiled import _allowed_mask, exposed_counts

    hands, rests = [], []
    for reading in compiled.wild_readings([Exposure(Tile(tile), size) for tile, size in key]):
        index = _allowed_mask(compiled, reading).nonzero()[0]
        hands.append(index)
        rests.append(compiled.total[index].astype(np.int16) - exposed_counts(reading))
    hand = np.concatenate(hands) if hands else np.zeros(0, dtype=np.int64)
    order = np.argsort(hand, kind="stable")
    rest = np.concatenate(rests) if rests else np.zeros((0, 35), dtype=np.int16)
    return hand[order], rest[order]


def _keys_met(card, rules, games: int = 6) -> list:
    """The exposure sets the bots met in a few seeded games (views and rows), and some wild ones under MAHJ-X."""
    from mjlearn.engine import engine_for
    from mjlearn.engine.card_engine import VIEWS
    from mjlearn.engine.compiled import EXPOSED_ROWS

    for seed in range(games):
        run_game(card, rules, seed=seed)
    compiled = engine_for(card, rules).compiled
    keys = set(VIEWS.keys(compiled)) | set(EXPOSED_ROWS.keys(compiled))
    if rules is MAHJX:
        keys |= {((35, 3),), ((35, 4),), ((4, 3), (35, 3)), ((35, 3), (35, 4))}
    return sorted(keys)


@pytest.mark.parametrize("card", ["basic1", "practice_harbor"])
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=["NMJL", "MAHJ-X"])
def test_exposed_rows_and_views_built_the_quick_way_are_those_built_the_plain_way(card, rules):
    """The rows of a set of exposures without wild ones (straight from its key and the card's int16 arrays) and
    a view's arrays (its thermometer rows partly taken from the card's, its tiles with groups as a bitmask, its
    needs) are those the plain computations give, for every exposure set a few games meet."""
    from mjlearn.engine import engine_for
    from mjlearn.engine.compiled import ExposedRows, thermometer_rows
    from mjlearn.engine.views import View

    card = mj.load_card(card)
    compiled = engine_for(card, rules).compiled
    keys = _keys_met(card, rules)
    assert len(keys) > 20
    for key in keys:
        rows = ExposedRows(compiled, key)
        hand, rest = _plain_rows(compiled, key)
        assert rows.hand.tolist() == hand.tolist() and rows.rest.dtype == np.int16, key
        assert (rows.rest == rest).all() and (rows.small == compiled.small[hand]).all(), key
        assert rows.small.dtype == np.int16 and (rows.small_size == compiled.small_size[hand]).all(), key
        first = [i for i in range(len(hand)) if i == 0 or hand[i] != hand[i - 1]]
        assert rows.hand_starts.tolist() == first and rows.hands.tolist() == hand[first].tolist(), key
        view = View(compiled, key)
        n = view.n
        codes = np.zeros((145, 2 * n), dtype=np.int16)
        codes[:144, :n] = thermometer_rows(np.ascontiguousarray(rows.rest.T))
        codes[:144, n:] = thermometer_rows(np.ascontiguousarray(rows.small.T))
        assert view.codes.dtype == np.int16 and (view.codes == codes).all(), key
        assert sorted(view.groups) == [t for t in range(35) if view.group_tiles >> t & 1], key
        held = view.rest_t > 0
        kinds, hands = np.nonzero(held)
        ptr, needs_hands, needs_rest, needs_small = view.needs
        assert ptr.tolist() == [0] + np.cumsum(held.sum(axis=1)).tolist(), key
        assert needs_hands.tolist() == hands.tolist() and needs_rest.tolist() == view.rest_t[kinds, hands].tolist()
        assert needs_small.tolist() == view.small_t[kinds, hands].tolist(), key
        assert all(a.flags.c_contiguous and a.dtype == np.int64 for a in view.needs), key  # (numba's one signature)


def test_a_card_s_count_rows_are_built_in_bytes_and_count_what_the_plain_minimum_counts():
    """_count_rows works in bytes (a whole card's rows in int64 were megabytes to allocate the first time): the
    same numbers as the plain minimum of each row's count and each hand's tiles (none below 0)."""
    from mjlearn.engine.compiled import _COUNT_OF_ROW, _KIND_OF_ROW, _count_rows

    compiled = mj.load_card("practice_harbor").compiled()
    for key in ((), ((4, 3),), ((35, 3),)):
        rows = compiled.exposed_rows(key)
        built = _count_rows(rows.rest, rows.small)
        both = np.maximum(np.concatenate([rows.rest, rows.small], axis=0).T, 0)
        plain = np.minimum(_COUNT_OF_ROW[:, None], both[_KIND_OF_ROW])
        assert built.dtype == np.uint8 and built.flags.c_contiguous and (built == plain).all()


_SIGNATURES = """
import sys
import mjlearn as mj
from mjlearn.engine import loops
from mjlearn.rules import MAHJX, NMJL, run_game
compiled = loops.compiled_loops()
if compiled is None:
    print("no numba")
    sys.exit()
from numba.core.registry import CPUDispatcher
for card in ("basic1", "practice_harbor"):
    for seed in range(3):
        run_game(mj.load_card(card), {"NMJL": NMJL, "MAHJ-X": MAHJX}[sys.argv[1]], seed=seed)
for name, f in sorted(vars(compiled).items()):
    if isinstance(f, CPUDispatcher) and f.signatures:
        print(name, len(f.signatures), "'A'" in str(f.signatures[0]))
"""


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_the_compiled_loops_of_bot_games_are_compiled_once_for_one_set_of_argument_types(rules):
    """Every compiled loop that Bot games call (in a fresh process) is called with one set of argument types,
    arrays C-contiguous throughout: a second would be compiled or loaded in the middle of a game, and an array
    numba must read with strides runs a slower loop."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", _SIGNATURES, rules], capture_output=True, text=True, check=True,
                         cwd=str(root), env=dict(os.environ, PYTHONPATH=str(root))).stdout.split("\n")
    if out[0] == "no numba":
        pytest.skip("numba is not installed")
    used = {line.split()[0]: line.split()[1:] for line in out if line}
    assert {"best_discards", "live_update", "nearest_groups", "position_from_counts"} <= set(used)
    assert all(found == ["1", "False"] for found in used.values()), used


def _bench_games():
    from script_support import load_script

    return load_script("benchmarks/bench_games.py")


@pytest.mark.parametrize("rules, first", [(NMJL, 12), (MAHJX, 8)], ids=["NMJL", "MAHJ-X"])
def test_the_benchmark_s_turns_of_play_are_those_the_games_record(rules, first):
    """``bench_games.turn_shares`` counts the turns of play and the plain ones (a draw, a discard, passes; no
    call, exchange, Mah Jongg or death) that the same games' records show, and its quiet turns are plain ones.
    (The last game of each ruleset has a hand die at a discard that every seat lets go.)"""
    games = 3
    shares = _bench_games().turn_shares(CARD, rules, games=games, seed=first)
    turns = plain = 0
    for seed in range(first, first + games):
        game = run_game(CARD, rules, seed=seed)
        names = [name for name, _ in game.moves if name not in ("pass_tiles", "vote")]
        starts = [i for i, name in enumerate(names) if name == "draw"] + [len(names)]
        dying = {event.step for event in game.log if event.action == "hand is dead"}
        for a, b in zip(starts, starts[1:]):
            turn = names[a:b]
            turns += 1
            number = sum(name == "draw" for name in names[:a + 1]) + sum(name == "call" for name in names[:a])
            plain += len(turn) >= 2 and turn[1] == "discard" and set(turn[2:]) <= {"pass_call"} \
                and f"turn {number}" not in dying
    assert shares["turns"] * games == pytest.approx(turns)
    assert shares["plain"] * games == pytest.approx(plain)
    assert 0 < shares["quiet"] <= shares["plain"] < shares["turns"]
    assert 0 < shares["quiet_time"] <= shares["plain_time"] < 1 and 0 <= shares["weighed_time"] < shares["plain_time"]
    assert sum(length * runs for length, runs in shares["stretches"].items()) == pytest.approx(shares["quiet"] * games)


def test_the_benchmark_s_turns_mode_prints_the_bounds_per_card_and_ruleset(capsys):
    """``bench_games.py --turns`` prints a line per card and ruleset of ``--against`` with the two speed-ups."""
    module = _bench_games()
    module.main(["--turns", "--games", "1"])
    lines = [line for line in capsys.readouterr().out.splitlines() if "turns of play" in line]
    assert [line.split()[:2] for line in lines] == [[card, rules] for card in module.AGAINST_CARDS
                                                    for rules in ("NMJL", "MAHJ-X")]
    assert all("with the quiet turns free" in line and "with the plain turns free but their weighing" in line
               for line in lines)


@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_turn_with_no_joker_to_take_skips_the_exchange_look_and_plays_the_same_games(engine, card, rules,
                                                                                        monkeypatch):
    """Bot.discard_move asks choose_exchange (and reads the tiles seen) only when an exposed joker of a tile it holds
    is on the table: the same games, records and all, as asking it on every turn with an exposure in sight, by
    either engine of the bots. Some of these games make exchanges (so a check that missed a joker would play
    other games)."""
    from mjlearn.engine import loops
    from mjlearn.rules import bots

    monkeypatch.setattr(loops, "engine", engine)
    fast = [run_game(card, rules, seed=seed) for seed in range(8)]
    exchanges = sum(name == "exchange_joker" for game in fast for name, _ in game.moves)
    monkeypatch.setattr(bots, "_exchange_candidate", lambda counts, table: True)
    plain = [run_game(card, rules, seed=seed) for seed in range(8)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]
    assert [repr(g.moves) for g in fast] == [repr(g.moves) for g in plain]
    if rules.joker_exchange:
        assert exchanges, "no exchange in these games: the test would not see a missed joker"


def _in_transit_passes(charleston, step):
    """Charleston._passes as it was before its quick form for passes with nothing blind: the tiles in transit
    round the table until each seat has passed on its blind share, the loop that still moves blind passes
    (Charleston._in_transit: the reference the quick form must match)."""
    from mjlearn.rules.charleston import DIRECTIONS

    given = {s: list(charleston._pending[s][0]) for s in range(4)}
    quota = {s: charleston._pending[s][1] for s in range(4)}
    return charleston._in_transit(given, quota, DIRECTIONS[step.direction])


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_pass_with_nothing_blind_moves_the_tiles_the_transit_loop_moves(rules, monkeypatch):
    """Charleston._passes with no blind share (the bots' passes) gives each seat the tiles passed to it, shuffled
    by the same draws of the same generator as the loop that moves tiles in transit: the same racks, logs and
    generator state after every pass of seeded Charleston played with random passes (blind ones included)."""
    from mjlearn.rules import deal_tiles
    from mjlearn.rules.charleston import Charleston

    def play(quick: bool) -> list:
        if not quick:
            monkeypatch.setattr(Charleston, "_passes", _in_transit_passes)
        states = []
        for seed in range(30):
            chooser = random.Random(seed)
            ch = Charleston(deal_tiles(rules, seed=seed))
            while not ch.done:
                step = ch.step
                for seat in range(4):
                    if step.kind == "vote":
                        ch.vote(seat, chooser.random() < 0.7)
                        continue
                    naturals = [t for t in ch.racks[seat].tiles() if t != Tile.JOKER]
                    blind = chooser.choice([0, 0, 1, 3]) if step.kind == "pass" and step.blind else 0
                    count = 3 - blind if step.kind == "pass" else chooser.randint(0, 3)
                    ch.pass_tiles(seat, chooser.sample(naturals, count), blind)
                states.append((tuple(ch.racks), tuple(ch.log), ch._rng.getstate()))
        monkeypatch.undo()
        return states

    quick = play(True)
    assert quick == play(False)
    assert len(quick) > 150


@pytest.mark.parametrize("engine", ["numpy", None], ids=["numpy", "fastest"])
@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_four_bots_charleston_a_step_at_a_time_plays_the_games_seat_by_seat_plays(engine, card, rules, monkeypatch):
    """run_game plays four Bots' Charleston a step at a time (the four choices, then the four moves at once:
    Game._trusted_charleston_step): the same games, records and all (a negotiated pass recorded without a blind
    count, as Bot.charleston_move makes it), as the seat-by-seat moves, by either engine of the bots; the quick
    steps are taken (votes for and against a second Charleston among them under NMJL)."""
    from mjlearn.engine import loops
    from mjlearn.rules import bots
    from mjlearn.rules.game import Game as GameClass

    monkeypatch.setattr(loops, "engine", engine)
    taken = []
    step = GameClass._trusted_charleston_step

    def counted(game, choices):
        taken.append((game.charleston.step.kind, choices))
        return step(game, choices)

    monkeypatch.setattr(GameClass, "_trusted_charleston_step", counted)
    fast = [run_game(card, rules, seed=seed) for seed in range(12)]
    monkeypatch.setattr(bots, "_bots_charleston", lambda game, players: None)
    plain = [run_game(card, rules, seed=seed) for seed in range(12)]
    assert [g.snapshot() for g in fast] == [g.snapshot() for g in plain]
    assert [repr(g.moves) for g in fast] == [repr(g.moves) for g in plain]
    assert [g.log for g in fast] == [g.log for g in plain]
    kinds = {kind for kind, _ in taken}
    assert kinds == ({"pass", "negotiated", "vote"} if rules.second_charleston == "optional" else {"pass", "negotiated"})
    if rules.second_charleston == "optional":
        votes = {all(choices) for kind, choices in taken if kind == "vote"}
        assert votes == {True, False}, "these games should hold a second Charleston and one voted down"


def test_a_charleston_step_at_once_refuses_what_the_moves_one_by_one_would_refuse(monkeypatch):
    """Game._trusted_charleston_step takes a step only when every seat's move passes at a glance and no seat has
    moved in the step: a joker, a tile not held, too many or too few tiles, a vote that is not a bool, a seat
    that has moved already, or a replaced move leave the game as it was (False); a good step is taken."""
    game = Game(CARD, seed=3)
    before = game.snapshot()
    naturals = [[t for t in game.racks[s].tiles() if t != Tile.JOKER] for s in range(4)]
    good = [tiles[:3] for tiles in naturals]
    held = Hand(game.racks[1])
    missing = next(t for t in Tile if t != Tile.JOKER and not held.count(t))
    for wrong in ([*good[:3], good[3][:2]], [*good[:3], [*good[3][:2], Tile.JOKER]], [good[0], [*good[1][:2], missing],
                  *good[2:]], [*good[:3], good[3] + naturals[3][3:4]], good[:3], [True, False, True, True],
                  [*good[:3], tuple(good[3])]):
        assert game._trusted_charleston_step(wrong) is False
        assert game.snapshot() == before
    saved = game._undo_point()
    game.pass_tiles(0, good[0])
    assert game._trusted_charleston_step(good) is False
    game._rewind(saved)
    monkeypatch.setattr(Game, "pass_tiles", lambda self, *args: None)
    assert game._trusted_charleston_step(good) is False
    monkeypatch.undo()
    assert game.snapshot() == before
    assert game._trusted_charleston_step(good) is True
    assert game.charleston.step.name == "first across" and len(game.moves) == 4


@pytest.mark.parametrize("card", [CARD, mj.load_card("practice_harbor")], ids=lambda c: c.name)
def test_a_swap_s_offer_from_the_compiled_ranking_is_the_one_pass_scores_lists_give(card):
    """BotEngine.offer_kinds (Bot.choose_offer's kinds) reads the compiled ranking's arrays: the same kinds, in
    the same order, as pass_scores' lists and masks give (the nearest lines within the margin, the tiles all of
    them leave unused, the first three), by the compiled loops and by numpy, for racks of 13 and 14 tiles, every
    margin and number of lines."""
    from mjlearn.engine import engine_for

    engine = engine_for(card)
    rng = random.Random(11)
    pool = [kind for kind in range(NUM_KINDS) for _ in range(COPIES[kind])]
    checked = offered = 0
    for _ in range(150):
        counts = [0] * NUM_KINDS
        for kind in rng.sample(pool, rng.choice([13, 14])):
            counts[kind] += 1
        counts = tuple(counts)
        for lines in (1, 2, 3):
            ranked, distances, unused = engine.pass_scores(counts, lines)
            for margin in (0, 1, 2, 4):
                spare = unused[distances <= distances[0] + margin].min(axis=0)
                expected = [k for _, k, copy in ranked if copy < spare[k]][:3]
                assert engine.offer_kinds(counts, lines, margin) == expected
                with bots_engine("numpy"):
                    assert engine.offer_kinds(counts, lines, margin) == expected
                checked += 1
                offered += len(expected)
    assert checked == 1800 and 0 < offered < 3 * checked  # (offers of every size among them)


def _answers_of(monkeypatch, owner, name: str) -> list:
    """What ``owner.name`` answers from now on (a list that grows as it is called), the method still doing its work."""
    answers = []
    original = getattr(owner, name)

    def counted(bot, *args):
        found = original(bot, *args)
        answers.append(found)
        return found

    monkeypatch.setattr(owner, name, counted)
    return answers


@pytest.mark.parametrize("card", ["basic1", "practice_harbor"])
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=["NMJL", "MAHJX"])
def test_run_game_s_inline_choice_of_move_plays_the_games_bot_act_plays(card, rules):
    """run_game reads Bot.act's choice of move inline (answer_call, the draw, discard_move) for a Bot itself: the
    same games, log and all, as players whose act is a subclass's that only calls Bot.act (asked, with the checks
    on), and every such move goes through the methods the inline choice names (a player with its own act is
    asked)."""
    from mjlearn.rules import Bot

    card = mj.load_card(card)
    acted = []

    class Acting(Bot):
        def act(self, game, seat):
            acted.append(game.phase)
            super().act(game, seat)

    for seed in range(6):
        fast = run_game(card, rules, seed=seed)
        plain = run_game(card, rules, seed=seed, bots=[Acting(card, rules, seed=seed * 4 + s) for s in range(4)])
        assert repr(fast.moves) == repr(plain.moves) and fast.log == plain.log and fast.result == plain.result
    assert {"calls", "draw", "discard"} <= set(acted)
    bots = [Bot(card, rules, seed=s) for s in range(4)]
    asked = []
    bots[2].act = lambda game, seat, act=bots[2].act: (asked.append((seat, game.phase)), act(game, seat))
    run_game(card, rules, seed=1, bots=bots)
    assert {seat for seat, _ in asked} == {2} and {"calls", "draw", "discard"} <= {phase for _, phase in asked}


def test_the_log_s_labels_and_one_tile_lines_are_those_made_afresh():
    """Game._label reads "turn N" from a table made once (any turn count outside it made afresh), and a draw's or
    a discard's log line holds a one-tile tuple made once per tile: the same values as made each time."""
    from mjlearn.rules.game import _ONE_TILE

    assert [t for (t,) in _ONE_TILE] == list(Tile) and all(type(t) is Tile for (t,) in _ONE_TILE)
    game = run_game(CARD, NMJL, seed=4)
    lines = [e for e in game.log if e.action in ("draws", "discards")]
    assert len(lines) > 40 and all(e.tiles == (e.tiles[0],) and type(e.tiles[0]) is Tile for e in lines)
    assert [e.step for e in lines] == [f"turn {int(e.step.split()[1])}" for e in lines]
    for turns in (0, 7, 999, 1000, 123_456, -3):
        game.turns = turns
        assert game._label() == f"turn {turns}"


@pytest.mark.parametrize("dead", [(), (3,), (2,), (2, 3)])
def test_a_quick_pass_resolves_the_discard_when_pass_call_does_with_dead_seats_skipped(dead):
    """Game._trusted_pass reads _maybe_resolve inline: the discard is resolved (the turn passes on) as soon as every
    live seat after the discarder has answered, dead seats skipped, and not before: as pass_call does it."""
    games = []
    for quick in (True, False):
        game = Game(CARD, seed=5)
        game.skip_charleston()
        for seat in dead:
            game._make_dead(seat, "a test")
        game.discard(0, next(t for t in game.racks[0].tiles() if t != Tile.JOKER))
        steps = []
        for seat in (s for s in (1, 2, 3) if s not in dead):
            game._trusted_pass(seat) if quick else game.pass_call(seat)
            steps.append((game.phase, game.turn, game.waiting_for()))
        games.append((steps, game.snapshot()))
    assert games[0] == games[1]
    assert games[0][0][-1][:2] == ("draw", 1) and all(phase == "calls" for phase, _, _ in games[0][0][:-1])
