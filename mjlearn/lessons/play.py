"""Checkers for the exercises of lessons 04, 06 and 07: the Charleston's passes, payments, outs, safe discards.

Each checker sets up what it needs from its arguments (the card by name, the
rack as text), so an exercise cell is one call and still works after a kernel
restart. Answers are read as people write them (:mod:`mjlearn.lessons.reading`); a
wrong answer is told what is wrong with it, never the answer.

>>> check_pass_direction("south", "West", "left")
Right! West passes left to South.
>>> check_pass_direction("North", "West", "left")
Not yet. North is where West passes in the right pass. Hint: left is the player before you in the order of play
>>> check_courtesy(3, 2, 3)
Not yet. 3 is the larger of the two offers.
>>> check_payment("50", "FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2, payer=2)
Right! West threw the winning tile and pays 2 x 25 = 50.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import AnswerError, ArgumentError, RuleError
from ..tiles import Tile
from ..wording import counted
from .checks import Check, check_count, not_yet, read_answer, right
from .graded import _card, _charleston, _game, _table
from .helpers import GROUP_NAMES, Text
from .reading import SEAT_NAMES, read_line, read_number, read_seat, read_tiles

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    from IPython.display import HTML

    from ..analysis.position import ExposureLike
    from ..card import Line
    from ..hands import HandLike
    from ..resources import CardLike
    from ..rules.charleston import Charleston
    from ..rules.game import Game, GameResult
    from ..rules.ruleset import Ruleset
    from ..rules.scoring import Payout, Scorecard
    from ..widgets.charleston_trainer import CharlestonTrainer
    from ..widgets.game_table import GameTable

__all__ = ["check_pass_direction", "check_courtesy", "check_payment", "read_payment", "check_outs", "check_safe_discard",
           "nearest_distance", "racks_table", "pass_table", "everyone_passes", "distances_by_step", "progress_plot",
           "pass_plan", "everyone_votes", "vote_if", "everyone_offers", "pass_compared", "play_for_me", "moment",
           "until", "first_move", "start_of_play", "say_move", "play_next",
           "check_call_taker", "check_unseen", "when_a_hand_dies", "later_turn", "discard_to_call", "columns",
           "payments_side_by_side", "dead_hands", "payment_cases", "computer_session", "session_plot", "try_move",
           "finish_with_suggestions", "key_events", "play_contest", "exposure_outcome", "thrown_out"]

TABLE_TILE_HEIGHT = 40
"""Tile height (pixels) in the lessons' tables: large enough to read."""

_SEAT_NAMES = SEAT_NAMES
_read_seat = read_seat  # the name this module's seat reader had: it reads "North, draw" and "not East: West" too


def read_payment(answer: object) -> tuple[int | None, int]:
    """``(seat, amount)`` from a payment answer: an amount as :func:`~mjlearn.lessons.reading.read_number`
    reads it, and the seat it names if it names one (``"West pays 50"``, ``"West, 50"``, ``("West", 50)``),
    else ``None``.

    >>> read_payment("West pays 50"), read_payment("-50"), read_payment(("South", "fifty"))
    ((2, 50), (None, -50), (1, 50))
    """
    import re

    if isinstance(answer, tuple) and len(answer) == 2:
        return read_seat(answer[0]), read_number(answer[1])
    if not isinstance(answer, str):
        return None, read_number(answer)
    answer = re.sub(r"\bto (?:the )?(?:east|south|west|north)(?:'s)?\b", " ", answer, flags=re.IGNORECASE)  # who is paid
    named = re.findall(r"\b(east|south|west|north)(?:'s)?\b", answer, flags=re.IGNORECASE)
    if not named:
        return None, read_number(answer)
    seat = read_seat(answer)
    rest = re.sub(r"\b(?:east|south|west|north)(?:'s)?\b", " ", answer, flags=re.IGNORECASE)
    return seat, read_number(rest)


def check_pass_direction(answer: object, seat: str | int, direction: str, question: str = "") -> Check:
    """Whether ``answer`` names the seat that ``seat`` passes to in a ``direction`` pass (right, across, left).

    A wrong seat is told which pass it would be right for.

    >>> check_pass_direction("West", "East", "across")
    Right! East passes across to West.
    >>> check_pass_direction("w", "West", "right")
    Not yet. West is the passer itself. Hint: right is the next player in the order of play
    """
    from ..rules import DIRECTIONS

    if not isinstance(direction, str) or direction not in DIRECTIONS:
        raise AnswerError(f"unknown pass direction {direction!r}: use one of {', '.join(DIRECTIONS)}")
    passer = read_seat(seat)
    chosen, early = read_answer(answer, question, read_seat)
    if early is not None:
        return early
    target = (passer + DIRECTIONS[direction]) % 4
    if chosen == target:
        return right(question, f"{_SEAT_NAMES[passer]} passes {direction} to {_SEAT_NAMES[target]}.")
    if chosen == passer:
        why = f"{_SEAT_NAMES[chosen]} is the passer itself."
    else:
        other = next(name for name, ahead in DIRECTIONS.items() if (passer + ahead) % 4 == chosen)
        why = f"{_SEAT_NAMES[chosen]} is where {_SEAT_NAMES[passer]} passes in the {other} pass."
    hints = {"right": "right is the next player in the order of play",
             "left": "left is the player before you in the order of play",
             "across": "across is the player opposite you"}
    return not_yet(question, why, hints[direction])


def check_courtesy(answer: object, offer: int, other_offer: int, question: str = "") -> Check:
    """How many tiles you receive in a courtesy pass where you offer ``offer`` and the player across
    ``other_offer``: the lower of the two offers.

    >>> check_courtesy("two", 2, 3)
    Right! The lower offer decides: 2 tiles go each way.
    >>> check_courtesy(0, 2, 3)
    Not yet. 0 is too low. Hint: the player who wants to swap less decides
    """
    from ..analysis.arguments import count_argument

    offer, other_offer = count_argument("offer", offer, 0, 3), count_argument("other_offer", other_offer, 0, 3)
    number, early = read_answer(answer, question, read_number)
    if early is not None:
        return early
    swapped = min(offer, other_offer)
    if number == swapped:
        return right(question, f"the lower offer decides: {counted(swapped, 'tile')} go each way.")
    if number == max(offer, other_offer):
        return not_yet(question, f"{number} is the larger of the two offers.")
    return check_count(number, swapped, question, hint="the player who wants to swap less decides")


def check_payment(answer: object, hand: HandLike, winner: int, how: str, discarder: int | None = None,
                  payer: int | None = None, card: CardLike = "basic1", ruleset: Ruleset | str | None = None,
                  exposures: Iterable[ExposureLike] = (), question: str = "", hint: str = "", *,
                  name_payer: bool = False) -> Check:
    """A scoring question: how much ``payer`` pays (or, with no payer, what the winner receives or scores)
    when ``winner`` wins ``hand`` ``how`` (``"discard"``, ``"self-drawn"``, ``"joker-exchange"``).

    The amount is read as people write it (``"50"``, ``"50 points"``, ``"$50"``, ``"fifty cents"``); for
    what a payer pays, a minus sign (``"-50"``, ``"lose 50"``) says the same. The answer may name the seat
    (``"West pays 50"``): it must be the payer (the winner, with no payer). With ``name_payer=True`` it must
    name it, and an answer with one of the two right (the payer, or the amount) earns half the credit.

    A right answer hears the scoring step that gives it; a wrong one is told whether it is the value as
    printed, too high or too low, never the amount.

    >>> check_payment(25, "FF 333D 666D 999D 000", winner=0, how="self-drawn")
    Not yet. 25 is the value printed on the card; something in this win changes what is paid.
    >>> check_payment(60, "FF 111B 33C 55C 77C 999D", winner=1, how="self-drawn", ruleset="MAHJ-X")
    Right! South scores 60.
    >>> check_payment("West pays 100", "FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2, payer=2,
    ...               name_payer=True).credit
    0.5
    """
    from ..analysis.arguments import exposures_argument
    from ..rules import NMJL, score_win
    from ..rules.setup import check_seat

    card, exposures = _card(card), exposures_argument(exposures)
    payer = None if payer is None else check_seat(payer, "payer")
    said, early = read_answer(answer, question, read_payment)
    if early is not None:
        return early
    who, number = said
    payout = score_win(card, card.match(hand, exposures), winner=winner, how=how, discarder=discarder,
                       ruleset=ruleset if ruleset is not None else NMJL)
    expected = -payout.payments[payer] if payer is not None else max(payout.payments[winner], payout.score)
    target = payer if payer is not None else winner
    if number < 0 and payer is not None:
        number = -number  # "-50": what the payer loses
    elif number < 0:
        return not_yet(question, f"{_SEAT_NAMES[winner]} is paid, so the amount is more than 0; a minus sign means"
                                 " paying.", hint)
    seat_right = who == target if (who is not None or name_payer) else True
    if number == expected and seat_right:
        steps = payout.explain()
        if payer is not None:
            step = next((s for s in steps if _SEAT_NAMES[payer] in s), "")
            step = step or next((s for s in steps if "each other player" in s or "each player" in s), "")
        else:
            step = next((s for s in steps if "receives" in s or "scores" in s), "")
        step = step.split(": ", 1)[1] if step.split(": ", 1)[0] in ("discard", "self-drawn") else step
        return right(question, step.rstrip(".") + "." if step else "")
    credit = 0.5 if name_payer else 0.0
    if number == expected:
        if who is None:
            return not_yet(question, "The amount is right; say who pays it too.", hint, credit=credit)
        role = "pays that" if payer is not None else "is paid that"
        return not_yet(question, f"The amount is right, but {_SEAT_NAMES[who]} is not the one who {role}.", hint,
                       credit=credit)
    if who is not None and not seat_right:
        role = "pays" if payer is not None else "is paid"
        return not_yet(question, f"{_SEAT_NAMES[who]} is not the one who {role} here, and the amount is not"
                                 " right either.", hint)
    credit = credit if who is not None else 0.0
    if number == payout.base and expected != payout.base:
        return not_yet(question, f"{number} is the value printed on the card; something in this win changes"
                                 " what is paid.", hint, credit=credit)
    counted_check = check_count(number, expected, question, hint)
    return Check(False, "wrong", counted_check.text, "", credit)


def check_outs(answer: object, rack: HandLike, line: Line | str | tuple[str, int], visible: HandLike = "",
               card: CardLike = "basic1", question: str = "") -> Check:
    """How many outs (unseen tiles that help, jokers included where they may go) ``line`` has for ``rack``.

    >>> check_outs(1, "FF 222B 444B 666B 8B N", "2468 #1", visible="8B 8B 5D")
    Not yet. 1 is too low. Hint: count the jokers too: they may stand in a group of 3 or more
    >>> check_outs("9", "FF 222B 444B 666B 8B N", "2468 #1", visible="8B 8B 5D")
    Right! 2468 #1 needs 88B; the outs are 8B ×1, J ×8.
    """
    card = _card(card)
    number, early = read_answer(answer, question, read_number)
    if early is not None:
        return early
    wanted = read_line(line, card)
    table = card.outs(rack, visible=visible)
    row = table[(table.category == wanted.category) & (table.line == wanted.number)].iloc[0]
    if number == int(row.outs):
        return right(question, f"{wanted.category} #{wanted.number} needs {row.needs}; the outs are {row.out_tiles}.")
    jokers = "" if Tile.JOKER.notation not in str(row.out_tiles) else "count the jokers too: they may stand in a group of 3 or more"
    return check_count(number, int(row.outs), question, hint=jokers if number < row.outs else
                       "count only the tiles you have not seen: not those on your rack or on the table")


def check_safe_discard(answer: object, rack: HandLike, opponents: Mapping[str, Sequence[ExposureLike]],
                       card: CardLike = "basic1", question: str = "") -> Check:
    """Whether the tile ``answer`` names is on ``rack`` and not hot: it cannot complete the hand of a player
    with two or more exposures (``opponents`` maps a seat name to its exposures, as for
    :func:`~mjlearn.analysis.defence.danger_table`).

    >>> table = {"South": ["222B", "44B J"], "West": [], "North": []}
    >>> check_safe_discard("3c", "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D", table)
    Right! 3C cannot complete South's hand.
    >>> check_safe_discard("8B", "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D", table)
    Not yet. 8B is hot: it could complete South's hand, which has two or more exposures.
    """
    from ..analysis.defence import danger_table

    tiles, early = read_answer(answer, question, read_tiles)
    if early is not None:
        return early
    if len(tiles) != 1:
        return not_yet(question, f"Name one tile; you wrote {counted(len(tiles), 'tile')}.")
    tile = tiles[0].notation
    table = danger_table(_card(card), rack, opponents)
    rows = table[table.tile == tile]
    if rows.empty:
        return not_yet(question, f"{tile} is not on your rack.")
    row = rows.iloc[0]
    if bool(row.hot):
        hot = [name.replace(" (hot)", "") for name in str(row.threatens).split(", ") if name.endswith("(hot)")]
        whose = " or ".join(f"{name}'s" for name in hot)
        return not_yet(question, f"{tile} is hot: it could complete {whose} hand, which has two or more exposures.")
    exposed = [seat for seat, groups in opponents.items() if len(groups) >= 2]
    whose = " or ".join(f"{seat}'s" for seat in exposed) or "an exposed"
    return right(question, f"{tile} cannot complete {whose} hand.")


# -- the Charleston at a table of four (lesson 04) ------------------------------------------------------------

def nearest_distance(card: CardLike, rack: HandLike) -> int:
    """How many tiles ``rack`` is from the nearest line of ``card``.

    >>> nearest_distance("basic1", "FF 222B 444B 666B 8B N S")
    2
    """
    return int(_card(card).closest(rack, n=1)["distance"].iloc[0])


def _row(*cells: str, head: bool = False) -> str:
    tag = "th" if head else "td"
    return "<tr>" + "".join(f'<{tag} style="text-align:left;padding:2px 10px">{c}</{tag}>' for c in cells) + "</tr>"


def racks_table(card: CardLike, racks: Iterable[HandLike]) -> HTML:
    """The four racks as tiles (40 px high), each with its distance to the nearest line: an IPython HTML."""
    from IPython.display import HTML

    from ..analysis.arguments import items_argument
    from ..hands import Hand
    from ..render.html import hand_html

    racks = items_argument("racks", racks, "a list of four racks, East first")
    if len(racks) != 4:
        raise ArgumentError(f"racks must be a list of four racks, East first, not {len(racks)}")
    rows = [_row(f"<b>{_SEAT_NAMES[seat]}</b>", hand_html(Hand(rack), height=TABLE_TILE_HEIGHT),
                 f"{nearest_distance(card, rack)} away") for seat, rack in enumerate(racks)]
    return HTML("<table>" + "".join(rows) + "</table>")


def pass_table(card: CardLike, charleston: Charleston, step: str) -> HTML:
    """One step of a Charleston: what each seat gave and received, its rack after and its distance."""
    from IPython.display import HTML

    from ..render.html import hand_html, tiles_html

    events = [e for e in _charleston(charleston).log if e.step == step]
    gave = {e.seat: e.tiles for e in events if e.action == "passes"}
    got = {e.seat: e.tiles for e in events if e.action == "receives"}
    rows = [_row("seat", "gave", "received", "rack after the pass", "distance", head=True)]
    rows += [_row(f"<b>{_SEAT_NAMES[seat]}</b>", tiles_html(gave.get(seat, ()), TABLE_TILE_HEIGHT),
                  tiles_html(got.get(seat, ()), TABLE_TILE_HEIGHT),
                  hand_html(charleston.racks[seat], height=TABLE_TILE_HEIGHT),
                  f"{nearest_distance(card, charleston.racks[seat])} away") for seat in range(4)]
    return HTML(f"<p><b>{step}</b></p><table>" + "".join(rows) + "</table>")


def everyone_passes(card: CardLike, charleston: Charleston, east_blind: int = 0) -> str:
    """Every seat passes what :func:`~mjlearn.analysis.suggest_pass` picks for the step the Charleston is at
    (East may pass ``east_blind`` tiles blind); returns the step's name."""
    from ..analysis import suggest_pass
    from ..analysis.arguments import count_argument

    card, charleston = _card(card), _charleston(charleston)
    east_blind = count_argument("east_blind", east_blind, 0, 3)
    step = charleston.step.name
    for seat in range(4):
        blind = east_blind if seat == 0 else 0
        charleston.pass_tiles(seat, suggest_pass(card, charleston.racks[seat], count=3 - blind), blind=blind)
    return step


VOTE_DISTANCE = 4
"""mjlearn's computer players vote for a second Charleston while their nearest line is more than this many tiles
away."""


def _vote_words(card: CardLike, charleston: Charleston, votes: Sequence[bool]) -> str:
    said = [f"{_SEAT_NAMES[seat]} {'yes' if vote else 'no'} ({nearest_distance(card, charleston.racks[seat])} away)"
            for seat, vote in enumerate(votes)]
    return ", ".join(said)


def _votes(votes: Sequence[object] | None) -> list[bool]:
    if votes is None:
        return []
    if isinstance(votes, (str, bytes)) or not isinstance(votes, Sequence) or len(votes) != 4 or not all(
            isinstance(v, bool) for v in votes):
        raise ArgumentError("votes must be four True/False (yes or no), East first, such as"
                            f" [True, True, False, True]; not {votes!r}")
    return list(votes)


def everyone_votes(card: CardLike, charleston: Charleston, votes: Sequence[bool] | None = None) -> Text:
    """The vote on a second Charleston, where the Charleston is at it: each seat votes as ``votes`` says (four
    True/False, East first), or, without ``votes``, as mjlearn's computer players do (yes while the nearest line
    is more than :data:`VOTE_DISTANCE` tiles away). Returns each vote, with the seat's distance, and what comes
    next, in words.

    >>> from mjlearn.rules import Charleston, deal_tiles
    >>> ch = Charleston(deal_tiles(seed=1))
    >>> for _ in range(3):
    ...     _ = everyone_passes("basic1", ch)
    >>> everyone_votes("basic1", ch)
    East yes (5 away), South yes (7 away), West yes (6 away), North yes (7 away): a second Charleston; next, the second left pass.
    """
    charleston = _charleston(charleston)
    wanted = _votes(votes) or [nearest_distance(card, rack) > VOTE_DISTANCE for rack in charleston.racks]
    said = _vote_words(card, charleston, wanted)
    for seat, vote in enumerate(wanted):
        charleston.vote(seat, vote)
    return Text(f"{said}: {_vote_outcome(charleston)}")


def _vote_outcome(charleston: Charleston) -> str:
    held = charleston.log[-1].action == "second Charleston"
    step = charleston.step
    following = f"the {step.name} pass" if step is not None and step.kind == "pass" else (
        f"the {step.name}" if step is not None else "the end of the Charleston")
    return f"{'a second Charleston' if held else 'no second Charleston'}; next, {following}."


def vote_if(card: CardLike, charleston: Charleston, votes: Sequence[bool]) -> Text:
    """What the vote on a second Charleston would give if the seats voted ``votes`` (four True/False, East
    first): the votes are cast, the outcome read, and everything taken back (:meth:`Charleston.snapshot
    <mjlearn.rules.Charleston.snapshot>`, then ``restore``), so the Charleston is as it was.

    >>> from mjlearn.rules import Charleston, deal_tiles
    >>> ch = Charleston(deal_tiles(seed=1))
    >>> for _ in range(3):
    ...     _ = everyone_passes("basic1", ch)
    >>> vote_if("basic1", ch, [True, True, False, True])
    East yes (5 away), South yes (7 away), West no (6 away), North yes (7 away): no second Charleston; next, the courtesy pass.
    (Only tried: the table is back at the vote on a second Charleston.)
    >>> ch.step.name
    'vote on a second Charleston'
    """
    wanted = _votes(votes)
    saved = _charleston(charleston).snapshot()
    try:
        said = everyone_votes(card, charleston, wanted)
    finally:
        charleston.restore(saved)
    return Text(f"{said}\n(Only tried: the table is back at the {charleston.step.name}.)")


def everyone_offers(card: CardLike, charleston: Charleston, east_offers: int = 1) -> str:
    """The courtesy pass (or any swap across of 0-3 tiles), where the Charleston is at it: East offers the
    ``east_offers`` tiles the coach would give (:func:`~mjlearn.analysis.suggest_pass`), the three others what
    mjlearn's computer players offer (:meth:`Bot.choose_offer <mjlearn.rules.Bot.choose_offer>`: only tiles none
    of their nearest lines uses). Returns the step's name, for :func:`pass_table`.

    >>> from mjlearn.rules import Charleston, deal_tiles
    >>> ch = Charleston(deal_tiles(seed=1))
    >>> for _ in range(3):
    ...     _ = everyone_passes("basic1", ch)
    >>> _ = everyone_votes("basic1", ch, [False, True, True, True])
    >>> everyone_offers("basic1", ch), ch.done
    ('courtesy pass', True)
    """
    from ..analysis import suggest_pass
    from ..analysis.arguments import count_argument
    from ..rules import Bot

    card, charleston = _card(card), _charleston(charleston)
    count = count_argument("east_offers", east_offers, minimum=0, maximum=3)
    step = charleston.step.name
    bot = Bot(card)
    charleston.pass_tiles(0, suggest_pass(card, charleston.racks[0], count=count) if count else [])
    for seat in (1, 2, 3):
        charleston.pass_tiles(seat, bot.choose_offer(charleston.racks[seat].counts))
    return step


def pass_compared(card: CardLike, rack: HandLike) -> pandas.DataFrame:
    """Two ways to choose a pass for ``rack``, side by side: aiming at the nearest lines (the tiles they use
    least, by distance alone) and aiming at the best chances (:func:`~mjlearn.analysis.suggest_pass`, the
    coach's way, which counts where jokers work).

    >>> pass_compared("basic1", "FF 222B 444B 666B 8B N S")
                                   pass
    aiming at the nearest lines  2B N S
    aiming at the best chances   4B N S
    """
    import pandas as pd

    from ..analysis import suggest_pass
    from ..analysis.advice import nearest_lines_pass
    from ..hands import Hand

    card = _card(card)
    passes = {"aiming at the nearest lines": str(Hand(nearest_lines_pass(card, rack))),
              "aiming at the best chances": str(Hand(suggest_pass(card, rack)))}
    return pd.DataFrame({"pass": passes})


def distances_by_step(card: CardLike, charleston: Charleston) -> dict[str, list[int]]:
    """Each seat's distance to the nearest line as dealt and after every step played so far, rebuilt from the
    Charleston's log.

    >>> from mjlearn.rules import Charleston, deal_tiles
    >>> ch = Charleston(deal_tiles(seed=1))
    >>> everyone_passes("basic1", ch)
    'first right'
    >>> distances_by_step("basic1", ch)
    {'deal': [8, 7, 7, 9], 'first right': [8, 7, 6, 8]}
    """
    racks = list(_charleston(charleston).deal.racks)
    history = {"deal": [nearest_distance(card, rack) for rack in racks]}
    steps: list[str] = []
    for event in charleston.log:
        if event.action in ("passes", "receives") and event.step not in steps:
            steps.append(event.step)
    for step in steps:
        for event in charleston.log:
            if event.step != step or event.seat is None:  # a pass and its receipt always name a seat
                continue
            if event.action == "passes":
                racks[event.seat] = racks[event.seat].change(remove=event.tiles)
            elif event.action == "receives":
                racks[event.seat] = racks[event.seat].change(add=event.tiles)
        history[step] = [nearest_distance(card, rack) for rack in racks]
    return history


def progress_plot(card: CardLike, charleston: Charleston) -> None:
    """Plot how each seat's distance to the nearest line changed, step by step (:func:`distances_by_step`)."""
    import matplotlib.pyplot as plt

    progress = distances_by_step(card, charleston)
    steps = list(progress)
    fig, ax = plt.subplots(figsize=(8, 4))
    for seat in range(4):
        ax.plot(steps, [progress[step][seat] for step in steps], marker="o", label=_SEAT_NAMES[seat])
    ax.set_xlabel("after this step of the Charleston")
    ax.set_ylabel("tiles from the nearest line")
    ax.set_title(f"How the Charleston changed each rack (deal seed {charleston.deal.seed})")
    ax.set_ylim(0, max(max(d) for d in progress.values()) + 1)
    ax.legend()
    plt.xticks(rotation=30, ha="right")
    plt.tight_layout()
    plt.show()


def pass_plan(card: CardLike, rack: HandLike) -> pandas.DataFrame:
    """The lines the coach's Charleston advice aims at for ``rack``: each with its distance and the chance
    that ranks it (:func:`~mjlearn.analysis.advice.pass_lines`), as a pandas DataFrame.

    The chance is that of finishing the line within the next :data:`~mjlearn.analysis.advice.PASS_DRAWS`
    tiles the player sees (the coach's look-ahead in the Charleston), written as a percentage
    (:func:`~mjlearn.wording.chance_words`); the column's name says so.

    >>> pass_plan("basic1", "FF 222B 444B 666B 8B N S")
                  line  distance chance in the next 15 tiles
    0          2468 #1         2                       34.1%
    1  Like Numbers #1         7                      0.044%
    2  Like Numbers #2         7                      0.044%
    """
    import pandas as pd

    from ..analysis.advice import PASS_DRAWS, pass_lines
    from ..wording import chance_words

    label = f"chance in the next {PASS_DRAWS} tiles"
    rows = [{"line": f"{line.category} #{line.number}", "distance": distance, label: chance_words(chance)}
            for line, chance, distance, _ in pass_lines(_card(card), rack)]
    return pd.DataFrame(rows)


# -- a game played for you (lesson 07) ------------------------------------------------------------------------

def play_for_me(table: GameTable, seed: int = 1) -> GameResult:
    """Let mjlearn's computer player (:class:`~mjlearn.rules.Bot`) make every move of the table's seat, through
    the same methods a click calls, until the game is over; returns the game's result.

    The player votes against a second Charleston, offers what its nearest lines do not use, lets every
    discard go and declares Mah Jongg as soon as its rack wins. A move the table refuses raises
    :class:`~mjlearn.RuleError` (it would otherwise be tried for ever).
    """
    from ..analysis.arguments import instance_argument
    from ..rules import Bot
    from ..widgets.game_table import GameTable

    table = instance_argument("table", table, GameTable, "a GameTable (mjlearn.GameTable)")
    game = table.game
    player = Bot(game.card, game.ruleset, seed=seed)
    seat = table.seat
    while table.game.phase != "over":
        game, counts = table.game, table.game.racks[seat].counts
        exposures = tuple(game.exposures[seat])
        if game.phase == "charleston":
            step = game.charleston.step
            if step.kind == "vote":
                moved = table.vote(False)
            else:
                moved = table.pass_tiles(player.choose_offer(counts) if step.kind == "negotiated"
                                         else player.choose_pass(counts, 3))
        elif game.phase == "calls":
            moved = table.pass_call()
        elif game.phase == "draw":
            moved = table.draw()
        elif player.wins(counts, exposures):
            moved = table.declare_mahjongg()
        else:
            moved = table.discard(player.choose_discard(counts, exposures, game.visible(seat)))
        if not moved:  # a refused move changes nothing: stop rather than try it for ever
            raise RuleError(f"the computer player's move was refused: {table.message}")
    result = table.game.result
    assert result is not None  # the game is over
    return result


# -- replaying a game (lesson 05) -------------------------------------------------------------------------------

def thrown_out(suits: str, count: int) -> list[tuple[int, str]]:
    """Discards for a position late in a game, as :meth:`Game.from_position <mjlearn.rules.Game.from_position>`
    takes them: the first ``count`` tiles of ``suits`` (``"B"``, ``"C"``, ``"D"``), all four copies of each
    value in turn (1C 1C 1C 1C 2C ...), thrown by South, West and North in turn (East, to play, threw none).

    >>> thrown_out("C", 6)
    [(1, '1C'), (2, '1C'), (3, '1C'), (1, '1C'), (2, '2C'), (3, '2C')]
    >>> len(thrown_out("CD", 60)), thrown_out("CD", 60)[-1]
    (60, (3, '6D'))
    >>> thrown_out("CX", 3)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: suits must be letters of B, C and D, not 'CX'
    """
    from ..errors import ArgumentError

    if not isinstance(suits, str) or not suits or any(suit not in "BCD" for suit in suits):
        raise ArgumentError(f"suits must be letters of B, C and D, not {suits!r}")
    tiles = [f"{value}{suit}" for suit in suits for value in range(1, 10) for _ in range(4)]
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= len(tiles):
        raise ArgumentError(f"count must be a whole number from 0 to {len(tiles)}, not {count!r}")
    return [(1 + i % 3, tile) for i, tile in enumerate(tiles[:count])]


def moment(game: Game, n: int) -> Game:
    """A new game: ``game`` replayed up to (not including) its move number ``n`` (moves count from 0)."""
    from ..analysis.arguments import whole_argument
    from ..rules import Game

    game, n = _game(game), whole_argument("n", n)  # (a move number from the end, -1, counts as in a list)
    return Game.replay(game.card, game.ruleset, game.seed, game.moves[:n], position=game.position, deal=game.deal)


def until(game: Game, test: Callable[[Game], bool]) -> Game:
    """A new game: ``game`` replayed move by move up to the first moment when ``test(replay)`` is true."""
    from ..analysis.arguments import callable_argument
    from ..rules import Game

    game = _game(game)
    test = callable_argument("test", test, "a function of the game that says True or False")
    replay = Game.replay(game.card, game.ruleset, game.seed, [], position=game.position, deal=game.deal)
    for name, args in game.moves:
        if test(replay):
            break
        getattr(replay, name)(**args)
    return replay


def start_of_play(game: Game) -> Game:
    """A new game: ``game`` replayed to the end of its Charleston, East about to discard.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> start_of_play(run_game(mj.load_card("basic1"), seed=188)).status()
    'East to discard (or declare Mah Jongg)'
    """
    return until(game, lambda replay: replay.phase != "charleston")


def when_a_hand_dies(game: Game) -> Game:
    """A new game: ``game`` replayed to the moment its first hand died (to the end if none did).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> dying = when_a_hand_dies(run_game(mj.load_card("basic1"), seed=225))
    >>> [_SEAT_NAMES[seat] for seat in dying.dead]
    ['West']
    """
    return until(game, lambda replay: bool(replay.dead))


def later_turn(game: Game, seat: int) -> Game:
    """A new game: ``game`` replayed to the first time ``seat`` has just drawn while it already has an
    exposure on the table (a turn after the one the exposure was made on)."""
    from ..rules.setup import check_seat

    game, seat = _game(game), check_seat(seat, "seat")
    return until(game, lambda g: g.turn == seat and g.phase == "discard" and bool(g.exposures[seat])
                 and g.log[-1].action == "draws")


def discard_to_call(game: Game, tile: Tile | str | int, seat: int) -> Game:
    """A new game: ``game`` replayed to the first discard of ``tile`` that ``seat`` could call for a pung
    (holding two or more), the other players still to answer it.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> discard_to_call(run_game(mj.load_card("basic1"), seed=225), "N", 3).status()
    'East has discarded N; waiting for South, West, North to call it or let it go'
    """
    from ..rules.setup import check_seat
    from ..tiles import as_tile

    game, tile, seat = _game(game), as_tile(tile), check_seat(seat, "seat")
    return until(game, lambda g: g.phase == "calls" and g.last_discard is not None and g.last_discard[1] == tile
                 and g.racks[seat].count(tile) >= 2)


CHANCE_COLUMNS = ("p_win", "p_win_se", "danger", "share", "waiting", "chance", "your chance", "coach's chance")
"""Columns of the analysis' tables that hold a chance (0 to 1): :func:`columns` writes them as percentages."""


def columns(table: pandas.DataFrame, names: str | Sequence[str], rows: int | None = None) -> pandas.DataFrame:
    """The columns ``names`` of a table (a list, or one string with the names between commas), its first
    ``rows`` rows (all with ``None``): a table cut down to what a lesson talks about.

    Chances (the columns of :data:`CHANCE_COLUMNS`) are written as a beginner reads them, percentages
    (:func:`~mjlearn.wording.chance_words`), never ``5.5e-05``.

    >>> import mjlearn as mj
    >>> columns(mj.load_card("basic1").closest("FF 222B 444B 666B 8B N S"), "category, line, distance", 2)
              category  line  distance
    0             2468     1         2
    1  Singles & Pairs     1         6
    >>> columns(mj.load_card("basic1").win_chances("FF 222B 444B 666B 8B N", draws=24), "line, p_win", 1)
       line  p_win
    0     1  60.0%
    """
    from ..analysis.arguments import count_argument
    from ..wording import chance_words

    if isinstance(names, str):
        wanted = [name.strip() for name in names.split(",")]
    elif isinstance(names, (list, tuple)) and all(isinstance(name, str) for name in names):
        wanted = list(names)
    else:
        raise ArgumentError(f"names must be column names between commas, or a list of them, not {names!r}")
    rows, table = count_argument("rows", rows, allow_none=True), _table(table)
    missing = [name for name in wanted if name not in table.columns]
    if missing:
        raise ArgumentError(f"the table has no column {missing[0]!r}; its columns are {', '.join(table.columns)}")
    cut = table[wanted]
    if rows is not None:
        cut = cut.head(rows)
    chances = [name for name in wanted if name in CHANCE_COLUMNS]
    if chances:
        cut = cut.copy()
        for name in chances:
            cut[name] = [chance_words(p) for p in cut[name]]
    return cut


def first_move(game: Game, name: str) -> int:
    """The number of the first move of ``game`` called ``name`` (``"call"``, ``"exchange_joker"``...).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> game = run_game(mj.load_card("basic1"), seed=188)
    >>> game.moves[first_move(game, "call")][0]
    'call'
    >>> first_move(game, "fly")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: the game has no move called 'fly'
    """
    for number, (move, _) in enumerate(_game(game).moves):
        if move == name:
            return number
    raise ArgumentError(f"the game has no move called {name!r}")


def say_move(game: Game, name: str, args: dict[str, Any]) -> str:
    """Make one move on ``game`` (``getattr(game, name)(**args)``) and say it in words."""
    from ..analysis.arguments import instance_argument, text_argument
    from ..rules.game import MOVE_NAMES
    from ..tiles import as_tile

    game, name = _game(game), text_argument("name", name)
    if name not in MOVE_NAMES:
        raise ArgumentError(f"name must name a move of the game (such as 'draw', 'discard' or 'call'), not {name!r}")
    args = instance_argument("args", args, dict, "the move's arguments as a dict, such as {'seat': 0}")
    result = getattr(game, name)(**args)
    who = _SEAT_NAMES[args["seat"]]
    if name == "draw":
        return f"{who} draws {result.notation}" if result is not None else f"{who} finds the wall empty"
    if name == "discard":
        return f"{who} discards {as_tile(args['tile']).notation}"
    if name == "pass_call":
        return f"{who} lets it go"
    if name == "call":
        return (f"{who} calls it for a {GROUP_NAMES.get(args['size'], 'group')}, with "
                f"{counted(args.get('jokers', 0), 'joker')}")
    if name == "call_mahjongg":
        return f"{who} calls it for Mah Jongg"
    if name == "exchange_joker":
        return f"{who} exchanges a tile for a joker in {_SEAT_NAMES[args['owner']]}'s exposure"
    return f"{who}: {name}"


def play_next(replay: Game, game: Game, count: int) -> None:
    """Make the next ``count`` moves of ``game`` on ``replay`` (a replay of it that stopped earlier), printing
    each in words."""
    from ..analysis.arguments import count_argument

    replay, game, count = _game(replay, "replay"), _game(game), count_argument("count", count)
    start = len(replay.moves)
    for name, args in game.moves[start:start + count]:
        print(say_move(replay, name, args))


ROUTINE = ("passes", "receives", "draws", "discards")
"""The log's routine actions, which :func:`key_events` leaves out."""


def key_events(game: Game) -> pandas.DataFrame:
    """The rows of ``game.log_table()`` that are not a pass, a draw or a discard: calls, exchanges, dead hands,
    the end."""
    log = _game(game).log_table()
    return log[~log.action.isin(ROUTINE)]


def play_contest(game: Game) -> Game:
    """Replay ``game`` to the first discard that two players call, play the discard and the calls (printing
    each move), and return the replay.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> contest = play_contest(run_game(mj.load_card("basic1"), seed=1389))
    South discards 6C
    West lets it go
    North calls it for a pung, with 1 joker
    East calls it for a pung, with 0 jokers
    """
    moves = _game(game).moves
    second = next((i + 1 for i in range(len(moves) - 1) if moves[i][0] == moves[i + 1][0] == "call"), None)
    if second is None:
        raise ArgumentError("no discard in this game was called by two players")
    discard = max(i for i in range(second) if moves[i][0] == "discard")
    replay = moment(game, discard)
    play_next(replay, game, second + 1 - discard)
    return replay


def exposure_outcome(game: Game, seat: int, size: int, jokers: int = 0, add: Sequence[Tile | str | int] = ()) -> str:
    """On a copy of ``game`` (waiting for calls on a discard): ``seat`` calls it for a group of ``size`` with
    ``jokers`` jokers, the others let it go, ``add`` tiles join the new exposure before the discard, and the
    caller discards its first tile that is not a joker. Says the exposure and whether the hand is still alive.
    """
    import copy

    from ..rules.arguments import tiles_arg
    from ..rules.setup import check_seat
    from ..tiles import Tile

    seat, add = check_seat(seat, "seat"), tiles_arg(add, "add", 6)
    trial = copy.deepcopy(_game(game))
    for other in trial.waiting_for():
        if other == seat:
            trial.call(seat, size, jokers=jokers)
        else:
            trial.pass_call(other)
    if add:
        trial.amend(seat, len(trial.exposures[seat]) - 1, add=add)
    how = f"a {GROUP_NAMES.get(size, 'group')} called" + (f" and made a {GROUP_NAMES.get(size + len(add), 'group')}"
                                                          if add else "")
    trial.discard(seat, next(t for t in trial.racks[seat] if t != Tile.JOKER))
    outcome = "dead: " + trial.log[-1].detail if seat in trial.dead else "still alive"
    return f"{how}: {trial.exposures[seat][-1]}, after the discard {outcome}"


def check_call_taker(answer: object, game: Game, calls: Mapping[str | int, str | tuple[int, int]],
                     question: str = "") -> Check:
    """Who takes the last discard of ``game`` (waiting for calls) when the seats answer as ``calls`` says:
    a seat name mapped to ``"pass"``, ``"mahjongg"`` or ``(size, jokers)`` for a call for an exposure.

    The calls are played on a copy of the game, so the engine's own rules decide; ``game`` is not changed.
    A wrong answer hears why that seat did not get the tile.
    """
    import copy

    from ..rules.game import Game

    if not isinstance(game, Game) or game.phase != "calls":
        raise ArgumentError(f"game must be a Game waiting for calls on its last discard, not {game!r}")
    if not isinstance(calls, Mapping):
        raise ArgumentError(f"calls must map seats to 'pass', 'mahjongg' or (size, jokers), not {calls!r}")
    chosen, early = read_answer(answer, question, read_seat)
    if early is not None:
        return early
    trial = copy.deepcopy(game)
    discarder = trial.discards[-1][0]
    plan = {read_seat(seat): what for seat, what in calls.items()}
    for what in plan.values():
        if not (what in ("pass", "mahjongg") or (isinstance(what, tuple) and len(what) == 2)):
            raise ArgumentError(f"a call is 'pass', 'mahjongg' or (size, jokers) for an exposure, not {what!r}")
    for seat in trial.waiting_for():
        what = plan.get(seat, "pass")
        if what == "mahjongg":
            trial.call_mahjongg(seat)
        elif what == "pass":
            trial.pass_call(seat)
        elif isinstance(what, tuple):
            size, jokers = what
            trial.call(seat, size, jokers=jokers)
    takers = [e.seat for e in trial.log[len(game.log):] if e.action in ("calls for Mah Jongg", "calls and exposes")]
    if takers and chosen == takers[0]:
        return right(question, f"{_SEAT_NAMES[chosen]} takes {_SEAT_NAMES[discarder]}'s tile.")
    what = plan.get(chosen, "pass")
    if chosen == discarder:
        why = f"{_SEAT_NAMES[chosen]} threw the tile and cannot call it."
    elif what == "pass":
        why = f"{_SEAT_NAMES[chosen]} let the tile go."
    elif what != "mahjongg" and any(plan.get(s) == "mahjongg" for s in range(4)):
        why = f"{_SEAT_NAMES[chosen]} called for an exposure, and a call for Mah Jongg comes first."
    else:
        why = (f"{_SEAT_NAMES[chosen]} called too, but another caller sits nearer in turn after "
               f"{_SEAT_NAMES[discarder]}.")
    hint = "" if "comes first" in why else "a call for Mah Jongg comes first; among the others, the next in turn"
    return not_yet(question, why, hint)


def check_unseen(answer: object, game: Game, seat: str | int, tile: Tile | str | int, question: str = "") -> Check:
    """How many more of ``tile`` the player in ``seat`` could still get: 4 less those in sight (discards,
    other players' exposures) and those on the seat's own rack and exposures.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> game = run_game(mj.load_card("basic1"), seed=225)
    >>> check_unseen(4, game, "West", "4C")
    Not yet. 4 is too high. Hint: a set has four of each tile; count those in sight and those the player holds
    """
    from ..tiles import COPIES, as_tile

    game = _game(game)
    number, early = read_answer(answer, question, read_number)
    if early is not None:
        return early
    who = read_seat(seat)
    kind = as_tile(tile)
    seen = int(game.visible(who)[kind])
    held = game.racks[who].count(kind)
    left = COPIES[int(kind)] - seen - held
    name = _SEAT_NAMES[who]
    if number == left:
        return right(question, f"of the four {kind.notation}: in sight {seen}, on {name}'s rack {held}, left {left}.")
    if number == left + held and held:
        return not_yet(question, f"That leaves out the {kind.notation} on {name}'s own rack.")
    if number == left + seen and seen:
        return not_yet(question, f"That leaves out the {kind.notation} in sight on the table.")
    return check_count(number, left, question,
                       "a set has four of each tile; count those in sight and those the player holds")


# -- scoring (lesson 06) --------------------------------------------------------------------------------------

def payment_cases(card: CardLike, hands: Mapping[str, HandLike], winner: int, discarder: int) -> pandas.DataFrame:
    """For each named hand, what changes hands when ``winner`` wins it on ``discarder``'s tile and when the
    win is self-drawn: a pandas DataFrame, one row per hand.

    >>> payment_cases("basic1", {"with a joker": "FF 222B 444B 666B 88B J"}, winner=1, discarder=3).iloc[0].tolist()
    [25, 50, 25, 100, 150]
    """
    import pandas as pd

    from ..analysis.arguments import instance_argument
    from ..rules import score_win

    card = _card(card)
    hands = instance_argument("hands", hands, Mapping, "named hands: a dict of names and racks")
    other = next(seat for seat in range(4) if seat not in (winner, discarder))
    rows = []
    for name, hand in hands.items():
        wins = card.match(hand)
        on_discard = score_win(card, wins, winner=winner, how="discard", discarder=discarder)
        drawn = score_win(card, wins, winner=winner, how="self-drawn")
        rows.append({"hand": name, "score": on_discard.score, "discarder pays": -on_discard.payments[discarder],
                     "each other pays": -on_discard.payments[other],
                     "winner gets (discard)": on_discard.payments[winner],
                     "winner gets (self-drawn)": drawn.payments[winner]})
    return pd.DataFrame(rows).set_index("hand")


def payments_side_by_side(payouts: Mapping[str, Payout]) -> pandas.DataFrame:
    """Named payouts (from :func:`~mjlearn.rules.score_win`) side by side: one column each, one row per seat,
    what the seat receives (+) or pays (-).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import score_win
    >>> card = mj.load_card("basic1")
    >>> wins = card.match("FF 222B 444B 666B 88B J")
    >>> payments_side_by_side({"self-drawn": score_win(card, wins, winner=1, how="self-drawn")})
           self-drawn
    East          -50
    South         150
    West          -50
    North         -50
    """
    import pandas as pd

    from ..analysis.arguments import instance_argument
    from ..rules import SEATS
    from ..rules.scoring import Payout

    wanted = "named payouts: a dict of names and what score_win returns"
    for payout in instance_argument("payouts", payouts, Mapping, wanted).values():
        instance_argument("payouts", payout, Payout, wanted)
    return pd.DataFrame({name: payout.payments for name, payout in payouts.items()}, index=SEATS)


def dead_hands(game: Game) -> str:
    """The seats whose hands are dead in ``game``, by name (``"none"`` when every hand is alive).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import run_game
    >>> dead_hands(when_a_hand_dies(run_game(mj.load_card("basic1"), seed=225)))
    'West'
    """
    return ", ".join(_SEAT_NAMES[seat] for seat in sorted(_game(game).dead)) or "none"


def computer_session(card: CardLike, players: Iterable[str], seeds: Iterable[int], first_east: int = 0,
                     ruleset: Ruleset | str = "MAHJ-X") -> Scorecard:
    """A session on a :class:`~mjlearn.rules.Scorecard`: one game played by four computer players for each
    seed, East passing on to the next player after each game (``first_east`` sits East first).

    >>> computer_session("basic1", ("Ann", "Bea", "Cy", "Di"), range(42, 44), first_east=2)
    <Scorecard: 2 rows; Ann 0, Bea 0, Cy 60, Di 0>
    """
    from ..analysis.arguments import items_argument
    from ..rules import Scorecard, east_for_game, run_game
    from ..rules.setup import check_seat

    card, first_east = _card(card), check_seat(first_east, "first_east")
    sheet = Scorecard(tuple(items_argument("players", players, "the four players' names")))
    for number, seed in enumerate(items_argument("seeds", seeds, "a list of seeds, one a game (such as range(3))")):
        result = run_game(card, ruleset, seed=seed).result
        assert result is not None and result.payout is not None  # a finished game has both, a wall game too
        sheet.record(result.payout, east=east_for_game(first_east, number))
    return sheet


def session_plot(sheet: Scorecard) -> None:
    """Plot each player's running total on a scorecard, row by row (games and penalties)."""
    import matplotlib.pyplot as plt

    from ..analysis.arguments import instance_argument
    from ..rules import Scorecard

    rows = instance_argument("sheet", sheet, Scorecard, "a Scorecard (such as computer_session gives)").to_frame()
    rows = rows[rows.what != "Total"].set_index("what")
    running = rows.cumsum()
    fig, ax = plt.subplots(figsize=(8, 4))
    for player in running.columns:
        ax.plot(range(1, len(running) + 1), running[player], marker="o", label=player)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(range(1, len(running) + 1))
    ax.set_xlabel("row of the scorecard (game or penalty)")
    ax.set_ylabel("running total (points)")
    ax.set_title("A session on the scorecard")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    plt.show()


# -- trying moves -----------------------------------------------------------------------------------------------

def try_move(what: str, move: Callable[..., object], *args: object, **kwargs: object) -> None:
    """Try ``move(*args, **kwargs)`` (a method of a game, a Charleston or a widget) and print whether the rules
    allowed it, with the rule when they did not: ``"South calls its own discard: refused, ..."``. An allowed
    move is made. Only mjlearn's own errors count as refusals.

    >>> from mjlearn.rules import Charleston, deal_tiles
    >>> ch = Charleston(deal_tiles(seed=1))
    >>> try_move("East passes two tiles", ch.pass_tiles, 0, ["1B", "3B"])
    East passes two tiles: refused, the first right pass is of 3 tiles: 2 of your own make 2
    """
    from ..analysis.arguments import callable_argument, text_argument
    from ..errors import MjlearnError

    what = text_argument("what", what)
    move = callable_argument("move", move, "a move to try (a method of a game, a Charleston or a widget)")
    try:
        allowed = move(*args, **kwargs) is not False  # widgets answer a refused click with False
    except MjlearnError as error:
        print(f"{what}: refused, {str(error).splitlines()[0]}")
        return
    print(f"{what}: {'allowed' if allowed else 'refused'}")


def finish_with_suggestions(trainer: CharlestonTrainer) -> str:
    """Play a :class:`~mjlearn.CharlestonTrainer` to the end of its Charleston as the computer players do:
    vote for a second Charleston while the nearest line is more than 4 tiles away, pass what Suggest picks.
    Returns the trainer's summary."""
    from ..analysis.arguments import instance_argument
    from ..widgets.charleston_trainer import CharlestonTrainer

    instance_argument("trainer", trainer, CharlestonTrainer, "a CharlestonTrainer (mjlearn.CharlestonTrainer)")
    while trainer.step is not None:  # None: the Charleston is over
        if trainer.step.kind == "vote":
            moved = trainer.vote(trainer.best > 4)
        else:
            moved = trainer.suggest() and trainer.pass_selected()
        if not moved:  # a refused click changes nothing: stop rather than try it for ever
            raise RuleError(f"the trainer refused a move: {trainer.message}")
    return trainer.summary
