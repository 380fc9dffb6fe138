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


def test_stats_into_a_closed_pipe_ends_quietly():
    # The reader is gone before the command writes (as with `mjlearn stats basic1 | head -1`
    # once head has its line): no BrokenPipeError traceback.
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjlearn", "stats", "basic1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert err.decode() == ""
    assert proc.returncode == 1


def test_stats_piped_into_head_prints_one_line_and_no_traceback():
    shell = f"'{sys.executable}' -m mjlearn stats basic1 | head -1"
    result = subprocess.run(shell, shell=True, capture_output=True, text=True, timeout=120)
    assert result.stdout.startswith("Basic1") and result.stdout.count("\n") == 1
    assert result.stderr == ""


BAD_FILES = {
    "latin1.mjcl": "Caf\u00e9\n\"2468\"\nFF 222 444 666 888\n".encode("latin-1"),
    "utf16.mjcl": "Card\n\"2468\"\nFF 222 444 666 888\n".encode("utf-16"),
    "huge.mjcl": ("Card +" + "9" * 5000 + "\n\"2468\"\nFF 222 444 666 888 X" + "9" * 5000 + "\n").encode(),
    "codes.mjcl": ("Card\n\"2468\"\nFF 222 444 666 888 " + "#" * 1000 + "\nFF 222 444 666 888 X\u0663\n").encode(),
    "binary.mjcl": bytes(range(256)) * 4,
}


@pytest.mark.parametrize("command", ["check", "stats", "render"])
def test_no_traceback_for_any_file(tmp_path, command):
    paths = []
    for name, data in BAD_FILES.items():
        (tmp_path / name).write_bytes(data)
        paths.append(str(tmp_path / name))
    (tmp_path / "folder.mjcl").mkdir()
    paths += [str(tmp_path / "folder.mjcl"), str(tmp_path / "missing.mjcl")]
    for path in paths if command != "check" else [paths]:
        extra = ["-o", str(tmp_path / "out.pdf")] if command == "render" else []
        args = path if isinstance(path, list) else [path]
        result = run(command, *args, *extra)
        assert "Traceback" not in result.stderr + result.stdout, (path, result.stderr)
        assert result.returncode == 1, (path, result.stdout)
        assert result.stdout.strip(), path


YEAR_CARD = 'Year\n"2026"\n2026 r2026 b2026 gDD\nFF 2222 0000 r2222\n'
YEAR_WARNING = (
    "line 3, column 1: warning: 1 of 3 hands needs more tiles than a set holds and is left out:"
    " '2D 0 26D 2B 0 26B 2C 0 26C 00' (needs 5 natural 0 in singles and pairs; a set holds 4)"
)


def test_check_prints_a_warning_for_left_out_hands_and_exits_0(tmp_path):
    card = tmp_path / "year.mjcl"
    card.write_text(YEAR_CARD, encoding="utf-8")
    result = run("check", str(card))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        f"{card}:{YEAR_WARNING}",
        "  2026 r2026 b2026 gDD",
        "  ^",
        f"{card}: OK, 'Year': 1 categories, 2 lines, 5 hands, 1 warning",
    ]
    assert result.stderr == ""  # no Python warning on top of the printed one


def test_check_prints_warnings_among_errors_in_line_order_and_exits_1(tmp_path, capsys):
    card = tmp_path / "year.mjcl"
    card.write_text(YEAR_CARD + "FF 222 444 666 88\n", encoding="utf-8")
    assert main(["check", str(card)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{card}:{YEAR_WARNING}"
    assert out[3] == f"{card}:line 5, column 1: 13 tiles; a hand needs 14"
    assert out[-1] == f"{card}: 1 error, 1 warning"


def test_stats_counts_only_buildable_hands_and_warns_on_stderr(tmp_path):
    card = tmp_path / "year.mjcl"
    card.write_text(YEAR_CARD, encoding="utf-8")
    result = run("stats", str(card))
    assert result.returncode == 0
    out = result.stdout.splitlines()
    assert out[0] == "Year: 5 hands in 1 categories, 2 lines"
    assert out[2] == "2026: 5 hands" and out[3].split()[-1] == "2"
    assert "warning" not in result.stdout
    assert result.stderr.splitlines()[0] == f"{card}:{YEAR_WARNING}"
