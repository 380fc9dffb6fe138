"""Count the clicks a player needs for a whole GameTable game, without and with auto-pass and the call chooser.

    python tools/table_clicks.py [GAMES] [--seed N] [--card basic1] [--ruleset NMJL] [--seat 0]

A scripted player plays one seat through the table's public methods, as the browser's clicks call them:
the Bot's passes and discards, a vote against the second Charleston, Mah Jongg whenever the tiles win,
and for a discard it may answer, the call the coach suggests (:func:`mjlearn.widgets.table_coach.call_choice`)
if the table offers it, else "let it go". The same seeded game is played twice: with the old table (every
discard answered by a click, one button per call) and with the new one (auto-pass; one "Call" button,
straight to the call when only one is offered, else the chooser and the call: two clicks). The player's
choices are the same, so the games are the same; only the clicks differ. Printed per game and in total.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

import mjlearn as mj
from mjlearn.rules import Bot
from mjlearn.widgets import GameTable
from mjlearn.widgets.table_coach import call_choice


@dataclass
class Clicks:
    """The clicks of one game, by what they were for."""

    let_go: int = 0
    calls: int = 0
    other: int = 0
    auto_passed: int = 0
    moves: list = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.let_go + self.calls + self.other


def play(seed: int, new_table: bool, card: str = "basic1", ruleset: str = "NMJL", seat: int = 0) -> Clicks:
    """One game at a table (``new_table``: auto-pass and the call chooser) by the scripted player; its clicks."""
    table = GameTable(card, ruleset=ruleset, seat=seat, seed=seed, pace="instant", auto_pass=new_table,
                      scored=False)
    player = Bot(table.card, table.ruleset, seed=seed)
    coach = None
    clicks = Clicks()
    while table.game.phase != "over":
        game = table.game
        if game.phase == "charleston":
            counts = game.charleston.racks[seat].counts
            step = game.charleston.step
            if step.kind == "vote":
                moved, clicks.other = table.vote(False), clicks.other + 1
            else:
                tiles = player.choose_offer(counts) if step.kind == "negotiated" else player.choose_pass(counts, 3)
                moved, clicks.other = table.pass_tiles(tiles), clicks.other + len(tiles) + 1  # each pick, then Pass
        elif game.phase == "calls":
            call = table.view["call"]
            if coach is None:
                coach = mj.rules.CoachBot(table.card, table.ruleset, seed=seed)
            advice = call_choice(game, seat, coach)
            offered = [(c["size"], c["jokers"]) for c in call["choices"]]
            if call["mahjongg"]:
                moved, clicks.calls = table.call_mahjongg(), clicks.calls + 1
            elif "size" in advice and (advice["size"], advice["jokers"]) in offered:
                moved = table.call(advice["size"], advice["jokers"])
                clicks.calls += 1 if not new_table or len(offered) == 1 else 2
            else:
                moved, clicks.let_go = table.pass_call(), clicks.let_go + 1
        elif game.phase == "draw":
            moved, clicks.other = table.draw(), clicks.other + 1
        else:
            counts, exposures = game.racks[seat].counts, tuple(game.exposures[seat])
            if player.wins(counts, exposures):
                moved, clicks.other = table.declare_mahjongg(), clicks.other + 1
            else:
                tile = player.choose_discard(counts, exposures, game.visible(seat))
                moved, clicks.other = table.discard(tile), clicks.other + 2  # pick the tile, then Discard
        if not moved:
            raise RuntimeError(f"seed {seed}: the table refused the scripted move: {table.message}")
    clicks.auto_passed = table.auto_passes
    clicks.moves = list(table.game.moves)
    return clicks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--card", default="basic1")
    parser.add_argument("--ruleset", default="NMJL")
    parser.add_argument("--seat", type=int, default=0)
    options = parser.parse_args(argv)
    print(f"{options.card}, {options.ruleset}, seat {options.seat}; seeds {options.seed}-{options.seed + options.games - 1}")
    print(f"{'seed':>5} | {'before: clicks':>14} {'let go':>7} {'share':>6} | {'after: clicks':>13} {'let go':>7} "
          f"{'share':>6} {'auto-passed':>11} | {'saved':>6}")
    totals = [0, 0, 0, 0]
    for seed in range(options.seed, options.seed + options.games):
        before = play(seed, False, options.card, options.ruleset, options.seat)
        after = play(seed, True, options.card, options.ruleset, options.seat)
        if before.moves != after.moves:
            raise RuntimeError(f"seed {seed}: the two tables played different games")
        print(f"{seed:>5} | {before.total:>14} {before.let_go:>7} {before.let_go / before.total:>6.0%} | "
              f"{after.total:>13} {after.let_go:>7} {after.let_go / after.total:>6.0%} {after.auto_passed:>11} | "
              f"{1 - after.total / before.total:>6.0%}")
        totals = [a + b for a, b in zip(totals, (before.total, before.let_go, after.total, after.let_go))]
    print(f"{'all':>5} | {totals[0]:>14} {totals[1]:>7} {totals[1] / totals[0]:>6.0%} | {totals[2]:>13} {totals[3]:>7} "
          f"{totals[3] / totals[2]:>6.0%} {'':>11} | {1 - totals[2] / totals[0]:>6.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
