"""The engine's innermost loops compiled by numba (imported only when numba is installed and a loop first runs).

Each does what a numpy function of the engine does, with the same numbers:

- :func:`line_distances`: many racks to every line (:mod:`mjlearn.engine.kernel`'s numpy engine);
- :func:`position_distances`: one rack's distances to a view's hands, from its sums or from a rack one tile
  away (:class:`mjlearn.engine.views.Position` with numpy);
- :func:`discard_ranks`: the racks one discard away (:func:`mjlearn.engine.views.discard_ranks`);
- :func:`turn_discards`: a turn's rack one tile from the last, its distances, whether it wins and else the
  discards it may best throw, in one call (:meth:`mjlearn.engine.card_engine.BotEngine.turn_discards`);
- :func:`best_after`: a rack's distance to the rows of a set of exposures it may call for, live rows first
  (:meth:`mjlearn.engine.card_engine.BotEngine.best_after`);
- :func:`live_update`: which of a view's hands the tiles still available cannot complete, updated from the
  last look for the kinds that changed (:class:`mjlearn.engine.liveness.LiveHands`);
- :func:`live_pass`: :class:`~mjlearn.engine.liveness.LiveHands`' shortfalls and live hands, worked out afresh
  or one tile fewer (the game's liveness of each seat's exposures: no step rows to build and keep);
- :func:`coach_chances`, :func:`coach_near`: the coach bot's quick chances of a batch of racks and its near
  hands (``CoachBot._quick_chances`` and ``_FirstRack`` in :mod:`mjlearn.rules.coach_bot`);
- :func:`coach_first`: the first rack's set-up in one call (the liveness of :func:`live_update`, the near hands of
  :func:`coach_near` and the tiles unseen: ``CoachBot._first_rack``); :func:`live_near`: the liveness and which
  hands are near, as a mask (``CoachBot._near``, a call's first look); :func:`none_below`: whether no count is
  below 0 (the coach's check before the compiled liveness reads its tiles available);
- :func:`coach_worth`: the rest of the coach's worth after numpy's ``exp`` (each hand's chance times its
  value, its line's best, the best lines in order; ``CoachBot.worth``);
- :func:`discard_racks`: the racks one discard away that the coach weighs (``CoachBot.discard_scores``);
- :func:`discard_finish`: the coach's discard scores from that worth (the nearest hand first, less the cost of
  feeding an opponent: ``CoachBot.discard_scores``);
- :func:`feeding_sums`: what a discard costs the coach from the opponents' dangers (``CoachBot.feeding_cost``,
  ``tournament_risk``);
- :func:`pass_sets`: the Charleston's sets of tiles grown by one, and their racks, and :func:`best_first`: the
  best of them, kept for the next step (``CoachBot.choose_pass``);
- :func:`tail_logs`, :func:`tail_finish`: the coach's tail tables either side of numpy's ``exp``
  (:func:`mjlearn.rules.coach_bot.tail_table`);
- :func:`opponent_shares`: the defence's share per tile of an opponent's lines
  (:meth:`mjlearn.analysis.defence.OpponentLines.share`); :func:`opponent_dangers`: those of up to three
  opponents times their chances of waiting, in one call (:func:`mjlearn.analysis.defence.danger_each`);
- :func:`judge_throws`: which of the other players' throws were hot, by the dangers of one look
  (:class:`mjlearn.analysis.defence.TableReading`).

The coach's and the defence's loops add floats: they add them in numpy's order (its pairwise sum, eight
running sums of a block of up to 128 terms, halves above that; a running sum left to right), multiply in
numpy's order and leave ``exp``, ``log`` and the weights' ``@`` to numpy (whose ``exp`` is not numba's to the
last bit), so their floats are numpy's to the last bit and a coach plays the same moves with either engine
(``tests/test_coach_fast_paths.py``).

Every distance is :func:`_tiles_away`, the formula of :mod:`mjlearn.engine.tiles_away` written once for the
compiled loops. The bots' arrays are a few hundred entries long, so numpy's cost per call, not the
arithmetic, was their time. The batch kernel's loops are plain and contiguous, in bytes, and count from 0 (an
index read from an array could be negative, and numba's wraparound for it stops LLVM from vectorising the
loop: that alone made the kernel 3 times slower). ``nogil`` lets threads run them on all cores; ``cache``
keeps the machine code on disk (beside this file, or in numba's cache folder for the user), so only the
first run compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_KINDS = 35
_MOST_HELD = 14


def _compile(function, inline: bool = False):
    """``function`` compiled with numba, its machine code kept on disk when numba finds a folder for it."""
    options = {"inline": "always"} if inline else {"nogil": True}
    try:
        return njit(cache=True, **options)(function)
    except RuntimeError:  # no writable folder for numba's cache: compile once per process instead
        return njit(**options)(function)


def _tiles_away_py(free, placed, small_size, placed_small):  # pragma: no cover - runs compiled
    """``max(free - M_t, S - M_s)``: the distance of :mod:`mjlearn.engine.tiles_away` (``free = R - jokers``)."""
    return max(free - placed, small_size - placed_small)


_tiles_away = _compile(_tiles_away_py, inline=True)


def _line_distances(table, levels, small_size, starts, stops, racks, out):  # pragma: no cover - runs compiled
    """Fill ``out[N, L]`` with the distances from ``racks[N, 36]`` (int16) to each line (the batch kernel)."""
    hands = small_size.shape[0]
    acc = np.empty(hands, np.uint8)
    held = np.empty(_MOST_HELD, np.int64)
    for n in range(racks.shape[0]):
        count = 0
        for k in range(_KINDS):
            c = racks[n, k]
            if c > 0 and count < _MOST_HELD:
                held[count] = k * levels + c
                count += 1
        acc[:] = 0
        for i in range(count):
            row = table[held[i]]
            for h in range(hands):
                acc[h] += row[h]
        free = np.uint8(14 - racks[n, _KINDS])
        for h in range(hands):
            a = acc[h]
            acc[h] = np.uint8(_tiles_away(free, a & np.uint8(15), small_size[h], a >> np.uint8(4)))
        for line in range(starts.shape[0]):
            hands_of_line = acc[starts[line] : stops[line]]
            best = np.uint8(255)
            for h in range(hands_of_line.shape[0]):  # from 0: no negative index to wrap, so LLVM vectorises it
                best = min(best, hands_of_line[h])
            out[n, line] = best


def _smallest(values, size, out, row):  # pragma: no cover - runs compiled
    """``out[row]``: the ``out.shape[1]`` smallest of ``values[:size]``, in order (at least that many)."""
    count = out.shape[1]
    for c in range(count):
        out[row, c] = 1 << 30
    for i in range(size):
        v = values[i]
        if v < out[row, count - 1]:
            c = count - 1
            while c > 0 and out[row, c - 1] > v:
                out[row, c] = out[row, c - 1]
                c -= 1
            out[row, c] = v


def _discard_ranks(current, base, sums, codes, small_size, lines, starts, remaining, bits, jokers,
                   out):  # pragma: no cover - runs compiled
    """Fill ``out[len(bits), count]``: for each candidate the ``count`` smallest line distances once it is
    thrown. (Filling an array given is faster than returning one: numba rebuilds a returned array's
    type on every call.)"""
    count = out.shape[1]
    n = current.shape[0]
    segments = starts.shape[0]
    values = np.empty(max(n, segments), np.int64)
    for s in range(segments):
        stop = starts[s + 1] if s + 1 < segments else n
        best = np.int64(current[starts[s]])
        for h in range(starts[s] + 1, stop):
            if current[h] < best:
                best = current[h]
        values[s] = best
    _smallest(values, segments, out, 0)  # (row 0 as scratch: the nearest lines now)
    cutoff = out[0, count - 1] + 1
    near = np.empty(n, np.int64)
    m = 0
    for h in range(n):
        if current[h] <= cutoff:
            near[m] = h
            m += 1
    candidates = bits.shape[0]
    for r in range(candidates):
        row = codes[bits[r]]
        held = jokers if r < candidates - 1 or jokers == 0 else jokers - 1  # (the last candidate throws a joker)
        lines_seen = 0
        last_line = -1
        for i in range(m):
            h = near[i]
            placed = np.int64(sums[h]) - row[h]
            placed_small = np.int64(sums[n + h]) - row[n + h]
            d = _tiles_away(remaining - held, placed, np.int64(small_size[h]), placed_small) + current[h] - base[h]
            if lines[h] != last_line:
                last_line = lines[h]
                values[lines_seen] = d
                lines_seen += 1
            elif d < values[lines_seen - 1]:
                values[lines_seen - 1] = d
        _smallest(values, lines_seen, out, r)


def _position_distances(sums, codes, row, sign, remaining, small_size, jokers, distance):  # pragma: no cover
    """Add ``sign`` times thermometer row ``row`` to ``sums`` (``[2n]``) in place (``row < 0``: none), fill
    ``distance[n]`` for a rack with ``jokers`` jokers, and return the smallest."""
    n = distance.shape[0]
    if row >= 0:
        code = codes[row]
        for i in range(2 * n):
            sums[i] += sign * code[i]
    best = 1 << 30
    free = remaining - jokers
    for h in range(n):
        d = _tiles_away(free, np.int64(sums[h]), np.int64(small_size[h]), np.int64(sums[n + h]))
        distance[h] = d
        if d < best:
            best = d
    return best


def _live_update(available, fresh, seen, short, lacking, ptr, hands, rest, small, far,
                 penalty):  # pragma: no cover - runs compiled
    """Bring a view's liveness up to date for tiles ``available`` (``[36]``) and fill ``penalty[n]`` with ``far``
    for each dead hand and 0 for each live one; return whether some hand is live.

    Per hand ``short`` counts the naturals its groups of 3+ lack and ``lacking`` the kinds its singles and pairs
    lack, for the tiles ``seen`` at the last look (``fresh``: no look yet, count them all). Kind ``k``'s entries
    ``ptr[k]`` to ``ptr[k + 1]`` name the hands that need it (``hands``), how many (``rest``) and how many of
    those in singles and pairs (``small``): only the kinds whose count changed since the last look are read
    again, as :class:`mjlearn.engine.liveness.LiveHands` does. A hand is live when it lacks no kind and the
    available jokers make up what its groups lack."""
    if fresh:
        short[:] = 0
        lacking[:] = 0
    for k in range(_KINDS):
        now = np.int64(available[k])
        before = seen[k]
        if fresh:
            for i in range(ptr[k], ptr[k + 1]):
                if rest[i] > now:
                    short[hands[i]] += rest[i] - now
                if small[i] > now:
                    lacking[hands[i]] += 1
        elif now != before:
            for i in range(ptr[k], ptr[k + 1]):
                h = hands[i]
                short[h] += max(rest[i] - now, 0) - max(rest[i] - before, 0)
                lacking[h] += (1 if small[i] > now else 0) - (1 if small[i] > before else 0)
        seen[k] = now
    jokers = max(np.int64(available[_KINDS]), 0)
    seen[_KINDS] = available[_KINDS]
    some = False
    for h in range(penalty.shape[0]):
        if lacking[h] > 0 or short[h] > jokers:
            penalty[h] = far
        else:
            penalty[h] = 0
            some = True
    return some


def _live_pass(rest, small, available, kind, level, weight, jokers, behind, live):  # pragma: no cover - runs compiled
    """:class:`mjlearn.engine.liveness.LiveHands`' ``behind`` (``[n]``, in place) for rows ``rest`` and ``small``
    (``[n, kinds]``), then ``live`` (``behind <= jokers``); returns whether some hand is live.

    ``kind < 0``: worked out afresh for the tiles ``available``: per hand the naturals its groups of 3+ lack, plus
    ``weight`` for each kind its singles and pairs lack (:func:`mjlearn.engine.liveness.shortfalls`' two counts,
    summed). Else one tile of ``kind`` fewer, down to ``level``: 1 more where a group of 3+ needs more than
    ``level``, ``weight`` more where the singles and pairs need exactly ``level + 1`` (``LiveHands.lose``)."""
    n, kinds = rest.shape
    some = False
    for h in range(n):
        if kind < 0:
            total = 0
            for k in range(kinds):
                have = np.int64(available[k])
                need = np.int64(rest[h, k])
                if need > have:
                    total += need - have
                if small[h, k] > have:
                    total += weight
            behind[h] = total
        else:
            step = 0
            if rest[h, kind] > level:
                step += 1
            if small[h, kind] == level + 1:
                step += weight
            behind[h] += step
        now = behind[h] <= jokers
        live[h] = now
        if now:
            some = True
    return some


def _position_from_counts(counts, offset, codes, sums, remaining, small_size, distance):  # pragma: no cover
    """Fill ``sums`` (``[2n]``) with the thermometer rows of a rack's 36 ``counts`` and ``distance[n]`` with its
    distances; return the smallest (a :class:`~mjlearn.engine.views.Position` worked out afresh)."""
    sums[:] = 0
    for k in range(_KINDS):
        for c in range(counts[k]):
            code = codes[offset[k] + c]
            for i in range(sums.shape[0]):
                sums[i] += code[i]
    return _position_distances(sums, codes, -1, 0, remaining, small_size, counts[_KINDS], distance)


def _best_discards(counts, available, check_live, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty,
                   distance, sums, codes, small_size, lines, starts, remaining, uses_t, offset, no_tile, count,
                   out):  # pragma: no cover - runs compiled
    """The discards of :meth:`mjlearn.engine.card_engine.BotEngine.best_discards` in one pass (the live hands
    brought up to date first, as :func:`_live_update`): fill ``out`` with the natural kinds that tie for best
    and return how many, or -1 when a joker is to go."""
    n = distance.shape[0]
    current = distance
    if check_live:
        if _live_update(available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty):
            current = distance + penalty
    held = np.empty(_KINDS, np.int64)
    natural = 0
    for k in range(_KINDS):
        if counts[k] > 0:
            held[natural] = k
            natural += 1
    jokers = counts[_KINDS]
    candidates = natural + (1 if jokers else 0)
    bits = np.empty(candidates, np.int64)
    for r in range(natural):
        bits[r] = offset[held[r]] + counts[held[r]] - 1
    if jokers:
        bits[natural] = no_tile
    ranked = np.empty((candidates, count), np.int64)
    _discard_ranks(current, distance, sums, codes, small_size, lines, starts, remaining, bits, jokers, ranked)
    if jokers:
        nearest_natural = ranked[0, 0]
        for r in range(1, natural):
            nearest_natural = min(nearest_natural, ranked[r, 0])
        if ranked[natural, 0] < nearest_natural:
            return -1
    lowest = 0
    for r in range(1, natural):  # the smallest row (compared as lists are)
        for c in range(count):
            if ranked[r, c] != ranked[lowest, c]:
                if ranked[r, c] < ranked[lowest, c]:
                    lowest = r
                break
    tied = 0
    for r in range(natural):
        same = True
        for c in range(count):
            if ranked[r, c] != ranked[lowest, c]:
                same = False
                break
        if same:
            out[tied] = held[r]
            tied += 1
    if tied > 1:  # then the tiles that the fewest of the nearest hands use every copy of
        least = current[0]
        for h in range(1, n):
            least = min(least, current[h])
        wanted = np.zeros(tied, np.int64)
        for h in range(n):
            if current[h] <= least + 1:
                for i in range(tied):
                    if uses_t[out[i], h] >= counts[out[i]]:
                        wanted[i] += 1
        fewest = wanted.min()
        kept = 0
        for i in range(tied):
            if wanted[i] == fewest:
                out[kept] = out[i]
                kept += 1
        tied = kept
    return tied


def _turn_discards(near_sums, row, sign, sums, distance, counts, available, fresh, seen, short, lacking, ptr, hands,
                   rest, small, far, penalty, codes, small_size, lines, starts, remaining, uses_t, offset, no_tile,
                   count, out):  # pragma: no cover - runs compiled
    """A turn's look at a 14-tile rack one natural tile away from a rack of the same view (``near_sums`` plus
    ``sign`` times thermometer row ``row``), in one pass: fill ``sums`` and ``distance`` (the rack's
    :class:`~mjlearn.engine.views.Position`) and return ``(code, its best distance)``: the code is -2 if the rack
    wins (0 away from a hand), -3 if it holds no natural tile, else what :func:`_best_discards` returns for it with
    the live hands brought up to date for the tiles ``available`` (the bot's discard: the tied kinds in ``out``, or
    -1 for a joker)."""
    for i in range(sums.shape[0]):
        sums[i] = near_sums[i]
    best = _position_distances(sums, codes, row, sign, remaining, small_size, counts[_KINDS], distance)
    if best == 0:
        return -2, best
    natural = False
    for k in range(_KINDS):
        if counts[k] > 0:
            natural = True
            break
    if not natural:
        return -3, best
    return _best_discards(counts, available, True, fresh, seen, short, lacking, ptr, hands, rest, small, far,
                          penalty, distance, sums, codes, small_size, lines, starts, remaining, uses_t, offset,
                          no_tile, count, out), best


def _pass_scores(counts, offset, codes, remaining, small_size, starts, seg_value, rest, lines, chosen, unused,
                 ranked):  # pragma: no cover - runs compiled
    """:meth:`mjlearn.engine.card_engine.BotEngine.pass_scores` in one pass, for a view of every hand: fill
    ``chosen`` with the nearest lines' keys (distance * 2**20 + hand), ``unused`` with the rack's naturals each
    of their hands leaves unused, and ``ranked`` with ``(-score, kind, copy)`` rows, best first; return how
    many lines and how many rows."""
    n = small_size.shape[0]
    sums = np.empty(2 * n, np.int16)
    distance = np.empty(n, np.int16)
    _position_from_counts(counts, offset, codes, sums, remaining, small_size, distance)
    segments = starts.shape[0]
    best = np.empty(segments, np.int64)
    for s in range(segments):
        stop = starts[s + 1] if s + 1 < segments else n
        key = np.int64(distance[starts[s]]) * 1048576 + starts[s]
        for h in range(starts[s] + 1, stop):
            key = min(key, np.int64(distance[h]) * 1048576 + h)
        best[s] = key
    taken = np.zeros(segments, np.bool_)
    found = min(lines, segments)
    for i in range(found):  # nearest first, then the higher value, then card order
        pick = -1
        for s in range(segments):
            if taken[s]:
                continue
            if pick < 0 or best[s] // 1048576 < best[pick] // 1048576 or (
                    best[s] // 1048576 == best[pick] // 1048576 and seg_value[s] > seg_value[pick]):
                pick = s
        taken[pick] = True
        chosen[i] = best[pick]
        hand = best[pick] % 1048576
        for k in range(_KINDS):
            unused[i, k] = max(counts[k] - rest[hand, k], 0)
    rows = 0
    for k in range(_KINDS):
        for copy in range(counts[k]):
            score = 0
            for i in range(found):
                if unused[i, k] > copy:
                    score += lines - i
            r = rows  # insert in order: by -score, then kind and copy as generated
            while r > 0 and ranked[r - 1, 0] > -score:
                ranked[r] = ranked[r - 1]
                r -= 1
            ranked[r, 0] = -score
            ranked[r, 1] = k
            ranked[r, 2] = copy
            rows += 1
    return found * 1000 + rows


def _wins_with(sums, codes, row, remaining, small_size, jokers):  # pragma: no cover - runs compiled
    """Whether the rack of ``sums`` (``[2n]``) with thermometer row ``row`` added is 0 away from some hand."""
    n = small_size.shape[0]
    code = codes[row]
    free = remaining - jokers
    for h in range(n):
        if _tiles_away(free, np.int64(sums[h]) + code[h], np.int64(small_size[h]),
                       np.int64(sums[n + h]) + code[n + h]) == 0:
            return True
    return False


def _nearest_groups(available, check_live, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty,
                    distance, hand_groups, concealed, tile):  # pragma: no cover - runs compiled
    """The nearest live distance of a view's hands (of all, if none is live or ``check_live`` is false) and a
    bit mask of the sizes (bit ``s``: size ``s``) of the groups of ``tile`` that the nearest hands hold, their
    lines not concealed."""
    n = distance.shape[0]
    current = distance
    if check_live:
        if _live_update(available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty):
            current = distance + penalty
    nearest = current[0]
    for h in range(1, n):
        nearest = min(nearest, current[h])
    found = 0
    for h in range(n):
        if current[h] == nearest and not concealed[h]:
            for g in range(hand_groups.shape[1]):
                code = hand_groups[h, g]
                if code >= 0 and code // 16 == tile:
                    found |= 1 << (code % 16)
    return nearest, found


def _best_after(counts, rest, small, remaining, small_size, available, check_live):  # pragma: no cover - runs compiled
    """The distance from a rack (``counts``, 36) to the nearest of an exposures' rows (``rest``, ``small``,
    ``small_size``, ``remaining``: :class:`mjlearn.engine.compiled.ExposedRows`), the nearest live row when
    ``check_live`` and some row is live for the tiles ``available`` (36); what
    :meth:`mjlearn.engine.card_engine.BotEngine.best_after` finds with numpy."""
    n = rest.shape[0]
    free = remaining - counts[_KINDS]
    spare = max(available[_KINDS], 0)
    best = 1 << 30
    best_live = 1 << 30
    for h in range(n):
        placed = 0
        placed_small = 0
        short = 0
        lacking = 0
        for k in range(_KINDS):
            r = np.int64(rest[h, k])
            s = np.int64(small[h, k])
            c = counts[k]
            if c > 0:
                placed += min(max(r, 0), c)
                placed_small += min(s, c)
            if check_live:
                a = available[k]
                if r > a:
                    short += r - a
                if s > a:
                    lacking += 1
        d = _tiles_away(free, placed, np.int64(small_size[h]), placed_small)
        best = min(best, d)
        if check_live and lacking == 0 and short <= spare:
            best_live = min(best_live, d)
    return best_live if best_live < (1 << 30) else best


def _chain(terms, j, stop):  # pragma: no cover - runs compiled
    """One of the eight running sums of numpy's pairwise sum: ``terms[j] + terms[j + 8] + ...`` below ``stop``."""
    total = terms[j]
    for i in range(j + 8, stop, 8):
        total += terms[i]
    return total


def _pairwise_tail(chains, terms, stop, n):  # pragma: no cover - runs compiled
    """numpy's pairwise sum of ``terms[:n]`` (``n`` of 8 to 128) from its eight running sums: added in pairs,
    then the terms past ``stop`` (the last multiple of 8) one by one. The compiled loops sum so to give the
    very floats numpy's ``sum`` gives."""
    total = ((chains[0] + chains[1]) + (chains[2] + chains[3])) + ((chains[4] + chains[5]) + (chains[6] + chains[7]))
    for i in range(stop, n):
        total += terms[i]
    return total


def _coach_chances(racks, small, big, used_ptr, used_kinds, near, log_table, unseen, width, out_needed, out_log_small,
                   out_at, out_at_natural):  # pragma: no cover - runs compiled
    """The coach's quick chances (``CoachBot._quick_chances``) up to their last floats: for each rack of
    ``racks[K, 36]`` and each ``near`` hand (rows of ``small`` and ``big``, ``[n, 35]``: the tiles of its
    singles and pairs, and of its groups of 3 or more; hand ``h`` uses the kinds ``used_kinds[used_ptr[h]:
    used_ptr[h + 1]]``, ascending, and no other), fills the tiles lacking (``out_needed``), the
    singles' and pairs' log-chance (``out_log_small``: the sum over the 35 kinds of ``log_table`` at
    ``[unseen[k], lacking]``, added in numpy's order) and where the groups' chance stands in the flattened
    tail table (``out_at``, the unseen jokers among the outs; ``out_at_natural`` without them).

    The racks grow from the first (``racks[0]``) by a few kinds: each hand's figures are worked out for the
    first rack over all 35 kinds, and for each other rack from what the kinds where it differs change. A rack whose hand
    lacks other singles or pairs sums again only the running sums of numpy's order that hold a changed
    term (floats are added in the same order: the same float as summing afresh). A kind the hand does not use
    lacks nothing, whatever the rack: its term is ``log_table`` at ``[unseen[k], 0]`` for every hand, so the
    first rack's figures are worked out over the kinds the hand uses only, and of its running sums only those
    that hold a kind the first rack lacks for it are summed (the others are a hand's that lacks nothing, summed
    once per call)."""
    hands = near.shape[0]
    racks_count = racks.shape[0]
    # (two work arrays, cut into the figures below: a call weighs a dozen racks, and each array numba makes
    # costs about as much as a rack)
    ints = np.zeros(racks_count * (_KINDS + 2) + 2 * _KINDS, np.int64)
    count = ints[:racks_count]  # per rack, the kinds where it differs from the first
    touched = ints[racks_count:2 * racks_count]  # (the same kinds as bits)
    changed = ints[2 * racks_count:racks_count * (_KINDS + 2)].reshape((racks_count, _KINDS))
    for r in range(1, racks_count):
        for k in range(_KINDS):
            if racks[r, k] != racks[0, k]:
                changed[r, count[r]] = k
                count[r] += 1
                touched[r] |= np.int64(1) << k
    total_unseen = np.int64(0)
    for k in range(_KINDS + 1):
        total_unseen += unseen[k]
    stop = _KINDS - _KINDS % 8
    at = racks_count * (_KINDS + 2)
    need_small = ints[at:at + _KINDS]  # (0 for the kinds a hand does not use: put back after each hand)
    need_big = ints[at + _KINDS:at + 2 * _KINDS]
    floats = np.empty(3 * _KINDS + 24, np.float64)
    unused_terms = floats[:_KINDS]  # the term of a kind that lacks nothing
    for k in range(_KINDS):
        unused_terms[k] = log_table[unseen[k] * width]
    first_terms = floats[_KINDS:2 * _KINDS]  # (each hand's terms: those of a hand that lacks nothing, but for
    terms = floats[2 * _KINDS:3 * _KINDS]    # the kinds it lacks, put back after the hand)
    for k in range(_KINDS):
        first_terms[k] = terms[k] = unused_terms[k]
    unused_chains = floats[3 * _KINDS:3 * _KINDS + 8]  # the running sums of a hand that lacks nothing
    for j in range(8):
        unused_chains[j] = _chain(unused_terms, j, stop)
    first_chains = floats[3 * _KINDS + 8:3 * _KINDS + 16]
    chains = floats[3 * _KINDS + 16:]
    for i in range(hands):
        h = near[i]
        groups0 = np.int64(0)
        lack0 = np.int64(0)
        found0 = np.int64(0)
        uses = np.int64(0)  # the kinds the hand holds (a rack that changes none of them changes nothing in it)
        lacks = 0  # bit j: running sum j holds a kind the first rack lacks for the hand (its term differs)
        for u in range(used_ptr[h], used_ptr[h + 1]):  # the first rack, on the kinds the hand uses
            k = used_kinds[u]
            n = np.int64(racks[0, k])
            s = np.int64(small[h, k])
            b = np.int64(big[h, k])
            uses |= np.int64(1) << k
            spare = n - s if n > s else 0
            need_small[k] = s - n if s > n else 0
            need_big[k] = b - spare if b > spare else 0
            groups0 += need_big[k]
            lack0 += need_small[k]
            if need_big[k] > 0:
                found0 += unseen[k]
            if need_small[k] > 0:
                first_terms[k] = terms[k] = log_table[unseen[k] * width + need_small[k]]
                lacks |= 1 << (k % 8 if k < stop else 8)
        for j in range(8):  # (a running sum of the terms of kinds that lack nothing is the one worked out above)
            first_chains[j] = _chain(first_terms, j, stop) if lacks & (1 << j) else unused_chains[j]
        log0 = _pairwise_tail(first_chains, first_terms, stop, _KINDS)
        for r in range(racks.shape[0]):
            groups = groups0
            lack = lack0
            found = found0
            dirty = 0  # bit j: running sum j holds a changed term; bit 8: a term past the last multiple of 8
            for c in range(count[r] if touched[r] & uses else 0):
                k = changed[r, c]
                s = np.int64(small[h, k])
                b = np.int64(big[h, k])
                n = np.int64(racks[r, k])
                spare = n - s if n > s else 0
                ns = s - n if s > n else 0
                nb = b - spare if b > spare else 0
                groups += nb - need_big[k]
                lack += ns - need_small[k]
                if nb > 0:
                    found += unseen[k]
                if need_big[k] > 0:
                    found -= unseen[k]
                if ns != need_small[k]:
                    terms[k] = log_table[unseen[k] * width + ns]
                    dirty |= 1 << (k % 8 if k < stop else 8)
            jokers = np.int64(racks[r, _KINDS])
            out_needed[r, i] = lack + groups - min(jokers, groups)
            if dirty:
                for j in range(8):
                    chains[j] = _chain(terms, j, stop) if dirty & (1 << j) else first_chains[j]
                out_log_small[r, i] = _pairwise_tail(chains, terms, stop, _KINDS)
                for c in range(count[r]):  # (the first rack's terms back)
                    terms[changed[r, c]] = first_terms[changed[r, c]]
            else:
                out_log_small[r, i] = log0
            short = groups - jokers if groups > jokers else 0
            out_at[r, i] = min(found + unseen[_KINDS], total_unseen) * width + min(short, width - 1)
            out_at_natural[r, i] = min(found, total_unseen) * width + min(groups, width - 1)
        for u in range(used_ptr[h], used_ptr[h + 1]):
            k = used_kinds[u]
            need_small[k] = 0
            need_big[k] = 0
            first_terms[k] = terms[k] = unused_terms[k]

def _block32(values, start, n):  # pragma: no cover - runs compiled
    """numpy's pairwise sum of ``values[start:start + n]`` (float32) for ``n`` of 128 or fewer: eight running
    sums from 8 terms on, one by one from 0 below."""
    if n < 8:
        total = np.float32(0.0)
        for i in range(n):
            total += values[start + i]
        return total
    r0, r1, r2, r3 = values[start], values[start + 1], values[start + 2], values[start + 3]
    r4, r5, r6, r7 = values[start + 4], values[start + 5], values[start + 6], values[start + 7]
    stop = n - n % 8
    for i in range(8, stop, 8):
        r0 += values[start + i]
        r1 += values[start + i + 1]
        r2 += values[start + i + 2]
        r3 += values[start + i + 3]
        r4 += values[start + i + 4]
        r5 += values[start + i + 5]
        r6 += values[start + i + 6]
        r7 += values[start + i + 7]
    total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    for i in range(stop, n):
        total += values[start + i]
    return total


def _pairwise32(values, start, n):  # pragma: no cover - runs compiled
    """numpy's pairwise sum of ``values[start:start + n]`` in float32: blocks of 128 or fewer
    (:func:`_block32`), above that the sum of two halves (the first a multiple of 8), as numpy recurses;
    here with a stack of its own (numba's cache does not keep recursive functions)."""
    if n <= 128:
        return _block32(values, start, n)
    lo = np.empty(64, np.int64)
    size = np.empty(64, np.int64)
    stage = np.empty(64, np.int64)  # 0: not split yet; 1: its first half being summed; 2: its second half
    first = np.empty(64, np.float32)
    depth = 0
    lo[0], size[0], stage[0] = start, n, 0
    value = np.float32(0.0)
    while True:
        if size[depth] <= 128:  # a block: summed, and handed to the half it belongs to
            value = _block32(values, lo[depth], size[depth])
            depth -= 1
        elif stage[depth] == 0:
            half = size[depth] // 2
            half -= half % 8
            stage[depth] = 1
            lo[depth + 1], size[depth + 1], stage[depth + 1] = lo[depth], half, 0
            depth += 1
            continue
        elif stage[depth] == 1:  # its first half summed: now the second
            half = size[depth] // 2
            half -= half % 8
            first[depth] = value
            stage[depth] = 2
            lo[depth + 1], size[depth + 1], stage[depth + 1] = lo[depth] + half, size[depth] - half, 0
            depth += 1
            continue
        else:
            value = first[depth] + value
            depth -= 1
        if depth < 0:
            return value


def _opponent_shares(rest, small, weight, starts, available, out):  # pragma: no cover - runs compiled
    """``out[35]``: the share of :meth:`mjlearn.analysis.defence.OpponentLines.judge` (the chance that a
    thrown natural is the tile a waiting opponent waits for) for the opponent's hands (``rest``, ``small``,
    ``weight``: ``[n, 35]``; ``starts``: where each of its lines starts) and the tiles ``available``
    (``[36]``), in numpy's order of addition: per line the winning hands' weights added as numpy's
    ``add.reduceat`` adds them (the first, then the pairwise sum of the others, in float32), the lines'
    shares one after the other in float64."""
    n = rest.shape[0]
    segments = starts.shape[0]
    jokers = np.int64(available[_KINDS]) if available[_KINDS] > 0 else np.int64(0)
    short = np.empty(n, np.int64)
    lacking = np.empty(n, np.int64)
    for h in range(n):
        gap = np.int64(0)
        lack = np.int64(0)
        for k in range(_KINDS):
            have = np.int64(available[k])
            if rest[h, k] > have:
                gap += rest[h, k] - have
            if small[h, k] > have:
                lack += 1
        short[h] = gap
        lacking[h] = lack
    column = np.empty(max(n, 1), np.float32)
    for t in range(_KINDS):
        have = np.int64(available[t])
        share = 0.0
        live_lines = 0
        for s in range(segments):
            lo = starts[s]
            hi = starts[s + 1] if s + 1 < segments else n
            count = 0
            for h in range(lo, hi):
                over = 1 if rest[h, t] > have else 0
                eased = 1 if small[h, t] > have and small[h, t] <= have + 1 else 0
                live = lacking[h] - eased == 0 and short[h] - over <= jokers
                if live:
                    count += 1
                column[h - lo] = weight[h, t] if live and rest[h, t] > 0 else np.float32(0.0)
            rest_of = hi - lo - 1  # (a line of 129 hands or fewer sums one block, inline: no call per line and tile)
            if rest_of <= 0:
                found = column[0]
            elif rest_of <= 128:
                found = column[0] + _block32(column, 1, rest_of)
            else:
                found = column[0] + _pairwise32(column, 1, rest_of)
            share += np.float64(found) / max(count, 1)
            if count > 0:
                live_lines += 1
        out[t] = share / max(live_lines, 1)


def _opponent_dangers(rest0, small0, weight0, starts0, rest1, small1, weight1, starts1, rest2, small2, weight2,
                      starts2, present, waiting, available, out):  # pragma: no cover - runs compiled
    """The defence's danger per tile of up to three opponents (``mjlearn.analysis.defence.danger_each``) in one
    call: for each opponent ``o`` that is ``present[o]``, its lines' share of :func:`opponent_shares` (its hands
    ``rest{o}``, ``small{o}``, ``weight{o}``, ``starts{o}``) times its chance of waiting, ``waiting[o]``, in
    ``out[o, :35]`` (one product each, as numpy's in-place ``*=``); the other entries are left as they are."""
    share = np.empty(_KINDS, np.float64)
    for o in range(present.shape[0]):
        if not present[o]:
            continue
        if o == 0:
            _opponent_shares(rest0, small0, weight0, starts0, available, share)
        elif o == 1:
            _opponent_shares(rest1, small1, weight1, starts1, available, share)
        else:
            _opponent_shares(rest2, small2, weight2, starts2, available, share)
        for t in range(_KINDS):
            out[o, t] = share[t] * waiting[o]


def _judge_throws(each, unseen, throws, hot_throw, out_expected, out_mean):  # pragma: no cover - runs compiled
    """``mjlearn.analysis.defence.TableReading``'s judgement of throws made after one look, with numpy's very
    floats: the look's dangers ``each`` (``[3, 36]``, per opponent) and tiles unseen ``unseen`` (``[35]``); per
    throw ``throws[i] = (the thrower's row, tile kind)``. A tile is hot when its danger to the hands other than
    the thrower's (the three rows added in order, less the thrower's) is at least ``hot_throw`` times their mean
    over the tiles unseen (numpy's pairwise sum of the 35 products, over the tiles unseen) and that mean is above
    0. Writes per throw the tiles unseen that are hot over the tiles unseen in ``out_expected`` (and that mean in
    ``out_mean``); returns how many throws were of a hot tile."""
    others = np.empty(_KINDS, np.float64)
    terms = np.empty(_KINDS, np.float64)
    chains = np.empty(8, np.float64)
    stop = _KINDS - _KINDS % 8
    total = 0.0
    for k in range(_KINDS):  # (whole numbers: their sum is exact in any order)
        total += np.float64(unseen[k])
    total = max(total, 1.0)
    count = 0
    for i in range(throws.shape[0]):
        row = throws[i, 0]
        tile = throws[i, 1]
        for k in range(_KINDS):
            others[k] = ((each[0, k] + each[1, k]) + each[2, k]) - each[row, k]
            terms[k] = others[k] * np.float64(unseen[k])
        for j in range(8):
            chains[j] = _chain(terms, j, stop)
        mean = _pairwise_tail(chains, terms, stop, _KINDS) / total
        out_mean[i] = mean
        threshold = hot_throw * mean
        hot_unseen = 0.0
        for k in range(_KINDS):
            if others[k] >= threshold and mean > 0:
                hot_unseen += np.float64(unseen[k])
                if k == tile:
                    count += 1
        out_expected[i] = hot_unseen / total
    return count


def _coach_near(behind, slack, lines, value, bonus, jokerless, unseen_counts, found, near_value):  # pragma: no cover
    """The coach's near hands (``CoachBot._first_rack``): the hands whose distance ``behind`` (the dead ones far
    behind) is at most ``slack`` more than the least, in ``found[0]``; their lines in ``found[1]``; where each
    line starts among them in ``found[2]``; their ``value`` plus ``bonus`` in ``near_value[0]`` and (when
    ``jokerless`` has an entry per line) their line's ``jokerless`` points in ``near_value[1]``. Returns how
    many hands and lines, the tiles unseen (the sum of ``unseen_counts``) and whether some near hand's line
    has jokerless points."""
    n = behind.shape[0]
    least = np.int64(behind[0])
    for h in range(1, n):
        if behind[h] < least:
            least = behind[h]
    cutoff = least + slack
    with_jokerless = jokerless.shape[0] > 0
    some_jokerless = False
    m = 0
    s = 0
    for h in range(n):
        if behind[h] <= cutoff:
            found[0, m] = h
            found[1, m] = lines[h]
            near_value[0, m] = value[h] + bonus
            if with_jokerless:
                points = jokerless[lines[h]]
                near_value[1, m] = points
                if points != 0:
                    some_jokerless = True
            if m == 0 or lines[h] != found[1, m - 1]:
                found[2, s] = m
                s += 1
            m += 1
    unseen = np.int64(0)
    for k in range(unseen_counts.shape[0]):
        unseen += unseen_counts[k]
    return m, s, unseen, some_jokerless


def _live_behind(distance, available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty,
                 out):  # pragma: no cover - runs compiled
    """A view's liveness brought up to date for the tiles ``available`` as :func:`live_update` does (``fresh`` to
    ``penalty``: its arguments), then each hand's ``distance`` with the dead ones ``far`` behind (as it is when no
    hand is live) in ``out`` (``BotEngine.dead_far`` added to the distances: ``CoachBot._behind``)."""
    some = _live_update(available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty)
    for h in range(distance.shape[0]):
        out[h] = np.int64(distance[h]) + np.int64(penalty[h]) if some else np.int64(distance[h])


def _coach_first(rack, available, distance, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty, slack,
                 lines, value, bonus, jokerless, out_unseen, found, near_value):  # pragma: no cover - runs compiled
    """The first rack's set-up of the coach's worth (``CoachBot._first_rack``) in one call: the view's liveness
    brought up to date for the tiles ``available`` (``[36]``, none below 0) as :func:`live_update` does (``fresh``
    to ``penalty``: its arguments), each hand's distance ``distance`` with the dead ones ``far`` behind (as it
    is when no hand is live), then the near hands of :func:`coach_near` from those distances (``slack`` to
    ``near_value``: its arguments), and the tiles unseen per kind, ``max(available - rack, 0)``, in
    ``out_unseen``. Returns what :func:`coach_near` returns."""
    behind = np.empty(distance.shape[0], np.int64)
    _live_behind(distance, available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty, behind)
    for k in range(out_unseen.shape[0]):
        left = available[k] - rack[k]
        out_unseen[k] = left if left > 0 else 0
    return _coach_near(behind, slack, lines, value, bonus, jokerless, out_unseen, found, near_value)


def _none_below(values, least):  # pragma: no cover - runs compiled
    """Whether no entry of ``values`` (``[n]``) is below ``least`` (``CoachBot``: whether the compiled liveness may
    read tiles available, none of them below 0)."""
    for i in range(values.shape[0]):
        if values[i] < least:
            return False
    return True


def _live_near(distance, available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty, slack,
               out):  # pragma: no cover - runs compiled
    """Which of a view's hands are near (``out[n]``, the coach's ``choose_call``): the liveness brought up to date for
    the tiles ``available`` as :func:`live_update` does (``fresh`` to ``penalty``: its arguments), then the hands
    whose ``distance`` (the dead ones ``far`` behind, as it is when no hand is live) is at most ``slack`` more than
    the least."""
    n = distance.shape[0]
    behind = np.empty(n, np.int64)
    _live_behind(distance, available, fresh, seen, short, lacking, ptr, hands, rest, small, far, penalty, behind)
    least = np.int64(1) << 40
    for h in range(n):
        if behind[h] < least:
            least = behind[h]
    for h in range(n):
        out[h] = behind[h] <= least + slack


def _coach_worth(small_chance, table, at, at_natural, value, jokerless, racks, needed, starts, weights,
                 out_top, out_chance, out_needed):  # pragma: no cover - runs compiled
    """The rest of the coach's worth (``CoachBot.worth``) after the quick chances, with numpy's very floats: per
    rack ``r`` and near hand ``i``, the chance ``small_chance[r, i] * table[at[r, i]]`` times the hand's
    ``value`` (plus, when ``jokerless`` has entries, the jokerless points times the chance without a joker,
    ``small_chance * table[at_natural]``, for the ``racks`` that hold no joker), its line's best (the hands of a
    line run from one of ``starts`` to the next), and the best ``weights.shape[0]`` lines, largest first, in
    ``out_top[r, :w]`` (numpy multiplies them by the weights); the best chance in ``out_chance[r]`` and the
    fewest tiles lacking (``needed``) in ``out_needed[r]``. Every float is one numpy product, sum or maximum,
    done in the same order, so the same float."""
    batch = small_chance.shape[0]
    hands = small_chance.shape[1]
    lines = starts.shape[0]
    top = min(weights.shape[0], lines)
    with_jokerless = jokerless.shape[0] > 0
    best = np.empty(lines, np.float64)
    for r in range(batch):
        most = -np.inf
        fewest = needed[r, 0]
        line = -1
        for i in range(hands):
            chance = small_chance[r, i] * table[at[r, i]]
            if chance > most:
                most = chance
            if needed[r, i] < fewest:
                fewest = needed[r, i]
            expected = chance * value[i]
            if with_jokerless:
                extra = (small_chance[r, i] * table[at_natural[r, i]]) * jokerless[i]
                expected = expected + extra * (1.0 if racks[r, _KINDS] == 0 else 0.0)
            if line + 1 < lines and i == starts[line + 1]:
                line += 1
                best[line] = expected
            elif expected > best[line]:
                best[line] = expected
        out_chance[r] = most
        out_needed[r] = fewest
        for j in range(top):  # the best lines, largest first (a selection: a handful of a few dozen lines)
            pick = j
            for l in range(j + 1, lines):
                if best[l] > best[pick]:
                    pick = l
            out_top[r, j] = best[pick]
            best[pick], best[j] = best[j], best[pick]


def _discard_finish(scores, left, distance, kinds, dangers, ending, nearest_first, hopeless,
                    out):  # pragma: no cover - runs compiled
    """The coach's discard scores from the worth of the racks one discard away (``CoachBot.discard_scores``),
    with numpy's very floats: ``scores[i]`` (the worth of the rack less ``kinds[i]``, ascending kinds) less
    ``1e6`` times the tiles it stands further than the nearest (``distance``) when ``nearest_first``; then, when
    ``dangers`` has entries, less the cost of feeding an opponent: ``dangers[kind]``, plus ``ending[kind]`` times
    the worth ``left`` when ``ending`` has entries (a joker, last, costs what the cheapest natural costs), from
    ``1e-3`` times the score when ``hopeless``. Each float is the one product, sum or difference numpy makes
    (``mjlearn.rules.coach_bot._less_feeding``), in ``out``."""
    n = scores.shape[0]
    least = distance[0] if nearest_first else 0
    if nearest_first:
        for i in range(1, n):
            if distance[i] < least:
                least = distance[i]
    for i in range(n):
        out[i] = scores[i] - 1e6 * np.float64(distance[i] - least) if nearest_first else scores[i]
    if dangers.shape[0] == 0:
        return
    with_ending = ending.shape[0] > 0
    cheapest = np.inf
    for i in range(n):
        cost = dangers[kinds[i]]
        if with_ending:
            cost = cost + ending[kinds[i]] * left[i]
        if i == n - 1 and n > 1 and kinds[i] == _KINDS:  # the joker (last): the cheapest natural's cost
            cost = cheapest
        elif cost < cheapest:
            cheapest = cost
        out[i] = (1e-3 * out[i] if hopeless else out[i]) - cost


def _feeding_sums(each, penalty, value, pays, caution, wall, out_cost, out_ending):  # pragma: no cover
    """What throwing each tile kind costs the coach (``CoachBot.feeding_cost`` and ``tournament_risk``), from
    each opponent's danger per kind (``each[opponents, kinds]``), with numpy's very floats (numpy sums the
    opponents' rows one after the other). With ``out_ending`` of one entry per kind (tournament scoring):
    the chance that the discard ends the game, ``sum(each) * caution``, in ``out_ending``, and in ``out_cost``
    ``sum(each * penalty[opponent]) * caution + ending * wall``; without it (home rules): ``out_cost`` is
    ``sum(each * value * pays) * caution / 3``."""
    opponents = each.shape[0]
    tournament = out_ending.shape[0] > 0
    for k in range(each.shape[1]):
        if tournament:
            chance = each[0, k]
            cost = each[0, k] * penalty[0]
            for o in range(1, opponents):
                chance = chance + each[o, k]
                cost = cost + each[o, k] * penalty[o]
            out_ending[k] = chance * caution
            out_cost[k] = cost * caution + out_ending[k] * wall
        else:
            cost = each[0, k] * value * pays
            for o in range(1, opponents):
                cost = cost + each[o, k] * value * pays
            out_cost[k] = cost * caution / 3


def _discard_racks(rack, out_kinds, out_racks):  # pragma: no cover - runs compiled
    """The racks a discard weighs (``CoachBot.discard_scores``): the kinds ``rack[36]`` holds, ascending, in
    ``out_kinds``; ``out_racks[0]`` the rack and ``out_racks[1 + i]`` the rack less one tile of kind
    ``out_kinds[i]``. Returns how many kinds."""
    n = 0
    for k in range(rack.shape[0]):
        if rack[k] != 0:
            out_kinds[n] = k
            n += 1
    for r in range(n + 1):
        for k in range(rack.shape[0]):
            out_racks[r, k] = rack[k]
    for i in range(n):
        out_racks[i + 1, out_kinds[i]] -= 1
    return n


def _pass_sets(rack, sets, out_sets, out_racks):  # pragma: no cover - runs compiled
    """The Charleston's sets grown by one tile (``CoachBot.choose_pass``): each set of ``sets[B, size - 1]``
    (kinds, ascending) with one more of the natural tiles of ``rack`` it leaves, each new set once, ascending
    within and in ascending order (as Python sorts tuples), in ``out_sets[G, size]``; ``out_racks[0]`` the
    rack, ``out_racks[1 + g]`` the rack less set ``g``. Returns ``G``."""
    size = sets.shape[1] + 1
    codes = np.empty(sets.shape[0] * _KINDS, np.int64)
    taken = np.zeros(_KINDS, np.int64)
    grown = np.empty(size, np.int64)
    n = 0
    for b in range(sets.shape[0]):
        taken[:] = 0
        for j in range(size - 1):
            taken[sets[b, j]] += 1
        for k in range(_KINDS):
            if rack[k] > taken[k]:
                at = 0  # the set with k inserted after the kinds not above it
                for j in range(size - 1):
                    if sets[b, j] <= k:
                        grown[at] = sets[b, j]
                        at += 1
                grown[at] = k
                at += 1
                for j in range(size - 1):
                    if sets[b, j] > k:
                        grown[at] = sets[b, j]
                        at += 1
                code = np.int64(0)
                for j in range(size):
                    code = code * _KINDS + grown[j]
                codes[n] = code
                n += 1
    found = np.unique(codes[:n])
    for g in range(found.shape[0]):
        code = found[g]
        for k in range(36):
            out_racks[g + 1, k] = rack[k]
        for j in range(size - 1, -1, -1):
            k = code % _KINDS
            code //= _KINDS
            out_sets[g, j] = k
            out_racks[g + 1, k] -= 1
    for k in range(36):
        out_racks[0, k] = rack[k]
    return found.shape[0]


def _best_first(values, out):  # pragma: no cover - runs compiled
    """The rows of the largest ``values`` (``[n]``, none of them NaN), largest first, ties in row order, as many
    as ``out`` holds (or ``n``), in ``out``; returns how many: the first rows of numpy's stable
    ``argsort(-values)``, by selection (the Charleston's beam keeps three of a few dozen sets,
    ``CoachBot.choose_pass``)."""
    n = values.shape[0]
    count = min(out.shape[0], n)
    for j in range(count):
        pick = -1
        for i in range(n):
            taken = False
            for q in range(j):
                if out[q] == i:
                    taken = True
                    break
            if not taken and (pick < 0 or values[i] > values[pick]):
                pick = i
        out[j] = pick
    return count


def _log_choose_one(log_factorial, n, k):  # pragma: no cover - runs compiled
    """``log C(n, k)`` as ``CoachBot``'s ``_log_choose`` works it out (``-inf`` where ``k`` is out of ``0..n``)."""
    if k < 0 or k > n:
        return -np.inf
    return log_factorial[n] - log_factorial[k] - log_factorial[n - k]


def _tail_logs(unseen, draws, log_factorial, out):  # pragma: no cover - runs compiled
    """The hypergeometric log-chances of ``coach_bot.tail_table``, before numpy's ``exp``: ``out[outs, x]`` the
    log-chance of ``x`` good tiles among ``draws`` drawn from ``unseen`` of which ``outs`` are good; the same
    floats as its numpy (the same subtractions and sums, in the same order)."""
    whole = _log_choose_one(log_factorial, unseen, draws)
    for outs in range(out.shape[0]):
        for x in range(out.shape[1]):
            out[outs, x] = (_log_choose_one(log_factorial, outs, x)
                            + _log_choose_one(log_factorial, unseen - outs, draws - x)) - whole


def _tail_finish(pmf, out):  # pragma: no cover - runs compiled
    """``coach_bot.tail_table`` from the chances ``pmf[outs, x]``: ``out[outs, n]`` one less the chances of
    fewer than ``n`` good tiles (numpy's running sum, in its order), clipped to 0..1."""
    for outs in range(pmf.shape[0]):
        out[outs, 0] = 1.0
        below = 0.0
        for n in range(1, pmf.shape[1]):
            below = pmf[outs, 0] if n == 1 else below + pmf[outs, n - 1]
            out[outs, n] = min(max(1.0 - below, 0.0), 1.0)


# (each name bound to its compiled form, so that the compiled functions that call it call that)
_smallest = _compile(_smallest)
_discard_ranks = discard_ranks = _compile(_discard_ranks)
_position_distances = position_distances = _compile(_position_distances)
_live_update = live_update = _compile(_live_update)
live_pass = _compile(_live_pass)
line_distances = _compile(_line_distances)
_position_from_counts = position_from_counts = _compile(_position_from_counts)
_best_discards = best_discards = _compile(_best_discards)
turn_discards = _compile(_turn_discards)
pass_scores = _compile(_pass_scores)
wins_with = _compile(_wins_with)
nearest_groups = _compile(_nearest_groups)
best_after = _compile(_best_after)
_chain = _compile(_chain, inline=True)
_pairwise_tail = _compile(_pairwise_tail, inline=True)
coach_chances = _compile(_coach_chances)
_block32 = _compile(_block32, inline=True)
_pairwise32 = _compile(_pairwise32)
_opponent_shares = opponent_shares = _compile(_opponent_shares)
opponent_dangers = _compile(_opponent_dangers)
judge_throws = _compile(_judge_throws)
_coach_near = coach_near = _compile(_coach_near)
_live_behind = _compile(_live_behind)
coach_first = _compile(_coach_first)
live_near = _compile(_live_near)
none_below = _compile(_none_below)
coach_worth = _compile(_coach_worth)
discard_racks = _compile(_discard_racks)
discard_finish = _compile(_discard_finish)
feeding_sums = _compile(_feeding_sums)
pass_sets = _compile(_pass_sets)
best_first = _compile(_best_first)
_log_choose_one = _compile(_log_choose_one, inline=True)
tail_logs = _compile(_tail_logs)
tail_finish = _compile(_tail_finish)
