"""Saving and loading games and positions as JSON (issue 13, item 3)."""

import json

import pytest

import mjlearn as mj
from mjlearn.errors import SaveFileError
from mjlearn.rules import MAHJX, NMJL, Game, run_game
from mjlearn.rules.savefile import VERSION, load_game, save_game

CARD = mj.parse_card('Plain\n"2468"\nFF 222 444 666 888 X25\n"Odds"\nNN EE WW SS 11 33 55 X30\n')


def same_table(a: Game, b: Game) -> bool:
    return (a.racks, a.exposures, a.discards, a.wall, a.log, a.phase, a.turn, a.dead, a.result) == (
        b.racks, b.exposures, b.discards, b.wall, b.log, b.phase, b.turn, b.dead, b.result)


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_whole_game_saves_and_loads_equal(rules, tmp_path):
    game = run_game(CARD, rules, seed=4)  # bots play it to the end, Charleston included
    assert game.moves and game.phase == "over"
    path = tmp_path / "game.json"
    game.save(path)
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["ruleset"], data["seed"]) == ("mjlearn-game", 1, rules.name, 4)
    assert all(isinstance(name, str) and isinstance(args, dict) for name, args in data["moves"])
    again = Game.load(path)
    assert same_table(again, game) and again.to_dict() == game.to_dict()  # saved again, the same file


def test_a_position_saves_and_loads_equal(tmp_path):
    game = Game.from_position(CARD, NMJL, racks={0: "FF 222B 444B 666C 88C J"}, exposures={3: ["88D J"]},
                              discards=[(1, "8D")], phase="discard", seed=3)
    game.discard(0, "J")
    path = tmp_path / "position.json"
    save_game(game, path)
    assert json.loads(path.read_text())["position"]["racks"][0] == "FF 222B 444B 666C 88C J"
    again = load_game(path)
    assert same_table(again, game)


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path):
    game = Game(CARD, seed=1)
    game.skip_charleston()
    save_game(game, tmp_path / "a.json")
    save_game(game, tmp_path / "a.json")  # overwriting is fine
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.parametrize(
    "text, match",
    [
        ("", r"not JSON, or truncated"),
        ('{"format": "mjlearn-game", "version": 1, "ruleset"', r"not JSON, or truncated"),
        ("[1, 2]", r"not an mjlearn game file"),
        ('{"format": "other", "version": 1}', r"not an mjlearn game file"),
        ('{"format": "mjlearn-game", "version": 2}', r"written by a newer mjlearn \(file version 2\)"),
        ('{"format": "mjlearn-game", "version": "1"}', r"the version must be a whole number"),
        ('{"format": "mjlearn-game", "version": 1, "ruleset": "NMJL"}', r"missing seed, card, position, moves"),
    ],
)
def test_bad_files_are_refused_naming_the_file(tmp_path, text, match):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=match) as caught:
        load_game(path)
    assert str(path) in str(caught.value)


def good_data(tmp_path):
    game = Game(CARD, seed=2)
    game.skip_charleston()
    save_game(game, tmp_path / "g.json")
    return json.loads((tmp_path / "g.json").read_text())


@pytest.mark.parametrize(
    "change, match",
    [
        ({"ruleset": "Mahj-Z"}, r"unknown ruleset 'Mahj-Z'"),
        ({"seed": 1.5}, r"seed must be a whole number"),
        ({"moves": {"a": 1}}, r"moves must be a list"),
        ({"moves": [["__init__", {}]]}, r"move 1 is not a \[move name, arguments\] pair of a known move"),
        ({"moves": [["skip_charleston", {"x": 1}]]}, r"move 1 \(skip_charleston\) has wrong arguments"),
        ({"moves": [["skip_charleston", {}], ["skip_charleston", {}]]}, r"move 2 \(skip_charleston\) is refused on replay"),
        ({"card": "Bad\n\"x\"\nFF 222 X25\n"}, r"g.json: line 3"),
        ({"position": {"racks": "FF"}}, r"racks must be a dict"),
        ({"position": {"colour": 1}}, r"position has an unknown field"),
    ],
)
def test_bad_contents_are_refused(tmp_path, change, match):
    data = good_data(tmp_path)
    data.update(change)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=match):
        load_game(path)


def test_version_constant_and_missing_file(tmp_path):
    assert VERSION == 1
    with pytest.raises(SaveFileError, match="cannot be read"):
        load_game(tmp_path / "nowhere.json")


def _as_typed(value, rng):
    """A move argument as a student might type it: tiles as notation, a list of tiles as one string."""
    if isinstance(value, mj.Tile) and rng.random() < 0.5:
        return value.notation
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, mj.Tile) for v in value):
        choice = rng.random()
        if choice < 0.3:
            return " ".join(v.notation for v in value)
        if choice < 0.6:
            return [v.notation for v in value]
    return value


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_the_snapshot_is_equal_after_save_and_load_at_every_stage(rules, seed, tmp_path):
    """Random, bot and typed moves: saved and loaded at the start, in the Charleston, in play and at
    the end, the game's snapshot (moves, log, result and all) is the same."""
    import random

    from mjlearn.rules.random_play import random_game

    rng = random.Random(seed)
    played = random_game(CARD, rules, seed=1000 + seed, illegal=0.0, bot=0.5)
    moves = [(name, {key: _as_typed(value, rng) for key, value in arguments.items()}) for name, arguments in played.moves]
    game = Game(CARD, rules, seed=1000 + seed)
    stops = {0, 3, len(moves) // 3, 2 * len(moves) // 3, len(moves)}
    for number, move in enumerate([*moves, None]):
        if number in stops:
            path = tmp_path / f"at{number}.json"
            game.save(path)
            again = Game.load(path)
            assert again.snapshot() == game.snapshot(), number
            assert again.to_dict() == game.to_dict()
        if move is not None:
            getattr(game, move[0])(**move[1])
    assert game.phase == "over" and game.snapshot() == played.snapshot()
