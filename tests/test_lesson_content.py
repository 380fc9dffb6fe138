"""What nbval cannot see in the lessons: their words.

nbval runs every cell and compares outputs; it does not read the prose. These tests do: the
glossary a beginner looks words up in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GLOSSARY = NOTEBOOKS / "glossary.md"

# -- the glossary -------------------------------------------------------------------------------

# the words issue 24 asks the glossary to explain, at least
REQUIRED_TERMS = [
    "pung", "kong", "quint", "sextet", "pair", "single", "natural", "joker", "flower", "dragon", "wind",
    "soap", "exposure", "concealed", "call", "hot tile", "dead hand", "outs", "distance", "charleston",
    "courtesy pass", "blind pass", "wall", "rack", "east", "mah jongg", "jokerless", "self-pick", "wall game",
    "bams", "craks", "dots", "suit", "card", "line", "section", "value", "like numbers", "consecutive run",
    "matching dragon", "opposite dragon", "news", "joker exchange", "discard", "unused", "not usable",
]
_ENTRY = re.compile(r"^\*\*(?P<term>[^*]+?)\.\*\* (?P<text>.+?)(?=\n\n|\Z)", re.M | re.S)


def glossary_entries(text: str) -> dict[str, str]:
    """Each entry of the glossary (a paragraph ``**Term.** explanation``) by its term, lower case; a term
    written ``Distance ("tiles away")`` is found as ``distance``."""
    return {re.sub(r'\s*\(.*\)$', "", m["term"]).strip().lower(): " ".join(m["text"].split())
            for m in _ENTRY.finditer(text)}


def _entry_for(phrase: str, entries: dict[str, str]) -> str | None:
    """The entry an *italic* cross-reference points at, allowing plurals and verb forms (exposures,
    expose, calling, racks)."""
    phrase = phrase.lower()
    forms = [phrase, phrase[:-1], phrase[:-2], phrase.removesuffix("ing"), phrase.removesuffix("d")]
    if phrase.startswith("expos"):
        forms.append("exposure")
    return next((form for form in forms if form in entries), None)


def test_the_glossary_explains_every_word_a_beginner_meets():
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    missing = [term for term in REQUIRED_TERMS if term not in entries]
    assert not missing, f"the glossary has no entry for {missing}"
    # each is explained in a sentence or more, not just named
    short = [term for term, text in entries.items() if len(text.split()) < 8 and not text.startswith("See ")]
    assert not short, f"entries too short to explain anything: {short}"


def test_the_glossary_is_in_alphabetical_order_and_its_cross_references_exist():
    text = GLOSSARY.read_text(encoding="utf-8")
    entries = glossary_entries(text)
    terms = list(entries)
    assert terms == sorted(terms), "a reader looks words up from A to Z"
    body = text.split("\n## ", 1)[1]  # the entries, past the introduction
    for phrase in re.findall(r"(?<![*\w])\*([^*\n]+)\*(?!\*)", body):
        assert _entry_for(phrase, entries), f"*{phrase}* points at no entry of the glossary"


def test_the_glossary_says_what_the_rules_say():
    """A few facts a beginner is most often told wrong, read in the entries themselves."""
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    assert "racks" in entries["call"] and "draws" not in entries["call"]  # until the next player racks
    assert "never in a *single* or a *pair*" in entries["joker"]
    assert "cannot be passed" in entries["joker"] and "cannot be called" in entries["joker"]
    assert "0" in entries["soap"] and "no suit" in entries["soap"]
    assert "lower number" in entries["courtesy pass"]
    assert "14 tiles" in entries["east"] and "13" in entries["east"]
    assert "19 tiles long" in entries["wall"]


@pytest.mark.parametrize("term", ["pung", "kong", "quint", "sextet"])
def test_each_group_size_is_counted_right(term):
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    size = {"pung": "Three", "kong": "Four", "quint": "Five", "sextet": "Six"}[term]
    assert entries[term].startswith(f"{size} identical tiles")
