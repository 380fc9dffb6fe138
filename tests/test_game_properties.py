"""Random games under NMJL and MAHJ-X with random legal and illegal moves from every seat (issue 13).

After every move: the 152-tile set (MAHJ-X's as dealt) is all somewhere; a refused move raised a
RuleError and left the game equal to the snapshot taken before it; someone has a legal move until
the game is over; every game ends. ``MJLEARN_RANDOM_GAMES`` sets how many games (the suite's
default keeps this file well under a minute, and its quick sibling plays 24; ``tools/random_games.py`` plays
10,000).
"""

import os

import pytest

import mjlearn as mj
from mjlearn.rules import Game
from mjlearn.rules.random_play import RandomPlayTally, random_game, random_games

GAMES = int(os.environ.get("MJLEARN_RANDOM_GAMES", "240"))
CARD = mj.load_card("basic1")


@pytest.mark.parametrize("games", [pytest.param(GAMES, marks=pytest.mark.slow, id="all"), pytest.param(24, id="a few")])
def test_random_games_keep_every_promise(games):
    tally = random_games(CARD, games, seed=1000)
    assert tally.problems == []
    assert (tally.stuck, tally.other_errors, tally.unfinished) == (0, 0, 0)
    assert tally.games == games and sum(tally.endings.values()) == games
    assert tally.state_checks == tally.moves_tried == tally.accepted + tally.refused
    assert tally.refused > games and tally.endings["Mah Jongg"] > 0  # both kinds of move were really tried
    assert tally.replays > 0


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_a_move_that_spoils_the_table_would_be_caught(rules, monkeypatch):
    # The checker can fail: a turn move that drops a wall tile is reported.
    real = Game._need_turn

    def spoiled(self, seat, phase):
        if phase == "discard" and self.wall:
            self.wall.pop()
        return real(self, seat, phase)

    monkeypatch.setattr(Game, "_need_turn", spoiled)
    tally = RandomPlayTally()
    random_game(CARD, rules, seed=3, tally=tally, max_moves=400)
    assert any("changed the game" in p or "lost or made tiles" in p for p in tally.problems)


def test_a_game_that_does_not_end_is_reported():
    tally = RandomPlayTally()
    random_game(CARD, "NMJL", seed=4, tally=tally, max_moves=5)
    assert tally.unfinished == 1 and "not over after 5 moves" in tally.problems[0]
