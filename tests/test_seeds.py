"""``seed=None`` means a fresh random deal everywhere, and the seed drawn is kept so the game can be replayed.

Two fresh seeds are equal once in about two billion (``FRESH_SEEDS``), so "two seedless deals differ"
fails by chance far less often than a cosmic ray flips a bit.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import mjlearn as mj
from mjlearn.rules import Bot, Game, run_game, simulate
from mjlearn.rules.setup import FRESH_SEEDS, fresh_seed, seed_or_fresh
from mjlearn.widgets import CharlestonTrainer, GameTable, HandBuilder

CARD = mj.load_card("basic1")


def test_two_seedless_game_tables_deal_different_games_and_seeded_ones_repeat():
    first, second = GameTable(CARD), GameTable(CARD, seed=None)
    assert first.game.wall != second.game.wall and first.seed != second.seed
    assert 0 <= first.seed < FRESH_SEEDS
    assert GameTable(CARD, seed=first.seed).game.wall == first.game.wall  # the seed shown deals it again
    assert GameTable(CARD, seed=7).game.wall == GameTable(CARD, seed=7).game.wall


def test_new_game_without_a_seed_deals_the_next_seed():
    table = GameTable(CARD, seed=None)
    seed = table.seed
    assert table.new_game() and table.seed == seed + 1
    assert table.game.wall == GameTable(CARD, seed=seed + 1).game.wall


def test_a_seedless_game_deals_a_fresh_game_and_keeps_its_seed():
    first, second = Game(CARD), Game(CARD, seed=None)
    assert first.wall != second.wall
    assert isinstance(first.seed, int) and Game(CARD, seed=first.seed).snapshot() == first.snapshot()
    assert Game(CARD, seed=4).snapshot() == Game(CARD, seed=4).snapshot()


def test_a_seedless_position_fills_the_racks_from_the_seed_it_keeps():
    first = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 88B"})
    again = Game.from_position(CARD, racks={0: "FF 222B 444B 666B 88B"}, seed=first.seed)
    assert again.snapshot() == first.snapshot()
    assert Game.from_position(CARD, racks={0: "FF 222B 444B 666B 88B"}).racks[1:] != first.racks[1:]


def test_a_seedless_game_can_be_saved_and_loaded(tmp_path):
    game = Game(CARD)
    players = [Bot(CARD, seed=seat) for seat in range(4)]
    for _ in range(60):
        seat = game.waiting_for()[0]
        players[seat].act(game, seat)
    game.save(tmp_path / "game.json")
    loaded = Game.load(tmp_path / "game.json")
    assert loaded.seed == game.seed
    # the tables are the same (the recorded moves are compared apart: the loaded game's name their tiles by
    # notation, a known difference that belongs to save/load, not to seeds)
    assert replace(loaded.snapshot(), moves=()) == replace(game.snapshot(), moves=())
    assert len(loaded.moves) == len(game.moves) > 0


def test_run_game_without_a_seed_plays_a_fresh_game_it_can_replay():
    first, second = run_game(CARD, seed=None), run_game(CARD, seed=None)
    assert first.seed != second.seed and first.deal.wall != second.deal.wall
    assert run_game(CARD, seed=first.seed).snapshot() == first.snapshot()


def test_simulate_without_a_seed_reports_the_seed_it_drew():
    report = simulate(CARD, games=2, seed=None, progress=False)
    assert isinstance(report.seed, int) and f"(seed {report.seed})" in report.summary()
    assert simulate(CARD, games=2, seed=report.seed, progress=False).records.equals(report.records)
    assert simulate(CARD, games=2, seed=None, progress=False).seed != report.seed


def test_the_trainer_and_the_hand_builder_start_from_a_fresh_seed_when_given_none():
    first, second = CharlestonTrainer(CARD, seed=None), CharlestonTrainer(CARD, seed=None)
    assert first.seed != second.seed and first.rack_tiles != second.rack_tiles
    assert CharlestonTrainer(CARD, seed=first.seed).rack_tiles == first.rack_tiles
    assert CharlestonTrainer(CARD).seed == 0  # the default stays seed 0, as the lessons use it
    builders = HandBuilder(CARD, seed=None), HandBuilder(CARD, seed=None)
    assert builders[0].seed != builders[1].seed
    assert builders[0].deal() and builders[1].deal() and builders[0].rack != builders[1].rack


def test_a_seed_that_is_not_a_whole_number_is_refused_by_name():
    assert seed_or_fresh(5) == 5 and 0 <= fresh_seed() < FRESH_SEEDS
    for wrong in ("5", 2.5, True):
        with pytest.raises(mj.ArgumentError, match=f"^seed must be a whole number or None .*not {wrong!r}"):
            Game(CARD, seed=wrong)
    with pytest.raises(mj.ArgumentError, match="^seed must be"):
        GameTable(CARD, seed="x")
    with pytest.raises(mj.ArgumentError, match="^seed must be"):
        run_game(CARD, seed=1.0)


def test_a_seedless_deal_keeps_the_seed_it_drew():
    from mjlearn.rules import deal_tiles

    first, second = deal_tiles(), deal_tiles(seed=None)
    assert first.wall != second.wall and isinstance(first.seed, int)
    assert deal_tiles(seed=first.seed).wall == first.wall
