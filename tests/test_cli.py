"""The mjlearn command: check and stats, run as a real process."""

import subprocess
import sys

import pytest

from mjlearn.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "mjlearn", *args], capture_output=True, text=True, timeout=120)


def test_check_good_card_exits_0():
    result = run("check", "basic1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout and "308 hands" in result.stdout


def test_check_bad_card_prints_caret_and_exits_1(tmp_path):
    bad = tmp_path / "bad.mjcl"
    bad.write_text('Bad\n"2468"\nFF 222 444 666 88\nFF 222 444 666 888 M\n', encoding="utf-8")
    result = run("check", str(bad), "basic1")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{bad}:line 3, column 1: 13 tiles; a hand needs 14"
    assert lines[1] == "  FF 222 444 666 88"
    assert lines[2] == "  ^"
    assert "line 4, column 20: unknown code 'M'" in lines[3]
    assert lines[5] == "  " + " " * 19 + "^"
    assert "2 errors" in result.stdout
    assert "basic1.mjcl: OK" in result.stdout  # the other card is still checked


def test_check_missing_file_exits_1(tmp_path):
    result = run("check", str(tmp_path / "nope.mjcl"))
    assert result.returncode == 1
    assert "no card file" in result.stdout


def test_stats_prints_line_category_and_card_counts():
    result = run("stats", "basic1")
    assert result.returncode == 0
    out = result.stdout.splitlines()
    assert out[0] == "Basic1: 308 hands in 7 categories, 24 lines"
    assert "2468: 15 hands" in out
    assert "Winds/Dragons: 59 hands  [new page]" in out
    assert any(line.split() and line.split()[-1] == "42" and "FFF 1111 r2222 b333 Va X25" in line for line in out)


def test_list_names_bundled_cards(capsys):
    assert main(["list"]) == 0
    assert "basic1" in capsys.readouterr().out.split()


def test_usage_error_exits_2():
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2
