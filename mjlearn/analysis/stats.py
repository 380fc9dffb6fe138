"""Small, exact statistics for shares measured on the same deals (standard library only).

- :func:`wilson`: the Wilson score interval of a share (95% by default).
- :func:`paired_interval`: the interval of the difference of two shares measured on the same
  deals (Newcombe's hybrid score interval, his method 10, without continuity correction).
- :func:`mcnemar_p`: the exact McNemar test on the discordant pairs, two-sided.
- :func:`binomial_range`: the central range of a share over ``n`` tries (80% by default): where a
  player who completes a share ``p`` of all hands lands over ``n`` hands 8 times in 10.

>>> low, high = wilson(3, 10)
>>> round(low, 4), round(high, 4)
(0.1078, 0.6032)
>>> mcnemar_p(2, 9)   # 2 deals only A completed, 9 only B: p = 2 * P(X <= 2), X ~ Bin(11, 1/2)
0.06542969
>>> binomial_range(40, 0.35)
(10, 18)
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["binomial_range", "mcnemar_p", "paired_interval", "wilson", "Z95"]

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval (1.96, as every interval of mjlearn uses)."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of the share ``successes / trials``; ``(0, 1)`` with no trial."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # (exactly 0 and 1 at the ends, not rounding noise)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def paired_interval(both: int, only_a: int, only_b: int, neither: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of ``share(A) - share(B)`` when A and B were measured on the same deals.

    The counts are the four cells of the paired table: deals both completed,
    only A, only B, neither. Newcombe's method 10 (Statistics in Medicine 17,
    1998, 2635-2650): the Wilson intervals of the two shares combined with
    the correlation of the pairs, which narrows the interval when the two
    players tend to complete the same deals. It stays inside ``[-1, 1]`` and
    behaves with rare events, where a plain ``difference +- 1.96 se`` does not.

    >>> low, high = paired_interval(both=5, only_a=12, only_b=3, neither=980)
    >>> round(low, 4), round(high, 4)
    (0.0014, 0.0181)
    >>> [round(x, 4) for x in paired_interval(0, 0, 0, 10)]   # ten deals, no completion: little is known
    [-0.2775, 0.2775]
    """
    n = both + only_a + only_b + neither
    if n == 0:
        return (-1.0, 1.0)
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    l1, u1 = wilson(both + only_a, n, z)
    l2, u2 = wilson(both + only_b, n, z)
    denominator = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(denominator) if denominator else 0.0
    difference = p1 - p2
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    return (max(-1.0, difference - math.sqrt(max(below, 0.0))), min(1.0, difference + math.sqrt(max(above, 0.0))))


def mcnemar_p(only_a: int, only_b: int) -> float:
    """The exact two-sided McNemar p-value from the discordant pairs (deals only A completed, only B).

    Under the hypothesis that A and B are equally strong, each discordant
    deal is A's with chance 1/2: p is twice the binomial tail of the smaller
    count, at most 1, worked out in whole numbers and rounded to 8 decimals.

    >>> mcnemar_p(0, 0), mcnemar_p(5, 5), mcnemar_p(0, 6)
    (1.0, 1.0, 0.03125)
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    smaller = min(only_a, only_b)
    tail = Fraction(sum(math.comb(n, k) for k in range(smaller + 1)), 2**n)
    return round(float(min(Fraction(1), 2 * tail)), 8)


def binomial_range(n: int, p: float, level: float = 0.8) -> tuple[int, int]:
    """The central ``level`` range of the number of successes in ``n`` tries with chance ``p`` each.

    ``(low, high)`` are the ``(1 - level) / 2`` and ``(1 + level) / 2``
    quantiles of the binomial distribution: at least ``level`` of the time the
    count lands from ``low`` to ``high`` (both included).

    >>> binomial_range(40, 0.03), binomial_range(100, 0.5), binomial_range(0, 0.5)
    ((0, 3), (44, 56), (0, 0))
    """
    if n == 0:
        return (0, 0)
    lower, upper = (1 - level) / 2, (1 + level) / 2
    total, low, high = 0.0, None, n
    for k in range(n + 1):
        total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
        if low is None and total >= lower - 1e-12:
            low = k
        if total >= upper - 1e-12:
            high = k
            break
    return (low if low is not None else 0, high)
