"""CharlestonTrainer: the widget's Python side (every click is a method; refused moves change nothing)."""

from collections import Counter

import pandas as pd
import pytest

import mjlearn as mj
from mjlearn.analysis.advice import suggest_pass
from mjlearn.rules import MAHJX, NMJL, deal_tiles
from mjlearn.rules.bots import Bot
from mjlearn.tiles import TILE_SET, Tile
from mjlearn.widgets import CharlestonTrainer


@pytest.fixture(scope="module")
def card():
    return mj.load_card("basic1")


def play(ct, vote=True):
    """Play to the end: the suggested tiles at every pass, ``vote`` at the vote."""
    moves = 0
    while not ct.done:
        if ct.step.kind == "vote":
            assert ct.vote(vote), ct.message
        else:
            assert ct.suggest(), ct.message
            assert ct.pass_selected(), ct.message
        moves += 1
        assert moves < 20
    return moves


def play_to(ct, name):
    while ct.step.name != name:
        if ct.step.kind == "vote":
            assert ct.vote(True)
        else:
            assert ct.suggest() and ct.pass_selected(), ct.message


def non_jokers(ct, count):
    return [i for i, code in enumerate(ct.rack_tiles) if code != int(Tile.JOKER)][:count]


def joker_seed(rules=NMJL, seat=0):
    for seed in range(200):
        if deal_tiles(rules, seed).racks[seat].count("J"):
            return seed
    raise AssertionError("no deal with a joker")


def all_tiles(ct):
    tiles = Counter(ct.deal.wall)
    for rack in ct.charleston.racks:
        tiles.update(rack.tiles())
    return tiles


def state(ct):
    return (ct.rack, ct.selected, ct.blind, ct.message, ct.message_kind, ct.step, ct.history.to_dict("records"),
            [str(r) for r in ct.charleston.racks])


# -- whole Charlestons -----------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 3])
def test_a_whole_nmjl_charleston_conserves_every_tile(card, seed):
    ct = CharlestonTrainer(card, seed=seed)
    moves = play(ct, vote=True)
    assert ct.done and ct.step is None and ct.done is True
    assert [len(r) for r in ct.charleston.racks] == [14, 13, 13, 13]
    assert sum(len(r) for r in ct.charleston.racks) + len(ct.deal.wall) == 152
    assert all_tiles(ct) == Counter(TILE_SET)
    assert len(ct.history) == moves == sum(p["status"] == "done" for p in ct.progress)
    assert all(p["status"] in ("done", "skipped") for p in ct.progress)
    assert ct.summary.startswith("Charleston over: your nearest line went from ")
    assert ct.message_kind == "success" and ct.message.startswith(ct.history.iloc[-1]["step"].capitalize())
    assert ct.step_info["kind"] == "done"
    assert not ct.select(ct.rack_tiles[0]) and "over" in ct.message


def test_a_whole_mahjx_charleston_has_two_mandatory_charlestons(card):
    ct = CharlestonTrainer(card, ruleset="MAHJ-X", seed=2)
    assert "vote" not in [p["kind"] for p in ct.progress]
    moves = play(ct)
    assert moves == 7 == len(ct.history)
    assert list(ct.history["step"]) == [s.name for s in ct.charleston.steps]
    assert [len(r) for r in ct.charleston.racks] == [13, 13, 13, 13]
    assert all_tiles(ct) == Counter(TILE_SET)


def test_the_player_can_sit_at_any_seat(card):
    ct = CharlestonTrainer(card, seed=4, seat=2)
    assert ct.rack == deal_tiles(NMJL, 4).racks[2]
    assert ct.step_info["target"] == "to the right (North)"
    assert ct.seat_name == "West" and len(ct.rack_tiles) == 13
    play(ct, vote=False)
    assert [len(r) for r in ct.charleston.racks] == [14, 13, 13, 13]


def test_the_bots_pass_what_their_policy_chooses(card):
    seed = 6
    ct = CharlestonTrainer(card, seed=seed)
    start = [r.counts for r in ct.charleston.racks]
    ct.suggest()
    ct.pass_selected()
    for seat in (1, 2, 3):
        passed = [e.tiles for e in ct.charleston.log if e.seat == seat and e.action == "passes"][0]
        assert list(passed) == Bot(card, NMJL, seed=seed * 4 + seat).choose_pass(start[seat], 3)


def test_the_same_seed_gives_the_same_charleston(card):
    a, b = CharlestonTrainer(card, seed=9), CharlestonTrainer(card, seed=9)
    play(a)
    play(b)
    pd.testing.assert_frame_equal(a.history, b.history)
    assert a.charleston.racks == b.charleston.racks
    c = CharlestonTrainer(card, seed=10)
    play(c)
    assert c.charleston.racks != a.charleston.racks


# -- picking -----------------------------------------------------------------------

def test_a_joker_is_refused_with_the_reason_and_the_selection_kept(card):
    ct = CharlestonTrainer(card, seed=joker_seed())
    ct.toggle_at(non_jokers(ct, 1)[0])
    before = list(ct.selected)
    assert ct.select("J") is False
    assert ct.message.startswith("Jokers are never passed in the Charleston")
    assert ct.message_kind == "error" and ct.selected == before
    assert ct.toggle_at(ct.rack_tiles.index(int(Tile.JOKER))) is False
    assert ct.selected == before
    rack = ct.rack
    assert ct.pass_tiles(["J", ct.rack_tiles[0], ct.rack_tiles[1]]) is False
    assert "Jokers are never passed" in ct.message
    assert ct.rack == rack and ct.step.name == "first right" and ct.history.empty


def test_a_fourth_tile_is_refused(card):
    ct = CharlestonTrainer(card, seed=1)
    four = non_jokers(ct, 4)
    for i in four[:3]:
        assert ct.toggle_at(i)
    assert ct.selected == four[:3]
    assert ct.toggle_at(four[3]) is False
    assert ct.message_kind == "error" and "3 tiles" in ct.message
    assert ct.selected == four[:3]
    assert ct.toggle_at(four[0]) and ct.selected == four[1:3]  # a second click puts it back
    assert ct.select(Tile(ct.rack_tiles[four[3]])) and len(ct.selected) == 3


def test_a_pass_needs_three_tiles(card):
    ct = CharlestonTrainer(card, seed=1)
    for i in non_jokers(ct, 2):
        ct.toggle_at(i)
    rack = ct.rack
    assert ct.pass_selected() is False
    assert "Pick 1 more tile" in ct.message
    assert ct.rack == rack and ct.step.name == "first right" and len(ct.selected) == 2
    assert ct.vote(True) is False and "no vote now" in ct.message
    missing = next(t for t in Tile if t != Tile.JOKER and not ct.rack.count(t))
    assert ct.select(missing) is False and "no " + missing.long_name in ct.message and len(ct.selected) == 2


# -- blind passes -----------------------------------------------------------------

def test_nmjl_refuses_a_blind_first_right_pass(card):
    ct = CharlestonTrainer(card, seed=1)
    assert ct.set_blind(1) is False
    assert "may not be blind under NMJL" in ct.message and ct.blind == 0
    assert ct.step_info["blind_allowed"] is False
    i, j = non_jokers(ct, 2)
    assert ct.pass_tiles([Tile(ct.rack_tiles[i]), Tile(ct.rack_tiles[j])], blind=1) is False
    assert "may not be blind" in ct.message and ct.history.empty


def test_nmjl_blind_pass_on_the_first_left(card):
    ct = CharlestonTrainer(card, seed=1)
    play_to(ct, "first left")
    assert ct.step_info["blind_allowed"] is True
    sizes = [len(r) for r in ct.charleston.racks]
    a, b = non_jokers(ct, 2)
    ct.toggle_at(a)
    ct.toggle_at(b)
    assert ct.set_blind(2) is False and "Put a tile back" in ct.message and ct.blind == 0
    ct.toggle_at(b)
    assert ct.set_blind(2) and ct.blind == 2
    assert ct.toggle_at(b) is False and ct.selected == [a]  # 1 own + 2 blind make the 3
    gave = Tile(ct.rack_tiles[a])
    assert ct.pass_selected(), ct.message
    assert [len(r) for r in ct.charleston.racks] == sizes
    assert ct.last_pass["gave"] == [int(gave)] and ct.last_pass["blind"] == 2
    assert ct.history.iloc[-1]["blind"] == 2 and ct.history.iloc[-1]["passed"] == gave.notation
    assert ct.blind == 0 and ct.selected == []
    assert all_tiles(ct) == Counter(TILE_SET)


def test_three_blind_tiles_pass_none_of_ones_own(card):
    ct = CharlestonTrainer(card, seed=2)
    play_to(ct, "first left")
    rack = ct.rack
    assert ct.set_blind(3) and ct.suggest() and ct.selected == []
    assert ct.pass_selected()
    assert ct.rack == rack  # passed on all three tiles arriving, unseen
    assert ct.last_pass["gave"] == [] and ct.last_pass["received"] == []


# -- MAHJ-X ---------------------------------------------------------------------------

def test_mahjx_allows_blind_passes_left_and_right(card):
    ct = CharlestonTrainer(card, ruleset="MAHJ-X", seed=3)
    assert len(ct.rack) == 13 and ct.rack.count("J") >= 1
    assert ct.step_info["blind_allowed"] is True
    assert ct.set_blind(1), ct.message
    own = non_jokers(ct, 2)
    assert ct.pass_tiles([Tile(ct.rack_tiles[i]) for i in own], blind=1), ct.message
    assert ct.step.name == "first across" and ct.step.kind == "negotiated"
    assert ct.set_blind(1) is False and "never passed blind" in ct.message
    ct.suggest()
    ct.pass_selected()
    assert ct.step.name == "first left" and ct.set_blind(3)


def test_mahjx_negotiated_across_swaps_0_to_3_tiles(card):
    ct = CharlestonTrainer(card, ruleset="MAHJ-X", seed=3)
    ct.suggest()
    ct.pass_selected()
    assert ct.step_info["kind"] == "negotiated" and ct.step_info["min_tiles"] == 0 and ct.step_info["max_tiles"] == 3
    rack = ct.rack
    assert ct.pass_selected(), ct.message  # nothing picked: nothing swapped
    assert ct.rack == rack
    row = ct.history.iloc[-1]
    assert row["passed"] == "" and row["received"] == "" and row["before"] == row["after"]
    assert "You offered 0" in ct.message and "swapped 0 tiles" in ct.message
    assert ct.undo() and ct.step.name == "first across"
    for i in non_jokers(ct, 4)[:3]:
        assert ct.toggle_at(i)
    assert ct.toggle_at(non_jokers(ct, 4)[3]) is False and "at most 3" in ct.message
    partner = Bot(card, MAHJX, seed=3 * 4 + 2).choose_offer(ct.charleston.racks[2].counts)
    assert ct.pass_selected()
    assert len(ct.last_pass["gave"]) == len(ct.last_pass["received"]) == min(3, len(partner))


# -- the vote --------------------------------------------------------------------------

def test_voting_no_skips_the_second_nmjl_charleston(card):
    ct = CharlestonTrainer(card, seed=5)
    play_to(ct, "vote on a second Charleston")
    assert ct.step_info["kind"] == "vote"
    assert ct.select(ct.rack_tiles[0]) is False and "vote" in ct.message
    assert ct.pass_selected() is False
    rack = ct.rack
    assert ct.vote(False)
    assert ct.step.name == "courtesy pass" and ct.rack == rack
    assert "no second Charleston" in ct.message
    status = {p["name"]: p["status"] for p in ct.progress}
    assert status["vote on a second Charleston"] == "done"
    assert [status[n] for n in ("second left", "second across", "second right")] == ["skipped"] * 3
    assert status["courtesy pass"] == "current"
    assert ct.history.iloc[-1]["step"] == "vote on a second Charleston"


def test_voting_yes_goes_on_only_if_every_bot_agrees(card):
    ct = CharlestonTrainer(card, seed=5)
    play_to(ct, "vote on a second Charleston")
    bots = [Bot(card, NMJL, seed=5 * 4 + s).wants_second_charleston(ct.charleston.racks[s].counts) for s in (1, 2, 3)]
    ct.vote(True)
    assert ct.step.name == ("second left" if all(bots) else "courtesy pass")


# -- what the student sees ----------------------------------------------------------

def test_closest_rows_carry_the_distance_before_the_pass(card):
    ct = CharlestonTrainer(card, seed=8, n=6)
    assert all(row["before"] is None for row in ct.closest_rows)
    old = ct.rack
    ct.suggest()
    ct.pass_selected()
    was = card.closest(old, n=None, ruleset="NMJL")
    was = {(r.category, r.line): r.distance for r in was.itertuples()}
    now = ct.closest
    assert len(ct.closest_rows) == len(now) == 6
    for row, line in zip(ct.closest_rows, now.itertuples()):
        assert row["line"] == f"{line.category} #{line.line}"
        assert row["distance"] == line.distance
        assert row["before"] == was[(line.category, line.line)]
    assert ct.history.iloc[-1]["before"] == min(was.values())
    assert ct.history.iloc[-1]["after"] == now["distance"].min()


def test_suggest_selects_the_suggest_pass_tiles(card):
    ct = CharlestonTrainer(card, seed=11)
    assert ct.suggest()
    expected = suggest_pass(card, ct.rack, count=3, ruleset=NMJL)
    assert Counter(ct.picked) == Counter(expected)
    assert ct.suggested == ct.selected and len(ct.selected) == 3
    assert ct.message.startswith("Suggested: ") and "use least" in ct.message
    play_to(ct, "first left")
    ct.set_blind(1)
    ct.suggest()
    assert Counter(ct.picked) == Counter(suggest_pass(card, ct.rack, count=2, ruleset=NMJL))
    assert ct.blind == 1


def test_suggest_in_a_negotiated_step_is_the_bot_offer(card):
    ct = CharlestonTrainer(card, seed=11)
    play_to(ct, "vote on a second Charleston")
    assert ct.suggest() and "vote" in ct.message and ct.selected == []
    ct.vote(False)
    assert ct.step.kind == "negotiated"
    ct.suggest()
    assert ct.picked == Bot(card, NMJL, seed=11 * 4).choose_offer(ct.rack.counts)
    assert ct.message.startswith("Suggested offer")


def test_history_has_one_row_per_completed_step(card):
    ct = CharlestonTrainer(card, seed=12)
    assert ct.history.empty and list(ct.history.columns) == [
        "step", "passed", "blind", "received", "before", "after", "note"]
    for k in range(1, 4):
        ct.suggest()
        ct.pass_selected()
        assert len(ct.history) == len(ct.history_rows) == k
    assert list(ct.history["step"]) == ["first right", "first across", "first left"]
    row = ct.history_rows[0]
    assert len(row["passed"]) == len(row["received"]) == 3
    assert ct.history.iloc[0]["passed"] == str(mj.Hand([Tile(c) for c in row["passed"]]))


def test_undo_restores_the_rack_and_every_seat(card):
    ct = CharlestonTrainer(card, seed=13)
    assert ct.undo() is False and ct.message_kind == "error"
    racks = list(ct.charleston.racks)
    ct.suggest()
    ct.pass_selected()
    assert ct.rack != racks[0] and ct.can_undo
    assert ct.undo()
    assert ct.charleston.racks == racks and ct.step.name == "first right"
    assert ct.history.empty and ct.last_pass == {} and not ct.can_undo
    assert all(row["before"] is None for row in ct.closest_rows)
    # the same pass again gives the same result (the engine's generator is restored too)
    play_to(ct, "vote on a second Charleston")
    after = list(ct.charleston.racks)
    ct.vote(False)
    ct.undo()
    assert ct.step.kind == "vote" and list(ct.charleston.racks) == after


def test_new_deal_and_rules(card):
    ct = CharlestonTrainer(card, seed=20)
    ct.suggest()
    ct.pass_selected()
    assert ct.new_deal() and ct.seed == 21
    assert ct.rack == deal_tiles(NMJL, 21).racks[0] and ct.history.empty and not ct.can_undo
    assert ct.new_deal(7) and ct.seed == 7 and ct.rack == deal_tiles(NMJL, 7).racks[0]
    ct.ruleset_name = "MAHJ-X"  # as the Rules menu does
    assert ct.seed == 7 and ct.rack == deal_tiles(MAHJX, 7).racks[0] and len(ct.rack) == 13
    ct.ruleset_name = "bogus"
    assert ct.ruleset_name == "MAHJ-X" and ct.message_kind == "error"
    assert ct.new_deal(7, ruleset="NMJL") and ct.ruleset_name == "NMJL" and len(ct.rack) == 14


# -- the browser's messages ---------------------------------------------------------

def test_messages_from_the_browser_do_what_the_methods_do(card):
    by_method = CharlestonTrainer(card, seed=joker_seed())
    by_click = CharlestonTrainer(card, seed=joker_seed())

    def click(**content):
        by_click._on_click(by_click, content, [])

    first, second = non_jokers(by_method, 2)
    joker = by_method.rack_tiles.index(int(Tile.JOKER))
    steps = [
        (lambda: by_method.toggle_at(first), dict(action="toggle", index=first)),
        (lambda: by_method.toggle_at(joker), dict(action="toggle", index=joker)),
        (lambda: by_method.set_blind(1), dict(action="blind", count=1)),
        (lambda: by_method.clear_selection(), dict(action="clear")),
        (lambda: by_method.suggest(), dict(action="suggest")),
        (lambda: by_method.pass_selected(), dict(action="pass")),
        (lambda: by_method.undo(), dict(action="undo")),
        (lambda: by_method.select(by_method.rack_tiles[second]),
         dict(action="select", tile=by_click.rack_tiles[second])),
        (lambda: by_method.suggest(), dict(action="suggest")),
        (lambda: by_method.pass_selected(), dict(action="pass")),
        (lambda: by_method.suggest(), dict(action="suggest")),
        (lambda: by_method.pass_selected(), dict(action="pass")),
        (lambda: by_method.suggest(), dict(action="suggest")),
        (lambda: by_method.pass_selected(), dict(action="pass")),
        (lambda: by_method.vote(False), dict(action="vote", yes=False)),
    ]
    for method, content in steps:
        method()
        click(**content)
        assert state(by_click) == state(by_method), content
    assert by_click.step.name == "courtesy pass"
    click(action="new_deal")
    by_method.new_deal()
    assert state(by_click) == state(by_method) and by_click.seed == joker_seed() + 1
    click(action="new_deal", seed=3)
    assert by_click.seed == 3 and by_click.rack == deal_tiles(NMJL, 3).racks[0]


def test_synced_traits_describe_the_step(card):
    ct = CharlestonTrainer(card, seed=1)
    info = ct.step_info
    assert info["name"] == "first right" and info["kind"] == "pass"
    assert info["target"] == "to the right (South)" and info["min_tiles"] == info["max_tiles"] == 3
    assert "mandatory" in info["explain"]
    assert [p["status"] for p in ct.progress][:2] == ["current", "todo"]
    assert len(ct.rack_tiles) == 14 and sorted(ct.rack_tiles) == sorted(int(x) for x in ct.rack.tiles())
    assert set(ct.faces) == {str(i) for i in range(36)}
    assert ct.rulesets == ["NMJL", "MAHJ-X"]
    ct.n = 3
    assert len(ct.closest_rows) == 3


def test_new_deal_and_toggle_at_refuse_wrong_types_and_change_nothing():
    # issue 12: new_deal(seed="N") raised ValueError from int()
    trainer = CharlestonTrainer()
    rack, seed = list(trainer.rack_tiles), trainer.seed
    assert trainer.new_deal(seed="N") is False and trainer.message.startswith("Seed must be")
    assert trainer.new_deal(ruleset=3) is False and "ruleset" in trainer.message
    assert trainer.toggle_at("x") is False and trainer.message.startswith("Index must be")
    assert list(trainer.rack_tiles) == rack and trainer.seed == seed and trainer.selected == []


@pytest.mark.parametrize("ruleset", ["NMJL", "MAHJ-X"])
def test_rows_drawn_from_the_numbers_equal_the_rows_read_from_the_closest_table(ruleset):
    from mjlearn.widgets._common import closest_rows

    harbor = mj.load_card("practice_harbor")
    for seed in range(4):
        ct = CharlestonTrainer(harbor, seed=seed, ruleset=ruleset)
        for _ in range(3):
            table = ct._card.closest(ct.rack, n=None, ruleset=ct.ruleset)
            assert ct.best == int(table["distance"].min())
            expected = closest_rows(harbor, table.head(ct.n))
            shown = [{k: v for k, v in row.items() if k != "before"} for row in ct.closest_rows]
            assert shown == expected
            pd.testing.assert_frame_equal(ct.closest.reset_index(drop=True), table.head(ct.n).reset_index(drop=True))
            ct.pass_tiles([t for t in ct.rack.tiles() if t != Tile.JOKER][:3])
