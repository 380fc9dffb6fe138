"""The counts that reach the compiled loops are checked first (mjlearn.engine.checks).

The loops run without bounds checks: before these checks a rack of 37 counts, a count above what the set
holds or an empty rack given to a bot's public method made Python crash ("Segmentation fault", "free():
invalid next size") or answer from memory outside the tables. Found by a fuzz of the bots' methods.
"""

import subprocess
import sys

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.engine import as_counts
from mjlearn.engine.checks import checked_seen
from mjlearn.errors import ArgumentError, HandError, MjlearnError

BAD_RACKS = ["()", "(100,) + (0,) * 35", "(-5,) + (1,) * 13 + (0,) * 22", "(4,) * 36", "(1,) * 37",
             "(1.5,) * 14 + (0,) * 22", "[9] + [0] * 35", "(0,) * 34 + (9, 0)"]
METHODS = ["best_distance({})", "wins({})", "choose_discard({})", "choose_pass({})", "choose_offer({})",
           "wants_second_charleston({})", "may_call({}, (), '3C')", "read_call({}, (), '3C')",
           "choose_call({}, (), None, '3C')"]

_CHILD = """
import mjlearn as mj
from mjlearn.rules import Bot, CoachBot
from mjlearn.errors import MjlearnError
card = mj.load_card("basic1")
for make in (Bot, CoachBot):
    bot = make(card)
    for call in {calls!r}:
        try:
            eval("bot." + call)
        except MjlearnError:
            print("refused")
        else:
            print("answered", make.__name__, call)
"""


def test_bad_racks_given_to_the_bots_are_refused_and_never_crash_python():
    calls = [method.format(rack) for rack in BAD_RACKS for method in METHODS]
    child = subprocess.run([sys.executable, "-c", _CHILD.format(calls=calls)], capture_output=True, text=True,
                           timeout=600)
    assert child.returncode == 0, child.stderr[-2000:]  # (a crash: -11, or 134 for a corrupted heap)
    assert child.stdout.split("\n")[:-1] == ["refused"] * (2 * len(calls)), child.stdout


@pytest.mark.parametrize("counts, error, words", [
    ([5] + [0] * 35, HandError, "counts[0] is 5 1B; the set holds only 4"),
    ([0] * 35 + [9], HandError, "the set holds only 8"),
    ([-1] + [0] * 35, HandError, "counts[0] is -1"),
    ([1] * 15 + [0] * 21, HandError, "counts hold 15 tiles; a rack holds at most 14"),
    ([1] * 35, ArgumentError, "36 whole numbers, one per tile kind, not 35"),
    ([1.0] * 14 + [0] * 22, ArgumentError, "counts must be a rack"),
    (None, ArgumentError, "counts must be a rack"),
    (7, ArgumentError, "counts must be a rack"),
])
def test_as_counts_says_what_is_wrong(counts, error, words):
    with pytest.raises(error) as refused:
        as_counts(counts)
    assert words in str(refused.value)


def test_as_counts_reads_every_form_of_a_rack_alike():
    hand = mj.Hand("FF 222B 444B 666B 8B 3C N")
    forms = [hand, str(hand), hand.counts, list(hand.counts), np.array(hand.counts, dtype=np.int16),
             tuple(np.int64(c) for c in hand.counts)]
    assert all(as_counts(form) == hand.counts for form in forms)
    assert all(type(c) is int for c in as_counts(np.array(hand.counts)))
    assert as_counts(hand.counts) is hand.counts  # (a tuple is kept as it is: the bots compare racks by identity)


def test_a_tuple_checked_once_is_known_and_a_bad_one_never_is():
    bad = (100,) + (0,) * 35
    for _ in range(2):
        with pytest.raises(HandError):
            as_counts(bad)
    good = (0,) * 35 + (3,)
    assert as_counts(good) is good and as_counts(good) is good


@pytest.mark.parametrize("visible, words", [
    ([0] * 35, "visible must be 36 whole numbers"),
    ([9] + [0] * 35, "visible[0] is 9 1B; the set holds only 4"),
    ([-1] + [0] * 35, "visible[0] is -1"),
    (np.zeros(35, dtype=np.int16), "visible must be 36 whole numbers"),
    (np.full(36, 5), "the set holds only 4"),
    ("1B", "visible must be the tiles seen"),
    (36, "visible must be the tiles seen"),
])
def test_the_tiles_seen_are_checked(visible, words):
    with pytest.raises(MjlearnError) as refused:
        checked_seen(visible)
    assert words in str(refused.value)
    from mjlearn.rules import Bot

    bot = Bot(mj.load_card("basic1"))
    with pytest.raises(MjlearnError):
        bot.choose_discard(mj.Hand("FF 222B 444B 666B 8B 3C N").counts, (), visible)


def test_good_tiles_seen_pass_as_they_are():
    seen = [0] * 35 + [2]
    assert checked_seen(seen) is seen
    array = np.array(seen, dtype=np.int16)
    assert checked_seen(array) is array


def test_run_game_trusts_its_own_racks_only_while_it_plays(monkeypatch):
    import threading

    from mjlearn.engine.checks import TRUST, trusted_play
    from mjlearn.rules import Bot, CoachBot, run_game

    card = mj.load_card("basic1")
    trusted = []
    discard_move = Bot.discard_move

    def watched(bot, game, seat):  # (on the class: the players stay Bots and coaches themselves)
        trusted.append((type(bot).__name__, TRUST.on))
        discard_move(bot, game, seat)

    monkeypatch.setattr(Bot, "discard_move", watched)
    run_game(card, "MAHJ-X", seed=3, bots=[Bot(card, seed=1), CoachBot(card, seed=2)] + [Bot(card, seed=s) for s in (3, 4)])
    assert {"Bot", "CoachBot"} == {name for name, _ in trusted} and all(on for _, on in trusted)
    monkeypatch.undo()
    with pytest.raises(HandError):  # (and once it is over, everything is checked again)
        as_counts((9,) * 36)
    refused = []

    def elsewhere():  # (another thread is not trusted while this one is)
        try:
            as_counts((9,) * 36)
        except HandError:
            refused.append(True)

    with trusted_play():
        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
    assert refused == [True]


def test_run_game_checks_what_a_player_of_ones_own_hands_the_bots():
    """Only a Bot or a CoachBot itself plays unchecked in run_game's loop: a subclass, one's own player and a
    player with a method set on it may hand the bots' methods anything, and a rack of 100 tiles read unchecked
    by the compiled loops gave an answer from memory outside their tables (0 tiles away). Their moves are played
    with the checks on, and the game goes on after them with the bots trusted again."""
    from mjlearn.engine.checks import TRUST
    from mjlearn.rules import Bot, run_game

    card = mj.load_card("basic1")
    refused, trusted = [], []

    def probe(bot):
        try:
            bot.best_distance((100,) + (0,) * 35)
        except HandError:
            refused.append(True)
        else:
            refused.append(False)

    class Subclassed(Bot):
        def act(self, game, seat):
            probe(self)
            super().act(game, seat)

    class Own:
        def __init__(self, seed):
            self.inner = Bot(card, seed=seed)

        def act(self, game, seat):
            probe(self.inner)
            self.inner.act(game, seat)

    class Watched(Bot):  # (a Bot that says whether its moves were trusted, itself left as it is)
        def act(self, game, seat):
            trusted.append(TRUST.on)
            super().act(game, seat)

    patched = Bot(card, seed=5)
    patched.act = lambda game, seat: probe(patched) or Bot.act(patched, game, seat)
    for player in (Subclassed(card, seed=1), Own(2), patched):
        refused.clear()
        game = run_game(card, "NMJL", seed=3, bots=[player, Bot(card, seed=6), Bot(card, seed=7), Bot(card, seed=8)])
        assert game.phase == "over" and refused and all(refused), type(player).__name__
    run_game(card, "NMJL", seed=3, bots=[Watched(card, seed=1)] + [Bot(card, seed=s) for s in (6, 7, 8)])
    assert trusted and not any(trusted)
    assert not TRUST.on


_BAD = [None, 1.5, "x", (0, 0)]


def _players():
    from mjlearn.rules import Bot, CoachBot, Game

    card = mj.load_card("basic1")
    game = Game(card, "MAHJ-X", seed=3)
    game.skip_charleston()
    return game, [Bot(card, "MAHJ-X", seed=1), CoachBot(card, "MAHJ-X", seed=1)]


@pytest.mark.slow
def test_every_method_of_the_players_answers_or_refuses_in_words():
    """Each public method of Bot and CoachBot, given a wrong value for one argument at a time (the others good),
    raises an mjlearn error or answers: never Python's own error (the fuzz that found the crashes above found
    82 of those: exposures, draws, dangers, give_up, racks, a game or a seat that is not one)."""
    import inspect

    rack = mj.Hand("FF 222B 444B 666B 8B 3C N").counts
    leaked = []
    for who in range(2):
        game, players = _players()
        player = players[who]
        good = {"counts": rack, "game": game, "seat": 0, "tile": "3C", "racks": [rack], "visible": None,
                "table": game.exposures, "exposures": (), "position": None}
        for name in sorted(n for n in dir(player) if not n.startswith("_")):
            method = getattr(player, name)
            if not callable(method) or isinstance(method, type) or name in ("completes_win",):
                continue
            params = [p for p in inspect.signature(method).parameters.values()
                      if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            for param in params:
                for bad in _BAD:
                    arguments = {p.name: good[p.name] for p in params if p.default is p.empty and p is not param}
                    if len(arguments) + 1 < sum(p.default is p.empty for p in params):
                        continue  # (a required argument with no good value here)
                    game, players = _players()
                    arguments = {k: (game if k == "game" else v) for k, v in arguments.items()}
                    try:
                        getattr(players[who], name)(**arguments, **{param.name: bad})
                    except MjlearnError:
                        pass
                    except Exception as error:  # noqa: BLE001 (what the test looks for)
                        leaked.append((type(players[who]).__name__, name, param.name, repr(bad), repr(error)[:80]))
    assert not leaked, sorted({item[:3] for item in leaked})


def test_the_bots_inline_trust_flag_is_this_threads_only():
    """The bots' moves read the trust flag inline (``TRUST.on``, not a call of ``trusting()``): within
    ``trusted_play`` they skip the check of their seat in this thread only, and check it again afterwards."""
    import threading

    from mjlearn.engine.checks import trusted_play, trusting
    from mjlearn.rules import Bot, Game

    card = mj.load_card("basic1")
    bot, game = Bot(card, seed=1), Game(card, seed=3)
    for move in (bot.act, bot.answer_call, bot.charleston_move, bot.discard_move, bot.play_turn):
        with pytest.raises(MjlearnError):
            move(game, "North-ish")
    errors, flags = [], []

    def elsewhere():
        flags.append(trusting())
        try:
            bot.act(game, "North-ish")
        except MjlearnError as error:
            errors.append(error)

    with trusted_play():
        assert trusting()
        with pytest.raises(TypeError):  # (trusted: the seat goes in unchecked, and fails further in)
            bot.charleston_move(game, "North-ish")
        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
    assert flags == [False] and len(errors) == 1 and "seat" in str(errors[0])
    assert not trusting()
    with pytest.raises(MjlearnError):
        bot.act(game, "North-ish")


def test_the_coachs_moves_read_the_same_inline_flag_in_this_thread_only():
    """The coach's own moves and looks at a game (``charleston_move``, ``discard_move``, ``table_reading``,
    ``note_table``, ``feeding_cost``) read the trust flag inline as the Bot's do: a wrong seat is refused by name
    outside ``trusted_play`` and in another thread while this one is trusted, and goes in unchecked within it."""
    import threading

    from mjlearn.engine.checks import trusted_play
    from mjlearn.rules import CoachBot, Game

    card = mj.load_card("basic1")
    coach, game = CoachBot(card, seed=1), Game(card, seed=3)
    counts = game.racks[0].counts
    moves = [lambda: coach.charleston_move(game, "North-ish"), lambda: coach.discard_move(game, "North-ish"),
             lambda: coach.table_reading(game, "North-ish"), lambda: coach.note_table(game, "North-ish"),
             lambda: coach.feeding_cost(game, "North-ish", counts)]
    for move in moves:
        with pytest.raises(MjlearnError, match="seat"):
            move()
    refused, unchecked = [], []

    def elsewhere():
        for move in moves:
            try:
                move()
            except MjlearnError as error:
                refused.append("seat" in str(error))

    with trusted_play():
        for move in moves:
            try:
                move()
            except MjlearnError as error:
                unchecked.append("seat" not in str(error))
            except (TypeError, KeyError, IndexError, ValueError):  # (the seat went in unchecked, and failed further in)
                unchecked.append(True)
            else:
                unchecked.append(True)
        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
    assert refused == [True] * len(moves) and unchecked == [True] * len(moves)
