"""GameTable: a whole game played through the widget's public methods, as the browser would."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.rules import Bot, Game
from mjlearn.widgets.game_table import GameTable
from mjlearn.widgets.table_coach import LINES_SHOWN
from mjlearn.widgets.table_view import event_text, nearest_strip


def _student_move(table: GameTable, coach: Bot) -> bool:
    """One move for the student's seat, chosen by a bot but made with the widget's methods."""
    game, seat = table.game, table.seat
    phase = game.phase
    counts = game.racks[seat].counts
    if phase == "charleston":
        step = game.charleston.step
        if step.kind == "vote":
            return table.vote(coach.wants_second_charleston(counts))
        tiles = coach.choose_offer(counts) if step.kind == "negotiated" else coach.choose_pass(counts, 3)
        for tile in tiles:
            index = next(i for i, t in enumerate(table.rack) if t == tile and i not in table.selected)
            assert table.toggle_at(index)
        return table.pass_selected()
    if phase == "calls":
        return table.pass_call()
    if phase == "draw":
        return table.draw()
    exposures = tuple(game.exposures[seat])
    if coach.wins(counts, exposures):
        return table.declare_mahjongg()
    tile = coach.choose_discard(counts, exposures, game.visible(seat))
    assert table.toggle_at(table.rack.index(tile))
    return table.discard()


@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_a_whole_game_is_played_through_the_widget(ruleset):
    table = GameTable("basic1", ruleset=ruleset, seat=2, seed=11, pace="step")
    coach = Bot(table.card, table.ruleset, seed=5)
    for _ in range(2000):
        if table.game.phase == "over":
            break
        if table.pending:
            assert table.next_move()
            continue
        assert table.view["yours"], table.game.status()
        assert _student_move(table, coach), table.message
        # the rack shown is the rack the game holds, whatever order the student keeps
        assert sorted(table.rack) == sorted(table.game.racks[2].tiles())
    assert table.game.phase == "over"
    assert table.view["result"]["lines"][0] == str(table.game.result).splitlines()[0]
    assert table.view["buttons"] == [] and not table.pending


def test_the_view_never_shows_another_players_hidden_tiles():
    table = GameTable("basic1", seat=0, seed=4, pace="step")
    coach = Bot(table.card, table.ruleset, seed=1)
    for _ in range(300):
        if table.game.phase == "over":
            break
        if table.pending:
            table.next_move()
        else:
            _student_move(table, coach)
        text = json.dumps(table.view["log"])
        for event in table.game.log:
            if event.seat not in (None, 0) and event.action in ("draws", "receives", "passes"):
                shown = event_text(event, 0)
                assert shown is None or not any(t.notation in shown.split() for t in event.tiles)
        assert "receives" not in text
        for seat_view in table.view["seats"][1:]:
            assert set(seat_view) >= {"tiles", "exposures"} and "rack" not in seat_view


def test_a_refused_move_changes_nothing_and_says_why():
    table = GameTable("basic1", seed=3)
    before = (table.game.snapshot(), list(table.rack), table.view)
    assert table.draw() is False
    assert table.message_kind == "error" and "charleston" in table.message.lower()
    assert table.discard("J") is False
    assert table.pass_tiles(["1B", "1B", "1B"]) is False
    assert table.toggle_at(99) is False and "Index" in table.message
    assert table.move_tile("a", 0) is False
    assert (table.game.snapshot(), list(table.rack), table.view) == before


def test_the_student_arranges_the_rack_and_the_order_survives_moves():
    table = GameTable("basic1", seed=3)
    first = table.rack[0]
    assert table.move_tile(0, 13)
    assert table.rack[13] == first
    moved = list(table.rack)
    picks = [i for i, t in enumerate(table.rack) if t != mj.Tile.JOKER][:3]
    for i in picks:
        table.toggle_at(i)
    passed = [table.rack[i] for i in picks]
    assert table.pass_selected()
    kept = [t for t in moved]
    for tile in passed:
        kept.remove(tile)
    assert table.rack[: len(kept)] == kept  # the tiles kept stay in place; the new ones come last
    assert table.sort_rack() and table.rack == sorted(table.rack, key=lambda t: mj.tiles.FORMAT_ORDER.index(t))


def test_a_table_starts_from_a_position_and_a_saved_game_replays(tmp_path):
    position = {"racks": {0: "FF 222B 444B 666B 88B J"}, "exposures": {1: ["NNN"]},
                "discards": [(3, "5D")], "turn": 0, "phase": "discard"}
    table = GameTable("basic1", seat=0, seed=2, position=position, pace="step")
    assert table.view["can_discard"] and table.view["seats"][1]["exposures"][0]["text"] == "NNN"
    assert table.toggle_at(table.rack.index(mj.Tile.JOKER)) and table.discard()
    table.play_on()
    path = tmp_path / "game.json"
    assert table.save(path)
    again = Game.load(path)
    assert again.snapshot().racks == table.game.snapshot().racks
    assert again.to_dict() == table.game.to_dict() and again.log == table.game.log


def test_clicks_from_the_browser_reach_the_methods_and_bad_ones_are_refused():
    table = GameTable("basic1", seed=3)
    table._on_click(table, {"action": "toggle_at", "args": {"index": 0}}, [])
    assert table.selected == [0]
    table._on_click(table, {"action": "toggle_at", "args": {"place": 0}}, [])
    assert table.message_kind == "error"
    table._on_click(table, {"action": "__init__", "args": {}}, [])  # not an action: ignored
    table._on_click(table, ["not", "a", "dict"], [])
    assert table.selected == [0]


def test_the_review_sets_each_discard_beside_the_coachs():
    table = GameTable("basic1", seat=1, seed=8, pace="instant")
    coach = Bot(table.card, table.ruleset, seed=2)
    while table.game.phase != "over" and len([d for d in table.decisions if d.kind == "discard"]) < 4:
        assert _student_move(table, coach), table.message
    discards = [d for d in table.decisions if d.kind == "discard"]
    passes = [d for d in table.decisions if d.kind == "pass"]
    assert len(discards) == 4 and len(passes) >= 3
    assert all(len(d.rack) + sum(e.size for e in d.exposures) == 14 for d in discards)
    table_of_review = table.review()
    assert len(table_of_review) == 4
    assert list(table_of_review.you) == [d.chosen[0].notation for d in discards]
    for row in table_of_review.to_dict("records"):
        assert 0 <= row["your chance"] <= 1 and 0 <= row["coach's chance"] <= 1
        assert row["verdict"] in ("as the coach", "fine", "costly")
        assert (row["verdict"] == "as the coach") == (row["you"] == row["coach"])
        # the coach's pick is at least as good by the coach's own measure, the expected points
        assert row["coach's points"] >= row["your points"] - 1e-12


def test_the_coach_opens_on_request_and_warns_of_a_hot_tile():
    position = {"racks": {0: "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D"}, "exposures": {1: ["222B", "44B J"]},
                "turn": 0, "phase": "discard"}
    table = GameTable("basic1", seat=0, seed=3, position=position, pace="step")
    assert table.coach == {} and table.warning == ""          # closed until asked for
    assert table.show_coach(True)
    advice = table.coach["advice"]
    assert len(advice) == 3 and all(row["reason"] for row in advice)
    lines = table.coach["lines"]  # the live lines most likely first, then at most one dead line nearer than them
    chances = [row["p_win"] for row in lines if not row["dead"]]
    assert 0 < len(chances) <= LINES_SHOWN and all(0 <= p <= 1 for p in chances)
    assert chances == sorted(chances, reverse=True) and chances[0] > chances[-1]
    assert all(row["dead"] for row in lines[len(chances):]) and len(lines) <= len(chances) + 1
    table.toggle_at(table.rack.index(mj.Tile.B8))
    assert "hot tile" in table.warning and "South" in table.warning   # 8 Bam could give South 2468 #1
    table.toggle_at(table.rack.index(mj.Tile.NORTH))
    assert table.warning == ""
    assert table.show_coach(False) and table.coach == {}
    assert table.show_coach("yes") is False
    closed = GameTable("basic1", seed=3, coach=False)
    assert closed.show_coach() is False and "switched off" in closed.message


@pytest.mark.slow  # (a whole game's review; tests/test_review.py reviews part of a game in the quick loop)
def test_the_review_is_shown_in_the_widget_after_the_game():
    table = GameTable("basic1", seat=3, seed=9, pace="instant")
    assert table.show_review() is False and "nothing to review" in table.message
    coach = Bot(table.card, table.ruleset, seed=4)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    assert table.show_review()
    rows = table.review_rows  # every decision (passes, calls, joker exchanges too), the costliest first
    assert sum(row["kind"] == "discard" for row in rows) == sum(d.kind == "discard" for d in table.decisions) > 0
    assert sum(row["kind"] == "pass" for row in rows) == sum(d.kind == "pass" for d in table.decisions)
    assert [row["regret (points)"] for row in rows] == sorted((row["regret (points)"] for row in rows), reverse=True)
    assert all(len(row["rack"]) + sum(map(len, row["exposures"])) == (14 if row["kind"] in ("discard", "exchange")
                                                                        else 13) for row in rows)
    assert table.review_curve.startswith("data:image/png;base64,")
    assert "reviewed" in table.message
    table.new_game()
    assert table.review_rows == [] and table.scorecard.totals() != {}


def test_a_saved_game_is_replayed_move_by_move_in_the_widget(tmp_path):
    table = GameTable("basic1", seat=0, seed=6, pace="instant")
    coach = Bot(table.card, table.ruleset, seed=3)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    path = tmp_path / "finished.json"
    assert table.save(path) and "Saved" in table.message
    replay = GameTable.open_saved(path, seat=2)
    assert replay.replaying and replay.pending and replay.view["buttons"] == []
    assert replay.draw() is False and "replays a recorded game" in replay.message
    steps = 0
    while replay.next_move():
        steps += 1
    assert steps == len(table.game.moves)
    assert replay.game.snapshot().racks == table.game.snapshot().racks
    assert str(replay.game.result) == str(table.game.result)
    assert replay.save(tmp_path / "no" / "such" / "folder.json") is False and replay.message_kind == "error"


@pytest.mark.parametrize("opponents", ["class", "instances"])
def test_the_teacher_chooses_the_computer_players(opponents):
    from mjlearn.rules import CoachBot

    card = mj.load_card("basic1")
    given = CoachBot if opponents == "class" else [CoachBot(card, "NMJL", seed=s) for s in range(3)]
    table = GameTable(card, seat=1, seed=5, opponents=given, pace="instant")
    assert all(isinstance(bot, CoachBot) for bot in table._players.bots.values())
    assert sorted(table._players.bots) == [0, 2, 3]
    coach = Bot(card, table.ruleset, seed=1)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    with pytest.raises(mj.MjlearnError, match="opponents"):
        GameTable(card, opponents=["not a bot"] * 3)


# -- a session: East passes on after each game, the scorecard's columns are the players ----------------------


def _finish(table: GameTable, seed: int = 1) -> None:
    coach = Bot(table.card, table.ruleset, seed=seed)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message


@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_east_passes_to_the_next_player_after_each_game_and_the_scorecard_follows_the_players(ruleset):
    """NMJL and MAHJ-X rule 2.3: after each game the deal passes on to the player on East's right (the
    next in turn). You sit South in the first game: East in the second, North in the third, West in the
    fourth; the computer players keep their places around you, and the scorecard's columns are people."""
    table = GameTable("basic1", ruleset=ruleset, seat=1, seed=8, pace="instant")
    assert table.players == ("Ann", "You", "Bea", "Cy") and table.scorecard.players == table.players
    seen = []
    for game in range(5):
        assert table.seat == [1, 0, 3, 2, 1][game]
        assert table.game.seed == 8 + game
        by_place = {s["where"]: s["player"] for s in table.view["seats"]}
        assert by_place == {"you": "You", "right": "Bea", "across": "Cy", "left": "Ann"}  # the same people around you
        east = next(s["player"] for s in table.view["seats"] if s["name"] == "East")
        assert east == ["Ann", "You", "Bea", "Cy", "Ann"][game]
        _finish(table, seed=game)
        payments = table.game.result.payout.payments
        seen.append({player: payments[(column - game) % 4] for column, player in enumerate(table.players)})
        assert seen[-1]["You"] == payments[table.seat]
        assert table.new_game()
    rows = table.scorecard.to_frame().set_index("what")
    assert list(rows.columns) == ["Ann", "You", "Bea", "Cy"]
    for game, amounts in enumerate(seen):
        assert rows.iloc[game].to_dict() == amounts
    scores = table.view["scores"]
    assert scores["games"] == 5 and scores["players"] == ["Ann", "You", "Bea", "Cy"]
    assert scores["totals"] == [table.scorecard.totals()[p] for p in table.players]
    assert scores["seats"] == ["North", "East", "South", "West"]  # where each sits in the sixth game: You are East


def test_the_computer_players_names_and_bots_follow_them_round_the_table():
    from mjlearn.rules import CoachBot

    card = mj.load_card("basic1")
    bots = [CoachBot(card, "NMJL", seed=s) for s in range(3)]
    table = GameTable(card, seat=2, seed=5, opponents=bots, names=("Rose", "Lil", "Mae"), pace="instant")
    assert table.players == ("Rose", "Lil", "You", "Mae")
    assert [table._players.bots[s] for s in (0, 1, 3)] == bots
    table.new_game()  # Lil is East now; Rose, who was East, sits North
    assert table.seat == 1 and [table._players.bots[s] for s in (3, 0, 2)] == bots
    with pytest.raises(mj.MjlearnError, match="names"):
        GameTable(card, names=("Rose", "Lil"))
    with pytest.raises(mj.MjlearnError, match="names"):
        GameTable(card, names=("Rose", "You", "Mae"))


def test_a_position_is_played_again_from_the_same_seat():
    position = {"racks": {0: "FF 222B 444B 666B 88B J"}, "turn": 0, "phase": "discard"}
    table = GameTable("basic1", seat=0, seed=2, position=position, pace="instant")
    table.new_game()
    assert table.seat == 0 and str(table.game.racks[0]) == "FF 222B 444B 666B 88B J"


def test_a_saved_game_dealt_without_a_seed_replays_in_the_widget(tmp_path):
    from mjlearn.rules import run_game

    game = run_game(mj.load_card("basic1"), "MAHJ-X", seed=None)
    game.save(tmp_path / "seedless.json")
    replay = GameTable.open_saved(tmp_path / "seedless.json", seat=1)
    while replay.next_move():
        pass
    assert replay.game.snapshot() == game.snapshot()
    assert replay.new_game() is False and "replays a recorded game" in replay.message


# -- issue 26: safe moves, auto-pass, one call chooser, nothing unseen, undo in practice ----------------------


WINNING = "FF 222B 444B 666B 888B"  # 2468 #1
NEAR = "FF 222B 444B 666B 88B 3C"  # one short of it


def _position_table(racks, phase="discard", turn=0, **more):
    position = {"racks": racks, "turn": turn, "phase": phase, **more}
    return GameTable("basic1", seat=0, seed=2, position=position, pace="step")


def test_mahjongg_is_offered_only_when_the_tiles_win_and_a_false_one_waits_for_a_confirmation():
    winning = _position_table({0: WINNING})
    assert winning.view["mahjongg"] and "declare_mahjongg" in [b["kind"] for b in winning.view["buttons"]]
    assert winning.declare_mahjongg() and winning.game.result.winner == 0 and winning.confirming == {}

    table = _position_table({0: NEAR})
    assert not table.view["mahjongg"] and "declare_mahjongg" not in [b["kind"] for b in table.view["buttons"]]
    before = table.game.snapshot()
    assert table.declare_mahjongg() is False  # asked anyway (typed, a key, a method): nothing happens yet
    assert table.game.snapshot() == before and 0 not in table.game.dead
    assert "wins no line" in table.message and "dead" in table.message
    ask = table.confirming
    assert ask["action"] == "declare_mahjongg" and ask["args"] == {"confirm": True} and "dead" in ask["reason"]
    assert table.cancel_confirm() and table.confirming == {} and table.game.snapshot() == before
    assert table.cancel_confirm() is False  # nothing is waiting any more
    assert table.declare_mahjongg() is False
    table._on_click(table, {"action": ask["action"], "args": ask["args"]}, [])  # the dialog's "yes"
    assert 0 in table.game.dead and table.confirming == {}
    assert [s["kind"] for s in table.stickies] == ["dead"] and "false Mah Jongg" in table.stickies[0]["text"]


def test_a_call_for_mahjongg_is_offered_only_when_the_discard_wins():
    winning = _position_table({0: "FF 222B 444B 666B 88B", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                              phase="calls", turn=3, discards=[(3, "8B")])
    call = winning.view["call"]
    assert call["mahjongg"] and call["tile"] == int(mj.Tile.B8) and call["from"] == "North"
    assert "call_mahjongg" in [b["kind"] for b in winning.view["buttons"]]
    assert winning.call_mahjongg() and winning.game.result.winner == 0

    table = _position_table({0: "FF 222B 444B 666B 88B", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                            phase="calls", turn=3, discards=[(3, "5D")])
    assert not table.view["call"]["mahjongg"] and "call_mahjongg" not in [b["kind"] for b in table.view["buttons"]]
    before = table.game.snapshot()
    assert table.call_mahjongg() is False and table.game.snapshot() == before
    assert table.confirming["action"] == "call_mahjongg" and "5 Dot" in table.confirming["question"]
    assert table.call_mahjongg(confirm=True) and 0 in table.game.dead


def test_a_call_no_live_line_can_use_waits_for_a_confirmation():
    # no line of basic1 has a pung of North beside a pung of 8 Bam
    table = _position_table({0: "FF 222B 44B NN 3C", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                            phase="calls", turn=3, discards=[(3, "N")], exposures={0: ["888B"]})
    assert table.view["call"]["choices"] == []
    before = table.game.snapshot()
    assert table.call(3) is False and table.game.snapshot() == before
    assert table.confirming["args"] == {"size": 3, "jokers": 0, "confirm": True} and "dead" in table.message
    assert table.call(np.int64(3)) is False and table.game.snapshot() == before  # a numpy number asks too
    assert table.call(True) is False and "confirm" not in table.message  # the rules refuse a bool outright
    assert table.call(3, confirm=True) and [str(e) for e in table.game.exposures[0]] == ["888B", "NNN"]
    assert table.call(3) is False and table.confirming == {}  # no discard to call any more: the rules' refusal


def _is_usable(game, seat, size, jokers) -> bool:
    """The public analysis' verdict on a call, made on a replayed copy: some line is still live once it is exposed."""
    copy = Game.replay(game.card, game.ruleset, game.seed, game.moves, position=game.position, deal=game.deal)
    copy.call(seat, size, jokers=jokers)
    while copy.phase == "calls":
        copy.pass_call(copy.waiting_for()[0])
    if copy.phase != "discard" or copy.turn != seat:
        return True  # another seat took it first (Mah Jongg beats a call): nothing to judge
    exposures = [str(e) for e in copy.exposures[seat]]
    live = copy.card.closest(copy.racks[seat], n=None, exposures=exposures, visible=copy.visible(seat),
                             dead="drop", ruleset=copy.ruleset)
    return len(live) > 0


@pytest.mark.parametrize("seed", [pytest.param(3, marks=pytest.mark.slow), 8])  # (seed 8: the quick one, 0.5 s)
def test_the_call_chooser_offers_exactly_the_calls_a_live_line_can_use(seed):
    table = GameTable("basic1", seat=1, seed=seed, pace="instant", auto_pass=False)
    coach = Bot(table.card, table.ruleset, seed=seed)
    checked = offered = 0
    while table.game.phase != "over":
        game = table.game
        if game.phase == "calls":
            tile, rack = game.last_discard[1], game.racks[1]
            expected = []
            for size in (3, 4, 5, 6):
                naturals = min(rack.count(tile), size - 1)
                if size - 1 - naturals <= rack.jokers and _is_usable(game, 1, size, size - 1 - naturals):
                    expected.append((size, size - 1 - naturals))
            shown = [(c["size"], c["jokers"]) for c in table.view["call"]["choices"]]
            assert shown == expected, (game.status(), str(rack))
            checked += 1
            offered += bool(shown)
        assert _student_move(table, coach), table.message
    assert checked > 20 and offered >= 1


def _finish_counting(table: GameTable, coach: Bot) -> int:
    """Play the game out with the widget's methods; returns how many times the student let a discard go."""
    passes = 0
    while table.game.phase != "over":
        passes += table.game.phase == "calls"
        assert _student_move(table, coach), table.message
    return passes


def test_auto_pass_lets_the_unusable_discards_go_and_the_game_is_the_same():
    off = GameTable("basic1", seat=2, seed=11, pace="instant", auto_pass=False)
    on = GameTable("basic1", seat=2, seed=11, pace="instant")
    assert on.auto_pass and not off.auto_pass
    by_hand_off = _finish_counting(off, Bot(off.card, off.ruleset, seed=5))
    by_hand_on = _finish_counting(on, Bot(on.card, on.ruleset, seed=5))
    assert on.game.moves == off.game.moves and on.game.result == off.game.result
    assert on.auto_passes > 0 and by_hand_on + on.auto_passes == by_hand_off and off.auto_passes == 0
    notes = [line for line in on.view["log"] if line.startswith("Auto-pass")]
    assert len(notes) == on.auto_passes and notes[0].endswith(" go") and "you let" in notes[0]


def test_auto_pass_waits_for_a_discard_you_can_use_and_switches_off():
    table = GameTable("basic1", seat=0, seed=4, pace="step")
    coach = Bot(table.card, table.ruleset, seed=1)
    seen = 0
    while table.game.phase != "over" and seen < 40:
        if table.pending:
            assert table.next_move()
            continue
        if table.game.phase == "calls":  # only a discard some live line can use, or that wins, is left to you
            assert table.view["call"]["choices"] or table.view["call"]["mahjongg"]
            seen += 1
        assert _student_move(table, coach), table.message
    assert table.auto_passes > 0
    assert table.set_auto_pass(False) and not table.auto_pass and "off" in table.message
    assert table.set_auto_pass("no") is False and table.message_kind == "error"


def test_a_practice_table_takes_a_move_back_and_a_scored_one_does_not():
    table = GameTable("basic1", seat=0, seed=6, pace="instant")
    assert table.practice and not table.scored
    assert table.undo() is False and "not moved yet" in table.message
    coach = Bot(table.card, table.ruleset, seed=2)
    while table.game.phase != "discard":
        assert _student_move(table, coach), table.message
    before, rack, view = table.game.snapshot(), list(table.rack), table.view
    throw = table.rack[-1]
    assert table.discard(throw) and table.view["can_undo"]
    after = table.game.snapshot()
    assert after != before
    assert table.undo() and "Took back" in table.message
    assert table.game.snapshot() == before and table.rack == rack and table.view["rack"] == view["rack"]
    assert table.discard(throw) and table.game.snapshot() == after  # the same move: the same game (bots' choices too)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    assert table.undo() is False and "scorecard" in table.message

    scored = GameTable("basic1", ruleset="MAHJ-X", seat=0, seed=6, pace="instant")  # a MAHJ-X session is scored
    assert scored.scored and not scored.practice
    _student_move(scored, coach)
    assert scored.undo() is False and "scored" in scored.message and not scored.view["can_undo"]
    assert scored.set_practice(True) is False and not scored.practice
    scored.practice = True  # whoever sets the trait: a scored game has no practice mode
    assert not scored.practice
    assert GameTable("basic1", seed=1, scored=True).practice is False
    with pytest.raises(mj.MjlearnError, match="scored game has no practice"):
        GameTable("basic1", seed=1, scored=True, practice=True)
    with pytest.raises(mj.MjlearnError, match="auto_pass"):
        GameTable("basic1", seed=1, auto_pass="yes")
    off = GameTable("basic1", seed=1, practice=False)
    off.pass_tiles([t for t in off.rack if t != mj.Tile.JOKER][:3])
    assert off.undo() is False and "Practice mode is off" in off.message
    assert off.set_practice(True) and off.undo()


class _Caller:
    """A computer player that calls every discard it holds two of for a pung, and offers one tile in a courtesy
    swap; otherwise the Bot."""

    def __init__(self, card, ruleset, seed=0):
        self.bot = Bot(card, ruleset, seed=seed)

    def act(self, game, seat):
        rack = game.racks[seat]
        if game.phase == "calls" and rack.count(game.last_discard[1]) + rack.jokers >= 2:
            game.call(seat, 3, jokers=max(0, 2 - rack.count(game.last_discard[1])))
        elif game.phase == "charleston" and game.charleston.step.kind == "negotiated":
            game.pass_tiles(seat, [t for t in game.charleston.racks[seat].tiles() if t != mj.Tile.JOKER][:1])
        else:
            self.bot.act(game, seat)


def test_sticky_messages_tell_a_lost_call_a_joker_taken_and_stay_until_dismissed():
    lost = GameTable("basic1", seat=3, seed=2, pace="step", opponents=_Caller, position={
        "racks": {3: "11D 333D 555D 77D 99D N", 2: "7D J 1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C", 1: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
        "discards": [(1, "7D")], "turn": 1, "phase": "calls"})
    assert [(c["size"], c["jokers"]) for c in lost.view["call"]["choices"]] == [(3, 0)]
    assert lost.call(3)
    assert [str(e) for e in lost.game.exposures[2]] == ["77D J"]
    text = lost.stickies[-1]["text"]
    assert lost.stickies[-1]["kind"] == "lost call" and "7 Dot lost" in text and "Cy (West)" in text
    assert "nearest in turn after South" in text

    taken = GameTable("basic1", seat=0, seed=3, pace="instant", position={
        "racks": {0: "FF 11C 33C 77C 99C", 1: "5C 1B 2B 3B 4B 6B 7B 8B 9B 1D 2D 3D 4D 6D"},
        "exposures": {0: ["55C J"]}, "turn": 1, "phase": "discard"})
    joker = [s for s in taken.stickies if s["kind"] == "joker"]
    assert joker and "took a joker from your exposure 55C J and put a 5 Crak in its place" in joker[0]["text"]
    assert joker[0]["text"].startswith("Ann (South)")
    shown = list(taken.stickies)
    while taken.game.phase != "over" and taken.game.turns < 12:  # the message stays while the game goes on
        _student_move(taken, Bot(taken.card, taken.ruleset, seed=1))
    assert taken.stickies[: len(shown)] == shown
    assert taken.dismiss(joker[0]["id"]) and joker[0] not in taken.stickies
    assert taken.dismiss(joker[0]["id"]) is False and taken.message_kind == "error"


def test_the_charleston_highlights_what_you_received_and_tells_a_blind_pass_and_a_courtesy_cut():
    table = GameTable("basic1", seat=0, seed=7, pace="instant", opponents=_Caller)
    assert table.view["received"] == []
    first = [t for t in table.rack if t != mj.Tile.JOKER][:3]
    assert table.pass_tiles(first)
    got = [e.tiles for e in table.game.charleston.log if e.seat == 0 and e.action == "receives"][-1]
    places = table.view["received"]
    assert sorted(table.rack[i] for i in places) == sorted(got) and len(places) == 3
    assert table.pass_tiles([t for t in table.rack if t != mj.Tile.JOKER][:3])  # across
    own = [t for t in table.rack if t != mj.Tile.JOKER][:1]
    assert table.pass_tiles(own, blind=2)  # first left, two passed on unseen
    blind = [s for s in table.stickies if s["kind"] == "blind"]
    assert len(blind) == 1 and "passed on 2 tiles unseen" in blind[0]["text"]
    kept = [e.tiles for e in table.game.charleston.log if e.seat == 0 and e.action == "receives"][-1]
    assert all(mj.tiles.Tile(t).long_name.removesuffix(" (soap)") in blind[0]["text"] for t in kept)
    assert table.vote(False)
    assert table.pass_tiles([t for t in table.rack if t != mj.Tile.JOKER][:3])  # courtesy: North offers one
    cut = [s for s in table.stickies if s["kind"] == "courtesy"]
    assert len(cut) == 1 and "courtesy pass was cut short" in cut[0]["text"] and "offered only 1 tile" in cut[0]["text"]
    assert table.game.phase == "discard" and len(table.view["received"]) == 1  # the one tile the swap gave you
    assert _student_move(table, Bot(table.card, table.ruleset, seed=1))  # your first move of play
    assert table.view["received"] == []


def test_the_log_keeps_the_whole_game_and_the_banner_says_who_won():
    table = GameTable("basic1", seat=0, seed=21, pace="instant")
    coach = Bot(table.card, table.ruleset, seed=4)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    events = [event_text(e, 0, words=True) for e in table.game.log]
    lines = [line for line in table.view["log"] if not line.startswith("Auto-pass")]
    assert lines == [line for line in events if line] and len(lines) > 100
    assert lines[0].startswith("First right: You pass") and "5B" not in " ".join(lines)  # tiles in words
    result, banner = table.game.result, table.view["banner"]
    assert banner["amount"] == result.payout.payments[0]
    if result.winner is None:
        assert banner == {**banner, "kind": "wall", "title": "Wall game"}
    elif result.winner == 0:
        assert banner["kind"] == "win" and banner["title"] == "You win!"
    else:
        assert banner["kind"] == "loss" and banner["title"] == f"{table.players[result.winner]} ({mj.rules.SEATS[result.winner]}) wins"


def test_the_banner_says_you_win_and_a_wall_game():
    won = _position_table({0: WINNING})
    won.declare_mahjongg()
    assert won.view["banner"]["title"] == "You win!" and won.view["banner"]["amount"] > 0
    assert "self-drawn" in won.view["banner"]["detail"] and "2468 #1" in won.view["banner"]["detail"]
    wall = _position_table({0: "FF 222B 444B 666B 88B"}, phase="draw")
    wall.game.wall = []  # the last tile drawn: East's draw finds none
    assert wall.draw() and wall.game.result.how == "wall"
    assert wall.view["banner"]["kind"] == "wall" and wall.view["banner"]["title"] == "Wall game"


def test_the_strip_shows_the_nearest_live_lines_and_greys_a_dead_one():
    table = _position_table({0: NEAR})
    rows = table.view["nearest"]
    assert rows[0] == {"line": "2468 #1", "distance": 1, "dead": False} and len(rows) <= 3
    live = table.card.closest(NEAR, n=3, visible=table.game.visible(0), dead="drop")
    assert [r["line"] for r in rows] == [f"{c} #{n}" for c, n in zip(live.category, live.line)]
    # one North short of Winds/Dragons #1, whose only hand needs four: the last North and all 8 jokers are thrown
    dead = _position_table({0: "NNN EEEE WWWW SS"}, phase="draw",
                           discards=[(1, "N")] + [(seat, "J") for seat in (1, 2, 3, 1, 2, 3, 1, 2)])
    rows = nearest_strip(dead.game, 0)
    assert rows[-1] == {"line": "Winds/Dragons #1", "distance": 1, "dead": True}
    assert len(rows) == 4 and not any(r["dead"] for r in rows[:-1]) and rows[0]["distance"] > 1
    assert dead.view["nearest"] == rows


def test_the_coach_marks_its_choice_of_call():
    table = _position_table({0: "FF 222B 444B 66B 8B 3C N", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D"},
                            phase="calls", turn=3, discards=[(3, "6B")])
    assert table.coach == {}
    assert table.show_coach(True)
    choice = dict(table.coach["call"])
    assert choice.pop("reason").startswith(("Call it for a pung", "Let it go"))
    assert choice == {"size": 3, "jokers": 0} or choice == {"pass": True}
    assert table.coach["say"] == table.coach["call"]["reason"] and table.coach["phase"] == "call"
    assert choice in [{"size": c["size"], "jokers": c["jokers"]} for c in table.view["call"]["choices"]] + [{"pass": True}]


def test_the_settings_and_the_acknowledgement_of_each_click():
    table = GameTable("basic1", seed=3)
    assert not table.sounds and table.set_sounds(True) and table.sounds
    assert table.set_sounds(1) is False and table.sounds
    ack = table.ack
    table._on_click(table, {"action": "set_sounds", "args": {"on": False}}, [])
    table._on_click(table, {"action": "no_such_thing"}, [])
    assert table.ack == ack + 2 and not table.sounds


def test_the_cell_says_how_to_get_the_table_back_when_the_table_is_gone(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, **kw: shown.append((data, kw)))
    table = GameTable("basic1", seed=3)
    table._ipython_display_()
    (widget, first), (note, second) = shown
    assert "application/vnd.jupyter.widget-view+json" in widget and first["raw"] and second["raw"]
    assert "Run this cell again to bring the table back" in note["text/plain"] and "seed 3" in note["text/plain"]
    assert 'class="mj-reload-note"' in note["text/html"]
    from pathlib import Path

    css = Path(mj.widgets.game_table.__file__).with_name("widgets.css").read_text(encoding="utf-8")
    assert ".mj-reload-note { display: none !important; }" in css  # hidden while the table is shown


@pytest.mark.parametrize("limit", ["Mah Jongg", [], 1.5, None, -1])
def test_play_on_refuses_a_limit_that_is_not_a_count(limit):
    table = GameTable("basic1", seed=3)
    before = len(table.game.moves)
    with pytest.raises(mj.ArgumentError, match="limit must be a whole number"):
        table.play_on(limit)
    assert len(table.game.moves) == before
    assert table.play_on(0) == 0 and len(table.game.moves) == before
