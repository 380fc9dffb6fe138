"""Make the attempt records of a simulated class, then its class report (a seeded run, the same every time).

    python tools/simulate_class.py [FOLDER] [--students 30] [--seed 1] [--png build/class_report.png]

Thirty adult beginners work through the lessons' exercises (the exercises of notebooks/*.ipynb, in the
beginner track's order, then the advanced lessons) with realistic patterns: each student has an ability
and a pace, each exercise a difficulty; the chance of a right answer grows with each try (the hints);
wrong answers are the ones a class really gives (a misread tile, a joker in a pair, the printed value
instead of the payment); now and then an answer cannot be read; a student who is stuck gives up after a
few tries, sometimes after looking at the answer; weaker or busier students stop before the later lessons.
Each student's file is written as :mod:`mjlearn.lessons.record` writes it, one JSON line per attempt.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from mjlearn.atomic import write_atomically
from mjlearn.lessons.record import new_attempt, record_path

NAMES = ["Ann", "Bea", "Carol", "Dot", "Edith", "Fran", "Gail", "Hal", "Irene", "Joan", "Kay", "Lou", "Mae",
         "Nell", "Opal", "Pat", "Queenie", "Ruth", "Sal", "Tess", "Una", "Vi", "Walt", "Xena", "Yvonne", "Zelda",
         "Abe", "Bernie", "Cyril", "Dolores", "Ed", "Flo", "Gus", "Hetty", "Ike", "June", "Ken", "Lil", "Moe",
         "Norma"]

# (lesson, number, kind, right answer, wrong answers a class gives, answers that cannot be read, difficulty)
EXERCISES = [
    ("01", 1, "number", "6", ["3", "9", "12"], ["a lot"], 0.2),
    ("01", 2, "tiles", "0", ["R", "G"], ["the dots one"], -0.2),
    ("01", 3, "tiles", "FF 2222B 4444B RRRR", ["FF 2222B 4444B GGGG", "FF 2222C 4444C RRRR"], ["FF 2222 4444 RRRR"],
     0.4),
    ("01", 4, "yesno", "yes", ["no"], [], 0.5),
    ("01", 5, "yesno", "no", ["yes"], ["maybe"], -0.4),
    ("01", 6, "line", "2468 #2", ["2468 #1", "2468 #3"], ["the second one"], 0.1),
    ("02", 1, "number", "99", ["100", "104", "152"], [], 0.2),
    ("02", 2, "number", "10", ["7", "4"], [], 0.6),
    ("02", 3, "yesno", "no", ["yes"], ["maybe"], 0.3),
    ("02", 4, "choice", "a dispute: the game goes on, settled at the end", ["the caller's hand is dead"], [], 0.7),
    ("02", 5, "discard", "3C", ["8B", "6B"], [], 0.9),
    ("02", 6, "number", "100", ["50", "200"], [], 0.8),
    ("03", 1, "number", "2", ["1", "3"], ["not many"], 0.6),
    ("03", 2, "yesno", "no", ["yes"], [], 0.8),
    ("03", 3, "tiles", "8B 8B", ["8B", "8B N", "8B 9B"], ["eights"], 0.5),
    ("03", 4, "line", "Consecutive Run #1", ["Like Numbers #1", "2468 #1"], [], 0.7),
    ("03", 5, "discard", "N", ["J", "2B"], [], 0.1),
    ("04", 1, "seat", "South", ["North", "East"], [], 0.3),
    ("04", 2, "pass", "3C 7C 9D", ["2B 4B 6B", "F 3C 9D"], [], 0.9),
    ("04", 3, "number", "2", ["3"], [], 0.4),
    ("05", 1, "seat", "West", ["North", "East"], [], 0.8),
    ("05", 2, "number", "0", ["1", "2"], [], 1.1),
    ("05", 3, "line", "Like Numbers #2", ["Like Numbers #1", "2468 #1"], [], 0.9),
    ("06", 1, "number", "50", ["25", "100"], ["$50 dollars or so"], 0.3),
    ("06", 2, "number", "300", ["150", "100", "75"], [], 1.0),
    ("06", 3, "number", "100", ["200", "50"], [], 0.8),
    ("06", 4, "number", "60", ["40", "50", "30"], [], 1.2),
    ("07", 1, "discard", "3C", ["8B", "6B"], [], 0.6),
    ("07", 2, "number", "9", ["1", "2", "5"], [], 1.2),
    ("07", 3, "discard", "3C", ["8B", "6B", "F"], [], 0.8),
    ("08", 1, "number", "58", ["27", "56"], [], 0.7),
    ("08", 2, "choice", "Quints", ["2468", "Any Like Numbers"], [], 0.6),
    ("08", 3, "line", "Like Numbers #2", ["2468 #1", "Like Numbers #1"], [], 1.0),
    ("09", 1, "number", "15", ["30", "5", "45"], [], 1.2),
    ("09", 2, "text", "FF 2222 N 4444 666 INEWS", ["FF 222 444 666 888", "FF 2222 NEWS r2222 L"], [], 1.3),
    ("09", 3, "text", "FF 2222 4444 6666 X30", ["FF 2222 4444 6666 x30", "ff 2222 4444 6666 X30"], [], 0.9),
    ("09", 4, "number", "90", ["45", "70", "50"], [], 1.3),
    ("10", 1, "number", "100", ["99", "104", "152"], [], 0.2),
    ("10", 2, "tiles", "GGG", ["RRR", "000"], [], 0.5),
    ("10", 3, "choice", "North, draw", ["West, draw", "North, discard"], [], 1.1),
    ("10", 4, "number", "800", ["400", "600"], [], 1.0),
]
"""Every exercise of the lesson notebooks, in the order a class meets them (the beginner track, 01-07, then the
advanced lessons, 08-10): tests/test_exercise_lessons.py checks that the list is the lessons' and that each
answer is graded by the real exercise as this list says (right, wrong, or not readable)."""

START = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def simulate_class(folder: str | Path, students: int = 30, seed: int = 1) -> list[Path]:
    """Write ``students`` record files in ``folder`` (made if needed); returns them, in name order."""
    if not 1 <= students <= len(NAMES):
        raise SystemExit(f"--students must be 1 to {len(NAMES)}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    lessons = list(dict.fromkeys(lesson for lesson, *_ in EXERCISES))
    written = []
    for name in NAMES[:students]:
        ability = rng.gauss(0.0, 1.0)
        # the lessons each student gets to: most finish the beginner track, fewer the advanced lessons
        reach = len(lessons) if rng.random() < 0.55 + 0.1 * ability else rng.randint(5, len(lessons) - 1)
        persistence = rng.choice([2, 3, 3, 4, 5])
        lines = []
        for day, lesson in enumerate(lessons[:reach]):
            clock = START + timedelta(days=7 * day, minutes=rng.randint(0, 90))
            for _, number, kind, right, wrongs, unreadable, difficulty in [e for e in EXERCISES if e[0] == lesson]:
                if rng.random() < 0.04:  # skipped this one
                    continue
                try_number = 0
                for attempt in range(1, 9):
                    clock += timedelta(seconds=rng.randint(20, 240))
                    if unreadable and rng.random() < 0.12:
                        lines.append(new_attempt(name, lesson, number, try_number + 1, "unreadable", False,
                                                 rng.choice(unreadable), kind=kind, time=_stamp(clock)))
                        continue
                    try_number += 1
                    chance = 1 / (1 + math.exp(-(1.3 * ability - 1.6 * difficulty + 0.9 * (try_number - 1) + 0.9)))
                    if rng.random() < chance:
                        lines.append(new_attempt(name, lesson, number, try_number, "right", True,
                                                 right if rng.random() < 0.8 or kind == "text" else right.lower(),
                                                 kind=kind,
                                                 time=_stamp(clock)))
                        break
                    lines.append(new_attempt(name, lesson, number, try_number, "wrong", False, rng.choice(wrongs),
                                             kind=kind, time=_stamp(clock)))
                    if try_number >= 3 and rng.random() < 0.3:
                        lines.append(new_attempt(name, lesson, number, try_number, "revealed", False, "", kind=kind,
                                                 time=_stamp(clock + timedelta(seconds=30))))
                        if rng.random() < 0.5:
                            break
                    if try_number >= persistence:
                        break
        text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
        written.append(write_atomically(record_path(name, folder), text))
    return sorted(written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="build/simulated-class")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", default="build/class_report.png", help="where to save the report's picture")
    options = parser.parse_args(argv)
    from mjlearn.lessons import class_report

    files = simulate_class(options.folder, options.students, options.seed)
    report = class_report(options.folder)
    Path(options.png).parent.mkdir(parents=True, exist_ok=True)
    report.save_png(options.png)
    print(f"{len(files)} record files in {options.folder}: {report!r}")
    print(f"first-try rate, lowest five:\n{report.first_try.sort_values().head(5).round(2).to_string()}")
    print(f"stuck: {len(report.stuck)} (student, exercise) pairs; the picture is {options.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
