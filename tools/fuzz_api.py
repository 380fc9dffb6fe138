"""Fuzz the analysis calls, the widgets' public methods and a card-editor session (seeded), and print figures.

Per area: inputs, accepted, refused (a documented mjlearn error, or for widgets
False + message), anything else (must be 0). For the editor: saves attempted,
written, refused, and files on disk that fail to load (must be 0).

    python tools/fuzz_api.py [seed]
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import numpy as np

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.errors import MjlearnError

CARDS = [mj.load_card(name) for name in mj.list_cards()]


def sample_value(rng: random.Random):
    """A value drawn from valid-looking and wrong-typed things alike."""
    card = rng.choice(CARDS)
    line = rng.choice(card.lines)
    tiles = ["F", "J", "N", "E", "W", "S", "0", "1B", "5C", "9D", "RD", "G", "2B"]
    choices = [
        lambda: " ".join(rng.choice(tiles) for _ in range(rng.randint(0, 14))),
        lambda: str(line.mjcl)[: rng.randint(0, 30)],
        lambda: rng.choice(["", "JJJJJJ", "555C", "FFF", "\ud800", "\u0663", "🀄", "X" * 1000]),
        lambda: None, lambda: rng.random(), lambda: [], lambda: {}, lambda: True, lambda: False,
        lambda: rng.randint(-5, 20), lambda: 10 ** 30, lambda: np.int64(rng.randint(0, 5)),
        lambda: np.float64(1.5), lambda: [rng.choice(tiles)], lambda: [None], lambda: "N",
    ]
    return rng.choice(choices)()


def run(area: str, calls, figures: dict) -> None:
    counts = figures.setdefault(area, {"inputs": 0, "accepted": 0, "refused": 0, "anything else": 0})
    for call in calls:
        counts["inputs"] += 1
        try:
            outcome = call()
        except MjlearnError:
            counts["refused"] += 1
        except Exception as error:  # noqa: BLE001 - this is what we count
            counts["anything else"] += 1
            print(f"  {area}: {type(error).__name__}: {error}"[:200])
        else:
            counts["refused" if outcome is False else "accepted"] += 1


def analysis_calls(rng: random.Random, count: int):
    for _ in range(count):
        card = rng.choice(CARDS)
        dealt = deal_racks(1, rng.choice([13, 14, 8]), rng=rng.randrange(10**6))[0]
        rack = rng.choice([str(mj.Hand.from_counts(int(c) for c in dealt))] * 3 + [sample_value(rng)])
        keywords = {}
        for name in ("n", "exposures", "visible", "dead", "partial", "ruleset"):
            if rng.random() < 0.2:
                keywords[name] = rng.choice([sample_value(rng), "drop", "MAHJ-X", True])
        if rng.random() < 0.5:
            yield lambda: len(card.closest(rack, **keywords))
        else:
            keywords = {k: v for k, v in keywords.items() if k in ("exposures", "ruleset")}
            yield lambda: len(card.match(rack, **keywords))


def widget_calls(rng: random.Random, count: int):
    from mjlearn.widgets import CardEditor, CharlestonTrainer, HandBuilder

    methods = {
        HandBuilder: ["add", "remove", "remove_at", "clear", "set_hand", "expose", "expose_at", "unexpose", "deal",
                      "load_card"],
        CharlestonTrainer: ["select", "deselect", "toggle_at", "clear_selection", "set_blind", "pass_selected",
                            "pass_tiles", "vote", "suggest", "undo", "new_deal"],
        CardEditor: ["open_draft", "save_draft"],
    }
    widgets = [(kind(), names) for kind, names in methods.items()]
    for _ in range(count):
        widget, names = rng.choice(widgets)
        name = rng.choice(names)
        arguments = [sample_value(rng) for _ in range(rng.randint(0, 2))]
        yield lambda w=widget, n=name, a=arguments: _widget_call(w, n, a)


def _widget_call(widget, name, arguments):
    try:
        return getattr(widget, name)(*arguments)
    except TypeError as error:
        if "positional argument" in str(error):  # the wrong number of arguments: a caller's slip, not input
            return False
        raise


def editor_session(rng: random.Random, edits: int) -> dict:
    from mjlearn.widgets import CardEditor

    folder = Path(tempfile.mkdtemp())
    path = folder / "fuzz.mjcl"
    text = mj.resources.read_card_text(mj.resources.card_path(mj.list_cards()[0]))
    editor = CardEditor(text, path=path)
    figures = {"saves attempted": 0, "written": 0, "refused": 0, "files on disk that fail to load": 0}
    for _ in range(edits):
        lines = editor.text.split("\n")
        place = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.4:
            lines[place] = lines[place][: rng.randint(0, len(lines[place]))] + str(sample_value(rng))
        elif roll < 0.6:
            del lines[place]
        else:
            lines.insert(place, rng.choice(text.split("\n")))
        editor.text = "\n".join(lines)
        if rng.random() < 0.5:
            figures["saves attempted"] += 1
            saved = editor.save(overwrite=True)
            figures["written" if saved else "refused"] += 1
            if path.exists():
                try:
                    mj.load_card(path)
                except Exception:  # noqa: BLE001
                    figures["files on disk that fail to load"] += 1
        if rng.random() < 0.1:
            editor.text = text
    return figures


def main(seed: int = 12) -> dict:
    import os

    os.chdir(tempfile.mkdtemp())  # widget calls given a string may save drafts under it: keep them out of the tree
    rng = random.Random(seed)
    figures: dict = {}
    run("analysis", analysis_calls(rng, 5000), figures)
    run("widgets", widget_calls(rng, 3000), figures)
    for area, counts in figures.items():
        print(f"{area}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    editor = editor_session(rng, 1000)
    print("card editor: " + ", ".join(f"{k} {v}" for k, v in editor.items()))
    return figures


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
