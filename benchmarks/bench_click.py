"""How long one click takes: ``closest`` for one rack, each HandBuilder action, GameTable move and
CharlestonTrainer click.

Targets (issue 16, items 1 and 2), on ``practice_harbor`` (55 lines, 1,307 hands):
  - ``card.closest`` for one rack: median <= 0.1 ms (the same DataFrame as before)
  - a HandBuilder click (add a tile, take one off, expose, ...): median <= 1 ms of Python
  - a GameTable move with no computer player acting (pick, arrange, draw, discard): median <= 1 ms
  - a CharlestonTrainer click (pick tiles, pass with the computer players' passes, undo): median <= 1 ms

A click is timed as the public method a browser message calls (``builder.add("5C")``,
``table.discard()``), everything it does included: the rules, the analysis, and the
refresh of every synced trait, serialised to JSON as a kernel sends it (the widgets
are given a comm that does that). Each printed ratio is median / target: at most 1
means the target is met. The table's computer players here never call and throw the
tile they draw, so a move times the table, not a bot; the coach's panel is closed
(its cost, when the student opens it, is printed apart).

Before (main at cf5579d, this script, the shared 2-core machine, load ~1): closest 0.39 ms
(ratio 3.9); HandBuilder clicks 1.9-2.2 ms (every click: median 2.0 ms, ratio 2.0); GameTable
moves 0.03-0.66 ms (every move: 0.31 ms, ratio 0.31; the discard 0.66 ms); opening the coach
89 ms. After (branch speed-click, same machine, load about 1): closest 0.112-0.115 ms (ratio
1.12-1.15, not met: building the pandas frame is ~35 us of it; timed since on racks the warm-up
has not seen: 0.109-0.110 ms, ratio 1.1; the numbers alone, ``nearest_lines``, ~0.033 ms), HandBuilder clicks 0.35-0.58 ms
(every click 0.42 ms, ratio 0.42), GameTable moves unchanged (already met), the coach 57-75 ms.
CharlestonTrainer: a pass (with the computer players') took 3.8 ms before (it read every line's
row back from a closest table), 0.7-0.9 ms after (ratio 0.88); picking tiles 0.03 ms.
Second round on closest (branch speed-closest2, on the same shared 2-core machine while other jobs
kept its load at about 3): closest 0.079-0.081 ms (14 tiles 0.078-0.081 ms), where the first
round's code, timed in alternation with it, took 0.111-0.116 ms. Then main, from a fresh clone with
nothing else running (2026-11-26): closest 0.084, 0.104 and 0.120 ms in three runs (ratio
0.84-1.20: met only at the margin; the machine's own speed varies more than that), HandBuilder
every click 0.47 ms, GameTable every move 0.29 ms, CharlestonTrainer pass 0.85 ms.
Issue 23 (closest built with public pandas API only: no private method, block layout or class
swap), ``bench_closest`` of this script run for each tree in alternation, three rounds, nothing else
running: closest 0.063, 0.063, 0.063 ms at 32d41da, 0.074, 0.074, 0.074 ms after (ratio 0.74; the
ordinary DataFrame constructor, tried first, took 0.126-0.136 ms; the 0.011 ms left is the
``ClosestTable`` subclass's own constructor, see docs/analysis.md).
Issue 24 (a sixth text column, ``not_usable``: the jokers a line has no place for), ``bench_closest``
run for each tree in alternation, three rounds, the machine otherwise idle: closest 0.076-0.078 ms
before, 0.078-0.080 ms after (14 tiles 0.076-0.081 ms before, 0.078-0.081 ms after).

Run: ``.venv/bin/python benchmarks/bench_click.py`` (about a minute).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import comm
import numpy as np

import mjlearn as mj
from mjlearn.analysis import deal_racks

CARD = "practice_harbor"
CLOSEST_MS = 0.1
CLICK_MS = 1.0


class JsonComm(comm.DummyComm):
    """A comm that turns each message into JSON, as the kernel does before sending it to the browser."""

    sent = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        JsonComm.sent += len(json.dumps(data, ensure_ascii=False, allow_nan=False))


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def timed(action, *args) -> float:
    start = time.perf_counter()
    action(*args)
    return time.perf_counter() - start


def report(name: str, times: list[float], target: float) -> None:
    ms = median_ms(times)
    print(f"  {name:<28} median {ms:7.3f} ms over {len(times):4d} (target <= {target:g} ms: ratio {ms / target:5.2f})")


def bench_closest(card: mj.Card) -> None:
    for r in deal_racks(100, rng=99):  # untimed: steady state, as in a widget after its first clicks
        card.closest(mj.Hand.from_counts(r.tolist()))
    hands = [mj.Hand.from_counts(r.tolist()) for r in deal_racks(400, rng=1)]  # racks not seen before
    print("closest, one rack (13 tiles, no exposures, n=10):")
    report("card.closest(rack)", [timed(card.closest, h) for h in hands], CLOSEST_MS)
    fourteen = [mj.Hand.from_counts(r.tolist()) for r in deal_racks(200, tiles=14, rng=2)]
    report("card.closest(14 tiles)", [timed(card.closest, h) for h in fourteen], CLOSEST_MS)


def with_pung(seed: int) -> mj.Hand:
    """14 dealt tiles that hold a pung of a number tile (11 dealt, then three of a tile they lack)."""
    counts = deal_racks(1, tiles=11, rng=seed)[0]
    kind = int(np.flatnonzero(counts[:27] == 0)[seed % int((counts[:27] == 0).sum())])
    counts[kind] = 3
    return mj.Hand.from_counts(counts.tolist())


def pung_places(rack: list[int]) -> list[int]:
    """Places of the first three equal tiles (not jokers) in a rack as the widget shows it."""
    code = next(c for c in rack if c != int(mj.Tile.JOKER) and rack.count(c) >= 3)
    first = rack.index(code)
    return [first, first + 1, first + 2]


def bench_hand_builder(card: mj.Card) -> None:
    from mjlearn.widgets import HandBuilder

    builder = HandBuilder(card, n=10)
    clicks: dict[str, list[float]] = {name: [] for name in ("add", "remove_at", "expose_at", "unexpose", "deal",
                                                            "set_hand", "clear")}
    racks = deal_racks(40, tiles=14, rng=3)
    for rep, rack in enumerate(racks):
        clicks["clear"].append(timed(builder.clear))
        for tile in mj.Hand.from_counts(rack.tolist()).tiles():
            clicks["add"].append(timed(builder.add, tile))
        clicks["remove_at"].append(timed(builder.remove_at, rep % 14))
        clicks["add"].append(timed(builder.add, builder.hand.tiles()[0]))
        clicks["deal"].append(timed(builder.deal, rep))
        clicks["set_hand"].append(timed(builder.set_hand, str(with_pung(rep))))
        clicks["expose_at"].append(timed(builder.expose_at, pung_places(builder.rack)))
        clicks["remove_at"].append(timed(builder.remove_at, 0))  # with an exposure
        clicks["add"].append(timed(builder.add, builder.hand.tiles()[0]))
        clicks["unexpose"].append(timed(builder.unexpose, 0))
    print("HandBuilder, one click (n=10 lines shown):")
    for name, times in clicks.items():
        report(f"builder.{name}", times, CLICK_MS)
    every = [t for times in clicks.values() for t in times]
    report("every click", every, CLICK_MS)


class QuietPlayer:
    """A computer player that never calls and throws the tile it draws: it costs next to nothing."""

    drawn = None

    def act(self, game, seat: int) -> None:
        if game.phase == "calls":
            game.pass_call(seat)
        elif game.phase == "draw":
            self.drawn = game.draw(seat)
        else:
            game.discard(seat, self.drawn if self.drawn is not None else game.racks[seat].tiles()[0])
            self.drawn = None


def bench_game_table(card: mj.Card) -> None:
    from mjlearn.widgets import GameTable

    moves: dict[str, list[float]] = {name: [] for name in ("draw", "toggle_at", "move_tile", "sort_rack", "discard",
                                                         "pass_call")}
    coach: list[float] = []
    picks: list[float] = []
    for seed in range(6):
        table = GameTable(card, seed=seed, pace="step", position={"phase": "draw", "turn": 0},
                          opponents=[QuietPlayer() for _ in range(3)])  # dealt racks, no Charleston: you draw
        turns = 0
        while table.game.phase != "over" and turns < 25:
            if table.game.phase == "calls" and table.seat in table.game.waiting_for():
                moves["pass_call"].append(timed(table.pass_call))  # let a computer player's discard go
                continue
            if table.game.phase == "draw" and table.game.turn == table.seat:
                moves["draw"].append(timed(table.draw))
            if table.game.phase != "discard" or table.game.turn != table.seat:
                table.play_on()
                continue
            moves["toggle_at"].append(timed(table.toggle_at, 0))
            moves["toggle_at"].append(timed(table.toggle_at, 0))  # and put back
            moves["move_tile"].append(timed(table.move_tile, 0, len(table.rack) - 1))
            moves["sort_rack"].append(timed(table.sort_rack))
            if turns % 5 == 0:
                coach.append(timed(table.show_coach, True))
                picks.append(timed(table.toggle_at, len(table.rack) - 1))  # a first pick: the hot-tile check
                table.toggle_at(len(table.rack) - 1)
                table.show_coach(False)
            table.toggle_at(len(table.rack) - 1)
            moves["discard"].append(timed(table.discard))
            table.play_on()
            turns += 1
    print("GameTable, one move of yours (computer players that never call; coach closed):")
    for name, times in moves.items():
        report(f"table.{name}", times, CLICK_MS)
    every = [t for times in moves.values() for t in times]
    report("every move", every, CLICK_MS)
    print(f"  (not targets: opening the coach's panel, median {median_ms(coach):.1f} ms over {len(coach)};"
          f" with it open, a first pick of a tile, median {median_ms(picks):.1f} ms)")


def bench_charleston_trainer(card: mj.Card) -> None:
    from mjlearn.widgets import CharlestonTrainer

    clicks: dict[str, list[float]] = {name: [] for name in ("toggle_at", "select", "deselect", "clear_selection",
                                                            "pass_selected", "undo")}
    suggest: list[float] = []
    trainer = CharlestonTrainer(card, seed=0)
    for seed in range(12):
        trainer.new_deal(seed=seed)
        for step in range(3):
            clicks["toggle_at"].append(timed(trainer.toggle_at, 0))
            clicks["toggle_at"].append(timed(trainer.toggle_at, 0))  # and put back
            clicks["clear_selection"].append(timed(trainer.clear_selection))
            tiles = [tile for tile in trainer.rack.tiles() if tile != mj.Tile.JOKER][:3]
            for tile in tiles:
                clicks["select"].append(timed(trainer.select, tile))
            clicks["deselect"].append(timed(trainer.deselect, tiles[0]))
            clicks["select"].append(timed(trainer.select, tiles[0]))
            if step == 0:
                suggest.append(timed(trainer.suggest))
                trainer.clear_selection()
                for tile in tiles:
                    trainer.select(tile)
            clicks["pass_selected"].append(timed(trainer.pass_selected))
        clicks["undo"].append(timed(trainer.undo))
    print("CharlestonTrainer, one click (a pass includes the three computer players' passes):")
    for name, times in clicks.items():
        report(f"trainer.{name}", times, CLICK_MS)
    every = [t for times in clicks.values() for t in times]
    report("every click", every, CLICK_MS)
    print(f"  (not a target: the coach's suggested pass, median {median_ms(suggest):.1f} ms over {len(suggest)})")


def main() -> None:
    comm.create_comm = JsonComm
    card = mj.load_card(CARD)
    compiled = card.compiled()
    print(f"card {CARD!r}: {compiled.num_lines} lines, {compiled.num_hands} concrete hands")
    started = time.perf_counter()
    bench_closest(card)
    bench_hand_builder(card)
    bench_game_table(card)
    bench_charleston_trainer(card)
    print(f"(the benchmark took {time.perf_counter() - started:.0f} s; JSON sent: {JsonComm.sent / 1e6:.1f} MB)")


if __name__ == "__main__":
    sys.exit(main())
