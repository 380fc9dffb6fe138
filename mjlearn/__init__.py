"""mjlearn: teach and analyse American Mah Jongg in Jupyter.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> card.count_hands()
308
>>> line = mj.parse_line("FF 222 444 r666 888")
>>> [str(h) for h in line.hands()[:2]]
['FF 222B 444B 666C 888C', 'FF 222B 444B 666D 888D']
>>> str(mj.Hand("J FF 88C 666C 444B 222B"))
'FF 222B 444B 666C 88C J'
"""

from .card import Card, CardCheck, Category, Line, check_card, parse_card, parse_line
from .errors import (
    AnswerError,
    ArgumentError,
    BundledDataError,
    CardFileError,
    CardNotFoundError,
    ExpansionLimitError,
    HandError,
    MJCLError,
    MJCLWarning,
    MjlearnError,
    MoveArgumentError,
    NotationError,
    PositionError,
    RecordError,
    RuleError,
    RulesetError,
    SaveFileError,
    UnknownNameError,
)
from .hands import ConcreteHand, Hand, as_hand
from .resources import as_card, card_path, list_cards, load_card
from .tiles import TILE_SET, Suit, Tile, parse_tiles

__version__ = "0.1.0"

_LAZY = {
    "HandBuilder": "widgets",
    "CardEditor": "widgets",
    "CharlestonTrainer": "widgets",
    "GameTable": "widgets",
    "SoloDrill": "widgets",
    "Question": "lessons.questions",
    "Handout": "lessons.questions",
    "Exercise": "lessons.exercise",
    "student": "lessons.record",
    "release_answers": "lessons.record",
    "class_report": "lessons.report",
    "review_game": "rules.review",
}
"""Names that load their module on first use."""


def __getattr__(name: str):
    """The widgets and the teacher's toolkit load on first use (``mj.HandBuilder``, ``mj.Question``,
    ``mj.Exercise``, ``mj.student``, ``mj.release_answers``, ``mj.class_report``, ``mj.review_game``), and so
    does ``mj.analysis``, so ``import mjlearn`` stays light."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    if name == "analysis":  # ``mj.analysis.solo(...)`` with no import of its own (numpy loads then)
        from importlib import import_module

        return import_module(".analysis", __name__)
    raise AttributeError(f"module 'mjlearn' has no attribute {name!r}")


__all__ = [
    "Card",
    "CardCheck",
    "CardNotFoundError",
    "Category",
    "ConcreteHand",
    "ExpansionLimitError",
    "Hand",
    "HandError",
    "Line",
    "MJCLError",
    "MJCLWarning",
    "MjlearnError",
    "NotationError",
    "Suit",
    "TILE_SET",
    "Tile",
    "as_card",
    "as_hand",
    "card_path",
    "check_card",
    "list_cards",
    "load_card",
    "parse_card",
    "parse_line",
    "parse_tiles",
    "RuleError",
    "ArgumentError",
    "CardFileError",
    "AnswerError",
    "BundledDataError",
    "MoveArgumentError",
    "PositionError",
    "RecordError",
    "RulesetError",
    "SaveFileError",
    "UnknownNameError",
    "HandBuilder",
    "CardEditor",
    "CharlestonTrainer",
    "GameTable",
    "SoloDrill",
    "Question",
    "Handout",
    "Exercise",
    "student",
    "release_answers",
    "class_report",
    "review_game",
]
