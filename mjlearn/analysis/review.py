"""A review that teaches: a learner's decisions beside the coach's, ranked by what they cost.

A game is walked decision by decision elsewhere (:func:`mjlearn.rules.review.review_game` replays a game
or a saved game file; this module stays below the rules and reads plain values). Each decision is a
:class:`Moment`: what the learner could see (rack, exposures, the tiles out of play, the draws they could
still expect), what they could do and what they did. :func:`judge` puts every choice of a moment through
the coach's model and :class:`GameReview` ranks the moments by regret.

**The measure.** Every choice is judged by the chance it leaves of finishing the best line and the points
that chance is worth, in the draws the seat could still expect (the one horizon,
:func:`mjlearn.analysis.horizon.seat_draws`):

- a **discard**: the rack left after it, as :meth:`Card.discard_advice <mjlearn.card.Card.discard_advice>`
  judges it (the coach panel's advice), less the points the tile may feed an opponent: its danger
  (:func:`mjlearn.analysis.defence.danger_table`) times what a fed win costs the thrower
  (:attr:`Moment.feed_cost`);
- a **Charleston pass**: the rack left, with the tiles passed replaced by as many unseen tiles (the tiles
  that come back are unknown);
- a **call** or **letting a discard go**: after the call, the rack's best discard; letting it go, the rack
  as it stands; Mah Jongg is a sure win worth its line;
- a **joker exchange** taken or not: the best discard after it, or without it.

The expected points are ``chance x value`` of the best line (less the feeding cost for a discard). The
coach's choice is the choice with the most expected points (then the higher chance). The **regret** is
the coach's choice less yours, in expected points (never below 0: the coach's choice is the best) and in
chance (below 0 when you kept a likelier but cheaper line). The **confidence** says how sure the coach is:
where you chose otherwise, that its choice beats yours; where you chose as it would, that nothing else was
as good. It compares the gap in expected points (to your choice, or to the second best) with the standard
error of the two estimates (simulated chances have one, exact ones none): "sure" beyond two standard
errors and 5% of the best, "likely" beyond half a standard error, else a "close call".

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> moment = Moment(1, "turn 3", "discard", mj.Hand("FF 222B 444B 66B 8C 9D N J"), (), (0,) * 36, 20, "J")
>>> row = judge(card, moment, "NMJL")
>>> row.you, row.coach in ("8C", "9D", "N"), row.category, row.regret_points > 0
('J', True, 'joker use', True)
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError, MjlearnError
from ..hands import Hand
from ..resources import as_card
from ..tiles import COPIES, FORMAT_ORDER, Tile
from ..wording import chance_words, counted, listed
from .horizon import horizon_phrase

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    from matplotlib.figure import Figure

    from ..card import Card

__all__ = ["Moment", "Alternative", "Choice", "Judged", "GameReview", "judge", "judge_all", "recent_hands", "CATEGORIES",
           "CONFIDENCES", "FINE", "COLUMNS"]

CATEGORIES = ("Charleston pass", "discard efficiency", "joker use", "calling", "defence")
"""The error categories, in the order the review lists them."""
CONFIDENCES = ("sure", "likely", "close call")
FINE = 0.9
"""A choice that keeps at least this share of the coach's expected points is "fine"; less is "costly"."""
PASS_CANDIDATES = 5
"""A Charleston pass is chosen among the tiles whose loss costs least, one at a time: this many kinds."""
DANGER_MARGIN = 0.005
"""A discard is put under "defence" when its danger is this much above the coach's choice's and the
danger, not the hand, makes most of the regret."""
GIVE_UP = "give up"
"""A discard moment's :attr:`Moment.defence` when the coach gives the hand up."""
PLAY_ON = "play on"
"""A discard moment's :attr:`Moment.defence` when the coach plays a poor hand on at a table that feeds."""
LET_GO = "let it go"
DECLARE = "declare Mah Jongg"
KEEP = "keep your tiles"


@dataclass(frozen=True)
class Alternative:
    """One thing the learner could do at a call or a joker exchange, and the position it leads to.

    ``then`` says what follows: ``"draw"`` (a 13-tile rack waits for its draws), ``"discard"`` (a 14-tile
    rack throws its best tile) or ``"win"`` (Mah Jongg).
    """

    label: str
    rack: Hand
    exposures: tuple[str, ...]
    visible: tuple[int, ...]
    then: str


@dataclass(frozen=True)
class Moment:
    """One decision of the learner and what they could see when they made it.

    ``kind`` is ``"pass"`` (a Charleston pass: ``chosen`` the tiles passed, in notation, ``"1B 4C N"``),
    ``"discard"`` (``chosen`` the tile), ``"call"`` or ``"exchange"`` (``chosen`` the label of one of
    ``alternatives``). ``visible`` counts the tiles out of play as the learner saw them (36 counts:
    the discards, the others' exposures); ``draws`` the draws they could still expect.
    ``opponents`` (the other seats' exposures, in notation, from the next seat on), ``dead_opponents``
    (the places in ``opponents`` of dead hands, which cannot win), ``discards`` (in notation),
    ``wall_left`` and ``feed_cost`` (the points a win fed to an opponent costs the thrower, per unit of
    danger) feed a discard's danger; a discard with no live opponent's exposure is judged on the hand alone.
    """

    number: int
    step: str
    kind: str
    rack: Hand
    exposures: tuple[str, ...]
    visible: tuple[int, ...]
    draws: int
    chosen: str
    alternatives: tuple[Alternative, ...] = ()
    opponents: tuple = ()
    dead_opponents: tuple[int, ...] = ()
    can_win: bool = False
    """A discard made from a rack that wins: declaring Mah Jongg is one of the choices."""
    discards: tuple[str, ...] = ()
    wall_left: int | None = None
    feed_cost: float = 0.0
    defence: str = ""
    """At a discard or a call, what the coach's defence does (:meth:`CoachBot.defence_state
    <mjlearn.rules.CoachBot.defence_state>`'s ``verdict``): ``"give up"`` (late in the wall with a hot hand
    showing, at a table that holds back, a poor hand is given up: the safest tile is the coach's choice and
    each throw is judged by what it may feed), ``"play on"`` (a poor hand played for, because the others feed
    hot hands freely), ``"keep building"`` or ``""`` (defence does not apply)."""
    defence_words: str = ""
    """The same in plain words (:meth:`DefenceState.words <mjlearn.rules.coach_defence.DefenceState.words>`)."""
    defence_throws: tuple[str, ...] = ()
    """When the coach gives the hand up, the tiles it would throw (tied as its safest, the one its seeded draw
    picks first): the coach's choice is yours if you threw one of them, else the one of them this review
    finds safest."""


@dataclass(frozen=True)
class Choice:
    """One choice of a moment, judged: its chance to finish its best line, and the points expected."""

    label: str
    chance: float
    points: float
    line: str
    se: float = 0.0
    """The standard error of ``points`` (0 for exact chances)."""
    danger: float = 0.0
    reason: str = ""


@dataclass(frozen=True)
class Judged:
    """A moment judged: the learner's choice, the coach's, the best three, the regret, a reason, a
    confidence and an error category."""

    moment: Moment
    choices: tuple[Choice, ...]
    """Every choice judged, best first."""
    you: str
    coach: str
    category: str
    confidence: str
    reason: str

    @property
    def mine(self) -> Choice:
        return next(c for c in self.choices if c.label == self.you)

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def regret_points(self) -> float:
        return max(0.0, self.best.points - self.mine.points)

    @property
    def regret_chance(self) -> float:
        return self.best.chance - self.mine.chance

    @property
    def verdict(self) -> str:
        if self.you == self.coach or self.regret_points <= 1e-12:
            return "as the coach"
        best = self.best.points
        if self.moment.defence == GIVE_UP and best <= 0:  # a hand given up: the points are what a throw may feed
            negligible = self.regret_points < DANGER_MARGIN * self.moment.feed_cost  # (a danger gap that small)
            return "fine" if negligible or FINE * self.mine.points >= best else "costly"
        return "fine" if best <= 0 or self.mine.points >= FINE * best else "costly"


# -- judging one moment -------------------------------------------------------------------------------

def _ev_row(table) -> tuple[float, float, float, str]:
    """(chance, points, standard error of the points, line) of a win_chances table's best line by points."""
    if not len(table):
        return 0.0, 0.0, 0.0, "no line"
    ev = table.p_win.to_numpy() * table.value.to_numpy()
    se = np.nan_to_num(table.p_win_se.to_numpy()) * table.value.to_numpy()
    order = np.lexsort((np.arange(len(table)), table.dead.to_numpy(), -table.p_win.to_numpy(), -ev))
    i = int(order[0])
    row = table.iloc[i]
    return float(row.p_win), float(ev[i]), float(se[i]), f"{row.category} #{row.line}"


def _tiles_of(counts: Sequence[int]) -> list[Tile]:
    return [Tile(kind) for kind, count in enumerate(counts) for _ in range(count)]


def _discard_choices(card: "Card", ruleset, rack: Hand, exposures, visible, draws: int, moment: Moment | None = None,
                     cache: dict | None = None) -> list[Choice]:
    """Each distinct tile of a 14-tile rack thrown, as :meth:`Card.discard_advice` judges it, less the
    points its danger may feed an opponent (``moment``'s table, if it shows one)."""
    key = (str(rack), tuple(exposures), tuple(visible), draws)  # (a turn's exchange and discard share a rack)
    advice = None if cache is None else cache.get(key)
    if advice is None:
        advice = card.discard_advice(rack, draws=draws, exposures=list(exposures), visible=_tiles_of(visible),
                                     ruleset=ruleset)
        if cache is not None:
            cache[key] = advice
    dangers: dict[str, float] = {}
    if moment is not None and moment.feed_cost and any(o for i, o in enumerate(moment.opponents)
                                                       if i not in moment.dead_opponents):
        from .defence import danger_table

        labels = [f"opponent {i + 1}" for i in range(len(moment.opponents))]
        table = danger_table(card, rack, {label: list(o) for label, o in zip(labels, moment.opponents)},
                             discards=" ".join(moment.discards) or None, exposures=list(exposures),
                             wall_left=moment.wall_left, dead=[labels[i] for i in moment.dead_opponents],
                             ruleset=ruleset)
        dangers = dict(zip(table.tile, table.danger))
        naturals = [d for tile, d in dangers.items() if tile != Tile.JOKER.notation]
        if Tile.JOKER.notation in dangers and naturals:  # a joker is safe but precious: danger alone never throws it
            dangers[Tile.JOKER.notation] = min(naturals)
    cost = moment.feed_cost if moment is not None else 0.0
    if not len(advice):  # exposures no line of the card can use: no throw can win, each is as good
        kinds = sorted({int(t) for t in rack.tiles()}, key=FORMAT_ORDER.index)
        return [Choice(Tile(k).notation, 0.0, -float(dangers.get(Tile(k).notation, 0.0)) * cost, "no line", 0.0,
                       float(dangers.get(Tile(k).notation, 0.0)), "no line of the card can use these exposures")
                for k in kinds]
    choices = []
    for row in advice.itertuples():
        danger = float(dangers.get(row.tile, 0.0))
        se = 0.0 if math.isnan(row.p_win_se) else float(row.p_win_se) * float(row.value)
        choices.append(Choice(row.tile, float(row.p_win), float(row.ev) - danger * cost,
                              f"{row.category} #{row.line}", se, danger, row.reason))
    return choices


def _position_choice(card: "Card", ruleset, alternative: Alternative, draws: int, cache: dict | None = None) -> Choice:
    """The chance and points of the position an :class:`Alternative` leads to."""
    if alternative.then == "discard":
        best = _best_first(_discard_choices(card, ruleset, alternative.rack, alternative.exposures,
                                            alternative.visible, draws, cache=cache))[0]
        return Choice(alternative.label, best.chance, best.points, best.line, best.se, 0.0,
                      f"then throw {best.label}")
    if alternative.then == "win":
        table = card.win_chances(alternative.rack, draws=0, exposures=list(alternative.exposures),
                                 visible=_tiles_of(alternative.visible), ruleset=ruleset)
        won = table[table.p_win >= 1.0]
        if not len(won):  # a Mah Jongg claimed on a rack that does not make one
            return Choice(alternative.label, 0.0, 0.0, "no line")
        row = won.sort_values("value", ascending=False, kind="stable").iloc[0]
        return Choice(alternative.label, 1.0, float(row.value), f"{row.category} #{row.line}")
    table = card.win_chances(alternative.rack, draws=draws, exposures=list(alternative.exposures),
                             visible=_tiles_of(alternative.visible), ruleset=ruleset)
    chance, points, se, line = _ev_row(table)
    return Choice(alternative.label, chance, points, line, se)


def _pass_label(kinds: Sequence[int]) -> str:
    order = {k: i for i, k in enumerate(FORMAT_ORDER)}
    return " ".join(Tile(k).notation for k in sorted(kinds, key=order.__getitem__))


def _pass_choices(card: "Card", ruleset, moment: Moment) -> list[Choice]:
    """Passes of as many tiles as the learner passed: theirs, the coach's suggestion, and every set drawn
    from the :data:`PASS_CANDIDATES` kinds whose loss costs least one at a time. Each leaves the rack
    without them and as many more draws from the unseen tiles (what comes back is unknown)."""
    from .advice import suggest_pass
    from .chances import line_chances
    from .position import Exposure

    compiled = card.compiled(ruleset)
    rack = np.asarray(moment.rack.counts, dtype=np.int16)
    mine = [Tile.from_notation(t) for t in moment.chosen.split()]
    size = len(mine)
    exposures = tuple(Exposure.parse(e) for e in moment.exposures)
    unseen = np.maximum(np.asarray(COPIES, dtype=np.int16) - rack - np.asarray(moment.visible, dtype=np.int16), 0)
    draws = max(0, min(moment.draws + size, int(unseen.sum())))
    value = compiled.line_value
    cache: dict = {}

    def judged(kinds: Sequence[int]) -> Choice:
        left = rack.copy()
        for k in kinds:
            left[k] -= 1
        result = line_chances(compiled, left, exposures, unseen, draws, samples=200, seed=0, cache=cache)
        lines = np.flatnonzero(result.allowed)
        if not len(lines):
            return Choice(_pass_label(kinds), 0.0, 0.0, "no line")
        ev = result.p_win[lines] * value[lines]
        i = int(lines[np.lexsort((lines, -result.p_win[lines], -ev))[0]])
        se = float(np.nan_to_num(result.p_win_se[i])) * float(value[i])
        spec = compiled.lines[i]
        return Choice(_pass_label(kinds), float(result.p_win[i]), float(result.p_win[i] * value[i]),
                      f"{spec.category} #{spec.number}", se)

    naturals = [k for k in FORMAT_ORDER if k != Tile.JOKER and rack[k]]
    one = {k: judged([k]) for k in naturals}
    singles = sorted(naturals, key=lambda k: (-one[k].points, -one[k].chance, FORMAT_ORDER.index(k)))
    pool = [k for k in singles[:PASS_CANDIDATES] for _ in range(min(int(rack[k]), size))]
    sets = {tuple(sorted(c)) for c in itertools.combinations(pool, size)}
    sets.add(tuple(sorted(int(t) for t in mine)))
    if size:
        sets.add(tuple(sorted(int(t) for t in suggest_pass(card, moment.rack, count=size, ruleset=ruleset))))
    return [judged(kinds) for kinds in sorted(sets)]


def _best_first(choices: list[Choice]) -> list[Choice]:
    return sorted(choices, key=lambda c: (-round(c.points, 12), -round(c.chance, 12)))


def _confidence(choices: Sequence[Choice], mine: Choice) -> str:
    """How sure the coach is: that its choice beats yours (you chose otherwise), or that yours was the best
    (you chose as it would): the gap in points to yours, or to the second best, against their standard
    errors."""
    if len(choices) < 2:
        return "sure"
    best, second = choices[0], (choices[1] if mine is choices[0] else mine)
    gap = best.points - second.points
    error = math.hypot(best.se, second.se)
    if gap <= 1e-12:
        return "close call"
    if gap > 2 * error and gap >= 0.05 * abs(best.points):
        return "sure"
    if gap > 0.5 * error:
        return "likely"
    return "close call"


def _given_up(choices: list[Choice], moment: Moment) -> list[Choice]:
    """A discard's choices when the coach gives the hand up (:data:`GIVE_UP`): the hand no longer counts, so
    each throw is worth minus what it may feed an opponent (its danger times :attr:`Moment.feed_cost`), the
    safest first; a Mah Jongg to declare stays what it is."""
    return [c if c.label == DECLARE else replace(c, points=-c.danger * moment.feed_cost, se=0.0) for c in choices]


def _category(moment: Moment, mine: Choice, best: Choice) -> str:
    if moment.kind == "discard" and best.label != DECLARE and (moment.defence == GIVE_UP or (
            moment.defence == PLAY_ON and mine.label != best.label and mine.danger < best.danger)):
        return "defence"  # the coach gives the hand up, or plays it on where the learner held back
    if moment.kind == "call" and moment.defence == GIVE_UP and best.label == LET_GO:
        return "defence"  # a hand given up makes no exposure
    if moment.kind == "pass":
        return "Charleston pass"
    if moment.kind == "call" or best.label == DECLARE:
        return "calling"
    if moment.kind == "exchange":
        return "joker use"
    if mine.label == Tile.JOKER.notation:
        return "joker use"
    fed = (mine.danger - best.danger) * moment.feed_cost
    hand = best.points + best.danger * moment.feed_cost - (mine.points + mine.danger * moment.feed_cost)
    if mine.danger >= best.danger + DANGER_MARGIN and fed > hand:
        return "defence"
    return "discard efficiency"


def _words(choice: Choice, draws: int) -> str:
    return f"{choice.line} at {chance_words(choice.chance)}" if choice.line != "no line" else "no line in reach"


def _named(label: str) -> str:
    """Tiles in a label named for people (``"5B 0"``: ``"5 Bam and White Dragon (soap)"``); other labels as
    they are."""
    try:
        names = [Tile.from_notation(token).long_name for token in label.split()]
    except MjlearnError:
        return label
    if not names:
        return label
    return listed(names)


def _reason(moment: Moment, mine: Choice, best: Choice, category: str) -> str:
    """One sentence in plain words: what the coach would do instead, and what it keeps."""
    horizon = horizon_phrase(moment.draws)
    if moment.kind in ("discard", "pass"):  # tiles by their names
        mine, best = replace(mine, label=_named(mine.label)), replace(best, label=_named(best.label))
    same = mine.label == best.label
    if moment.kind == "discard":
        if same and moment.defence == GIVE_UP and best.label != DECLARE:
            return f"You threw a safe tile, as the coach would. {moment.defence_words}"
        if same:
            return f"You threw what the coach would: {best.reason[:1].lower()}{best.reason[1:]}"
        if moment.defence == GIVE_UP and best.label != DECLARE:
            return (f"{moment.defence_words} So the coach would throw {best.label}, its safest tile (danger about"
                    f" {chance_words(best.danger)}), rather than your {mine.label} (danger about"
                    f" {chance_words(mine.danger)}).")
        if category == "defence" and moment.defence == PLAY_ON and mine.danger < best.danger:
            return (f"{moment.defence_words} So the coach would throw {best.label}, which keeps"
                    f" {_words(best, moment.draws)} {horizon}, rather than your safer {mine.label}, which left"
                    f" {_words(mine, moment.draws)}.")
        if best.label == DECLARE:
            return (f"Your tiles already made {best.line}: the coach would declare Mah Jongg instead of throwing"
                    f" {mine.label}, which left {_words(mine, moment.draws)} {horizon}.")
        if category == "defence":
            return (f"Your {mine.label} could hand an opponent Mah Jongg (danger about {chance_words(mine.danger)});"
                    f" the coach's {best.label} is safer and keeps {_words(best, moment.draws)} {horizon}.")
        if abs(mine.chance - best.chance) < 5e-4 and mine.danger > best.danger:
            return (f"Both keep {_words(best, moment.draws)} {horizon}, but the coach's {best.label} is the safer"
                    f" tile: your {mine.label} could hand an opponent Mah Jongg (danger about"
                    f" {chance_words(mine.danger)}, against {chance_words(best.danger)}).")
        if moment.chosen == Tile.JOKER.notation:
            return (f"A joker can stand in any group of 3 or more: the coach would keep it and throw {best.label},"
                    f" keeping {_words(best, moment.draws)} {horizon}, where throwing the joker left {_words(mine, moment.draws)}.")
        return (f"The coach would throw {best.label} rather than your {mine.label}: that keeps {_words(best, moment.draws)}"
                f" {horizon}, where yours left {_words(mine, moment.draws)}.")
    if moment.kind == "pass":
        if same:
            return f"You passed what the coach would: passing {best.label} keeps {_words(best, moment.draws)} {horizon}."
        return (f"The coach would pass {best.label} rather than {mine.label}: that keeps {_words(best, moment.draws)}"
                f" {horizon}, where your pass left {_words(mine, moment.draws)}.")
    doing = {"call": "call", "exchange": "joker exchange"}[moment.kind]
    if moment.kind == "call" and category == "defence":
        if same:
            return f"You let it go, as the coach would. {moment.defence_words}"
        return (f"{moment.defence_words} So the coach would let this discard go rather than {mine.label}: an"
                " exposure would take tiles out of a rack that now keeps its safe ones, for a hand it no longer"
                " expects to finish.")
    if same:
        return f"You chose as the coach would ({best.label}): it keeps {_words(best, moment.draws)} {horizon}."
    return (f"At this {doing} the coach would {best.label} rather than {mine.label}: that keeps"
            f" {_words(best, moment.draws)} {horizon}, where yours left {_words(mine, moment.draws)}.")


def _coach_pick(moment: Moment, choices: list[Choice]) -> Choice | None:
    """At a hand the coach gives up (:data:`GIVE_UP`), its own choice among ``choices`` (best first): at a
    discard its safe throw (yours if you threw one of the tiles tied as its safest,
    :attr:`Moment.defence_throws`, else the one of them this review finds safest), at a call letting the
    tile go (a hand given up makes no exposure). ``None`` elsewhere, and where the best choice wins (Mah
    Jongg is still declared or called)."""
    wins = {DECLARE} | {a.label for a in moment.alternatives if a.then == "win"}
    if moment.defence != GIVE_UP or choices[0].label in wins:
        return None
    if moment.kind == "call":
        return next(c for c in choices if c.label == LET_GO)
    if moment.kind != "discard":
        return None
    throws = moment.defence_throws
    if moment.chosen in throws:
        return next((c for c in choices if c.label == moment.chosen), None)
    return next((c for c in choices if c.label in throws), None)


def judge(card: "Card | str", moment: Moment, ruleset=None, cache: dict | None = None) -> Judged:
    """Every choice of ``moment`` judged by the coach's model (see the module docstring), best first.
    ``cache``, a dict kept by the caller for the moments of one game and card, spares the same rack's
    discards judged twice."""
    from .arguments import ruleset_argument

    card = as_card(card)
    ruleset = ruleset_argument(ruleset)
    if not isinstance(moment, Moment):
        raise ArgumentError(f"moment must be a Moment, not {type(moment).__name__}")
    if moment.kind == "discard":
        choices = _discard_choices(card, ruleset, moment.rack, moment.exposures, moment.visible, moment.draws, moment,
                                   cache)
        if moment.can_win:
            choices.append(_position_choice(card, ruleset, Alternative(DECLARE, moment.rack, moment.exposures,
                                                                       moment.visible, "win"), 0))
        if moment.defence == GIVE_UP:
            choices = _given_up(choices, moment)
    elif moment.kind == "pass":
        choices = _pass_choices(card, ruleset, moment)
    elif moment.kind in ("call", "exchange"):
        choices = [_position_choice(card, ruleset, alternative, moment.draws, cache) for alternative in moment.alternatives]
    else:
        raise ArgumentError(f"moment.kind must be one of pass, discard, call, exchange, not {moment.kind!r}")
    choices = _best_first(choices)
    given_up = moment.kind == "discard" and moment.defence == GIVE_UP
    pick = _coach_pick(moment, choices)
    if pick is not None:  # at a hand given up, the coach's own choice, whatever the points say
        choices = [pick] + [c for c in choices if c is not pick]
    labels = [c.label for c in choices]
    if moment.chosen not in labels:
        raise ArgumentError(f"{moment.step}: the choice made ({moment.chosen!r}) is not among the choices"
                            f" judged ({', '.join(labels)})")
    mine = next(c for c in choices if c.label == moment.chosen)
    best = choices[0]
    if (mine.points >= best.points - 1e-12 and (mine.chance >= best.chance - 1e-12 or given_up)
            and not (moment.kind == "call" and pick is not None)):  # (a call made is not, whatever its points)
        best = mine  # a tie (a hand given up: a throw as safe as the coach's): the learner's choice is the coach's
        choices = [mine] + [c for c in choices if c is not mine]
    category = _category(moment, mine, best)
    return Judged(moment, tuple(choices), mine.label, best.label, category, _confidence(choices, mine),
                  _reason(moment, mine, best, category))


def judge_all(card: "Card | str", moments: Sequence[Moment], ruleset=None, seat: str = "") -> "GameReview":
    """:func:`judge` of every moment, as a :class:`GameReview`."""
    card = as_card(card)
    cache: dict = {}
    return GameReview([judge(card, moment, ruleset, cache) for moment in moments], seat)


# -- the review -----------------------------------------------------------------------------------------

COLUMNS = ["step", "category", "you", "coach", "your chance", "coach's chance", "your points", "coach's points",
           "regret (points)", "regret (chance)", "confidence", "verdict", "reason", "alternatives", "draws", "rack"]
"""The columns of :attr:`GameReview.table`."""

COACH_CHANCE = "coach's chance"
_COLOURS = {"as the coach": "#e8f5e9", "fine": "#fff8e1", "costly": "#ffebee"}


def _alternatives(judged: Judged) -> list[dict]:
    return [{"choice": c.label, "chance": c.chance, "points": c.points, "line": c.line} for c in judged.choices[:3]]


@dataclass
class GameReview:
    """A learner's decisions in one game, judged (:func:`judge`): :attr:`table` ranks them by regret,
    :meth:`curve` draws the chance to finish after each decision, yours beside the coach's."""

    judged: list[Judged]
    seat: str = ""
    summary: str = ""
    """A sentence on the learner's recent hands against the solitaire bands (set by the caller)."""
    _table: "pandas.DataFrame | None" = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.judged)

    def ranked(self) -> list[Judged]:
        """The decisions, biggest regret in expected points first (then in chance, then game order)."""
        return sorted(self.judged, key=lambda j: (-round(j.regret_points, 12), -round(j.regret_chance, 12),
                                                  j.moment.number))

    @property
    def table(self) -> "pandas.DataFrame":
        """One row per decision, in :meth:`ranked` order (columns :data:`COLUMNS`)."""
        import pandas as pd

        if self._table is None:
            rows = [{
                "step": j.moment.step, "category": j.category, "you": j.you, "coach": j.coach,
                "your chance": j.mine.chance, "coach's chance": j.best.chance,
                "your points": j.mine.points, "coach's points": j.best.points,
                "regret (points)": j.regret_points, "regret (chance)": j.regret_chance,
                "confidence": j.confidence, "verdict": j.verdict, "reason": j.reason,
                "alternatives": _alternatives(j), "draws": j.moment.draws,
                "rack": str(j.moment.rack),
            } for j in self.ranked()]
            self._table = pd.DataFrame(rows, columns=COLUMNS)
        return self._table

    def mistakes(self, category: str | None = None) -> "pandas.DataFrame":
        """The decisions that cost something (regret in points above 0), biggest first; of one ``category``."""
        table = self.table
        table = table[table["regret (points)"] > 1e-12]
        if category is not None:
            if category not in CATEGORIES:
                raise ArgumentError(f"category must be one of {', '.join(CATEGORIES)}, not {category!r}")
            table = table[table.category == category]
        return table.reset_index(drop=True)

    def curve_points(self) -> list[tuple[str, float, float]]:
        """(step, your chance, the coach's chance) after each decision, in game order."""
        ordered = sorted(self.judged, key=lambda j: j.moment.number)
        return [(j.moment.step, j.mine.chance, j.best.chance) for j in ordered]

    def words(self) -> str:
        """The review in one sentence."""
        costly = sum(j.verdict == "costly" for j in self.judged)
        same = sum(j.verdict == "as the coach" for j in self.judged)
        lost = sum(j.regret_points for j in self.judged)
        return (f"{counted(len(self.judged), 'decision')} reviewed: {same} as the coach, {counted(costly, 'costly one')};"
                f" {lost:.1f} expected points given up in all.")

    def curve(self) -> "Figure":
        """The chance to finish after each decision: yours (the choice you made) beside the coach's choice
        at the same moment, in game order."""
        from matplotlib.figure import Figure

        points = self.curve_points()
        figure = Figure(figsize=(8, 3.6))
        axes = figure.subplots()
        x = list(range(1, len(points) + 1))
        from matplotlib.ticker import MaxNLocator

        yours, coach = [100 * p[1] for p in points], [100 * p[2] for p in points]
        axes.fill_between(x, yours, coach, color="#ffcdd2", alpha=0.7, label="what your choices gave up")
        axes.plot(x, yours, color="#c62828", marker="o", markersize=5, linewidth=2.5, label="your choice")
        axes.plot(x, coach, color="#2e7d32", marker="o", markersize=3, linewidth=1.5, linestyle="--",
                  label="the coach's choice")
        if len(x) <= 20:
            axes.set_xticks(x)
        else:
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_xlabel("your decisions, in the order you made them", fontsize=11)
        axes.set_ylabel("chance to finish (%)", fontsize=11)
        who = f" ({self.seat})" if self.seat else ""
        axes.set_title(f"Chance to finish after each decision{who}", fontsize=13)
        axes.set_ylim(bottom=0)
        if x:
            axes.set_xlim(0.5, len(x) + 0.5)
        axes.grid(True, color="#dddddd")
        axes.legend(loc="upper left", fontsize=10, frameon=False)
        figure.tight_layout()
        return figure

    def png(self, dpi: int = 100) -> bytes:
        """:meth:`curve` as PNG bytes (the same review always gives the same bytes)."""
        buffer = io.BytesIO()
        self.curve().savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
        return buffer.getvalue()

    def save_png(self, path: "str | os.PathLike", dpi: int = 100):
        """Write :meth:`curve` to ``path`` (a ``.png`` file, written whole or not at all); returns the path."""
        from ..atomic import output_path, write_atomically

        return write_atomically(output_path(path, (".png",)), self.png(dpi))

    def rows(self, shown: int | None = None) -> list[dict]:
        """The ranked decisions as plain values (for a widget): :attr:`table`'s rows, ``shown`` of them."""
        records = self.table.to_dict("records")
        return records if shown is None else records[:shown]

    def __repr__(self) -> str:
        return f"<GameReview: {self.words()}>"

    def _repr_html_(self) -> str:
        picture = base64.b64encode(self.png()).decode("ascii") if self.judged else ""
        head = ["When", "What", "You", "The coach", "Chance kept: yours / coach's", "Points lost", "How sure",
                "Why", "Best three"]
        body = []
        for row in self.table.itertuples(index=False):
            values = dict(zip(COLUMNS, row))
            colour = _COLOURS.get(values["verdict"], "#ffffff")
            best = "; ".join(f"{html.escape(a['choice'])} {chance_words(a['chance'])}" for a in values["alternatives"])
            cells = [values["step"], values["category"], values["you"], values["coach"],
                     f"{chance_words(values['your chance'])} / {chance_words(values[COACH_CHANCE])}",
                     f"{values['regret (points)']:.2f}", values["confidence"], values["reason"]]
            body.append(f"<tr style='background:{colour}'>" + "".join(
                f"<td style='padding:6px 10px;text-align:left'>{html.escape(str(c))}</td>" for c in cells)
                + f"<td style='padding:6px 10px;text-align:left'>{best}</td></tr>")
        table = ("<table style='border-collapse:collapse;font-size:1.1em'><thead><tr>"
                 + "".join(f"<th style='padding:6px 10px;text-align:left;border-bottom:2px solid #888'>{h}</th>"
                           for h in head)
                 + "</tr></thead><tbody>" + "".join(body) + "</tbody></table>")
        parts = ["<div class='mj-game-review' style='font-size:1.1em'><h3>Your game, decision by decision</h3>",
                 f"<p>{html.escape(self.words())} Biggest mistakes first; green: as the coach, yellow: fine,"
                 " red: costly.</p>"]
        if self.summary:
            parts.append(f"<p><b>{html.escape(self.summary)}</b></p>")
        if picture:
            parts.append(f"<img alt='chance to finish after each decision, yours beside the coach's'"
                         f" src='data:image/png;base64,{picture}'>")
        parts.append(table + "</div>")
        return "".join(parts)


# -- a learner's recent hands against the solitaire bands ------------------------------------------------

RECENT_HANDS = 40
"""How many of a learner's latest solitaire hands :func:`recent_hands` sums up."""


def recent_hands(card: "Card | str", hands: Sequence, last: int = RECENT_HANDS, ruleset: str = "NMJL",
                 benchmark=None) -> str:
    """A learner's latest ``last`` solitaire hands (:class:`~mjlearn.analysis.solo_score.SoloHand`, as a
    :class:`~mjlearn.widgets.SoloDrill` keeps them in ``played``) against the solitaire bands
    (:class:`~mjlearn.analysis.solo_score.Strength`): how many were completed and how near the others
    ended, beside where the coach and the Bot land over that many hands 8 times in 10. Hands played to
    another number of draws than the latest are left out (the bands are per number of draws); ``""``
    when there are none.

    >>> import mjlearn as mj
    >>> from mjlearn.analysis.solo_score import SoloHand
    >>> from mjlearn.analysis.solo import solo_wall
    >>> hand = SoloHand.play("basic1", seed=0, deal=0, discards=solo_wall(0, 0)[13:36], draws=24)  # throws each draw
    >>> recent_hands("basic1", [hand]).split(". ")[0]
    'Your last hand (24 draws): 0 completed (0%), 7.0 tiles away on average after the last draw'
    """
    from .arguments import count_argument
    from .solo_score import SoloHand, score_hands

    last = count_argument("last", last, minimum=1)
    played = [h if isinstance(h, SoloHand) else SoloHand.from_dict(h) for h in hands]
    if not played:
        return ""
    draws = played[-1].draws
    played = [h for h in played if h.draws == draws][-last:]
    score = score_hands(card, played, ruleset, benchmark=benchmark, players=(), bands=("coach", "bot"))
    what = "hand" if score.hands == 1 else f"{score.hands} hands"
    you = (f"Your last {what} ({draws} draws): {score.completed} completed ({score.share:.0%}),"
           f" {score.away:.1f} tiles away on average after the last draw.")
    return " ".join(part for part in (you, score.band_sentence(), score.verdict()) if part)
