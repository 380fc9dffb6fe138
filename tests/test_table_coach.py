"""The coach at the GameTable: advice for every decision (throws, passes, calls, joker exchanges, the vote,
the courtesy pass), each with a reason; one chance per line; and a panel that answers after every move,
whatever the student does (games played by a random student with the panel open)."""

from __future__ import annotations

import random
import re

import pytest

import mjlearn as mj
from mjlearn.lessons.play import thrown_out
from mjlearn.rules import CoachBot
from mjlearn.widgets import table_coach
from mjlearn.widgets.game_table import GameTable
from mjlearn.widgets.table_coach import coach_panel, exchange_choice
from mjlearn.widgets.table_view import _arguments

PHASES = {"pass", "vote", "courtesy", "draw", "discard", "call", "wait", "dead", "over"}


def _table(racks, phase="discard", turn=0, auto_pass=True, **more) -> GameTable:
    position = {"racks": racks, "turn": turn, "phase": phase, **more}
    table = GameTable("basic1", seat=0, seed=2, position=position, pace="step", auto_pass=auto_pass)
    assert table.show_coach(True)
    return table


def _to_step(table: GameTable, kind: str) -> None:
    """Play the student's Charleston as the coach would until the step of ``kind`` (vote, negotiated)."""
    bot = CoachBot(table.card, table.ruleset, seed=1)
    for _ in range(20):
        step = table.game.charleston.step
        if step.kind == kind:
            return
        counts = table.game.charleston.racks[table.seat].counts
        if step.kind == "vote":
            assert table.vote(False)  # no second Charleston: on to the courtesy pass
            continue
        assert table.pass_tiles(bot.choose_pass(counts, 3)), table.message
    raise AssertionError(f"no {kind} step")


# -- each decision ---------------------------------------------------------------------------------------

def test_the_coach_advises_the_vote_with_the_coach_bots_answer_and_a_reason():
    table = GameTable("basic1", seed=3, pace="instant")
    assert table.show_coach(True)
    assert table.coach["phase"] == "pass" and len(table.coach["pass"]) == 3 and table.coach["say"].startswith("Pass")
    _to_step(table, "vote")
    panel = table.coach
    counts = table.game.charleston.racks[table.seat].counts
    assert panel["phase"] == "vote" and panel["moves"] == len(table.game.moves)
    assert panel["vote"]["second"] == CoachBot(table.card, table.ruleset).wants_second_charleston(counts)
    assert panel["vote"]["reason"].startswith("Vote yes" if panel["vote"]["second"] else "Vote no")
    assert "your nearest line" in panel["vote"]["reason"] and panel["say"] == panel["vote"]["reason"]
    assert panel["lines"]


def test_the_coach_advises_the_courtesy_pass_count_and_tiles():
    table = GameTable("basic1", seed=3, pace="instant")
    assert table.show_coach(True)
    _to_step(table, "vote")
    assert table.vote(False)
    _to_step(table, "negotiated")
    panel = table.coach
    counts = table.game.charleston.racks[table.seat].counts
    offer = [t.notation for t in CoachBot(table.card, table.ruleset).choose_offer(counts)]
    assert panel["phase"] == "courtesy" and panel["offer"]["tiles"] == offer
    assert panel["offer"]["count"] == len(offer) and panel["offer"]["reason"].startswith("Offer")


def test_the_coach_advises_a_joker_exchange_and_says_why():
    # South shows a pung of 6 Bam with a joker; East holds a 6 Bam its lines want and can give it for the joker
    table = _table({0: "FF 222B 444B 6B 8B 3C N E W"}, exposures={1: ["66B J"]})
    bot = CoachBot(table.card, table.ruleset, seed=table.seed)
    game = table.game
    chosen = bot.choose_exchange(game.racks[0].counts, (), game.visible(0),
                                 [list(groups) for groups in game.exposures])
    exchange = table.coach["exchange"]
    assert exchange["take"] == (chosen is not None) and exchange["tile"] == "6B"
    if exchange["take"]:
        assert (exchange["owner"], exchange["group"]) == chosen == (1, 0)
        assert exchange["reason"].startswith("Take the joker from South's")
        assert table.coach["say"].startswith("Take the joker first")
        assert table.exchange_joker(1, 0), table.message  # taken: the coach looks at the throw again
        assert "exchange" not in table.coach and table.coach["advice"] and table.coach["say"].startswith("Throw")
        assert table.coach["moves"] == len(table.game.moves)
    else:
        assert exchange["reason"].startswith("Keep your 6B")
    assert table.coach["advice"] and table.coach["phase"] == "discard"
    # no joker to take: no exchange advice
    assert exchange_choice(_table({0: "FF 222B 444B 6B 8B 3C N E W"}, exposures={1: ["666B"]}).game, 0) == {}


def test_the_coach_advises_every_call_kind_and_lets_go_with_a_reason():
    table = _table({0: "FF 222B 444B 66B 8B 3C N", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                   phase="calls", turn=3, discards=[(3, "6B")])
    call = table.coach["call"]
    assert call["reason"] and table.coach["lines"]
    if "size" in call:
        assert "it brings 2468 #1 to 2 tiles away (from 3)" in call["reason"]
    nothing = _table({0: "FF 222B 444B 66B 8B 3C N", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                     phase="calls", turn=3, discards=[(3, "9D")], auto_pass=False)
    assert nothing.coach["call"]["pass"] and "no line you can still make" in nothing.coach["call"]["reason"]


def test_one_chance_per_line_and_the_horizon_in_words():
    table = _table({0: "FF 222B 444B 666B 8B 3C N"})
    panel = table.coach
    assert panel["horizon"] == f"in the {panel['draws']} draws you can still expect"
    names = [row["line"] for row in panel["lines"]]
    assert len(names) == len(set(names))
    # the throws' reasons name lines, never a chance: the lines' table is the one place a chance is shown
    assert panel["advice"] and not any(re.search(r"\d%", a["reason"]) for a in panel["advice"])
    assert not re.search(r"\d%", panel["say"])


def test_exposures_no_line_can_use_make_the_coach_say_so_and_play_defence():
    # East shows a pung of 2 Bam and calls a kong of 5 Bam anyway: no line of Basic1 holds both
    table = _table({0: "FF 555B 1B 9B 3C 4D 6D", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                   exposures={0: ["222B"]}, phase="calls", turn=3, discards=[(3, "5B")], auto_pass=False)
    assert not table.call(4, 0) and table.confirming
    assert table.call(4, 0, confirm=True), table.message
    panel = table.coach
    assert panel["phase"] == "dead" and panel["lines"] == [] and panel["advice"] == []
    assert panel["say"].startswith("No line can use your exposures: your hand is dead")
    assert "Play defence" in panel["say"] and panel["defence"] in [t.notation for t in table.rack]
    assert table.toggle_at([t.notation for t in table.rack].index(panel["defence"]))  # the hot-tile check runs too
    assert isinstance(table.warning, str)
    assert table.discard(panel["defence"]), table.message
    assert table.coach["phase"] == "dead" and table.coach["say"].startswith("Your hand is dead")
    row = table.review().iloc[-1]  # the review of that throw: no line, no chance, no crash
    assert (row.you, row.verdict, row["coach's chance"]) == (panel["defence"], "no line", 0.0)
    assert table.show_review()


def test_the_panel_says_what_the_table_waits_for_when_it_is_not_your_move():
    table = GameTable("basic1", seed=3, pace="step")
    assert table.show_coach(True)
    assert table.pass_tiles(CoachBot(table.card, table.ruleset).choose_pass(table.game.charleston.racks[0].counts))
    game = table.game
    if 0 not in game.waiting_for():
        assert table.coach["phase"] == "wait" and table.coach["say"].startswith("The coach speaks when it is your move")
        assert table.coach["moves"] == len(game.moves)


def test_a_dead_hand_and_a_finished_game_get_a_sentence():
    game = mj.rules.Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
                                       turn=0, phase="discard", seed=4)
    game.declare_mahjongg(0)  # a false Mah Jongg: the hand is dead
    panel = coach_panel(game, 0)
    assert panel["phase"] == "dead" and panel["say"].startswith("Your hand is dead")


# -- the panel answers after every move, whatever the student does -----------------------------------------

_REFUSED = [
    ("discard", {"tile": "9D"}), ("discard", {}), ("draw", {}), ("call", {"size": 3, "jokers": 0}),
    ("call", {"size": 7, "jokers": 9}), ("pass_call", {}), ("vote", {"second_charleston": True}),
    ("pass_tiles", {"tiles": ["J", "J", "J"]}), ("exchange_joker", {"owner": 3, "group": 5}),
    ("declare_mahjongg", {}), ("call_mahjongg", {}), ("toggle_at", {"index": 40}), ("decline_pick", {}),
    ("undo", {}), ("call_dead", {"target": 0}), ("amend", {"group": 4, "add": ["5B"]}),
]


def _random_move(table: GameTable, rng: random.Random) -> None:
    """One move of a random student: mostly a legal move (a random one), sometimes a move the table may
    refuse; a move that waits for a confirmation is confirmed or cancelled at random."""
    game, seat = table.game, table.seat
    if rng.random() < 0.25 or seat not in game.waiting_for():
        name, arguments = rng.choice(_REFUSED)
        getattr(table, name)(**arguments)
    else:
        move = rng.choice(game.legal_moves(seat))
        if move.kind == "pass_tiles":
            tiles = [t for t in table.rack if t != mj.Tile.JOKER]
            count = rng.randint(0, 3) if game.charleston.step.kind == "negotiated" else 3
            table.pass_tiles(rng.sample(tiles, min(count, len(tiles))))
        elif move.kind == "discard":
            table.discard(move.tile)
        else:
            getattr(table, move.kind)(**_arguments(move))
    if table.confirming:
        if rng.random() < 0.5:
            action = table.confirming
            getattr(table, action["action"])(**action["args"])
        else:
            table.cancel_confirm()


def _check_panel(table: GameTable) -> str:
    """The panel answers the position shown: advice or a sentence for the phase; returns the phase."""
    panel, game = table.coach, table.game
    assert panel["moves"] == len(game.moves), "a stale panel"
    assert panel["phase"] in PHASES and panel["say"], panel
    mine = table.seat in game.waiting_for() and table.seat not in game.dead
    if panel["phase"] == "discard":
        assert mine and game.phase == "discard" and panel["advice"], panel
    if panel["phase"] == "call":
        assert mine and game.phase == "calls" and panel["call"]["reason"], panel
    if panel["phase"] == "wait":
        assert not mine
    if mine and game.phase == "charleston":
        assert panel["phase"] in ("pass", "vote", "courtesy")
    # one chance per line: each line once in the table, and no chance in any sentence beside it
    names = [row["line"] for row in panel["lines"]]
    assert len(names) == len(set(names))
    words = [panel["say"], *(a["reason"] for a in panel["advice"])] + [
        panel[key]["reason"] for key in ("call", "exchange", "vote", "offer") if key in panel]
    if "defence_note" in panel:
        words.append(panel["defence_note"]["say"])
    assert not any(re.search(r"\d%", text) for text in words), words
    return panel["phase"]


def _play_random_games(games: int, first_seed: int = 0, review_every: int = 0) -> dict:
    seen: dict = {}
    for number in range(games):
        seed = first_seed + number
        rng = random.Random(seed)
        table = GameTable("basic1", ruleset="MAHJ-X" if seed % 4 == 3 else "NMJL", seat=seed % 4, seed=seed,
                          pace="instant", auto_pass=seed % 2 == 0)
        assert table.show_coach(True)
        seen[_check_panel(table)] = seen.get(_check_panel(table), 0) + 1
        for _ in range(400):
            if table.game.phase == "over":
                break
            _random_move(table, rng)
            phase = _check_panel(table)
            seen[phase] = seen.get(phase, 0) + 1
            if "exchange" in table.coach:
                seen["exchange"] = seen.get("exchange", 0) + 1
        assert table.game.phase == "over"
        _check_panel(table)
        if review_every and number % review_every == 0:  # the review of the whole game answers too
            table.show_review()
            seen["review"] = seen.get("review", 0) + 1
    return seen


@pytest.fixture
def quick_panel(monkeypatch):
    """The panel's chances without simulation (exact parts and bounds only), so that many games run fast."""
    monkeypatch.setattr(table_coach, "LINE_SAMPLES", 0)
    monkeypatch.setattr(table_coach, "THROW_SAMPLES", 0)


def test_the_panel_answers_after_every_move_of_10_random_games(quick_panel):
    seen = _play_random_games(10)
    assert {"pass", "vote", "courtesy", "discard", "call", "over"} <= set(seen), seen


@pytest.mark.slow
def test_the_panel_answers_after_every_move_of_150_random_games(quick_panel):
    """(1,000 games took almost 4 minutes of the CI's 15, 400 games 100 s; the 150 games of seeds 1100-1249
    still reach every phase, three dead hands, 97 exchange offers and three whole-game reviews, in 35 s.)"""
    seen = _play_random_games(150, first_seed=1100, review_every=50)
    assert {"pass", "vote", "courtesy", "discard", "call", "dead", "over", "exchange", "review"} <= set(seen), seen


# -- the defence note: late in the wall with a hot hand showing ----------------------------------------------

def _late_position(rack="FF NN EE WW SS 8B 9B 1B 3B", discards=60, exposures=("222B", "44B J")):
    """East to discard with 39 tiles left (60 Craks and Dots out), North showing a hot hand (two exposures);
    East's rack is a poor hand this late."""
    return {"racks": {0: rack}, "exposures": {3: list(exposures)}, "turn": 0, "phase": "discard",
            "discards": thrown_out("CD", discards)}


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_the_panel_says_when_the_coach_gives_the_hand_up_and_why(rules):
    from mjlearn.rules.bots import _exposures

    game = mj.rules.Game.from_position(mj.load_card("basic1"), rules, seed=3, **_late_position())
    panel = coach_panel(game, 0)
    note = panel["defence_note"]
    assert note["verdict"] == "give up" and note["holds_back"] and note["hot"] == ["North"] and note["wall_left"] == 39
    assert note["worth"] < note["threshold"] and 0 < note["chance"] < 0.2 and note["draws"] == 9
    thrown = CoachBot(game.card, game.ruleset, seed=1).discard_decision(
        game, 0, game.racks[0].counts, _exposures(game, 0), game.visible(0)).notation
    tiles = note["safe_tiles"]  # the coach's own throw (or a tile as safe), never 8B, which North's hand could use
    assert thrown in tiles and note["safe"] == tiles[0] and "8B" not in tiles
    several = "s" if len(tiles) > 1 else ""
    assert panel["say"].startswith(f"Play safe: throw {' or '.join(tiles)}, the coach's safest tile{several} (it gives")
    # the throws listed are the safe ones (8B, which would build the hand, is not among them)
    assert [a["tile"] for a in panel["advice"]] == tiles[:3]
    assert all(a["reason"] == "as safe as any tile you hold: the least likely to give North Mah Jongg"
               for a in panel["advice"])
    say = note["say"]
    assert say.startswith("The wall is down to 39 tiles and North shows two exposures. The others are throwing"
                          " carefully, and the coach reckons your hand is worth little in ")
    # the worth with its horizon, and no chance: the lines' table above shows each line's, and a figure of the
    # note's own (the coach's quick reckoning of the 14 tiles) differed from them (8.3% beside 6.5%)
    assert re.search(r"worth little in the 9 draws you can still expect: about \d+\.\d points to you", say)
    assert "%" not in say
    against = "less than the 10 points a wall game pays" if rules == "MAHJ-X" else "the coach asks of a hand this late"
    assert against in say
    assert say.endswith("The coach would stop building it, throw safe tiles and call a discard only to win.")


def test_the_panel_says_the_coach_plays_on_where_the_others_feed_hot_hands():
    # four Bots play seed 18 (Bots never hold back); before East's 11th discard the wall is down to 39, West
    # shows two exposures and East's hand is poor: the table read from the game so far does not hold back
    from mjlearn.analysis.defence import HOLDS_BACK
    from mjlearn.rules import Bot, run_game

    card = mj.load_card("basic1")
    game = run_game(card, "NMJL", seed=18, bots=[Bot(card, "NMJL", seed=18 * 4 + i) for i in range(4)])
    at = mj.rules.Game.replay(card, "NMJL", 18, game.moves[:329])
    assert (at.phase, at.turn, at.wall_left) == ("discard", 0, 39)
    note = coach_panel(at, 0)["defence_note"]
    assert note["verdict"] == "play on" and not note["holds_back"] and note["rate"] > HOLDS_BACK
    assert note["hot"] == ["West"] and note["worth"] < note["threshold"]
    say = note["say"]
    assert "the others keep throwing tiles West could use, so holding back would not stop West" in say
    assert say.endswith("the coach keeps building its hand.") and "stop building" not in say
    assert not coach_panel(at, 0)["say"].startswith("Play safe")


def test_the_note_follows_the_coach_s_reading_of_the_table():
    # the same position: with a reading of a table that feeds hot hands, the note says play on, never give up
    import numpy as np

    from mjlearn.tiles import COPIES, Tile

    game = mj.rules.Game.from_position(mj.load_card("basic1"), "MAHJ-X", seed=3, **_late_position())
    bot = CoachBot(game.card, game.ruleset, seed=1)
    reading = bot.table_reading(game, 0)
    each = np.zeros((3, 36))
    each[2, 4] = 0.3  # North (the third seat on) may wait on 5 Bam, and South and West throw it six times
    reading.observe([])
    reading.look(each, np.array(COPIES, dtype=np.int16))
    reading.observe([(1 + i % 2, Tile(4)) for i in range(6)])
    note = coach_panel(game, 0, bot)["defence_note"]
    assert not reading.holds_back() and note["verdict"] == "play on" and not note["holds_back"]
    assert "throwing carefully" not in note["say"] and "stop building" not in note["say"]
    assert "keep throwing tiles North could use" in note["say"]


def test_no_defence_note_early_in_the_wall_or_without_a_hot_hand():
    card = mj.load_card("basic1")
    early = mj.rules.Game.from_position(card, seed=3, **_late_position(discards=30))
    assert early.wall_left > 44 and "defence_note" not in coach_panel(early, 0)
    one = mj.rules.Game.from_position(card, seed=3, **_late_position(exposures=("222B",)))
    assert one.wall_left <= 44 and "defence_note" not in coach_panel(one, 0)  # one exposure: not a hot hand
    assert table_coach.defence_note(one, 0) == {}


def test_the_game_table_s_coach_shows_the_defence_note():
    table = GameTable("basic1", seat=0, seed=3, position=_late_position(), pace="step")
    assert table.show_coach(True)
    note = table.coach["defence_note"]
    assert note["verdict"] == "give up" and note["say"].startswith("The wall is down to 39 tiles")


@pytest.mark.parametrize("rules", ["NMJL", "MAHJ-X"])
def test_at_a_hand_given_up_the_coach_lets_a_callable_discard_go_and_says_why(rules):
    # South throws 6B with 39 tiles in the wall, North showing a hot hand; East, far from every line, could
    # call it for a pung: the coach, giving the hand up, lets it go and says so
    game = mj.rules.Game.from_position(mj.load_card("basic1"), rules, seed=3,
                                       racks={0: "FF 66B 88B NN EE WW 9B", 1: "6B 7D 7D 7D 8D 8D 8D 9D 9D 9D 1B 1B 3B 3B"},
                                       exposures={3: ["222B", "44B J"]},
                                       discards=thrown_out("CD", 60), turn=1, phase="discard")
    game.discard(1, "6B")
    assert any(move.kind == "call" for move in game.legal_moves(0))
    choice = table_coach.call_choice(game, 0, reason=True)
    assert choice["pass"] and choice["reason"] == (
        "Let it go: the coach gives this hand up (the wall is down to 39 tiles, North shows a hot hand, the others"
        " throw carefully and your hand is a long shot), so it makes no exposure now and calls a discard only to win.")
    early = mj.rules.Game.from_position(mj.load_card("basic1"), rules, seed=3, racks={0: "FF 66B 88B NN EE WW 9B"},
                                        exposures={3: ["222B", "44B J"]}, discards=[(1, "6B")], turn=1, phase="calls")
    assert not table_coach.call_choice(early, 0, reason=True)["reason"].startswith("Let it go: the coach gives")
