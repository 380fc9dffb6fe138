"""Play under NMJL and MAHJ-X: the seeds' rule statements as cases; illegal moves change nothing.

Each case sets the racks and the wall it needs after the deal (the engine does
not re-check the tile count of a rigged table; the bots' tests check
conservation in real games).
"""

import pytest

import mjlearn as mj
from mjlearn.rules import MAHJX, NMJL, ExposedGroup, Game

CARD = mj.parse_card(
    """Test +10
"2468"
FF 222 444 666 888
222 4444 r666 8888 X30
"Winds"
NNNN EEEE WWWW SS
FF NNN EEE WWW SSS C40
"Pairs"
FF 11 22 33 44 55 66 Va C50
"""
)

EAST = "FF 222B 444B 666B 88B N"  # 14: 2468 #1 but for one 8B, and a North to throw
SOUTH = "NNN EEE WWW SS 1C 2C"  # 13
WEST = "8B 8C 9C 1D 2D 3D 4D 5D 6D 7D R G 0"  # 13
NORTH = "FF 11C 22C 33C 44C 55C 6C"  # 13


def game(rules=NMJL, racks=(EAST, SOUTH, WEST, NORTH), wall="1B 2B 3B 4B 5B 6B", seed=1):
    g = Game(CARD, rules, seed)
    g.skip_charleston()
    g.racks = [mj.Hand(r) for r in racks]
    g.wall = list(mj.parse_tiles(wall))
    return g


def state(g):
    return (list(g.racks), [[(e.tile, e.size, e.jokers) for e in ex] for ex in g.exposures], list(g.discards),
            list(g.wall), g.phase, g.turn, set(g.dead), g.result, len(g.log), len(g.moves))


def everyone_passes(g):
    for seat in g.waiting_for():
        g.pass_call(seat)


def test_east_discards_first_under_nmjl_and_draws_first_under_mahjx():
    nmjl, mahjx = Game(CARD, NMJL, 1), Game(CARD, MAHJX, 1)
    nmjl.skip_charleston()
    mahjx.skip_charleston()
    assert (nmjl.phase, nmjl.turn) == ("discard", 0)
    assert (mahjx.phase, mahjx.turn) == ("draw", 0)


def test_turns_go_east_south_west_north():
    g = game()
    g.discard(0, "N")
    everyone_passes(g)
    assert (g.phase, g.turn) == ("draw", 1)
    assert g.draw(1) == mj.Tile.B1
    g.discard(1, "1C")
    everyone_passes(g)
    assert g.turn == 2


def test_calling_a_discard_for_a_pung_with_a_joker():
    g = game(racks=("FF 222B 444B 666B 8B N J", "NNN EEEE WWWW S 1C", WEST, NORTH))
    g.discard(0, "N")
    g.call(1, 4)  # South makes a kong of the North with three of their own (Winds #1 has one)
    g.pass_call(2)
    g.pass_call(3)
    assert [(e.tile, e.size, e.jokers) for e in g.exposures[1]] == [(mj.Tile.NORTH, 4, 0)]
    assert (g.phase, g.turn) == ("discard", 1) and g.last_discard is None
    g.discard(1, "1C")
    everyone_passes(g)
    g.draw(2)
    g.discard(2, "8B")
    g.pass_call(3)
    g.call(0, 3, jokers=1)  # East: the 8B on the rack and a joker
    g.pass_call(1)
    assert [(e.tile, e.size, e.jokers) for e in g.exposures[0]] == [(mj.Tile.B8, 3, 1)]
    assert (g.phase, g.turn) == ("discard", 0)


def test_a_discard_is_called_only_for_a_group_of_three_or_more():
    g = game()
    g.discard(0, "N")
    with pytest.raises(mj.RuleError, match="pung, kong, quint or sextet"):
        g.call(1, 2)
    with pytest.raises(mj.RuleError, match="cannot call their own discard"):
        g.call(0, 3)
    with pytest.raises(mj.RuleError, match="needs 2 N"):
        g.call(2, 3)


def test_a_discarded_joker_cannot_be_called():
    g = game(racks=("FF 222B 444B 666B 8B N J", SOUTH, WEST, NORTH))
    g.discard(0, "J")
    assert (g.phase, g.turn) == ("draw", 1)
    with pytest.raises(mj.RuleError, match="a discarded joker cannot be called"):
        g.call(1, 3)


def test_mahjx_discarding_a_joker_earns_another_pick():
    g = game(MAHJX, racks=("FF 222B 444B 666B 8B J", SOUTH, WEST, NORTH))
    g.draw(0)
    g.discard(0, "J")
    assert (g.phase, g.turn) == ("draw", 0)
    assert g.draw(0) == mj.Tile.B2


def test_mahjongg_beats_an_exposure_and_the_discarder_pays_double():
    g = game(racks=("FF 222B 444B 666B 8C 8B N", "8C 8C NN EEE WWW SS", "FF 222C 444C 666C 88C", NORTH))
    g.discard(0, "8C")
    g.call(1, 3)  # South, the nearest, wants a pung
    g.call_mahjongg(2)  # West wants Mah Jongg: it wins the call
    g.pass_call(3)
    result = g.result
    assert g.phase == "over" and (result.winner, result.how, result.discarder) == (2, "discard", 0)
    payout = result.payout
    assert payout.payments[0] == -2 * payout.score and payout.payments[1] == payout.payments[3] == -payout.score
    assert payout.score == 2 * 25 + 10  # jokerless doubles; the Big Card bonus for a win with no exposures


def test_between_two_exposure_calls_the_next_in_turn_wins():
    g = game(racks=(EAST, "NNN EEEE WWWW S 1C", WEST, "NNN 11C 22C 33C 44C 5C"))
    g.discard(0, "N")
    g.call(3, 4)
    g.call(1, 4)
    g.pass_call(2)
    assert g.turn == 1 and len(g.exposures[1]) == 1 and not g.exposures[3]


def test_a_pung_no_line_can_use_makes_the_hand_dead():
    # NNN: the winds lines want a kong (or are concealed), so no line can use a pung of North
    # It is judged when South's turn ends (the pung could still become a kong): at the discard.
    g = game(racks=(EAST, "NN EEE WWW SS 1C 2C 3C", WEST, NORTH))
    g.discard(0, "N")
    g.call(1, 3)
    g.pass_call(2)
    g.pass_call(3)
    assert 1 not in g.dead and (g.turn, g.phase) == (1, "discard")
    g.discard(1, "1C")
    assert 1 in g.dead and g.phase == "calls" and g.waiting_for() == [2, 3, 0]
    everyone_passes(g)
    assert (g.turn, g.phase) == (2, "draw")


def test_nmjl_a_called_pung_of_north_may_become_a_kong_before_it_is_judged():
    # seed 003: "Once you have exposed, you can edit this exposure (from a pung to a kong) until you discard".
    g = game(racks=(EAST, "NNN EEE WWW SS 1C 2C", WEST, NORTH))
    g.discard(0, "N")
    g.call(1, 3)
    g.pass_call(2)
    g.pass_call(3)
    g.amend(1, 0, add=["N"])
    g.discard(1, "1C")
    assert 1 not in g.dead and g.exposures[1] == [ExposedGroup(mj.Tile.NORTH, 4, 0)]


def test_self_drawn_mahjongg_everyone_pays_double():
    g = game(wall="1C 2C 3C 8B")
    g.discard(0, "N")
    everyone_passes(g)
    for seat in (1, 2, 3):
        g.draw(seat)
        g.discard(seat, g.racks[seat].tiles()[-1])
        everyone_passes(g)
    assert g.draw(0) == mj.Tile.B8
    result = g.declare_mahjongg(0)
    assert (result.winner, result.how) == (0, "self-drawn")
    assert all(p == -2 * result.payout.score for p in result.payout.payments[1:])


def test_joker_exchange_then_mahjongg_counts_as_self_drawn():
    g = game(racks=("FF 222B 444B 666B 88B 8C", "NN EEE WWW SS 1C", WEST, NORTH))
    g.exposures[1].append(ExposedGroup(mj.Tile.C8, 3, 1))  # South shows 88C J
    with pytest.raises(mj.RuleError, match="West has no exposure number 0"):
        g.exchange_joker(0, 2, 0)
    with pytest.raises(mj.RuleError, match="it is East's turn"):
        g.exchange_joker(1, 1, 0)  # only on one's own turn
    g.exchange_joker(0, 1, 0)  # East gives the 8C and takes the joker
    assert g.exposures[1][0].jokers == 0 and g.racks[0].jokers == 1
    result = g.declare_mahjongg(0)  # FF 222B 444B 666B 88B J: the joker finishes 888B
    assert result.how == "joker-exchange"
    assert all(p == -2 * result.payout.score for p in result.payout.payments[1:])
    assert not result.payout.jokerless_double


def test_illegal_moves_leave_the_game_as_it_was():
    g = game()
    before = state(g)
    for move in (lambda: g.draw(0), lambda: g.discard(1, "N"), lambda: g.discard(0, "9D"),
                 lambda: g.exchange_joker(0, 1, 0), lambda: g.pass_call(1), lambda: g.reverse_swap(0, 1, 0),
                 lambda: g.amend(0, 0, add=["F"]), lambda: g.pass_tiles(0, []), lambda: g.discard(5, "N")):
        with pytest.raises(mj.RuleError):
            move()
        assert state(g) == before


def test_false_mahjongg_makes_the_hand_dead_and_play_goes_on():
    g = game()
    g.declare_mahjongg(0)
    assert 0 in g.dead and (g.phase, g.turn) == ("draw", 1)
    assert "false Mah Jongg" in g.log[-1].detail
    g.draw(1)
    g.discard(1, "1C")
    everyone_passes(g)
    assert g.turn == 2
    with pytest.raises(mj.RuleError, match="dead"):
        g.call_mahjongg(0) if g.phase == "calls" else g.draw(0)


def test_exposures_no_line_can_use_make_the_hand_dead():
    g = game(racks=("FF 222B 444B 666B 88B 9D", "9D 9D 9D EEE WWW SS 1C", WEST, NORTH))
    g.discard(0, "9D")
    g.call(1, 4)  # a kong of 9 dots: no line of this card has one
    g.pass_call(2)
    g.pass_call(3)
    g.discard(1, "1C")  # the turn ends: the exposure is judged
    assert 1 in g.dead
    everyone_passes(g)
    assert (g.turn, g.phase) == (2, "draw")


def test_concealed_line_wins_on_a_discard_but_not_with_exposures():
    g = game(racks=("FF 222B 444B 666B 88B 1B", SOUTH, WEST, "FF NNN EEE WWW SS"))
    g.discard(0, "1B")
    everyone_passes(g)
    g.turn, g.phase = 2, "discard"
    g.racks[2] = mj.Hand("8B 8C 9C 1D 2D 3D 4D 5D 6D 7D R G 0 S")
    g.discard(2, "S")
    g.call_mahjongg(3)  # North's concealed FF NNN EEE WWW SSS, the last tile from a discard
    g.pass_call(0)
    g.pass_call(1)
    assert g.result and g.result.winner == 3 and g.result.payout.line.concealed


def test_wall_game_when_the_wall_runs_out():
    g = game(wall="")
    g.discard(0, "N")
    everyone_passes(g)
    assert g.draw(1) is None
    assert g.phase == "over" and g.result.how == "wall" and g.result.winner is None
    with pytest.raises(mj.RuleError, match="the game is over"):
        g.draw(2)


def test_nmjl_refuses_mahjx_moves():
    g = game()
    with pytest.raises(mj.RuleError, match="reverse joker swaps are not allowed under NMJL"):
        g.reverse_swap(0, 1, 0)
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 3, 0))  # an exposure from an earlier turn
    with pytest.raises(mj.RuleError, match="only the exposure just made can be changed"):
        g.amend(0, 0, add=["8B"])


def test_nmjl_a_just_made_exposure_can_grow_until_the_discard():
    g = game(racks=(EAST, "44B J N EEE WWW SS 1C", WEST, NORTH))
    g.discard(0, "4B")
    g.call(1, 3)  # South calls a pung of 4 bams (2468 #1 has one)...
    g.pass_call(2)
    g.pass_call(3)
    g.amend(1, 0, add=["J"])  # ...and makes it a kong before discarding (2468 #2 has one)
    assert (g.exposures[1][0].size, g.exposures[1][0].jokers) == (4, 1) and 1 not in g.dead
    g.discard(1, "1C")
    for seat in g.waiting_for():
        g.pass_call(seat)
    g.turn, g.phase = 1, "discard"  # South's turn again, later
    with pytest.raises(mj.RuleError, match="only the exposure just made"):
        g.amend(1, 0, remove=["J"])


def test_mahjx_reverse_swap_and_amend():
    g = game(MAHJX, racks=("FF 222B 444B 666B J", SOUTH, WEST, NORTH), wall="8B 1C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 3, 1))  # East shows 88B J
    g.draw(0)  # 8B
    g.reverse_swap(0, 0, 0)  # give the rack's joker, take an 8B from the exposure
    assert g.exposures[0][0].jokers == 2 and g.racks[0].jokers == 0 and g.racks[0].count("8B") == 2
    g.amend(0, 0, add=["8B"])  # now a kong of 8B (one natural more)
    assert (g.exposures[0][0].size, g.exposures[0][0].jokers) == (4, 2)
    with pytest.raises(mj.RuleError, match="only to a pung, kong"):
        g.amend(0, 0, remove=["J", "J"])


def test_replay_gives_the_same_game():
    g = Game(CARD, NMJL, 5)
    g.skip_charleston()
    g.discard(0, g.racks[0].tiles()[0])
    everyone_passes(g)
    g.draw(1)
    again = Game.replay(CARD, NMJL, 5, g.moves)
    assert again.log == g.log and again.racks == g.racks
    table = g.log_table()
    assert list(table.columns) == ["step", "seat", "action", "tiles", "detail"]
    assert table.iloc[-1]["action"] == "draws"


def test_a_wrong_tile_count_makes_the_hand_dead():
    g = game(racks=("FF 222B 444B 666B 88B", SOUTH, WEST, NORTH))  # East short of a tile
    g.discard(0, "8B")
    assert 0 in g.dead and "12 tiles" in g.log[-1].detail


def test_mahjx_a_reverse_swap_that_takes_the_last_natural_makes_the_exposure_wild():
    g = game(MAHJX, racks=("FF 222B 444B 666B JJ", SOUTH, WEST, NORTH), wall="1C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 3, 1))  # East shows 88B J
    g.draw(0)
    g.reverse_swap(0, 0, 0)
    g.reverse_swap(0, 0, 0)  # the last 8B comes out: JJJ, wild
    wild = g.exposures[0][0]
    assert wild.is_wild and (wild.size, wild.jokers) == (3, 3)
    with pytest.raises(mj.RuleError, match="wild"):
        g.exchange_joker(0, 0, 0)
    with pytest.raises(mj.RuleError, match="wild"):
        g.reverse_swap(0, 0, 0)
    with pytest.raises(mj.RuleError, match="wild"):
        g.amend(0, 0, add=["J"])


def test_a_hand_whose_exposures_leave_only_dead_lines_is_dead():
    # South has exposed a kong of North: only Winds #1 (NNNN EEEE WWWW SS) can use it.
    # Once three Souths are out of play, its pair of Souths cannot be made: South's hand is dead.
    g = game(racks=("FF 222B 444B 666B 88B S", "EEEE WWWW S 1C", WEST, "FF 11C 22C 33C 44C S S"))
    g.exposures[1].append(ExposedGroup(mj.Tile.NORTH, 4, 0))
    g.discards = [(3, mj.Tile.SOUTH), (2, mj.Tile.SOUTH)]
    assert 1 not in g.dead
    g.discard(0, "S")  # the third South goes out
    assert 1 in g.dead and "out of play" in [e for e in g.log if e.seat == 1][-1].detail


def test_a_game_says_where_it_stands_and_draws_the_table():
    from mjlearn.rules import Game, run_game

    card = mj.load_card("basic1")
    fresh = Game(card, seed=1)
    assert fresh.status() == "The Charleston: first right"
    fresh.skip_charleston()
    assert fresh.status() == "East to discard (or declare Mah Jongg)"
    over = run_game(card, seed=188)
    assert over.status() == "Game over: East has Mah Jongg"
    html = over._repr_html_()
    assert "Game over: East has Mah Jongg" in html and f"{over.wall_left} tiles left in the wall" in html
    tiles_shown = sum(len(r) for r in over.racks) + sum(e.size for seat in over.exposures for e in seat)
    assert html.count("<img") == tiles_shown + len(over.discards)
    assert 'title="exposed"' in html  # East won with an exposure on the table


def test_mahjx_an_earlier_exposure_grows_to_a_quint_at_most():
    g = game(MAHJX, racks=("FF 222B 444B 8B JJ 1C", SOUTH, WEST, NORTH), wall="8B 1C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 4, 1))  # East shows 888B J from an earlier turn
    g.draw(0)
    g.amend(0, 0, add=["J"])  # a quint: rule 5.2 allows it (basic1 has no such line, so the hand dies)
    assert (g.exposures[0][0].size, g.exposures[0][0].jokers) == (5, 2)
    g = game(MAHJX, racks=("FF 222B 444B J 1C", SOUTH, WEST, NORTH), wall="8B 1C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 5, 1))  # 8888B J
    g.draw(0)
    before = state(g)
    with pytest.raises(mj.RuleError, match="pung, kong or quint"):
        g.amend(0, 0, add=["J"])  # a sextet is not among rule 5.2's shapes
    assert state(g) == before


def test_amending_an_exposure_that_is_not_there_says_so():
    g = game()
    with pytest.raises(mj.RuleError, match="East has no exposure number 0"):
        g.amend(0, 0, add=["J"])


# -- issue 13: bugs, each with the case that showed it ----------------------------------------------

def not_stuck(g):
    return g.phase == "over" or any(g.legal_moves(seat) for seat in range(4))


def south_calls_east_4b(rules=NMJL, south="44B J N EEE WWW SS 1C", size=3, jokers=0, east=EAST):
    g = game(rules, racks=(east, south, WEST, NORTH), wall="1C 2C 3C")
    if g.phase == "draw":
        g.draw(0)
    g.discard(0, "4B")
    g.call(1, size, jokers)
    everyone_passes(g)
    return g


def test_amend_cannot_take_the_called_discard_out_of_its_exposure():
    g = south_calls_east_4b(south="44B JJJ EEE WWW S 1C")
    before = state(g)
    with pytest.raises(mj.RuleError, match="called discard stays"):
        g.amend(1, 0, add=["J", "J", "J"], remove=["4B", "4B", "4B"])
    assert state(g) == before
    g.amend(1, 0, add=["J", "J"], remove=["4B", "4B"])  # the two from the rack may go back
    assert g.exposures[1][0] == ExposedGroup(mj.Tile.B4, 3, 2)


def test_mahjx_an_exposure_left_with_jokers_only_by_an_amendment_is_wild():
    g = game(MAHJX, racks=("FF 222B 444B JJ", SOUTH, WEST, NORTH), wall="1C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 3, 1))  # 88B J from an earlier turn
    g.draw(0)
    g.amend(0, 0, add=["J", "J"], remove=["8B", "8B"])
    assert g.exposures[0][0].is_wild and g.exposures[0][0].size == 3  # MAHJ-X rule 4.5


def test_mahjx_exposures_are_judged_at_the_end_of_the_turn_not_after_each_amendment():
    g = game(MAHJX, racks=("FF 222B 444B J", SOUTH, WEST, NORTH), wall="1C 2C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 4, 1))  # 888B J from an earlier turn
    g.draw(0)
    g.amend(0, 0, add=["J"])  # a quint of 8 bams: no line of this card has one...
    assert 0 not in g.dead and not_stuck(g)
    g.amend(0, 0, remove=["J"])  # ...but the turn is not over: back to the kong (rule 5.6)
    g.discard(0, "1C")
    assert 0 not in g.dead
    g = game(MAHJX, racks=("FF 222B 444B J", SOUTH, WEST, NORTH), wall="1C 2C")
    g.exposures[0].append(ExposedGroup(mj.Tile.B8, 4, 1))
    g.draw(0)
    g.amend(0, 0, add=["J"])
    g.discard(0, "1C")  # the turn ends with the quint: now the hand is dead
    assert 0 in g.dead and not_stuck(g)


def test_mahjx_an_exposure_made_this_turn_cannot_become_a_sextet():
    g = south_calls_east_4b(MAHJX, south="444B JJ EEE WWW SS", size=4, jokers=1, east="FF 222B 444B 666B 8B")
    assert g.exposures[1][0].size == 4 and g.turn == 1
    before = state(g)
    with pytest.raises(mj.RuleError, match="pung, kong or quint"):
        g.amend(1, 0, add=["J", "4B"])  # MAHJ-X rule 5.2: not to a sextet
    assert state(g) == before


def test_nmjl_a_joker_exchange_after_a_call_still_lets_the_exposure_be_edited():
    g = game(racks=(EAST, "44B J N EEE WWW SS 1C", WEST, NORTH), wall="1C 2C")
    g.exposures[3].append(ExposedGroup(mj.Tile.C1, 3, 1))  # North shows 11C J
    g.discard(0, "4B")
    g.call(1, 3)
    everyone_passes(g)
    g.exchange_joker(1, 3, 0)  # South's 1C for North's joker
    g.amend(1, 0, add=["J", "J"])  # the exposure just made may still grow (seed 003)
    assert g.exposures[1][0] == ExposedGroup(mj.Tile.B4, 5, 2)


def test_mahjx_no_joker_exchange_in_the_exposures_of_a_dead_hand():
    g = game(MAHJX, racks=("FF 222B 444B 666B 8B 1C", SOUTH, WEST, NORTH), wall="2C")
    g.exposures[3].append(ExposedGroup(mj.Tile.C1, 3, 1))
    g.dead.add(3)
    g.draw(0)
    before = state(g)
    with pytest.raises(mj.RuleError, match="rule 4.4"):
        g.exchange_joker(0, 3, 0)
    assert state(g) == before
    assert not any(m.kind == "exchange_joker" for m in g.legal_moves(0))
    nmjl = game(NMJL, racks=("FF 222B 444B 666B 8B 1C N", SOUTH, WEST, NORTH))
    nmjl.exposures[3].append(ExposedGroup(mj.Tile.C1, 3, 1))
    nmjl.dead.add(3)
    nmjl.exchange_joker(0, 3, 0)  # NMJL has no such rule
    assert nmjl.racks[0].jokers == 1


def test_mahjx_a_hand_that_dies_discarding_a_joker_passes_the_turn_on():
    g = game(MAHJX, racks=("FF 222B 444B J", SOUTH, WEST, NORTH), wall="1C 2C")
    g.exposures[0].append(ExposedGroup(mj.Tile.D9, 4, 0))  # a kong of 9 dots: no line can use it
    g.draw(0)
    g.discard(0, "J")
    assert 0 in g.dead and (g.turn, g.phase) == (1, "draw") and not g.extra_pick
    assert not_stuck(g)


def test_a_false_mahjongg_on_ones_own_turn_passes_the_turn_on():
    g = game()
    g.declare_mahjongg(0)
    assert 0 in g.dead and (g.turn, g.phase) == (1, "draw") and not_stuck(g)


# -- arguments --------------------------------------------------------------------------------------

BAD_MOVES = [
    ("vote", (0, "no"), {}, "second_charleston must be True or False"),
    ("pass_tiles", (0,), {"tiles": "1B 2B", "blind": 2.0}, "blind must be a whole number 0-3"),
    ("pass_tiles", (0, 7), {}, "tiles must be at most 3 tiles"),
    ("pass_tiles", (0, ["1B", None, "2B"]), {}, "each of tiles must be a tile"),
    ("pass_tiles", (True, []), {}, "seat must be a seat 0-3"),
    ("pass_tiles", (0,), {"colour": "red"}, "the arguments must be those of pass_tiles"),
]
BAD_PLAY = [
    ("discard", (0, None), "tile must be a tile"),
    ("discard", (0, [1]), "tile must be a tile"),
    ("discard", ("0", "N"), "seat must be a seat 0-3"),
    ("draw", (4,), "seat must be a seat 0-3"),
    ("exchange_joker", (0, "1", 0), "owner must be a seat 0-3"),
    ("exchange_joker", (0, 1, None), "group must be an exposure number"),
    ("amend", (0, "0"), "group must be an exposure number"),
    ("amend", (0, None, ["J"]), "group must be an exposure number"),
    ("reverse_swap", (0, 1, 0.0), "reverse joker swaps are not allowed"),
    ("call_dead", (0, 7), "target must be a seat 0-3"),
    ("call_dead", (0, None), "target must be a seat 0-3"),
    ("declare_mahjongg", (), "the arguments must be those of declare_mahjongg"),
]
BAD_CALLS = [
    ("call", (1, 3.0), "size must be a whole number 3-6"),
    ("call", (1, 3, True), "jokers must be a whole number 0-2"),
    ("call", (1, 2), r"pung, kong, quint or sextet \(3-6 tiles\)"),
    ("call", (1, "3"), "size must be a whole number 3-6"),
    ("pass_call", (None,), "seat must be a seat 0-3"),
]


@pytest.mark.parametrize("name, args, kwargs, message", BAD_MOVES)
def test_charleston_arguments_are_checked(name, args, kwargs, message):
    g = Game(CARD, NMJL, 2)
    if name == "vote":
        for step in range(3):
            for seat in range(4):
                g.pass_tiles(seat, [t for t in g.racks[seat].tiles() if t != mj.Tile.JOKER][:3])
    before = g.snapshot()
    with pytest.raises(mj.errors.MoveArgumentError, match=message):
        getattr(g, name)(*args, **kwargs)
    assert g.snapshot() == before


@pytest.mark.parametrize("name, args, message", BAD_PLAY + BAD_CALLS)
def test_play_arguments_are_checked(name, args, message):
    g = game()
    if name in ("call", "pass_call"):
        g.discard(0, "N")
    before = g.snapshot()
    with pytest.raises(mj.RuleError, match=message):
        getattr(g, name)(*args)
    assert g.snapshot() == before


# -- the missing rules ------------------------------------------------------------------------------

def test_nmjl_a_wrong_dead_call_is_left_to_the_end_of_the_game():
    g = game()
    g.discard(0, "N")
    assert g.call_dead(1, 2) is False
    assert not g.dead and g.disputes == [(1, 2)] and g.phase == "calls"
    with pytest.raises(mj.RuleError, match="already called"):
        g.call_dead(1, 2)


def test_mahjx_a_wrong_dead_call_kills_the_callers_hand():
    g = game(MAHJX)
    assert g.call_dead(1, 2) is False
    assert g.dead == {1}


def test_a_right_dead_call_kills_the_target_and_the_dead_hand_is_in_the_result():
    g = game()
    g.exposures[3].append(ExposedGroup(mj.Tile.D9, 4, 0))  # no line can use a kong of 9 dots
    assert g.call_dead(1, 3) is True and g.dead == {3}
    with pytest.raises(mj.RuleError, match="judged when the turn ends"):
        g.call_dead(1, 0)  # East's turn is under way
    g.discard(0, "N")
    everyone_passes(g)
    assert g.waiting_for() == [1]
    g.declare_mahjongg(1) if g.phase == "discard" else g.draw(1)
    g.declare_mahjongg(1)  # a false Mah Jongg: South is dead too
    assert g.dead == {1, 3}
    g.wall.clear()
    g.draw(2)  # a wall game; the dead hands are named in the result (they still pay)
    assert g.phase == "over" and g.result.dead == (1, 3)


def test_mahjx_the_pick_after_a_joker_discard_may_be_declined():
    g = game(MAHJX, racks=("FF 222B 444B 666B 8B J", SOUTH, WEST, NORTH), wall="1C 2C")
    with pytest.raises(mj.RuleError, match="may decline a pick"):
        g.decline_pick(0)
    g.draw(0)
    g.discard(0, "J")
    assert (g.turn, g.phase, g.extra_pick) == (0, "draw", True)
    assert {m.kind for m in g.legal_moves(0)} >= {"draw", "decline_pick"}
    g.decline_pick(0)
    assert (g.turn, g.phase, g.extra_pick) == (1, "draw", False)
    assert g.moves[-1] == ("decline_pick", {"seat": 0})


def test_an_answer_to_a_discard_may_be_changed_once_before_it_is_resolved():
    g = game(racks=(EAST, "44B J N EEE WWW SS 1C", WEST, NORTH))
    g.discard(0, "4B")
    g.pass_call(1)
    with pytest.raises(mj.RuleError, match="already given that answer"):
        g.pass_call(1)
    g.call(1, 3)  # South changes their mind while West and North still think
    with pytest.raises(mj.RuleError, match="changed their answer once"):
        g.pass_call(1)
    everyone_passes(g)
    assert g.exposures[1] == [ExposedGroup(mj.Tile.B4, 3, 0)] and (g.turn, g.phase) == (1, "discard")


def test_skip_charleston_is_recorded_and_replayed():
    g = Game(CARD, NMJL, 5)
    g.skip_charleston()
    assert g.moves == [("skip_charleston", {})]
    assert Game.replay(CARD, NMJL, 5, g.moves).snapshot() == g.snapshot()
    assert "Real play never skips" in Game.skip_charleston.__doc__


def test_legal_moves_are_accepted_and_play_makes_them():
    from mjlearn.rules.moves import Move, legal_moves

    g = game(racks=(EAST, "44B J N EEE WWW SS 1C", WEST, NORTH))
    assert {m.kind for m in legal_moves(g, 0)} == {"discard", "declare_mahjongg", "call_dead"}
    assert {m.kind for m in legal_moves(g, 1)} == {"call_dead"}
    g.play(Move("discard", 0, tile=mj.Tile.B4))
    answers = legal_moves(g, 1)
    assert Move("call", 1, size=3) in answers and Move("call", 1, size=4, jokers=1) in answers
    assert Move("call", 1, size=5, jokers=1) not in answers
    with pytest.raises(mj.errors.MoveArgumentError, match="move.kind must be one of"):
        g.play(Move("fly", 1))


def test_every_test_the_rules_doc_cites_exists():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    cited = set(re.findall(r"`(tests/test_\w+\.py)::(\w+)`", (root / "docs" / "rules.md").read_text(encoding="utf-8")))
    assert cited
    for path, name in sorted(cited):
        assert re.search(rf"^def {name}\(", (root / path).read_text(encoding="utf-8"), re.M), (path, name)


@pytest.mark.parametrize("exchange_win, how, discarder_pays", [("self-drawn", "joker-exchange", 2),
                                                               ("as turn began", "discard", 2)])
def test_mahjongg_after_a_call_and_a_joker_exchange_is_paid_as_the_ruleset_says(exchange_win, how, discarder_pays):
    """Seed 002: NMJL is unclear here; mjlearn counts it self-drawn, `Ruleset.exchange_win` can change that."""
    import dataclasses

    rules = dataclasses.replace(NMJL, exchange_win=exchange_win)
    g = game(rules, racks=("FF 222B 444B 666B 8B 1C", "FF 222B 444B 66B 88B 8C", WEST, NORTH), wall="1C 2C")
    g.exposures[3].append(ExposedGroup(mj.Tile.C8, 3, 1))  # North shows 88C J
    g.discard(0, "8B")
    g.call(1, 3)  # South calls East's 8B: 888B exposed
    everyone_passes(g)
    g.exchange_joker(1, 3, 0)  # South's 8C for North's joker: 66B J makes 666B
    result = g.declare_mahjongg(1)
    assert result.how == how
    score = result.payout.score
    if how == "discard":
        assert result.payout.payments == (-discarder_pays * score, (discarder_pays + 2) * score, -score, -score)
    else:
        assert result.payout.payments == (-2 * score, 6 * score, -2 * score, -2 * score)


def test_an_unknown_exchange_win_is_refused():
    import dataclasses

    with pytest.raises(mj.rules.RulesetError, match="exchange_win must be one of 'self-drawn', 'as turn began'"):
        dataclasses.replace(NMJL, exchange_win="discard")


# -- the hot-tile penalty (MAHJ-X tournament scoring) ------------------------------------------------------

HOT = mj.parse_card('Hot\n"2468"\nFF 222 444 666 888 X25\n"Quints"\nFF 11111 222 3333 X40\nFF 1111 222 33333 X40\n')
THROWER = "8B 3B 1C 2C 3C 4C 5C 6C 7C 9C 1D 2D 3D 4D"  # East: 14 tiles, throws the 8B or the 3B


def _hot_win(exposures, rack, tile, path, call=(3, 0), amend=None):
    """North wins on East's ``tile``: by calling it for Mah Jongg, or by calling it for an exposure
    (``call``: size, jokers), amending (``amend``: group, tiles added) and declaring."""
    g = Game.from_position(HOT, MAHJX, racks={0: THROWER, 3: rack}, exposures={3: exposures},
                           turn=0, phase="discard", seed=5)
    g.discard(0, tile)
    if path == "call_mahjongg":
        g.call_mahjongg(3)
    else:
        g.call(3, *call)
    g.pass_call(1)
    g.pass_call(2)
    if path != "call_mahjongg":
        if amend is not None:
            g.amend(3, amend[0], add=amend[1])
        g.declare_mahjongg(3)
    assert g.phase == "over" and g.result.winner == 3 and g.result.how == "discard", g.log_table()
    return g.result.payout


@pytest.mark.parametrize("exposures, rack, tile, call, penalty", [
    (["444B"], "FF 222B 666B 88B", "8B", (3, 0), 0),  # one exposure shown at the throw: no penalty
    (["444B", "666B"], "FF 222B 88B", "8B", (3, 0), -20),  # two
    (["1111B J", "222B"], "FF 333B", "3B", (4, 0), -25),  # two, one of them a quint
    (["1111B"], "FF 222B 333B J", "3B", (5, 1), 0),  # one: the quint is made with the winning tile
], ids=["one", "two", "two-with-a-quint", "quint-made-with-the-winning-tile"])
def test_the_hot_tile_penalty_counts_the_exposures_shown_when_the_tile_was_thrown(exposures, rack, tile, call, penalty):
    """tournament-scoring.md: the thrower loses 20 (two exposures) or 25 (three, or two with a quint); the
    exposure the winner makes with the winning tile itself was not on the table when it was thrown, so
    calling the tile for an exposure and then declaring costs the thrower what calling it for Mah Jongg does."""
    by_mahjongg = _hot_win(exposures, rack, tile, "call_mahjongg")
    by_exposure = _hot_win(exposures, rack, tile, "call", call=call)
    assert by_mahjongg.payments[0] == by_exposure.payments[0] == penalty
    assert [item for item in by_exposure.items if item[0] == 0] == [item for item in by_mahjongg.items if item[0] == 0]


def test_the_hot_tile_penalty_ignores_an_amendment_made_after_the_throw():
    """MAHJ-X rule 5: North calls the 3B for a kong, then amends its 1111B to a quint before declaring;
    at the throw North showed a kong and a pung, no quint: -20, not -25."""
    payout = _hot_win(["1111B", "222B"], "FF 333B J", "3B", "call", call=(4, 0), amend=(0, ["J"]))
    assert payout.payments[0] == -20 and (0, "hot_tile_two", -20) in payout.items


def _refusal(move) -> str:
    with pytest.raises(mj.RuleError) as caught:
        move()
    return str(caught.value)


def test_refusals_say_whose_turn_it_is_in_plain_english():
    charleston = Game(CARD, NMJL, 3)
    assert _refusal(lambda: charleston.draw(0)) == (
        "the Charleston is under way (the first right pass): nobody may draw until play begins")
    assert _refusal(lambda: charleston.exchange_joker(2, 1, 0)) == (
        "the Charleston is under way (the first right pass): nobody may exchange a joker until play begins")
    assert _refusal(lambda: charleston.vote(0, True)) == (
        "the Charleston is at the first right pass: each player passes tiles now; the vote comes later")
    charleston.pass_tiles(0, [t for t in charleston.racks[0].tiles() if t != mj.Tile.JOKER][:3])
    assert _refusal(lambda: charleston.pass_tiles(0, [])) == "East has already passed in the first right pass"
    g = game()
    assert _refusal(lambda: g.discard(1, "1C")) == (
        "it is East's turn to discard (or declare Mah Jongg): South cannot discard now")
    assert _refusal(lambda: g.exchange_joker(1, 0, 0)) == (
        "it is East's turn to discard (or declare Mah Jongg): South cannot exchange a joker now")
    assert _refusal(lambda: g.draw(0)) == (
        "East has a tile to discard: it is East's turn to discard (or declare Mah Jongg), not to draw")
    assert _refusal(lambda: g.pass_tiles(0, [])) == "the Charleston is over: play has begun"
    assert _refusal(lambda: g.vote(0, False)) == "the Charleston is over: play has begun"
    g.discard(0, "N")
    assert _refusal(lambda: g.draw(1)) == (
        "East's discard is being answered (by South, West, North): nobody may draw until then")
    everyone_passes(g)
    assert _refusal(lambda: g.declare_mahjongg(1)) == (
        "South must draw first: it is South's turn to draw, not to declare Mah Jongg")
    assert _refusal(lambda: g.call(2, 3)) == (
        "there is no discard to call now: a discard can be called only until the next player draws")


def test_a_call_the_rack_cannot_make_says_what_it_lacks():
    g = game()
    g.discard(0, "N")
    assert _refusal(lambda: g.call(1, 4, jokers=1)) == (
        "South needs 2 N and 1 joker on the rack to expose a kong of N")
    assert _refusal(lambda: g.call(3, 3)) == "North needs 2 N and no joker on the rack to expose a pung of N"
