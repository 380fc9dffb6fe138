"""One card coercion (``mjlearn.resources.as_card``) for every public call that takes a card.

Each entry point is called with the bundled card's name, with the path of its file and with the Card
itself, and must give the same result; any other value is an ArgumentError naming the argument.
A bare name always means the bundled card, even with a file of that name in the working folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn import analysis
import mjlearn.render.printable
import mjlearn.widgets
from mjlearn import lessons
from mjlearn.analysis import advice
from mjlearn.analysis.odds import distance_counts
from mjlearn.resources import as_card, data_dir
from mjlearn.rules import Bot, CoachBot, Game, bots, random_play, run_game, score_win, simulate

NAME = "basic1"
CARD = mj.load_card(NAME)
PATH = data_dir("cards") / f"{NAME}.mjcl"
RACK = "FF 222B 444B 666B 8B N S"
WIN = "FF 222B 444B 666B 888B"


def _value(result):
    """Something ``==`` can compare, whatever an entry point returns."""
    if isinstance(result, pd.DataFrame):
        return result.to_dict("list")
    if isinstance(result, np.ndarray):
        return result.tolist()
    if isinstance(result, Game):
        return result.snapshot()
    if isinstance(result, mj.Card):
        return result.to_mjcl()
    game = getattr(result, "game", None)
    if isinstance(game, Game):
        return game.snapshot()
    if hasattr(result, "card") and isinstance(result.card, mj.Card):  # bots, questions, widgets
        return (type(result).__name__, result.card.to_mjcl())
    if isinstance(result, (list, tuple)):
        return [_value(item) for item in result]
    if isinstance(result, dict):
        return {key: _value(item) for key, item in result.items()}
    return str(result)


def _saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    Game(CARD, seed=4).save(path)
    return path


ENTRY_POINTS = {
    # the rules engine
    "Game": lambda card: Game(card, seed=3),
    "Game.from_position": lambda card: Game.from_position(card, racks={0: "FF 222B 444B 666B 88B"}, seed=5),
    "Game.replay": lambda card: Game.replay(card, "NMJL", 3, []),
    "run_game": lambda card: run_game(card, seed=2),
    "Bot": lambda card: Bot(card, seed=1),
    "CoachBot": lambda card: CoachBot(card, seed=1),
    "make_bots": lambda card: bots.make_bots(card, seed=1),
    "engine_for": lambda card: bots.engine_for(card).card,
    "fast_suggest_pass": lambda card: bots.fast_suggest_pass(card, RACK),
    "simulate": lambda card: simulate(card, games=2, seed=1, progress=False).records,
    "random_game": lambda card: random_play.random_game(card, seed=1, max_moves=60),
    "score_win": lambda card: score_win(card, CARD.match(WIN), 0, "self-drawn").payments,
    "Charleston.complete_hands": lambda card: Game(CARD, seed=9).charleston.complete_hands(card),
    # analysis
    "closest": lambda card: analysis.closest(card, RACK),
    "match": lambda card: [w.mjcl for w in analysis.match(card, WIN)],
    "win_chances": lambda card: analysis.win_chances(card, RACK, draws=2),
    "outs": lambda card: analysis.outs(card, RACK),
    "discard_advice": lambda card: analysis.discard_advice(card, RACK, draws=2, samples=20),
    "batch_distances": lambda card: analysis.batch_distances(card, analysis.deal_racks(3, rng=1)),
    "odds": lambda card: analysis.odds(card, deals=20, progress=False),
    "distance_counts": lambda card: distance_counts(card, 20, seed=1, progress=False),
    "danger": lambda card: analysis.danger(card, "8B", [["NNN", "55C J"]]),
    "danger_table": lambda card: analysis.danger_table(card, RACK, [["NNN", "55C J"]]),
    "suggest_pass": lambda card: analysis.suggest_pass(card, RACK),
    "pass_lines": lambda card: [(line.mjcl, p) for line, p, _, _ in advice.pass_lines(card, RACK)],
    "nearest_lines_pass": lambda card: advice.nearest_lines_pass(card, RACK),
    "CompiledCard": lambda card: analysis.CompiledCard(card).num_hands,
    # printing
    "card_page_count": lambda card: mj.render.printable.card_page_count(card),
    # widgets
    "HandBuilder": lambda card: mj.widgets.HandBuilder(card, hand=RACK).view,
    "HandBuilder.load_card": lambda card: _loaded(mj.widgets.HandBuilder(mj.load_card("practice_garden")), card),
    "GameTable": lambda card: mj.widgets.GameTable(card, seed=3),
    "CharlestonTrainer": lambda card: _trainer(mj.widgets.CharlestonTrainer(card, seed=3)),
    # the teacher's toolkit
    "Question": lambda card: lessons.Question("line", "Nearest line?", RACK, card).key(),
    "grade_passes": lambda card: lessons.grade_passes(card, RACK).best_pass,
    "check_pass": lambda card: lessons.check_pass("N S 8B", RACK, card),
    "check_discard": lambda card: lessons.check_discard("N", RACK, card),
    "check_line": lambda card: lessons.check_line("2468 #1", RACK, card),
    "nearest_lines": lambda card: lessons.nearest_lines(card, RACK)[0],
    "lines_table": lambda card: lessons.lines_table(card),
    "check_line_name": lambda card: lessons.check_line_name("2468 #1", CARD.line("2468", 1), card),
    "check_completes": lambda card: lessons.check_completes("8B 8B", RACK[:-4], card),
    "nearest_distance": lambda card: lessons.nearest_distance(card, RACK),
    "payment_cases": lambda card: lessons.payment_cases(card, {"win": WIN}, winner=1, discarder=3),
    "read_line": lambda card: lessons.read_line("2468 #1", card).mjcl,
}


def _trainer(trainer):
    return trainer.rack_tiles, trainer.closest_rows


def _loaded(builder, card):
    assert builder.load_card(card), builder.message
    return builder.card.to_mjcl()




@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_every_entry_point_takes_a_card_name_or_path_as_the_card(entry):
    call = ENTRY_POINTS[entry]
    with_card = _value(call(CARD))
    assert _value(call(NAME)) == with_card
    assert _value(call(PATH)) == with_card


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_every_entry_point_refuses_a_card_of_another_type_by_name(entry):
    if entry == "HandBuilder.load_card":  # a widget method refuses by returning False and saying why
        builder = mj.widgets.HandBuilder()
        assert builder.load_card(5) is False and "card must be a Card" in builder.message
        return
    with pytest.raises(mj.ArgumentError, match=r"^card must be a Card, a bundled card's name \(such as 'basic1'\)"
                                               r" or the path of a \.mjcl file, not 5"):
        ENTRY_POINTS[entry](5)


def test_game_load_takes_a_card_name(tmp_path):
    path = _saved_game(tmp_path)
    assert Game.load(path, "basic1").snapshot() == Game.load(path).snapshot()
    table = mj.widgets.GameTable.open_saved(path, card=NAME)
    assert table.card.to_mjcl() == CARD.to_mjcl()
    with pytest.raises(mj.ArgumentError, match="^card must be a Card"):
        Game.load(path, 5)


def test_a_card_is_used_as_it_is_and_a_name_is_loaded():
    assert as_card(CARD) is CARD
    assert as_card(NAME) == CARD and as_card(NAME) is not CARD
    assert as_card(PATH) == CARD and as_card(str(PATH)) == CARD
    with pytest.raises(mj.ArgumentError, match="^deck must be a Card"):
        as_card(["basic1"], "deck")
    with pytest.raises(mj.CardNotFoundError, match="no bundled card 'basic9'"):
        as_card("basic9")


# -- a bare name is the bundled card, whatever files the working folder holds ------------------------------------

OTHER = 'Kitchen Table\n"Winds"\nNNNN EEEE WWWW SS\n'


def test_a_file_named_like_a_bundled_card_does_not_replace_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / NAME).write_text(OTHER, encoding="utf-8")
    (tmp_path / f"{NAME}.mjcl").write_text(OTHER, encoding="utf-8")
    assert mj.load_card(NAME).name == "Basic1"
    assert as_card(NAME).name == "Basic1"
    assert Game(NAME, seed=1).card.name == "Basic1"
    assert mj.widgets.HandBuilder(NAME).card.name == "Basic1"
    # a path says it is a file: a folder in the name, the .mjcl ending, or a Path
    assert mj.load_card(f".{os.sep}{NAME}").name == "Kitchen Table"
    assert mj.load_card(f"{NAME}.mjcl").name == "Kitchen Table"
    assert mj.load_card(Path(NAME)).name == "Kitchen Table"
    assert as_card(Path(NAME)).name == "Kitchen Table"


def test_a_bare_name_that_is_only_a_local_file_says_how_to_read_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").write_text(OTHER, encoding="utf-8")
    with pytest.raises(mj.CardNotFoundError, match=r"no bundled card 'mine'.*write '\./mine'"):
        mj.load_card("mine")
    assert mj.load_card("./mine").name == "Kitchen Table"
    with pytest.raises(mj.CardNotFoundError, match="no bundled card 'absent'; the bundled cards are basic1") as info:
        mj.load_card("absent")
    assert "write" not in str(info.value)


def test_a_path_to_no_file_is_a_card_not_found_error(tmp_path):
    with pytest.raises(mj.CardNotFoundError, match="no card file"):
        mj.load_card(tmp_path / "absent.mjcl")
    with pytest.raises(mj.CardNotFoundError, match="no card file"):
        mj.load_card(Path(NAME))  # a Path is read as a file, even with a bundled card's name


def test_a_home_folder_path_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "home.mjcl").write_text(OTHER, encoding="utf-8")
    assert mj.load_card("~/home.mjcl").name == "Kitchen Table"


@settings(max_examples=150, deadline=None)
@given(value=st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=4),
    st.lists(st.text(max_size=3), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.text(max_size=12), st.sampled_from(["~nouser/x.mjcl", "~", "..", "/", "\ud800", "a\x00b", "x.MJCL", "basic1 "]),
))
def test_as_card_gives_a_card_or_an_mjlearn_error_for_any_value(value):
    try:
        card = as_card(value)
    except mj.MjlearnError:
        return
    assert isinstance(card, mj.Card)


def test_an_unreadable_card_file_is_a_card_file_error(tmp_path):
    folder = tmp_path / "folder.mjcl"
    folder.mkdir()
    with pytest.raises(mj.CardFileError, match="cannot be read"):
        mj.resources.read_card_file(folder)
