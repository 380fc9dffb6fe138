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
    assert (data["format"], data["version"], data["ruleset"], data["seed"]) == ("mjlearn-game", 2, rules.name, 4)
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
    assert same_table(again, game) and again.snapshot() == game.snapshot()


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
        ('{"format": "mjlearn-game", "version": 3}', r"written by a newer mjlearn \(file version 3\)"),
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
    from mjlearn.rules.savefile import moves_checksum

    data = good_data(tmp_path)
    data.update(change)
    if isinstance(data["moves"], list):  # as written by hand, with the count and checksum made to match
        data.update(move_count=len(data["moves"]), moves_sha256=moves_checksum(data["moves"]))
    if data["position"] is not None:
        data["deal"] = None
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=match):
        load_game(path)


def test_version_constant_and_missing_file(tmp_path):
    assert VERSION == 2
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


# -- format 2: the deal, the move count and the checksum ------------------------------------------------------


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_game_dealt_without_a_seed_reloads_exactly(rules, tmp_path):
    """No seed: the game draws a fresh one and keeps it; the file records it and the deal (the walls as
    built and the dice), so loading plays the same game, not a fresh deal."""
    for number in range(3):
        game = run_game(CARD, rules, seed=None)
        assert isinstance(game.seed, int) and game.phase == "over"
        path = tmp_path / f"seedless{number}.json"
        game.save(path)
        data = json.loads(path.read_text())
        assert data["seed"] == game.seed and data["position"] is None and data["deal"]["seed"] == game.deal.seed
        again = Game.load(path)
        assert again.deal == game.deal and again.seed == game.seed
        assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize("rules", [NMJL, MAHJX], ids=lambda r: r.name)
def test_a_game_of_a_deal_without_any_seed_reloads_exactly(rules, tmp_path):
    """A game of walls built by hand has no seed at all: the file records the deal, and the seed the game
    drew for the Charleston's blind passes."""
    from mjlearn.rules import Bot
    from mjlearn.rules.setup import deal_from_walls, deal_tiles

    walls = deal_tiles(rules, seed=11).walls
    game = Game.from_deal(CARD, rules, deal_from_walls(rules, walls, (3, 4)))
    assert game.seed is None
    bots = [Bot(CARD, rules, seed=s) for s in range(4)]
    while game.phase != "over":
        seat = game.waiting_for()[0]
        bots[seat].act(game, seat)
    game.save(tmp_path / "dealt.json")
    data = json.loads((tmp_path / "dealt.json").read_text())
    assert data["seed"] is None and data["deal"]["seed"] == game.deal.seed is not None
    again = Game.load(tmp_path / "dealt.json")
    assert again.seed is None and again.deal == game.deal and again.snapshot() == game.snapshot()


def test_the_deal_recorded_is_the_deal_played_whatever_the_seed_would_deal(tmp_path):
    game = Game(CARD, NMJL, seed=5)
    game.skip_charleston()
    game.save(tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["deal"]["dice"] == list(game.deal.dice)
    assert [len(mj.parse_tiles(wall)) for wall in data["deal"]["walls"]] == [38, 38, 38, 38]
    data["seed"] = 6  # the seed is kept for the record; the deal is what was played
    (tmp_path / "g.json").write_text(json.dumps(data))
    again = Game.load(tmp_path / "g.json")
    assert again.racks == game.racks and again.wall == game.wall and again.seed == 6


def saved(tmp_path, rules=NMJL, seed=4):
    game = run_game(CARD, rules, seed=seed)
    game.save(tmp_path / "g.json")
    return game, json.loads((tmp_path / "g.json").read_text())


def test_the_file_records_how_many_moves_and_their_checksum(tmp_path):
    import hashlib

    game, data = saved(tmp_path)
    assert data["version"] == VERSION == 2
    assert data["move_count"] == len(game.moves) == len(data["moves"])
    canonical = json.dumps(data["moves"], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert data["moves_sha256"] == hashlib.sha256(canonical.encode("ascii")).hexdigest()


@pytest.mark.parametrize("damage, match", [
    (lambda d: d.update(moves=d["moves"][:-5]),
     r"the file records (\d+) moves but lists \d+: the move list is cut short"),
    (lambda d: d.update(moves=d["moves"][:-5], move_count=d["move_count"] - 5),
     r"the moves do not match their checksum \(moves_sha256\)"),
    (lambda d: d["moves"][-1][1].update(seat=(d["moves"][-1][1]["seat"] + 1) % 4),
     r"the moves do not match their checksum \(moves_sha256\)"),
    (lambda d: d.pop("moves_sha256"), r"missing moves_sha256 \(is the file truncated\?\)"),
    (lambda d: d.update(move_count="40"), r"move_count must be a whole number, not '40'"),
    (lambda d: d.update(moves_sha256=5), r"moves_sha256 must be a SHA-256 in hexadecimal"),
    (lambda d: d["deal"]["walls"].pop(), r"deal: the walls must be a list of 4"),
    (lambda d: d["deal"].update(walls=[" ".join(w.split()[:-2]) for w in d["deal"]["walls"]]),
     r"deal: wall 0 holds 18 stacks; NMJL builds 19"),
    (lambda d: d["deal"].update(walls=[w + " 1B" for w in d["deal"]["walls"]]),
     r"deal: wall 0 holds 39 tiles: a wall is a row of stacks of two"),
    (lambda d: d["deal"].update(walls=[w.replace("1B", "2B") for w in d["deal"]["walls"]]),
     r"deal: the walls do not hold the set"),
    (lambda d: d["deal"].update(dice=[7, 1]), r"deal: the dice must be two whole numbers 1-6"),
    (lambda d: d.update(deal=None), r"deal: a dealt game \(no position\) records its deal"),
], ids=["cut-short", "cut-short-and-recounted", "a-move-changed", "no-checksum", "bad-count", "bad-checksum",
        "a-wall-missing", "walls-cut", "odd-wall", "walls-changed", "bad-dice", "no-deal"])
def test_a_damaged_file_is_refused_saying_what_is_wrong(tmp_path, damage, match):
    _, data = saved(tmp_path)
    damage(data)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=match) as caught:
        load_game(path)
    assert str(path) in str(caught.value)


def test_a_saved_position_must_list_every_tile(tmp_path):
    game = Game.from_position(CARD, NMJL, racks={0: "FF 222B 444B 666C 88C J"}, phase="discard", seed=3)
    game.save(tmp_path / "p.json")
    data = json.loads((tmp_path / "p.json").read_text())
    data["position"]["wall"] = data["position"]["wall"][:-10]  # the rest would be shuffled in again
    (tmp_path / "p.json").write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=r"position: the wall lists 89 tiles; the position leaves 99 to draw"):
        load_game(tmp_path / "p.json")


def test_version_1_files_still_load(tmp_path):
    game, data = saved(tmp_path)
    old = {key: data[key] for key in ("format", "ruleset", "seed", "card", "position", "moves")}
    old["version"] = 1
    (tmp_path / "v1.json").write_text(json.dumps(old))
    assert Game.load(tmp_path / "v1.json").snapshot() == game.snapshot()
    old["seed"] = None  # a seedless game saved by version 1 recorded no deal: it cannot be played again
    (tmp_path / "v1.json").write_text(json.dumps(old))
    with pytest.raises(SaveFileError, match=r"saved without a seed by an older mjlearn \(file version 1\), which did not"
                                            r" record the deal: the game cannot be rebuilt"):
        load_game(tmp_path / "v1.json")


def test_a_seedless_game_is_replayed_from_its_deal():
    game = run_game(CARD, MAHJX, seed=None)
    assert Game.replay(CARD, MAHJX, None, game.moves, deal=game.deal).snapshot() == game.snapshot()
    with pytest.raises(mj.MjlearnError, match="replayed from its deal: give deal=game.deal"):
        Game.replay(CARD, MAHJX, None, game.moves)
