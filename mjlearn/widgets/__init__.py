"""Widgets for lessons: build a hand by clicking tiles, edit a card with live errors, practise the Charleston,
play a game at a table, play solitaire hands scored against the coach.

Each widget is an `anywidget <https://anywidget.dev>`_ with one plain
JavaScript module (no build step, nothing fetched from the network); they run
in JupyterLab 4 and Notebook 7 with no extension to install. All rules live in
Python: every click is a method you can also call yourself.

>>> from mjlearn.widgets import HandBuilder
>>> HandBuilder("basic1", hand="FF 222B 444B 666B 88B").results[["line", "distance", "needs"]].values[0].tolist()
[1, 1, '8B']
"""

from __future__ import annotations

__all__ = ["HandBuilder", "CardEditor", "CharlestonTrainer", "GameTable", "SoloDrill"]


def __getattr__(name: str):
    if name == "HandBuilder":
        from .hand_builder import HandBuilder

        return HandBuilder
    if name == "CardEditor":
        from .card_editor import CardEditor

        return CardEditor
    if name == "CharlestonTrainer":
        from .charleston_trainer import CharlestonTrainer

        return CharlestonTrainer
    if name == "GameTable":
        from .game_table import GameTable

        return GameTable
    if name == "SoloDrill":
        from .solo_drill import SoloDrill

        return SoloDrill
    raise AttributeError(f"module 'mjlearn.widgets' has no attribute {name!r}")
