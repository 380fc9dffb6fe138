"""The ``mjlearn`` command (also ``python -m mjlearn``).

``mjlearn check CARD...`` reads cards and prints every error with a caret
under its column; it exits 1 if any card has an error. It prints warnings too
(a line that leaves out hands no set can build), which do not change the exit
status; ``stats`` and ``render`` print them on standard error. ``mjlearn stats CARD``
prints how many hands each line, category and the whole card hold.
``mjlearn list`` names the bundled cards. ``mjlearn render CARD -o OUT``
prints the card to a PDF (``card.pdf``) or to PNG pages (``card.png``, or
``card-1.png``, ``card-2.png``, ... for a card of several pages). A CARD is a
bundled card's name or a path to a ``.mjcl`` file.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .card import Card, check_card
from .errors import MJCLWarning
from .resources import card_path, list_cards

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status. Output cut short by a closed pipe
    (``mjlearn stats basic1 | head -1``) ends quietly, as other command-line tools do."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, inside the try
    except BrokenPipeError:
        # Python's documented way: point stdout at devnull so the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def _main(argv: Sequence[str] | None) -> int:
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")  # a lone surrogate in a card is shown, not a crash
    parser = argparse.ArgumentParser(prog="mjlearn", description="Read, check and count Mah Jongg cards written in MJCL.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="check cards and print every error")
    check.add_argument("cards", nargs="+", metavar="CARD", help="bundled card name or .mjcl file")
    stats = commands.add_parser("stats", help="count the hands of each line, category and the card")
    stats.add_argument("card", metavar="CARD", help="bundled card name or .mjcl file")
    commands.add_parser("list", help="name the bundled cards")
    render = commands.add_parser("render", help="print a card to a PDF or to PNG pages")
    render.add_argument("card", metavar="CARD", help="bundled card name or .mjcl file")
    render.add_argument("-o", "--output", required=True, metavar="OUT", help="file to write, ending in .pdf or .png")
    render.add_argument("--dpi", type=int, default=150, help="dots per inch of the pages (default 150)")
    render.add_argument("--paper", choices=["letter", "a4"], default="letter", help="paper size (default letter)")
    args = parser.parse_args(argv)

    out = sys.stdout
    if args.command == "list":
        for name in list_cards():
            print(name, file=out)
        return 0
    if args.command == "check":
        return _check(args.cards, out)
    if args.command == "render":
        return _render(args.card, args.output, args.dpi, args.paper, out)
    return _stats(args.card, out)


# What reading a card file can raise: mjlearn's errors (unknown card, a file that is not UTF-8...),
# the system's (no such file, a directory, a name with a NUL byte) and decoding errors, all ValueError/OSError.
_READ_ERRORS = (ValueError, OSError)


def _read(name: str) -> tuple[str, str]:
    path = card_path(name)
    return str(path), path.read_text(encoding="utf-8")


def _check(names: Sequence[str], out: TextIO) -> int:
    status = 0
    for name in names:
        try:
            label, text = _read(name)
        except _READ_ERRORS as error:
            print(f"{name}: {error}", file=out)
            status = 1
            continue
        result = check_card(text)
        found = sorted([*result.errors, *result.warnings], key=lambda item: (item.line, item.column))
        for item in found:
            print(f"{label}:{_as_warning(item) if isinstance(item, MJCLWarning) else item}", file=out)
        warned = f", {_count(len(result.warnings), 'warning')}" if result.warnings else ""
        if result.errors:
            status = 1
            print(f"{label}: {_count(len(result.errors), 'error')}{warned}", file=out)
        else:
            card = result.card
            assert card is not None
            print(
                f"{label}: OK, {card.name!r}: {len(card.categories)} categories, {len(card.lines)} lines,"
                f" {card.count_hands()} hands{warned}",
                file=out,
            )
    return status


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _as_warning(found: MJCLWarning) -> str:
    """A warning as ``check`` prints it: like an error, with ``warning:`` before its message."""
    return str(MJCLWarning(f"warning: {found.message}", found.line, found.column, found.source_line))


def _checked_card(name: str, out: TextIO, refusal: str = "") -> "tuple[str, Card] | None":
    """The card named (with the label to print for it), or ``None`` after printing why it cannot be used."""
    try:
        label, text = _read(name)
    except _READ_ERRORS as error:
        print(f"{name}: {error}", file=out)
        return None
    result = check_card(text)
    if result.errors:
        for error in result.errors:
            print(f"{label}:{error}", file=out)
        if refusal:
            print(f"{label}: {len(result.errors)} error{'s' if len(result.errors) != 1 else ''}; {refusal}", file=out)
        return None
    for found in result.warnings:  # the card's counts leave those hands out: say so, apart from the output
        print(f"{label}:{_as_warning(found)}", file=sys.stderr)
    assert result.card is not None
    return label, result.card


def _stats(name: str, out: TextIO) -> int:
    checked = _checked_card(name, out)
    if checked is None:
        return 1
    print(format_stats(checked[1]), file=out)
    return 0


def _render(name: str, output: str, dpi: int, paper: str, out: TextIO) -> int:
    target = Path(output)
    suffix = target.suffix.lower()
    if suffix not in (".pdf", ".png"):
        print(f"{output}: cannot render to {suffix or 'a file without a suffix'!r}; use a .pdf or .png file", file=out)
        return 1
    checked = _checked_card(name, out, refusal="nothing rendered")
    if checked is None:
        return 1
    label, card = checked
    from .render.printable import card_page_count, save_card_pdf, save_card_png

    try:
        if suffix == ".pdf":
            written = [save_card_pdf(card, target, dpi=dpi, paper=paper)]
            pages = card_page_count(card, dpi=dpi, paper=paper)
        else:
            written = save_card_png(card, target, dpi=dpi, paper=paper)
            pages = len(written)
    except (ValueError, OSError) as error:
        print(f"{output}: {error}", file=out)
        return 1
    print(f"{label}: {card.name!r}, {pages} page{'s' if pages != 1 else ''}", file=out)
    for path in written:
        print(f"wrote {path}", file=out)
    return 0


def format_stats(card: Card) -> str:
    """The per-line, per-category and card counts as text (what ``mjlearn stats`` prints)."""
    width = max((len(line.mjcl) for line in card.lines), default=10)
    bonus = f" (Big Card bonus +{card.bonus})" if card.bonus else ""
    rows = [
        f"{card.name}{bonus}: {card.count_hands()} hands in {len(card.categories)} categories,"
        f" {len(card.lines)} lines"
    ]
    for category in card.categories:
        rows.append("")
        page = "  [new page]" if category.page_break else ""
        rows.append(f"{category.name}: {category.count_hands()} hands{page}")
        for line in category.lines:
            rows.append(f"  {line.number:>2}  {line.mjcl:<{width}}  {line.count_hands():>6}")
    return "\n".join(rows)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
