"""GameTable: a whole game played through the widget's public methods, as the browser would."""

from __future__ import annotations

import json

import pytest

import mjlearn as mj
from mjlearn.rules import Bot, Game
from mjlearn.widgets.game_table import GameTable
from mjlearn.widgets.table_coach import LINES_SHOWN
from mjlearn.widgets.table_view import event_text


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


def test_the_review_is_shown_in_the_widget_after_the_game():
    table = GameTable("basic1", seat=3, seed=9, pace="instant")
    assert table.show_review() is False and "nothing to review" in table.message
    coach = Bot(table.card, table.ruleset, seed=4)
    while table.game.phase != "over":
        assert _student_move(table, coach), table.message
    assert table.show_review()
    rows = table.review_rows
    assert len(rows) == sum(d.kind == "discard" for d in table.decisions) > 0
    assert all(len(row["rack"]) + sum(map(len, row["exposures"])) == 14 for row in rows)
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
