"""Typed answers read as people write them, in every checker (issue 24, point 1).

The issue's teacher typed 166 answers a teacher would accept into the lessons' exercises; 52 could not be
read ("No.", "nope", "2 tiles", "50 points", "-50", "a dispute", "North, draw", "Like Numbers #2") and 13
were marked wrong. The tables below hold realistic answers to the lessons' own exercises (the cell each
comes from is named), kind by kind: each with the verdict a teacher would give (``right``, ``fine`` for an
accepted answer with a better one, ``wrong``) or ``unreadable`` where no teacher could be sure what it says.
Traps are there too: a wrong answer holding the right word ("not North", "not a dispute") must never pass.
"""

from functools import lru_cache

import pytest

import mjlearn as mj
from mjlearn.lessons import (
    Question,
    check,
    check_call_taker,
    check_completes,
    check_count,
    check_courtesy,
    check_line,
    check_line_name,
    check_outs,
    check_pass_direction,
    check_payment,
    check_unseen,
    moment,
)
from mjlearn.lessons.play import check_safe_discard as check_not_hot
from mjlearn.rules import run_game


@lru_cache(maxsize=None)
def garden():
    return mj.load_card("practice_garden")


@lru_cache(maxsize=None)
def flower_game():
    game = run_game(mj.load_card("basic1"), seed=188)
    return moment(game, len(game.moves) - 3)  # South has just thrown a flower (lesson 04, cell 50)


@lru_cache(maxsize=None)
def dying_game():
    from mjlearn.lessons import when_a_hand_dies

    return when_a_hand_dies(run_game(mj.load_card("basic1"), seed=225))  # lesson 04, cell 53


@lru_cache(maxsize=None)
def question(name):
    questions = {
        "pass": lambda: Question("pass", "Which three tiles do you pass right?", "FF 222B 44B 6B 8B 3C 7C 9D W"),
        "discard": lambda: Question("discard", "East's discard", "FF 222B 444B 666B 8B 3C N", visible="8B 5D"),
        "nearest": lambda: Question("line", "Which line is this rack nearest to?", "111C 222C 333C 44C J N S"),
        "yesno": lambda: Question("yesno", "Can a discard be called after the next player has racked?", answer=False),
        "seat": lambda: Question("seat", "Who sits on East's left?", answer="North", seat=0),
        "choice": lambda: Question("choice", "A wrong dead call at a home game: what happens?",
                                   options=["dispute", "caller dead"], answer="dispute",
                                   spellings=["the game goes on"]),
        "call-pung": lambda: Question("call", "South throws 8B. What do you do?", "FF 222B 444B 66B 88B N", tile="8B"),
        "call-joker": lambda: Question("call", "South throws 8B. What do you do?", "FF 222B 444B 66B 8B N J",
                                       tile="8B"),
        "call-win": lambda: Question("call", "South throws 8B. What do you do?", "FF 222B 444B 666B 88B", tile="8B"),
        "call-go": lambda: Question("call", "South throws N. What do you do?", "FF 222B 444B 666B NN", tile="N"),
        "tiles": lambda: Question("tiles", "Which tiles finish 2468 #1?", "FF 222B 444B 666B 8B", answer="88B",
                                  accept=["8B J"]),
        "first pass": lambda: Question("choice", "Which way does the first pass go?", options=["right", "across", "left"],
                                       answer="right"),
    }
    return questions[name]()


CHECKERS = {
    # yes or no
    "01-54 joker in a Bams Only line (yes)": lambda a: check(a, bool(garden().match("FF 1111B 222B J 3333B"))),
    "01-56 a zero in a run (no)": lambda a: check(a, False),
    "02-47 does the rack win (no)": lambda a: check(a, bool(mj.load_card("basic1").match("FF 11B 22B 33B 44B 55B 6B J"))),
    "10-41 a call after racking (no)": lambda a: check(a, False),
    "yesno question (no)": lambda a: question("yesno").check(a),
    # numbers
    "02-45 tiles away (2)": lambda a: check_count(a, 2),
    "10-36 tiles in the wall (99)": lambda a: check_count(a, 99),
    "01-48 hands of 2027 #2 (6)": lambda a: check_count(a, 6),
    "03-58 courtesy pass (2)": lambda a: check_courtesy(a, 2, 3),
    "04-53 4C West could still get": lambda a: check_unseen(a, dying_game(), "West", "4C"),
    "09-19 outs of 2468 #1 (9)": lambda a: check_outs(a, "FF 222B 444B 666B 8B N", "2468 #1", visible="8B 8B 5D"),
    "05-44 West pays (50)": lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard",
                                                   discarder=2, payer=2),
    "05-46 East receives (300)": lambda a: check_payment(a, "FF 333D 666D 999D 000", winner=0, how="self-drawn"),
    "10-47 the dead hand pays (100)": lambda a: check(a, 100, accept=[-100]),
    # tiles
    "01-50 the dragon of dots": lambda a: check(a, mj.Suit.DOT.dragon, tiles=True),
    "01-52 the hand in notation": lambda a: check(a, "FF 2222B 4444B RRRR", tiles=True),
    "08-49 the run's tiles (GGG)": lambda a: check(a, "GGG", tiles=True),
    "02-49 the tiles that finish": lambda a: check_completes(a, "FF 444B 666B 8B", exposures=["222B"]),
    "tiles question (88B, or 8B J)": lambda a: question("tiles").check(a),
    "03-56 three tiles to pass": lambda a: question("pass").check(a),
    "09-17 East's discard": lambda a: question("discard").check(a),
    "09-21 a tile that is not hot": lambda a: check_not_hot(a, "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D",
                                                           {"South": ["222B", "44B J"], "West": [], "North": []}),
    # lines
    "01-58 name the line (2468 #2)": lambda a: check_line_name(a, garden().line("2468", 2), garden()),
    "04-55 nearest line (Like Numbers #2)": lambda a: check_line(a, "F 1111B N E W S 111C J J", "basic1"),
    "02-51 nearest line (Consecutive Run)": lambda a: question("nearest").check(a),
    "06-53 the easiest line (2468 #1)": lambda a: check(a, ("2468", 1)),
    **{f"a line of basic1 ({line.category} #{line.number})": (
        lambda a, key=(line.category, line.number): check(a, key, card="basic1"))
       for line in mj.load_card("basic1").lines},
    # seats
    "03-53 West passes left (South)": lambda a: check_pass_direction(a, "West", "left"),
    **{f"{passer} passes {way}": (lambda a, passer=passer, way=way: check_pass_direction(a, passer, way))
       for passer in ("East", "South", "West", "North") for way in ("right", "across", "left")},
    "04-50 who takes the flower (West)": lambda a: check_call_taker(a, flower_game(),
                                                                    {"West": (3, 1), "North": "pass", "East": "pass"}),
    "seat question (North; the student is East)": lambda a: question("seat").check(a),
    # words and options
    "10-43 a wrong dead call (choices)": lambda a: check(a, "dispute", choices=["dispute", "caller dead"]),
    "10-43 a wrong dead call (text)": lambda a: check(a, mj.rules.NMJL.wrong_dead_call),
    "choice question (dispute)": lambda a: question("choice").check(a),
    "08-51 the next turn (North, draw)": lambda a: check(a, ("North", "draw")),
    "which way the first pass goes": lambda a: check(a, "right", accept=["to the right"]),
    "choice question (right, across, left)": lambda a: question("first pass").check(a),
    "08-51 after a MAHJ-X joker discard (West, draw)": lambda a: check(a, ("West", "draw")),
    # calls
    "call: a pung helps": lambda a: question("call-pung").check(a),
    "call: a pung with a joker helps": lambda a: question("call-joker").check(a),
    "call: the tile wins": lambda a: question("call-win").check(a),
    "call: let it go": lambda a: question("call-go").check(a),
}


def rows(checker, status, answers):
    assert checker in CHECKERS, checker
    return [(checker, answer, status) for answer in answers]


YES_NO = (
    rows("01-54 joker in a Bams Only line (yes)", "right", [
        "yes", "Yes", "YES", "yes.", "Yes!", "y", "Y", "yep", "Yep.", "yup", "yeah", "Yeah, it can", "yes, it may",
        "Yes it may.", "Yes, a joker may", "of course", "Of course!", "sure", "certainly", "definitely",
        "absolutely", "true", "True", "it may", "It can", "a joker can", "yes - 2222 is a kong",
        "Yes, but not in a pair", "Yes, because 2222 is a group of four", "I think so", "that's right",
        "yes, it's a kong", "ok", "Yes, the note is about the suit", " yes ", "'yes'", "Yes.  ", "aye", True,
    ]) + rows("01-54 joker in a Bams Only line (yes)", "wrong", [
        "no", "No.", "nope", "never", "not at all", "it can't", "no, only bams", "False", "of course not",
        "absolutely not", "No, jokers are not bams", False,
    ]) + rows("01-54 joker in a Bams Only line (yes)", "unreadable", [
        "maybe", "yes and no", "yes or no", "I don't know", "not sure", "perhaps", "it depends", "sometimes",
        "Yes, it cannot", "bams only", "", "?", 1, None, "dunno",
    ]) + rows("10-41 a call after racking (no)", "right", [
        "no", "No", "No.", "NO!", "n", "N", "nope", "Nope.", "nah", "never", "not at all", "Not at all.",
        "no way", "No, it can only be called until the next player racks", "no, racking closes it",
        "No - the window is closed", "it can't", "It cannot.", "you can't", "too late, so no", "false", "False",
        "of course not", "certainly not", "definitely not", "absolutely not", "i think not", "It may not",
        "no it can't", "not after racking", False, "NO", "nope, too late", "No. Too late.",
    ]) + rows("10-41 a call after racking (no)", "wrong", [
        "yes", "Yes.", "yep", "sure", "of course", "it can", "yes, until the next discard", "True", True, "y",
    ]) + rows("10-41 a call after racking (no)", "unreadable", [
        "maybe", "it depends", "I don't know", "not sure", "only sometimes", "racking", "yes and no", "  ",
        "No idea", 0, ["no"],
    ]) + rows("02-47 does the rack win (no)", "right", [
        "No.", "no", "nope", "it does not win", "It doesn't", "no - the joker would be in a pair",
        "The joker would be in a pair, so no", "no, jokers never go in pairs",
    ]) + rows("02-47 does the rack win (no)", "wrong", [
        "yes", "it wins", "Yes, Singles and Pairs",
    ]) + rows("01-56 a zero in a run (no)", "right", [
        "no", "No.", "never", "no, a run is 1 to 9",
    ]) + rows("01-56 a zero in a run (no)", "wrong", ["yes", "yes, 0 1 2"]) + rows("yesno question (no)", "right", [
        "no", "No.", "nope", "not at all", "No, racking closes the window", False, "no!",
    ]) + rows("yesno question (no)", "wrong", ["yes", "Yes, it may", True, "of course"]) + rows(
        "yesno question (no)", "unreadable", ["maybe", "depends on the rules", 3])
)

NUMBERS = (
    rows("02-45 tiles away (2)", "right", [
        2, "2", " 2 ", "two", "Two", "TWO", "2 tiles", "two tiles", "2 tiles away", "2 more tiles", "It's 2.",
        "2.", "2!", "'2'", "two more", "2 tile", "i think 2", "2 (two)", "the answer is 2", "2 tiles left", "two jokers away?",
        2.0, "2.0",
    ]) + rows("02-45 tiles away (2)", "wrong", [
        1, "1", "one", "3", "three tiles", "0", "none", "zero", "4 tiles", "-2",
    ]) + rows("02-45 tiles away (2)", "unreadable", [
        "about 2", "2 or 3", "two or three", "a few", "2-3", "2.5", "not 2", "many", None,
        True, [2],
    ]) + rows("10-36 tiles in the wall (99)", "right", [
        99, "99", "ninety-nine", "ninety nine", "Ninety-Nine", "99 tiles", "99 tiles left", "99 tiles in the wall",
        "there are 99", "99 left", "It's 99.", "152 - 53 = 99", "99 tiles remain", "99 (152 minus 53)",
    ]) + rows("10-36 tiles in the wall (99)", "wrong", [
        "100", "98", "152", "53", "one hundred", "ninety", "a hundred", "-99", "9", "999",
    ]) + rows("10-36 tiles in the wall (99)", "unreadable", [
        "about 100", "99 or 100", "lots", "I don't know", "between 90 and 100", "99.5", "1e2", "ninety-nine point five",
        "around ninety-nine",
    ]) + rows("01-48 hands of 2027 #2 (6)", "right", ["6", "six", "6 hands", "3 x 2", "3 x 2 = 6", "six hands"])
    + rows("01-48 hands of 2027 #2 (6)", "wrong", ["3", "9", "2", "12 hands"])
    + rows("03-58 courtesy pass (2)", "right", ["2", "two", "2 tiles", "two tiles each way", "2 each"])
    + rows("03-58 courtesy pass (2)", "wrong", ["3", "three", "0", "1"])
    + rows("03-58 courtesy pass (2)", "unreadable", ["2 or 3", "the lower one"])
    + rows("04-53 4C West could still get", "right", ["none", "0", "zero", "no more", "nothing", "0 tiles", "no"])
    + rows("04-53 4C West could still get", "wrong", ["1", "3", "4", "one"])
    + rows("09-19 outs of 2468 #1 (9)", "right", ["9", "nine", "9 outs", "9 tiles", "nine tiles", "1 + 8 = 9"])
    + rows("09-19 outs of 2468 #1 (9)", "wrong", ["1", "8", "10", "eleven", "2"])
    + rows("05-44 West pays (50)", "right", [
        50, "50", "fifty", "Fifty.", "50 points", "50 pts", "50pts", "$50", "$ 50", "fifty cents", "50 cents", "50¢",
        "50c", "$0.50", "-50", "- 50", "−50", "minus 50", "minus fifty", "lose 50", "loses 50", "West loses 50",
        "West pays 50", "West pays fifty points", "West, 50", "pays 50", "they pay 50", "2 x 25 = 50", "2 x 25",
        "25 x 2", "50 (double)", "West: -50", "-50 points", "50 points to South", "(West, 50)",
    ]) + rows("05-44 West pays (50)", "wrong", [
        "25", "100", "twenty-five", "$25", "-25", "75", "150", "South pays 50", "West pays 25", "East, 50",
    ]) + rows("05-44 West pays (50)", "unreadable", [
        "about 50", "50 or 100", "double", "West", "a lot", "25 or 50", "not 50", "$50.5",
    ]) + rows("05-46 East receives (300)", "right", [
        "300", "three hundred", "300 points", "$300", "$3.00", "East receives 300", "+300", "East gets 300",
        "3 x 100 = 300", "3 x 100",
    ]) + rows("05-46 East receives (300)", "wrong", [
        "-300", "25", "100", "150", "South gets 300", "twenty-five",
    ]) + rows("10-47 the dead hand pays (100)", "right", [
        "100", "one hundred", "a hundred", "-100", "100 points", "lose 100", "$1.00", "$100", "2 x 50",
    ]) + rows("10-47 the dead hand pays (100)", "wrong", ["0", "nothing", "50", "200", "-50"])
    # a plain check of a number cannot tell whether the seat is the right one: it asks for the number alone
    + rows("10-47 the dead hand pays (100)", "unreadable", ["South pays 100", "East, 100"])
)

TILES = (
    rows("01-50 the dragon of dots", "right", [
        "0", "soap", "Soap", "white", "White Dragon", "the white dragon", "white dragon (soap)", "the soap",
        "0 (soap)", "soap dragon", "whites", "the white one?",
    ]) + rows("01-50 the dragon of dots", "wrong", ["green", "red", "G", "R", "Red dragon", "5D", "N", "0 0"])
    + rows("01-50 the dragon of dots", "unreadable", ["dots", "dragon of dots", "zero dragon?!", 33, "white or red"])
    + rows("01-52 the hand in notation", "right", [
        "FF 2222B 4444B RRRR", "ff 2222b 4444b rrrr", "FF 2222B 4444B RRRR.", "F F 2222B 4444B RRRR",
        "FF, 2222B, 4444B, RRRR", "2 flowers, four 2 bams, four 4 bams, four red dragons",
        "two flowers four 2 bam four 4 bam four red", ["FF", "2222B", "4444B", "RRRR"], "RRRR 4444B 2222B FF",
    ]) + rows("01-52 the hand in notation", "wrong", [
        "FF 2222B 4444B GGGG", "FF 2222C 4444C RRRR", "FF 222B 444B RRR",
    ]) + rows("01-52 the hand in notation", "unreadable", ["FF 2222 4444 RRRR", "FF 2222B 4444B DDDD", "ff 2222x",
                                                           "FF 2222 4444 RRRR B"])
    + rows("08-49 the run's tiles (GGG)", "right", [
        "GGG", "ggg", "G G G", "G, G, G", "three greens", "3 green dragons", "three green dragons", "green green green",
        "a pung of green dragons", "a pung of greens", "GGG.", "'GGG'", "3 greens",
    ]) + rows("08-49 the run's tiles (GGG)", "wrong", ["RRR", "GG", "GGGG", "000", "three reds", "G G J", "greens"])
    + rows("08-49 the run's tiles (GGG)", "unreadable", ["GGG or RRR", "not RRR", "DDD"])
    + rows("02-49 the tiles that finish", "right", [
        "8B 8B", "88B", "8b 8b", "two 8 bams", "8 bam, 8 bam", "8B J", "8B and a joker", "8 bam and joker",
        "a pair of 8 bams", "8 bams, 8 bam", "eight bam eight bam", "J 8B", "JJ", "2 jokers", "two jokers",
    ]) + rows("02-49 the tiles that finish", "wrong", ["8B", "8B N", "8B 8B 8B", "6B 8B", "N N", "8C 8C"])
    + rows("02-49 the tiles that finish", "unreadable", ["8B or a joker", "8X 8X", "two eights?", "keep 8B"])
    + rows("03-56 three tiles to pass", "right", [
        "3C 7C 9D", "3c 7c 9d", "3 crak, 7 crak, 9 dot", "7C 3C W", "W 9D 3C", "west, 9 dots and 7 craks",
        "I'd pass 3C, 7C and W", "3C, 9D, west wind", "the 7 crak, the 9 dot and the west", ["3C", "9D", "W"],
        "9d w 7c",
    ]) + rows("03-56 three tiles to pass", "wrong", [
        "FF 2B", "2B 4B 6B", "3C 7C", "3C 7C 9D W", "J 3C 7C", "3C 7C 5D", "8B 6B 4B", "F F W",
    ]) + rows("03-56 three tiles to pass", "unreadable", ["3C 7C or W", "keep the bams", "3X 7C 9D", "the odd ones"])
    + rows("09-17 East's discard", "right", ["3C", "3c", "3 crak", "N", "north", "the North", "I'd throw the 3C",
                                             "North wind", "3 cracks", ["N"]])
    + rows("09-17 East's discard", "wrong", ["8B", "2B", "F", "flower", "J", "5D", "3C N"])
    + rows("09-17 East's discard", "unreadable", ["N or 3C", "not 8B", "the odd one", "3"])
    + rows("09-21 a tile that is not hot", "right", ["3C", "5c", "7 dot", "N", "north", "9D", "the 5 dot"])
    + rows("09-21 a tile that is not hot", "wrong", ["8B", "6B", "F", "flower", "2B"])
    + rows("09-21 a tile that is not hot", "unreadable", ["anything but 8B", "3C or 5C", "not 6B"])
)

LINES = (
    rows("01-58 name the line (2468 #2)", "right", [
        "2468 #2", "2468 2", "2468 line 2", "2468 Line 2", "2468, line 2", "2468 no. 2", "2468 number 2", "2468-2",
        "the second 2468 line", "2nd line of 2468", "line 2 of 2468", "#2 of 2468", "2468 #2.", "'2468 #2'",
        "2468 (line 2)", "the second line in 2468", "2468 line two", "2468's second line", ("2468", 2), "2468 #2A",
    ]) + rows("01-58 name the line (2468 #2)", "wrong", [
        "2468 #1", "2468 3", "2027 #2", "13579 #2", "the first 2468 line", "Any Like Numbers #2", "Quints 2",
    ]) + rows("01-58 name the line (2468 #2)", "unreadable", [
        "2468", "line 2", "#2", "2468 #2 or #3", "not 2468 #1", "2486 #2", "2468 #9", "Dragons 2", "the even one",
    ]) + rows("04-55 nearest line (Like Numbers #2)", "right", [
        "Like Numbers #2", "like numbers 2", "Like Numbers line 2", "LN2", "LN 2", "ln #2", "LN#2",
        "#2 of like numbers", "the second like numbers line", "like numbers, second line", "Like Numbers 2nd line",
        "line 2 of like numbers", "like number 2", "like nos 2", "FF 1111 NEWS r1111 L", "ff 1111 news r1111 l x25",
        "Like Numbers No. 2", ("Like Numbers", 2), "like-numbers #2", "LIKE NUMBERS #2",
    ]) + rows("04-55 nearest line (Like Numbers #2)", "wrong", [
        "Like Numbers #1", "LN1", "like numbers 3", "2468 #1", "Winds/Dragons 1", "Singles & Pairs #1",
        "the first like numbers line",
    ]) + rows("04-55 nearest line (Like Numbers #2)", "unreadable", [
        "like numbers", "LN", "not LN1", "LN2 or LN3", "numbers 2", "LN 2 (FF 1111 NEWS r1111)", "like 2", "LN4",
    ]) + rows("02-51 nearest line (Consecutive Run)", "right", [
        "Consecutive Run #1", "consecutive run 1", "Consecutive Runs #1", "consec run 1", "CR1", "CR 1",
        "the first consecutive run line", "#1 of consecutive run", "Consec Run line 1",
    ]) + rows("02-51 nearest line (Consecutive Run)", "wrong", ["2468 #1", "Like Numbers #3", "13579 1"])
    + rows("02-51 nearest line (Consecutive Run)", "unreadable", ["consecutive", "runs", "CR"])
    + rows("06-53 the easiest line (2468 #1)", "right", [
        "2468 #1", "2468 1", "2468 line 1", "the first 2468 line", "#1 of 2468", ("2468", 1), ("2468", "1"),
        "2468, first line",
    ]) + rows("06-53 the easiest line (2468 #1)", "wrong", [
        "2468 #2", "Like Numbers #1", "369 1", ("2468", 2), ("369", 1),
    ]) + rows("06-53 the easiest line (2468 #1)", "unreadable", ["2468", "the first", "2468 #1 or #2"])
)

SEATS = (
    rows("03-53 West passes left (South)", "right", [
        "South", "south", "SOUTH", "S", "s", "South.", "South!", "to South", "to the South player", "South's rack",
        "South, the player on West's left".replace(", the player on West's left", ""), "It goes to South",
        "South (West's left)", "not East, South", 1, "  south ",
    ]) + rows("03-53 West passes left (South)", "wrong", ["North", "East", "West", "N", "w", 3, "to North"])
    + rows("03-53 West passes left (South)", "unreadable", [
        "not North", "left", "South or North", "the player on the left", "Souht", "West's left", "nobody", "4",
    ]) + rows("04-50 who takes the flower (West)", "right", [
        "West", "west", "W", "West takes it", "West, with a joker", "West calls it", "West gets the flower",
        "West's pung", "West (pung with a joker)", "it goes to West", "not North, West",
    ]) + rows("04-50 who takes the flower (West)", "wrong", ["North", "East", "South", "N", "E"])
    + rows("04-50 who takes the flower (West)", "unreadable", [
        "not North", "West or North", "nobody", "the next player", "North can't", "Wst",
    ]) + rows("seat question (North; the student is East)", "right", [
        "North", "north", "N", "the North player", "my left", "the player on my left", "to my left",
        "North, on my left",
    ]) + rows("seat question (North; the student is East)", "wrong", [
        "South", "my right", "across", "West", "the player across", "me",
    ]) + rows("seat question (North; the student is East)", "unreadable", [
        "not South", "North or South", "left of East", "my left or right", "?",
    ])
)

WORDS = (
    rows("10-43 a wrong dead call (choices)", "right", [
        "dispute", "Dispute", "a dispute", "A dispute.", "it's a dispute", "dispute!", "DISPUTE", "a", "A", "(a)",
        "option a", "1", "a dispute: the game goes on", "a dispute, settled at the end", "the dispute",
        "disputes", "It is a dispute.",
    ]) + rows("10-43 a wrong dead call (choices)", "wrong", [
        "caller dead", "Caller dead.", "the caller is dead", "caller's dead", "the caller's hand is dead", "b", "B",
        "2", "caller hand dead",
    ]) + rows("10-43 a wrong dead call (choices)", "unreadable", [
        "not a dispute", "dispute or caller dead", "dispute, not caller dead", "West is dead", "c", "3",
        "the game goes on", "I don't know", "", "maybe a dispute",
    ]) + rows("10-43 a wrong dead call (text)", "right", [
        "dispute", "a dispute", "A dispute.", "it's a dispute", "Dispute!", "the dispute", "It is a dispute",
    ]) + rows("10-43 a wrong dead call (text)", "wrong", [
        "caller dead", "West is dead", "the caller", "dead",
    ]) + rows("10-43 a wrong dead call (text)", "unreadable", [
        "a dispute, settled at the end", "not a dispute", "dispute or caller dead",
    ]) + rows("choice question (dispute)", "right", [
        "dispute", "a dispute", "A", "the game goes on", "The game goes on.", "dispute: the game goes on",
    ]) + rows("choice question (dispute)", "wrong", ["caller dead", "B", "the caller is dead"])
    + rows("choice question (dispute)", "unreadable", ["not a dispute", "C", "both"])
    + rows("08-51 the next turn (North, draw)", "right", [
        "North, draw", "north draw", "North draws", "North, draws", "North: draw", "North to draw", "draw, North",
        "It's North's turn to draw", "North's turn to draw", "N, draw", "north, draw.", "North - draw",
        ("North", "draw"), ("north", "Draw"), "North and draw", "North then draws",
    ]) + rows("08-51 the next turn (North, draw)", "wrong", [
        "North, discard", "South, draw", "West, discard", "West draws again", "North", "draw",
        ("South", "draw"), "East, draw",
    ]) + rows("which way the first pass goes", "right", [
        "right", "Right", "to the right", "right.", "the right", "To the right!",
    ]) + rows("which way the first pass goes", "wrong", ["left", "across", "to the left"])
    + rows("which way the first pass goes", "unreadable", ["right, then across", "not left, right"])
)

CALLS = (
    rows("call: a pung helps", "right", [
        "pung", "Pung", "call a pung", "Call a pung, no joker", "call it for a pung", "pung, no jokers", "I call pung",
        "pung without jokers", "3 of a kind", "call for a pung", "take it for a pung", "(3, 0)", (3, 0),
    ]) + rows("call: a pung helps", "wrong", [
        "let it go", "Let it go", "pass", "no", "nope", "don't call", "leave it", "Mah Jongg", "mahjong", "MJ",
        "kong", "pung with a joker", "kong with 2 jokers", "quint",
    ]) + rows("call: a pung helps", "unreadable", [
        "call", "call it", "yes", "pung or pass", "not mah jongg", "no, pung", "maybe", "", "pung or kong",
    ]) + rows("call: a pung with a joker helps", "right", [
        "pung", "pung with a joker", "pung with 1 joker", "call a pung with one joker", "Call a pung with 1 joker",
        "pung, 1 joker", "(3, 1)",
    ]) + rows("call: a pung with a joker helps", "wrong", [
        "let it go", "pass", "Mah Jongg", "kong", "pung, no joker",
    ]) + rows("call: the tile wins", "right", [
        "Mah Jongg", "mah jongg", "Mahjong!", "mah-jongg", "MJ", "call Mah Jongg", "Call Mah Jongg", "I win",
        "call for mah jongg", "mahjongg", "Mah Jongg!!",
    ]) + rows("call: the tile wins", "wrong", [
        "pung", "let it go", "pass", "kong", "no",
    ]) + rows("call: the tile wins", "unreadable", ["call it", "yes", "win or pass"])
    + rows("call: let it go", "right", [
        "let it go", "Let it go.", "pass", "no", "nope", "No thanks", "don't call", "do not call it", "leave it",
        "I'd let it go", "skip", "no call", "decline",
    ]) + rows("call: let it go", "wrong", ["pung", "call a pung", "Mah Jongg", "call for a pung, no joker"])
    + rows("call: let it go", "unreadable", ["call", "yes", "let it go or pung"])
)

SEAT_AFTER = {("East", "right"): "South", ("East", "across"): "West", ("East", "left"): "North",
              ("South", "right"): "West", ("South", "across"): "North", ("South", "left"): "East",
              ("West", "right"): "North", ("West", "across"): "East", ("West", "left"): "South",
              ("North", "right"): "East", ("North", "across"): "South", ("North", "left"): "West"}
for (passer, way), target in SEAT_AFTER.items():
    other = next(seat for seat in ("East", "South", "West", "North") if seat not in (passer, target))
    SEATS += rows(f"{passer} passes {way}", "right", [target, target.lower(), target[0], f"to {target}",
                                                      f"{target}'s rack", f"the {target} player"])
    SEATS += rows(f"{passer} passes {way}", "wrong", [other, passer])
    SEATS += rows(f"{passer} passes {way}", "unreadable", [f"not {target}", f"{target} or {other}", way])

ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
INITIALS = {"Like Numbers": "LN", "Consecutive Run": "CR", "Winds/Dragons": "WD", "Singles & Pairs": "S&P"}
for line in mj.load_card("basic1").lines:
    name, n = line.category, line.number
    checker = f"a line of basic1 ({name} #{n})"
    forms = [f"{name} #{n}", f"{name.lower()} {n}", f"{name} line {n}", f"the {ORDINAL[n]} {name} line",
             f"#{n} of {name}", f"line {n} of {name.lower()}", line.mjcl]
    if name in INITIALS:
        forms.append(f"{INITIALS[name]}{n}")
    LINES += rows(checker, "right", forms)
    LINES += rows(checker, "wrong", [f"{name} #{n % len(mj.load_card('basic1').category(name).lines) + 1}"])
    LINES += rows(checker, "unreadable", [f"not {name} #{n}", name])

TILES += rows("tiles question (88B, or 8B J)", "right", [
    "88B", "8B 8B", "8 bam 8 bam", "two 8 bams", "8B J", "8B and a joker", "an 8 bam and a joker", "8b, j",
    "J 8B", "8 bam, joker",
]) + rows("tiles question (88B, or 8B J)", "wrong", ["8B", "JJ", "8B 8B 8B", "6B 8B", "8C 8C"]) + rows(
    "tiles question (88B, or 8B J)", "unreadable", ["8B or J", "8Q"])

WORDS += rows("10-43 a wrong dead call (choices)", "right", [
    "Dispute.", "dispute - the game goes on", "I think it's a dispute", "dispute (settled at the end)", "a: dispute",
]) + rows("10-43 a wrong dead call (choices)", "wrong", [
    "caller dead!", "West's hand is dead: caller dead", "the caller dead", "b: caller dead",
]) + rows("10-43 a wrong dead call (choices)", "unreadable", ["both", "neither", "it depends"]) + rows(
    "which way the first pass goes", "right", ["RIGHT", "'right'", "right!", "I think right"],
) + rows("which way the first pass goes", "wrong", ["across", "Left.", "the left"]) + rows(
    "08-51 the next turn (North, draw)", "unreadable", ["North or West, draw", "North, draw or discard",
                                                        "not North: draw", "North, not draw"],
)
WORDS += rows("choice question (right, across, left)", "right", [
    "right", "Right", "to the right", "a", "A", "1", "right!", "the right", "it goes right", "right, to South",
]) + rows("choice question (right, across, left)", "wrong", [
    "left", "across", "to the left", "b", "C", "3", "across the table",
]) + rows("choice question (right, across, left)", "unreadable", [
    "right or left", "not left", "d", "4", "clockwise", "right then across",
]) + rows("08-51 after a MAHJ-X joker discard (West, draw)", "right", [
    "West, draw", "West draws", "west draws again", "West: draw", "It's West's turn to draw",
]) + rows("08-51 after a MAHJ-X joker discard (West, draw)", "wrong", [
    "North, draw", "West, discard", "South, draw",
])

CALLS += rows("call: a pung helps", "right", [
    "Pung!", "call pung", "PUNG", "a pung", "I'd call it for a pung", "pung, 0 jokers", "call it: pung",
    "Call it for a pung with no jokers", "pung of 8 bams", "expose a pung", "claim it for a pung", "pong",
]) + rows("call: a pung helps", "wrong", [
    "Let it go.", "no thanks", "I pass", "skip", "call Mah Jongg", "mah-jongg", "I win", "kong with a joker",
    "sextet", "pass on it",
]) + rows("call: a pung with a joker helps", "right", [
    "call a pung", "pung, one joker", "pung using one joker", "a pung with a joker", "Pung with 1 joker!",
]) + rows("call: a pung with a joker helps", "wrong", [
    "no", "leave it", "don't call", "MJ", "kong with 2 jokers", "pung with 2 jokers",
]) + rows("call: a pung with a joker helps", "unreadable", ["call it", "yes please", "pung or kong", "jokers"]) + rows(
    "call: the tile wins", "right", ["Mahjong", "Mah-Jongg!", "it wins: Mah Jongg", "MAH JONGG", "win", "Mah Jong"],
) + rows("call: the tile wins", "wrong", [
    "call a pung", "pung, no joker", "let it go.", "nope", "don't call",
]) + rows("call: let it go", "right", [
    "No.", "nah", "Let it go!", "pass.", "I pass", "no, let it go", "not calling", "leave it alone",
]) + rows("call: let it go", "wrong", ["pung", "Call a pung, no joker", "mahjong", "MJ", "kong"]) + rows(
    "call: let it go", "unreadable", ["not sure", "pass or pung"])

ALL = YES_NO + NUMBERS + TILES + LINES + SEATS + WORDS + CALLS
KINDS = {"yes or no": YES_NO, "numbers": NUMBERS, "tiles": TILES, "lines": LINES, "seats": SEATS,
         "words and options": WORDS, "calls": CALLS}
ACCEPTED = ("right", "fine")


@pytest.mark.parametrize("checker, answer, status", ALL, ids=[f"{c}: {a!r}" for c, a, _ in ALL])
def test_a_typed_answer_is_read_as_a_teacher_reads_it(checker, answer, status):
    result = CHECKERS[checker](answer)
    wanted = ACCEPTED if status in ACCEPTED else (status,)
    assert result.status in wanted, (checker, answer, result.text)
    assert result.correct == (status in ACCEPTED)


def test_the_tables_are_large_and_realistic():
    """At least 150 answers of each kind of checker, right, wrong and unreadable ones in each."""
    for kind, table in KINDS.items():
        statuses = {status for _, _, status in table}
        assert statuses == {"right", "wrong", "unreadable"}, kind
        assert len(table) >= 150, (kind, len(table))
    assert len({checker for checker, _, _ in ALL}) == len(CHECKERS)  # every checker is tried


def test_the_issues_unreadable_answers_are_read():
    """The answers the issue quotes as unreadable, each in its exercise."""
    assert CHECKERS["10-41 a call after racking (no)"]("No.").correct
    assert CHECKERS["10-41 a call after racking (no)"]("nope").correct
    assert CHECKERS["02-45 tiles away (2)"]("2 tiles").correct
    assert CHECKERS["05-44 West pays (50)"]("50 points").correct
    assert CHECKERS["05-44 West pays (50)"]("-50").correct
    assert CHECKERS["10-43 a wrong dead call (text)"]("a dispute").correct
    assert CHECKERS["08-51 the next turn (North, draw)"]("North, draw").correct
    assert CHECKERS["04-55 nearest line (Like Numbers #2)"]("Like Numbers #2").correct


@pytest.mark.parametrize("checker, answer", [
    ("seat question (North; the student is East)", "not North"),
    ("04-50 who takes the flower (West)", "not West"),
    ("04-50 who takes the flower (West)", "anyone but West"),
    ("03-53 West passes left (South)", "not South"),
    ("10-43 a wrong dead call (choices)", "not a dispute"),
    ("10-43 a wrong dead call (choices)", "no dispute: caller dead"),
    ("10-43 a wrong dead call (text)", "not a dispute"),
    ("10-41 a call after racking (no)", "Yes, it can't be called? no, it can"),
    ("01-54 joker in a Bams Only line (yes)", "yes it cannot"),
    ("04-55 nearest line (Like Numbers #2)", "not Like Numbers #2"),
    ("06-53 the easiest line (2468 #1)", "not 2468 #1"),
    ("05-44 West pays (50)", "not 50"),
    ("05-44 West pays (50)", "50 or 25"),
    ("08-49 the run's tiles (GGG)", "not GGG"),
    ("08-51 the next turn (North, draw)", "North, not draw"),
    ("call: a pung helps", "no, not a pung"),
    ("call: the tile wins", "not Mah Jongg"),
    ("which way the first pass goes", "not right"),
    ("09-21 a tile that is not hot", "not 8B"),
])
def test_a_wrong_answer_holding_the_right_word_never_passes(checker, answer):
    assert not CHECKERS[checker](answer).correct


def test_no_wrong_answer_is_accepted_anywhere():
    """Over the whole table: nothing expected wrong or unreadable is accepted."""
    accepted = [(c, a) for c, a, s in ALL if s not in ACCEPTED and CHECKERS[c](a).correct]
    assert accepted == []
