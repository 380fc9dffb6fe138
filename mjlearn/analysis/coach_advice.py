"""The coach's tables: each line's chance of being completed, its outs, and what to discard.

All three rest on :func:`~mjlearn.analysis.chances.line_chances` (its module
docstring states the model). The usual way in is through the card:
:meth:`Card.win_chances <mjlearn.card.Card.win_chances>`,
:meth:`Card.outs <mjlearn.card.Card.outs>` and
:meth:`Card.discard_advice <mjlearn.card.Card.discard_advice>`.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> table = win_chances(card, "FF 222B 444B 666B 88B", draws=1)
>>> table[["category", "line", "distance", "outs", "p_win", "method"]].head(1).values.tolist()
[['2468', 1, 1, 10, 0.07194244604316546, 'exact']]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from ..hands import HandLike
from ..resources import as_card
from ..tiles import FORMAT_ORDER, Tile
from ..wording import counted
from .chances import DEFAULT_SAMPLES, MAX_SAMPLES, LineChances, line_chances
from .closest import _needs_and_unused_shown, _text_columns, format_count_rows, seen_and_unseen
from ..engine.compiled import CompiledCard, counts_of
from .position import Exposure, ExposureLike, read_position

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["win_chances", "outs", "discard_advice", "ties_with", "DEFAULT_DRAWS", "ADVICE_SAMPLES"]

DEFAULT_DRAWS = 12
"""Draws assumed when none are given: about what a player still draws in the middle of a game."""
ADVICE_SAMPLES = 500
"""Simulated draws per discard in :func:`discard_advice` (fourteen positions are judged at once)."""


def _position(card: "Card", hand: HandLike, exposures, visible, ruleset, sizes):
    """The checked position: compiled card, rack counts, parsed exposures, unseen counts."""
    from .arguments import ruleset_argument

    card = as_card(card)
    ruleset = ruleset_argument(ruleset)
    rack_hand, parsed = read_position(hand, exposures, sizes=sizes)
    rack = counts_of(rack_hand)
    _, unseen = seen_and_unseen(visible, rack, parsed)
    return card.compiled(ruleset), rack, parsed, unseen


def _counts(draws: int, samples: int, seed: int, unseen: np.ndarray) -> tuple[int, int, int]:
    from .arguments import count_argument

    draws = count_argument("draws", draws, maximum=int(unseen.sum()))
    return draws, count_argument("samples", samples, maximum=MAX_SAMPLES), count_argument("seed", seed)


def _method(result: LineChances) -> np.ndarray:
    """Per line, how ``p_win`` was found: "exact", "simulated" or "bounded"."""
    return np.where(result.exact, "exact", np.where(result.simulated, "simulated", "bounded"))


def win_chances(
    card: "Card",
    hand: HandLike,
    draws: int = DEFAULT_DRAWS,
    exposures: Iterable[ExposureLike] = (),
    visible=None,
    ruleset=None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> "pandas.DataFrame":
    """Each line's chance of being held within the next ``draws`` draws, most likely first.

    The model, in plain words: the tiles you have not seen (the 152 minus your
    rack, your exposures and ``visible``: discards and other players'
    exposures) are shuffled, and you draw ``draws`` of them. You keep every tile
    that helps, you never call a discard, and nobody else wins first. A line
    counts as held when your rack and the drawn tiles make any of its hands,
    jokers standing in groups of 3 or more. So ``p_win`` is a best case for
    *going for* that line; it does not say which line you will end up with.

    One row per line your exposures allow. Columns: ``category``, ``line``,
    ``value``, ``distance`` (tiles missing now), ``outs`` (unseen tiles that
    bring the line's best hand one closer, jokers included where they may
    stand), ``needs`` (what that hand still needs), ``dead`` (no hand of the
    line can be made from the tiles left), ``p_win``, ``p_win_se`` and
    ``method``: ``"exact"`` (exact to 1e-9); ``"simulated"`` where several
    hands of the line could each be made (a seeded simulation of ``samples``
    draws, ``p_win_se`` its standard error); ``"bounded"`` where the line's
    other hands are too unlikely to simulate (they add at most 1e-4 together:
    ``p_win`` is the middle of the proven bounds, ``p_win_se`` half their
    width). ``hand`` is the line's most likely hand. Sorted by ``p_win``, then
    ``value``, then card order.

    >>> import mjlearn as mj
    >>> table = mj.load_card("basic1").win_chances("FF 222B 444B 666B 8B J", draws=2)
    >>> [(r.category, r.line, r.needs, r.outs, round(r.p_win, 4), r.method) for r in table.head(1).itertuples()]
    [('2468', 1, '8B', 10, 0.1392, 'exact')]
    """
    compiled, rack, parsed, unseen = _position(card, hand, exposures, visible, ruleset, (13, 14))
    draws, samples, seed = _counts(draws, samples, seed, unseen)
    result = line_chances(compiled, rack, parsed, unseen, draws, samples=samples, seed=seed)
    lines = np.flatnonzero(result.allowed)
    order = lines[np.lexsort((lines, -compiled.line_value[lines], -result.p_win[lines]))]
    return _line_table(compiled, result, order, rack, parsed, {
        "outs": result.outs[order],
        "needs": None,
        "dead": result.dead[order],
        "p_win": result.p_win[order],
        "p_win_se": result.p_win_se[order],
        "method": _method(result)[order],
        "hand": None,
    })


def outs(
    card: "Card", hand: HandLike, exposures: Iterable[ExposureLike] = (), visible=None, ruleset=None
) -> "pandas.DataFrame":
    """Per line, the tiles its nearest live hand still needs and how many of each you have not seen.

    One row per line your exposures allow, nearest first (then more outs,
    higher value, card order). ``hand`` is the line's nearest hand that can
    still be made (the nearest one when the line is dead), ``needs`` what it
    lacks, ``out_tiles`` the unseen tiles that would each bring it one closer,
    with their counts (a joker counts while the hand's groups of 3+ lack more
    than your jokers cover), ``outs`` their total, ``dead`` whether the tiles
    left can no longer make the line (then it has no outs).

    >>> import mjlearn as mj
    >>> table = mj.load_card("basic1").outs("FF 222B 444B 666B 8B N", visible="8B 8B")
    >>> table[["category", "line", "needs", "out_tiles", "outs"]].head(1).values.tolist()
    [['2468', 1, '88B', '8B ×1, J ×8', 9]]
    """
    compiled, rack, parsed, unseen = _position(card, hand, exposures, visible, ruleset, (13, 14))
    result = line_chances(compiled, rack, parsed, unseen, 0, samples=0)
    lines = np.flatnonzero(result.allowed)
    order = lines[np.lexsort((lines, -compiled.line_value[lines], -result.outs[lines], result.distance[lines]))]
    return _line_table(compiled, result, order, rack, parsed, {
        "hand": None,
        "needs": None,
        "out_tiles": [_out_text(row) for row in result.out_counts[order]],
        "outs": result.outs[order],
        "dead": result.dead[order],
    })


def _line_table(compiled: CompiledCard, result: LineChances, order: np.ndarray, rack, exposures,
                columns: dict) -> "pandas.DataFrame":
    """One row per line of ``order``: category, line, value and distance, then ``columns`` in their order;
    a ``None`` in ``columns`` is filled in: ``hand`` (the line's best hand) or ``needs`` (what it lacks)."""
    import pandas as pd

    text = _text_columns(compiled)
    best = result.best_hand[order]
    table = {
        "category": text["category"].take(order),
        "line": text["line"][order],
        "value": compiled.line_value[order].astype(np.int64),
        "distance": result.distance[order].astype(np.int64),
    }
    for name, values in columns.items():
        if name == "needs" and values is None:
            values = format_count_rows(_needs_and_unused_shown(compiled, best, rack, exposures)[0])
        elif name == "hand" and values is None:
            values = text["hand"].take(best)
        table[name] = values
    return pd.DataFrame(table, index=pd.RangeIndex(len(order)))


def _out_text(counts: np.ndarray) -> str:
    """``"8B ×2, J ×8"``: the tiles of 36 counts, in the order the notation writes them."""
    return ", ".join(f"{Tile(k).notation} ×{int(counts[k])}" for k in FORMAT_ORDER if counts[k])


def discard_advice(
    card: "Card",
    hand: HandLike,
    draws: int = DEFAULT_DRAWS,
    exposures: Iterable[ExposureLike] = (),
    visible=None,
    ruleset=None,
    samples: int = ADVICE_SAMPLES,
    seed: int = 0,
    *,
    chances: bool = True,
) -> "pandas.DataFrame":
    """What to throw from a 14-tile rack: one row per distinct tile, best first.

    For each tile, the rack without it is judged as :func:`win_chances` judges
    a position (the same model and assumptions; the thrown tile counts as
    seen). Its best line is the one with the highest expected value, ``ev`` =
    ``p_win`` x ``value``; a line the position makes dead is never chosen while
    another can be made. Columns: ``tile``, ``category``, ``line``, ``value``,
    ``p_win``, ``p_win_se``, ``method``, ``ev``, ``distance`` (of that line,
    after the throw) and ``reason``, a sentence saying why. Sorted by ``ev``,
    then ``p_win``, then the line's distance and outs, then tile order. Every throw is simulated with the same
    seeded draws, so they are compared on equal terms.

    A joker is never put before a natural tile whose throw is as good within the
    error of the two chances (:func:`ties_with`): the chances look at each throw's best
    line only, and a joker kept can still stand in any group of 3 or more. With
    ``chances=False`` the reasons leave the chance figures out (for a display
    that shows each line's chance once, elsewhere). Exposures that no line of
    the card can use give an empty table (with the columns): no throw can win.

    >>> import mjlearn as mj
    >>> table = mj.load_card("basic1").discard_advice("FF 222B 444B 666B 88B N", draws=3)
    >>> table[["tile", "category", "line", "distance"]].head(2).values.tolist()
    [['N', '2468', 1, 1], ['F', '2468', 1, 2]]
    """
    import pandas as pd

    compiled, rack, parsed, unseen = _position(card, hand, exposures, visible, ruleset, (14,))
    draws, samples, seed = _counts(draws, samples, seed, unseen)
    cache: dict = {}
    rows = []
    kinds = [k for k in FORMAT_ORDER if rack[k]]
    if parsed and not compiled.allowed(parsed).any():
        kinds = []  # no line can use the exposures: nothing to advise
    for kind in kinds:
        thrown = rack.copy()
        thrown[kind] -= 1
        result = line_chances(compiled, thrown, parsed, unseen, draws, samples=samples, seed=seed, cache=cache)
        line = _best_line(compiled, result)
        p = float(result.p_win[line])
        value = int(compiled.line_value[line])
        se = float(result.p_win_se[line])
        rows.append({
            "tile": Tile(kind).notation,
            "category": compiled.lines[line].category,
            "line": compiled.lines[line].number,
            "value": value,
            "p_win": p,
            "p_win_se": se,
            "method": str(_method(result)[line]),
            "ev": p * value,
            "distance": int(result.distance[line]),
            "reason": _reason(compiled, Tile(kind), line, result, thrown, parsed, unseen, chances),
            "_key": (-p * value, -p, int(result.distance[line]), -int(result.outs[line]), FORMAT_ORDER.index(kind)),
        })
    rows.sort(key=lambda r: r["_key"])
    _jokers_after_ties(rows)
    table = pd.DataFrame(rows, columns=["tile", "category", "line", "value", "p_win", "p_win_se", "method", "ev",
                                        "distance", "reason"])
    return table


def ties_with(first: Mapping, second: Mapping) -> bool:
    """Whether two rows of :func:`discard_advice` are as good as each other: their expected values (``ev``)
    differ by no more than the error of the two chances (``p_win_se`` x ``value`` each, 0 where exact;
    1e-12 for the rounding) and, where neither has any chance, they leave their lines as near.

    >>> ties_with({"ev": 0.0349, "p_win_se": 0.0001, "value": 50, "distance": 5},
    ...           {"ev": 0.0350, "p_win_se": 0.0, "value": 50, "distance": 5})
    True
    >>> ties_with({"ev": 0.0, "p_win_se": 0.0, "value": 25, "distance": 5},
    ...           {"ev": 0.0, "p_win_se": 0.0, "value": 25, "distance": 4})
    False
    """
    error = sum(float(np.nan_to_num(row["p_win_se"])) * float(row["value"]) for row in (first, second))
    if abs(float(first["ev"]) - float(second["ev"])) > error + 1e-12:
        return False
    if float(first["ev"]) > 0 or float(second["ev"]) > 0:
        return True
    return int(first["distance"]) == int(second["distance"])


def _jokers_after_ties(rows: list[dict]) -> None:
    """Move the joker's row (sorted rows of :func:`discard_advice`) after every natural throw it ties with."""
    at = next((i for i, row in enumerate(rows) if row["tile"] == "J"), None)
    if at is None:
        return
    last = at
    for i in range(at + 1, len(rows)):
        if not ties_with(rows[at], rows[i]):
            break
        last = i
    rows.insert(last, rows.pop(at))


def _best_line(compiled: CompiledCard, result: LineChances) -> int:
    """The line to aim at: highest ``p_win x value``, then ``p_win``; with no chance anywhere, the nearest
    line that is not dead (then higher value, card order). Dead and ruled-out lines come last."""
    lines = np.flatnonzero(result.allowed)
    ev = result.p_win[lines] * compiled.line_value[lines]
    key = np.lexsort((lines, -compiled.line_value[lines], result.distance[lines], -result.p_win[lines], -ev,
                      result.dead[lines]))
    return int(lines[key[0]])


def _reason(compiled: CompiledCard, thrown: Tile, line: int, result: LineChances, rack: np.ndarray,
            exposures: tuple[Exposure, ...], unseen: np.ndarray, chances: bool = True) -> str:
    """A sentence for one row of :func:`discard_advice` (``chances=False``: without the chance figure)."""
    spec = compiled.lines[line]
    name = f"{spec.category} #{spec.number}"
    p = result.p_win[line]
    if p > 0:
        figure = f" ({_percent(p)} in {counted(result.draws, 'draw')})" if chances else ""
        parts = [f"keeps {name} in reach{figure}"]
    else:
        parts = [f"{name} stays nearest ({counted(int(result.distance[line]), 'tile')} away) but cannot be"
                 f" finished in {counted(result.draws, 'draw')}"]
    jokers = int(rack[Tile.JOKER])
    hand = compiled.hands[result.best_hand[line]]
    has_groups = bool(compiled.big[result.best_hand[line]].any())
    if thrown == Tile.JOKER:
        parts[0] += ", but throws away a joker, which any group of 3 or more could use"
    elif jokers and has_groups:
        parts[0] += f", with {counted(jokers, 'joker')} working in its groups"
    elif jokers:
        parts[0] += f", though your {counted(jokers, 'joker')} cannot stand in its singles and pairs"
    needs, _ = _needs_and_unused_shown(compiled, result.best_hand[line: line + 1], rack, exposures)
    if thrown != Tile.JOKER:
        if needs[0, thrown] or result.out_counts[line, thrown]:
            parts.append(f"you would want the {thrown.notation} back for {hand}")
        elif _uses(compiled, result.best_hand[line], thrown):
            parts.append(f"you hold more {thrown.notation} than {hand} uses")
        else:
            parts.append(f"{hand} has no {thrown.notation}")
    dead = _tempting_dead_line(compiled, result, line, rack, exposures, unseen)
    if dead:
        parts.append(dead)
    sentence = "; ".join(parts)
    return sentence[:1].upper() + sentence[1:] + "."


def _uses(compiled: CompiledCard, hand: int, tile: Tile) -> bool:
    return tile != Tile.JOKER and bool(compiled.total[hand, tile])


def _tempting_dead_line(compiled, result: LineChances, line: int, rack, exposures, unseen) -> str:
    """A clause about the nearest dead line when it is at least as near as ``line``, naming what is all seen."""
    dead = np.flatnonzero(result.dead & (result.distance <= result.distance[line]))
    if not len(dead):
        return ""
    near = int(dead[np.lexsort((dead, result.distance[dead]))[0]])
    spec = compiled.lines[near]
    needs, _ = _needs_and_unused_shown(compiled, result.best_hand[near: near + 1], rack, exposures)
    gone = [Tile(k).notation for k in FORMAT_ORDER if k != Tile.JOKER and needs[0, k] > unseen[k]]
    what = f"too few {' and '.join(gone)} are left" if gone else "too few of the tiles it needs are left"
    nearness = "as near" if result.distance[near] == result.distance[line] else "nearer"
    return f"{spec.category} #{spec.number} is {nearness} but dead: {what}"


def _percent(p: float) -> str:
    return f"{p:.1%}" if p >= 0.0005 else "under 0.1%"
