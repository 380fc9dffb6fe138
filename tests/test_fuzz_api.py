"""issue 12: property tests: any argument to the analysis calls and the widgets' public methods gives a result
or a documented mjlearn error (widgets: False, a message and nothing changed), never anything else."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.errors import MjlearnError
from mjlearn.widgets import CharlestonTrainer, HandBuilder

CARDS = [mj.load_card(name) for name in mj.list_cards()]
LINE_TEXTS = [str(line.mjcl) for card in CARDS for line in card.lines]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _dealt(seed_and_size):
    seed, size = seed_and_size
    return str(mj.Hand.from_counts(int(c) for c in deal_racks(1, size, rng=seed)[0]))


racks = st.tuples(st.integers(0, 10**6), st.sampled_from([8, 13, 14])).map(_dealt)
mutated = st.tuples(st.sampled_from(LINE_TEXTS), st.integers(0, 40), st.text(max_size=6)).map(
    lambda t: t[0][: t[1]] + t[2]
)
wrong = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-(10**30), 10**30),
    st.lists(st.none(), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.integers(-3, 20).map(np.int64), st.floats(0, 3).map(np.float64), st.text(max_size=20),
)
anything = st.one_of(racks, mutated, wrong, st.sampled_from(["JJJJJJ", "555C", "FFF", "drop", "MAHJ-X", "\ud800"]))


@SETTINGS
@given(card=st.sampled_from(CARDS), rack=st.one_of(racks, anything),
       keywords=st.dictionaries(st.sampled_from(["n", "exposures", "visible", "dead", "partial", "ruleset"]),
                                anything, max_size=3))
def test_closest_gives_a_table_or_a_documented_error(card, rack, keywords):
    try:
        table = card.closest(rack, **keywords)
    except MjlearnError:
        pass  # a documented error is one of the two answers allowed
    else:
        assert list(table.columns)[:3] == ["category", "line", "distance"]


@SETTINGS
@given(card=st.sampled_from(CARDS), rack=st.one_of(racks, anything),
       keywords=st.dictionaries(st.sampled_from(["exposures", "ruleset"]), anything, max_size=2))
def test_match_gives_wins_or_a_documented_error(card, rack, keywords):
    try:
        wins = card.match(rack, **keywords)
    except MjlearnError:
        pass  # a documented error is one of the two answers allowed
    else:
        assert isinstance(wins, list)


BUILDER_METHODS = ["add", "remove", "remove_at", "set_hand", "expose", "expose_at", "unexpose", "deal", "load_card"]
TRAINER_METHODS = ["select", "deselect", "toggle_at", "set_blind", "pass_tiles", "vote", "new_deal"]


@pytest.fixture(scope="module")
def widgets():
    return HandBuilder(), CharlestonTrainer()


def _state(widget):
    if isinstance(widget, HandBuilder):
        return str(widget.hand), [str(e) for e in widget.exposures], widget.card_name
    return list(widget.rack_tiles), list(widget.selected), widget.blind, widget.seed


@SETTINGS
@given(which=st.integers(0, 1), data=st.data())
def test_widget_methods_work_or_refuse_and_change_nothing(widgets, which, data):
    widget = widgets[which]
    name = data.draw(st.sampled_from(BUILDER_METHODS if which == 0 else TRAINER_METHODS))
    argument = data.draw(anything)
    before = _state(widget)
    outcome = getattr(widget, name)(argument)
    assert outcome in (True, False)
    if outcome is False:
        assert widget.message and _state(widget) == before


_BASIC1 = mj.load_card("basic1")


def _game():
    from mjlearn.rules import Game

    game = Game(_BASIC1, "MAHJ-X", seed=3)
    game.skip_charleston()
    return game


@pytest.mark.parametrize("call, words", [
    (lambda: __import__("mjlearn.rules", fromlist=["Game"]).Game.from_position(_BASIC1, "NMJL", exposures={1: True}),
     "exposures[1] must be a list of exposures"),
    (lambda: __import__("mjlearn.rules", fromlist=["Game"]).Game.from_position(_BASIC1, "NMJL", discards=5),
     "discards must be a list of (seat, tile) pairs"),
    (lambda: mj.rules.run_game(_BASIC1, "NMJL", seed=1, bots=True), "bots must be a list of 4 bots"),
    (lambda: mj.rules.run_game(_BASIC1, "NMJL", seed=1, bots=["East"] * 4), "bots[0] must be a bot with an act"),
    (lambda: mj.rules.score_win(_BASIC1, None, 1, "self-drawn"), "score_win needs the wins"),
    (lambda: mj.rules.score_win(_BASIC1, 3, 1, "self-drawn"), "score_win needs the wins"),
    (lambda: mj.rules.Scorecard(None), "players must be a list of the 4 players' names"),
    (lambda: _game().save(None), "a save file is named by a file name"),
    (lambda: _game().save(""), "a save file is named by a file name"),
    (lambda: __import__("mjlearn.rules", fromlist=["Game"]).Game.load(None), "a save file is named by a file name"),
    (lambda: mj.rules.run_game(_BASIC1, "NMJL", seed=1, max_moves=None), "max_moves must be"),
    (lambda: mj.rules.run_game(_BASIC1, "NMJL", seed=1, on_move=True), "on_move must be a function"),
    (lambda: mj.rules.wall_game("MAHJ-X", dead=None), "dead must be a list"),
    (lambda: mj.rules.build_walls(None), "ruleset must be a Ruleset"),
    (lambda: mj.rules.build_walls(mj.rules.NMJL, rng=True), "rng must be a random.Random"),
    (lambda: mj.rules.roll_for_east([]), "seed must be a whole number"),
    (lambda: mj.rules.arena_markdown("x"), "arena_markdown needs a list of ArenaReports"),
    (lambda: mj.rules.arena_markdown([{"a": 1}]), "arena_markdown needs ArenaReports"),
    (lambda: mj.rules.Charleston(None), "a Charleston is of a Deal"),
    (lambda: mj.analysis.suggest_pass(_BASIC1, "FF 222B 444B 666B 8B 3C N", count=None), "count must be"),
    (lambda: mj.analysis.read_position("FF 222B", sizes=True), "sizes must be a list"),
    (lambda: mj.analysis.seat_draws(None), "seat_draws needs a game"),
])
def test_the_table_calls_refuse_wrong_arguments_in_words(call, words):
    """Found by a fuzz of ../shared/api-contract.md's names: each raised Python's TypeError or AttributeError."""
    with pytest.raises(MjlearnError) as refused:
        call()
    assert words in str(refused.value)


def test_no_discards_given_as_none_is_no_discards():
    from mjlearn.rules import Game

    assert Game.from_position(_BASIC1, "NMJL", discards=None, seed=1).snapshot() == \
        Game.from_position(_BASIC1, "NMJL", seed=1).snapshot()


@pytest.mark.parametrize("make, words", [
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, moves=True), "moves must be a list"),
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, moves=["x"]), "move 1 is not a"),
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, moves=[("load", {})]),
     "move 1 is not a"),
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, opponents=True),
     "opponents must be a bot class or 3 bots"),
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, pace=[]), "pace must be one of"),
    (lambda: __import__("mjlearn.widgets", fromlist=["GameTable"]).GameTable(seed=1, position={"a": 1}),
     "'a' is not one of Game.from_position's arguments"),
    (lambda: CharlestonTrainer(seed=1, n=None), "n must be"),
    (lambda: CharlestonTrainer(seed=1, n=0), "n must be"),
    (lambda: CharlestonTrainer(seed=1, position=True), "position must be a dict of racks by seat"),
    (lambda: HandBuilder(n=None), "n must be"),
    (lambda: HandBuilder(n=0), "n must be"),
])
def test_the_widgets_refuse_wrong_settings_in_words(make, words):
    """Found by a fuzz of the widgets' settings: each raised Python's TypeError or ValueError, traitlets' TraitError,
    or (HandBuilder's n=0) made a builder that showed no line."""
    with pytest.raises(MjlearnError) as refused:
        make()
    assert words in str(refused.value)


def test_a_table_replays_moves_given_as_game_moves():
    from mjlearn.rules import Game
    from mjlearn.widgets import GameTable

    game = Game(_BASIC1, seed=4)
    game.skip_charleston()
    game.discard(0, game.racks[0].tiles()[0])
    table = GameTable(_BASIC1, seed=4, moves=game.moves, pace="step")
    while table.next_move():
        pass
    assert table.game.snapshot() == game.snapshot()


@pytest.mark.parametrize("method", ["restore", "rewind"])
@pytest.mark.parametrize("saved", [None, "", (1, 2), (1, 2, "x", 4, 5)])
def test_a_charleston_is_put_back_only_from_what_it_gave(method, saved):
    from mjlearn.rules import NMJL, Charleston, deal_tiles

    charleston = Charleston(deal_tiles(NMJL, 1))
    before = charleston.snapshot()
    with pytest.raises(MjlearnError, match="saved must be what Charleston"):
        getattr(charleston, method)(saved)
    assert charleston.snapshot() == before
