"""Positions a teacher sets up: Game.from_position (issue 13, item 3)."""

import pytest

import mjlearn as mj
from mjlearn.errors import PositionError, RuleError
from mjlearn.rules import MAHJX, NMJL, Game
from mjlearn.rules.simulate import tiles_in_game
from mjlearn.tiles import COPIES

CARD = mj.parse_card('Plain\n"2468"\nFF 222 444 666 888 X25\n')


def lesson(**changes):
    spec = dict(
        racks={0: "FF 222B 444B 666C 88C J"},
        exposures={3: ["88D J"]},
        discards=[(1, "8D"), (2, "N")],
        turn=0,
        phase="discard",
        seed=7,
    )
    spec.update(changes)
    return Game.from_position(CARD, NMJL, **spec)


def test_a_position_is_set_up_as_written():
    game = lesson()
    assert str(game.racks[0]) == "FF 222B 444B 666C 88C J"
    assert [str(group) for group in game.exposures[3]] == ["88D J"]
    assert [(seat, tile.notation) for seat, tile in game.discards] == [(1, "8D"), (2, "N")]
    assert (game.turn, game.phase, game.waiting_for()) == (0, "discard", [0])
    assert [game.tiles_held(seat) for seat in range(4)] == [14, 13, 13, 13]
    assert tiles_in_game(game) == list(COPIES)  # the whole set, nothing more
    game.discard(0, "J")  # and play goes on from there
    assert game.phase == "calls" or game.phase == "draw"


def test_unspecified_seats_and_the_wall_come_from_the_seed():
    one, two, other = lesson(), lesson(), lesson(seed=8)
    assert one.racks == two.racks and one.wall == two.wall
    assert one.racks[1] != other.racks[1] or one.wall != other.wall
    top = lesson(wall=["G", "R"])
    assert [tile.notation for tile in top.wall[:2]] == ["G", "R"]


def test_a_position_waiting_for_calls_on_a_live_discard(tmp_path):
    """phase="calls": the turn's seat has just thrown the last discard; the others call it or let it go."""
    game = lesson(racks={3: "FF 222B 44B 66C J"}, exposures={3: ["666D"]}, discards=[(1, "8D"), (2, "6C")],
                  turn=2, phase="calls")
    assert game.phase == "calls" and game.last_discard == (2, mj.Tile.C6)
    assert game.waiting_for() == [3, 0, 1]
    assert game.status() == "West has discarded 6C; waiting for North, East, South to call it or let it go"
    assert [game.tiles_held(seat) for seat in range(4)] == [13] * 4 and tiles_in_game(game) == list(COPIES)
    assert "West to wait for calls on its discard" in game.log[-1].detail
    game.pass_call(0)
    game.pass_call(1)
    game.call(3, 3)  # North takes the 6C for a pung and must discard
    assert (game.turn, game.phase, [str(g) for g in game.exposures[3]]) == (3, "discard", ["666D", "666C"])
    path = tmp_path / "calls.json"
    game.save(path)
    again = Game.load(path, card=CARD)
    assert again.snapshot() == game.snapshot()


def test_a_live_discard_nobody_can_call_passes_the_turn():
    game = lesson(racks={}, exposures={}, discards=[(0, "8D")], turn=0, phase="calls", dead=[1, 2, 3])
    assert (game.phase, game.turn) == ("draw", 0)  # East, the one live hand, draws again


def test_replay_rebuilds_the_same_table():
    game = lesson()
    game.discard(0, "J")
    again = Game.replay(CARD, NMJL, game.seed, game.moves, position=game.position)
    assert again.racks == game.racks and again.exposures == game.exposures
    assert again.discards == game.discards and again.wall == game.wall and again.log == game.log


@pytest.mark.parametrize(
    "changes, match",
    [
        ({"racks": {0: "FF 2222B 444B 666C 8C J"}, "discards": [(1, "2B")]}, r"racks\[0\]: the set has only 4 2B"),
        ({"racks": {0: "FF 222B 444B 666C 88C J", 1: "JJJJJJJ 1111D 33D"}}, r"racks\[1\]: the set has only 8 J"),
        ({"racks": {0: "FF 222B 444B 666C 88C"}}, r"racks\[0\]: East holds 13 tiles .* East is to discard, so the hand holds 14"),
        ({"racks": {1: "FF 222B"}}, r"racks\[1\]: South holds 5 tiles .* the hand holds 13"),
        ({"exposures": {3: ["JJJ"]}}, r"exposures\[3\]\[0\]: an exposure of jokers only .* MAHJ-X"),
        ({"exposures": {3: ["55D"]}}, r"exposures\[3\]\[0\]: an exposure is a pung"),
        ({"exposures": {3: ["555D 6D"]}}, r"exposures\[3\]\[0\]: an exposure is one group of one tile"),
        ({"racks": {0: "FF 222B 4X"}}, r"racks\[0\]:"),
        ({"turn": 4}, r"turn must be a seat 0-3"),
        ({"phase": "call"}, r"phase must be one of 'draw', 'discard', 'calls'"),
        ({"phase": "calls", "racks": {}, "discards": []}, r"discards: a position waiting for calls needs the live"),
        ({"phase": "calls", "racks": {}, "turn": 1}, r"the live discard was thrown by West, but turn is South"),
        ({"phase": "calls", "racks": {}, "discards": [(0, "J")]}, r"a discarded joker cannot be called"),
        ({"phase": "calls", "turn": 2, "racks": {2: "FF 222B 444B 666C 88C J"}}, r"racks\[2\]: West holds 14 tiles .* West has"
                                                                      r" just discarded, so the hand holds 13"),
        ({"dead": [0]}, r"turn: East's hand is dead"),
        ({"discards": [(1, "5D", 3)]}, r"discards\[0\] must be a \(seat, tile\) pair"),
        ({"discards": [(9, "5D")]}, r"the seat of discards\[0\] must be a seat 0-3"),
        ({"racks": "FF"}, r"racks must be a dict"),
        ({"racks": [None, None]}, r"racks must list 4 seats"),
        ({"wall": ["Q"]}, r"wall\[0\]:"),
    ],
)
def test_impossible_positions_are_refused_with_the_argument_named(changes, match):
    with pytest.raises(PositionError, match=match) as caught:
        lesson(**changes)
    assert isinstance(caught.value, RuleError)


def test_mahjx_allows_wild_exposures():
    game = Game.from_position(CARD, MAHJX, exposures={2: ["JJJ"]}, seed=1)
    assert game.exposures[2][0].is_wild and game.tiles_held(2) == 13
    assert tiles_in_game(game) == list(COPIES)


def test_the_widgets_take_a_rack_or_a_position():
    from mjlearn.widgets import CharlestonTrainer, HandBuilder

    trainer = CharlestonTrainer(CARD, rack="FF 222B 444B 666C 88C J", seed=3)
    assert str(trainer.rack) == "FF 222B 444B 666C 88C J" and trainer.deal.tiles_in_play == 152
    west = CharlestonTrainer(CARD, "MAHJ-X", seat=2, position={2: "FF 222B 444B 666C 88C"}, seed=3)
    assert str(west.rack) == "FF 222B 444B 666C 88C" and west.deal.tiles_in_play == 152
    again = CharlestonTrainer(CARD, "MAHJ-X", seat=2, position={2: "FF 222B 444B 666C 88C"}, seed=3)
    assert again.deal.racks == west.deal.racks  # the other racks come from the seed
    with pytest.raises(PositionError, match=r"racks\[0\]: East holds 5 tiles"):
        CharlestonTrainer(CARD, rack="FF 222B", seed=3)
    with pytest.raises(mj.MjlearnError, match="not both"):
        CharlestonTrainer(CARD, rack="FF 222B", position={1: "FF"})
    assert str(HandBuilder(CARD, rack="FF 222B").hand) == "FF 222B"
    with pytest.raises(mj.MjlearnError, match="not both"):
        HandBuilder(CARD, hand="FF", rack="FF 222B")


@pytest.mark.parametrize("rules, group, size", [(NMJL, "5555C JJJ", 7), (MAHJX, "JJJJJJJJ", 8), (NMJL, "FFFFFFF", 7)])
def test_an_exposure_larger_than_a_sextet_is_refused_naming_the_seat(rules, group, size):
    with pytest.raises(PositionError, match=rf"exposures\[2\]\[0\]: West's exposure {group} holds {size} tiles;"
                                            r" an exposure is a pung, kong, quint or sextet \(3-6 tiles\)"):
        Game.from_position(CARD, rules, exposures={2: [group]}, seed=1)


def test_a_sextet_and_a_wild_sextet_are_exposures():
    assert Game.from_position(CARD, NMJL, exposures={2: ["FFFFFF"]}, seed=1).exposures[2][0].size == 6
    assert Game.from_position(CARD, MAHJX, exposures={2: ["JJJJJJ"]}, seed=1).exposures[2][0].is_wild


def test_a_seat_showing_an_exposure_no_line_allows_is_dead_from_the_start():
    """No line of CARD has winds: North's NNN makes its hand dead (seed 003, "Dead Hands"), as if
    it had been judged at the end of North's last turn, and the log says why."""
    game = lesson(exposures={3: ["NNN"]}, discards=[(1, "5D")])
    assert game.dead == {3} and game.phase == "discard" and game.turn == 0
    deaths = [e for e in game.log if e.action == "hand is dead"]
    assert [(e.seat, e.detail) for e in deaths] == [(3, "no line of the card can use these exposures")]
    game.discard(0, "J")  # play goes on; North is never asked
    assert 3 not in game.waiting_for() and [e.seat for e in game.log if e.action == "hand is dead"] == [3]
    # saved and loaded, the same
    again = Game.replay(CARD, NMJL, game.seed, game.moves, position=game.position)
    assert again.dead == {3} and again.log == game.log


def test_a_seat_whose_exposures_need_tiles_out_of_play_is_judged_as_in_play():
    """North's 888D: every hand it allows needs a pair of flowers, and seven of the eight are on the floor.
    That depends on the floor, not on the exposure: as in play, a player may call the hand dead first
    (a lesson on dead hands does), and otherwise the next discard finds it, each with the right reason."""
    def position():
        return lesson(racks={0: "1B 222B 444B 666C 88C 9D J"}, exposures={3: ["888D"]},
                      discards=[(1 + n % 2, "F") for n in range(7)])

    hopeless = "every hand these exposures allow needs tiles that are out of play"
    called = position()
    assert not called.dead and called.call_dead(1, 3) is True
    assert [e.detail for e in called.log if e.action == "hand is dead"] == [f"called dead by South: {hopeless}"]
    played = position()
    played.discard(0, "1B")
    assert played.dead == {3} and [e.detail for e in played.log if e.action == "hand is dead"] == [hopeless]


def test_the_seat_to_move_cannot_show_exposures_that_leave_its_hand_dead():
    with pytest.raises(PositionError, match=r"exposures\[0\]: no line of the card can use these exposures, so"
                                            r" East's hand is dead and it cannot be East's turn"):
        lesson(racks={0: "FF 222B 444B 666C"}, exposures={0: ["NNN"]})


@pytest.mark.parametrize("wall", ["G R 1B", "GR1B", ["G", "R", "1B"], ("G", mj.Tile.RED, mj.Tile.B1), iter(["G", "R", "1B"])],
                         ids=["notation", "notation-unspaced", "strings", "tiles", "an-iterator"])
def test_the_wall_is_notation_or_a_list_of_tiles(wall):
    game = lesson(wall=wall)
    assert [tile.notation for tile in game.wall[:3]] == ["G", "R", "1B"]
    assert tiles_in_game(game) == list(COPIES)


@pytest.mark.parametrize("wall, match", [
    ("G Q", r"wall: unknown tile 'Q'"),
    (["G", "Q"], r"wall\[1\]: "),
    (5, r"wall must be tiles in the concrete notation \('1B 2B ...'\) or a list of tiles, not 5"),
    (b"G R", r"wall must be tiles in the concrete notation"),
    ("FFFFFFFFF", r"wall: the set has only 8 F"),
])
def test_a_bad_wall_is_refused_naming_it(wall, match):
    with pytest.raises(PositionError, match=match):
        lesson(wall=wall)


def test_racks_and_exposures_take_notation_hands_or_lists_of_tiles():
    tiles = mj.parse_tiles("FF 222B 444B 666C 88C J")
    by_list = lesson(racks={0: tiles}, exposures={3: mj.Hand("88D J")})
    by_text = lesson(racks={0: "FF 222B 444B 666C 88C J"}, exposures={3: ["88D J"]})
    by_tiles = lesson(racks={0: [t.notation for t in tiles]}, exposures={3: [["8D", "8D", mj.Tile.JOKER]]})
    assert by_list.racks == by_text.racks == by_tiles.racks
    assert by_list.exposures == by_text.exposures == by_tiles.exposures
