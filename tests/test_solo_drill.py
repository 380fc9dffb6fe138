"""SoloDrill from Python: the deals it plays, the moves a click makes, the refusals and the score."""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn.analysis.solo import deal_seed, solo, solo_wall
from mjlearn.analysis.solo_score import score_hands
from mjlearn.errors import ArgumentError
from mjlearn.rules import Bot
from mjlearn.tiles import Tile
from mjlearn.widgets import SoloDrill

CARD = mj.load_card("basic1")


@pytest.fixture(autouse=True)
def _few_fallback_deals(monkeypatch):
    """Horizons with no bundled figures are measured on the spot: on a few deals here, to keep the tests quick."""
    from mjlearn.analysis import solo_score

    monkeypatch.setattr(solo_score, "FALLBACK_DEALS", 8)


def _codes(tiles) -> list[int]:
    return sorted(int(t) for t in tiles)


def test_a_hand_is_a_deal_of_the_benchmark():
    drill = SoloDrill(CARD, hands=2, draws=5, seed=7, hints=False)
    wall = solo_wall(7, 0)
    assert sorted(drill.rack) == _codes(wall[:14]) and drill.draw_number == 1 and not drill.over
    assert drill.rack[drill.drawn] == int(wall[13])
    thrown = Tile(drill.rack[0])
    assert drill.discard_at(0)
    assert drill.thrown == [int(thrown)] and drill.draw_number == 2
    expected = _codes(wall[:15])
    expected.remove(int(thrown))
    assert sorted(drill.rack) == expected and drill.rack[drill.drawn] == int(wall[14])
    assert drill.message == f"Threw {thrown.long_name}; drew {wall[14].long_name}."
    assert repr(drill) == "<SoloDrill: hand 1 of 2, draw 2 of 5>"
    assert mj.SoloDrill is SoloDrill


def test_a_hand_the_bot_completes_completes_in_the_drill_too():
    deal = 196  # (the Bot completes deal 196 of seed 0 at draw 18)
    result = solo(CARD, players=("bot",), deals=[deal], draws=24, seed=0)
    at = int(result.completed_at[0, 0])
    assert at == 18
    bot = Bot(CARD, seed=0)
    bot.rng.seed(deal_seed(0, deal))
    drill = SoloDrill(CARD, hands=1, draws=24, seed=0, first=deal, hints=False)
    seen = [0] * 36
    while not drill.over:
        tile = bot.choose_discard(tuple(drill.hand.counts), (), tuple(seen))
        seen[int(tile)] += 1
        assert drill.discard(tile), drill.message
    assert drill.message.startswith(f"Mah Jongg at draw {at}!") and drill.message_kind == "success"
    assert drill.played[0].completed_at == at and drill.played[0].away == 0
    row = drill.view["played"][0]
    assert row == {"hand": 1, "deal": deal, "you": f"completed at draw {at}", "coach": row["coach"],
                   "bot": f"completed at draw {at}"}
    assert drill.score is not None and drill.score.completed == 1


def test_refused_moves_change_nothing():
    drill = SoloDrill(CARD, hands=1, draws=2, seed=3, hints=False)
    before = (list(drill.rack), drill.draw_number)
    missing = next(t for t in Tile if t not in drill.hand)
    assert not drill.discard(missing) and f"no {missing.long_name} on the rack" in drill.message
    assert not drill.discard("Q") and drill.message_kind == "error"
    assert not drill.discard_at(14) and "no tile at place 14" in drill.message
    assert not drill.discard_at(True) and not drill.discard_at("1")
    assert not drill.next_hand() and "Finish this hand first" in drill.message
    assert (list(drill.rack), drill.draw_number) == before
    assert drill.discard_at(0) and drill.over  # the last of 2 draws
    assert not drill.discard_at(0) and "round is over" in drill.message
    assert not drill.next_hand() and "last hand of the round" in drill.message


def test_a_round_ends_with_the_score_of_its_hands():
    drill = SoloDrill(CARD, hands=3, draws=3, seed=2, hints=False)
    for number in range(3):
        assert drill.hand_number == number + 1
        while not drill.over:
            assert drill.discard_at(drill.drawn)  # throws back what it drew
        assert len(drill.played) == number + 1 and drill.view["played"][-1]["hand"] == number + 1
        if number < 2:
            assert drill.score is None and "Start the next hand" in drill.message
            assert drill.next_hand()
    assert "That was the last hand" in drill.message and drill.view["last"]
    expected = score_hands(CARD, drill.played)
    assert drill.score == expected
    assert drill.view["score"] == {"sentence": expected.sentence(), "bands": expected.band_sentence(),
                                   "verdict": expected.verdict()}
    assert repr(drill) == f"<SoloDrill: round over, {expected.completed} of 3 hands completed>"
    assert [h.deal for h in drill.played] == [0, 1, 2] and {h.seed for h in drill.played} == {2}


def test_a_new_round_deals_the_next_deals_or_those_of_a_seed():
    drill = SoloDrill(CARD, hands=2, draws=1, seed=4, hints=False)
    assert drill.over  # one draw: the hand ends at once
    assert drill.new_round() and drill.view["deal"] == 2 and drill.score is None
    assert [h.deal for h in drill.played] == [2]  # (a hand of one draw is over as soon as it is dealt)
    assert sorted(drill.rack) == _codes(solo_wall(4, 2)[:14])
    assert drill.new_round(seed=9) and drill.view["deal"] == 0 and drill.view["seed"] == 9
    assert not drill.new_round(seed="x") and "seed" in drill.message.lower()


def test_hints_and_clicks_from_the_browser():
    drill = SoloDrill(CARD, hands=2, draws=3, seed=1)
    hints = drill.view["hints"]
    assert 1 <= len(hints) <= 3 and hints[0]["distance"] == int(CARD.closest(drill.hand, n=1).distance.iloc[0])
    drill._on_click(drill, {"action": "discard", "index": 0}, [])
    assert drill.draw_number == 2
    drill._on_click(drill, {"action": "next_hand"}, [])
    assert "Finish this hand first" in drill.message
    drill._on_click(drill, {"action": "discard", "index": 0}, [])
    drill._on_click(drill, {"action": "next_hand"}, [])
    assert drill.hand_number == 2
    drill._on_click(drill, {"action": "new_round"}, [])
    assert drill.hand_number == 1 and drill.view["deal"] == 2
    drill._on_click(drill, {"action": "dance"}, [])
    assert drill.message_kind == "error" and "dance" in drill.message


def test_a_ruleset_change_starts_the_round_again():
    drill = SoloDrill(CARD, hands=2, draws=3, seed=1, hints=False)
    drill.discard_at(0)
    drill.ruleset_name = "MAHJ-X"
    assert drill.draw_number == 1 and drill.ruleset.name == "MAHJ-X"
    drill.ruleset_name = "riichi"
    assert drill.ruleset_name == "MAHJ-X" and drill.message_kind == "error"


@pytest.mark.parametrize("arguments, words", [({"hands": 0}, "hands"), ({"draws": 140}, "draws"),
                                              ({"hints": "yes"}, "hints"), ({"seed": 1.5}, "seed"),
                                              ({"first": -1}, "first")])
def test_bad_arguments_are_named(arguments, words):
    with pytest.raises(ArgumentError, match=words):
        SoloDrill(CARD, **arguments)
