"""The attempt record: who the student is, one whole line per attempt (nothing lost when a kernel dies), the
teacher's release of the answers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError, RecordError
from mjlearn.lessons import record
from mjlearn.lessons.record import (
    RECORD_FIELDS,
    answers_released,
    append_attempt,
    attempts_of,
    hide_answers,
    new_attempt,
    read_record,
    record_folder,
    record_path,
    release_answers,
    student,
)

ROOT = Path(__file__).resolve().parents[1]


def attempt(name="Ann", lesson="03", number=2, try_number=1, status="wrong", answer="yes", **more):
    return new_attempt(name, lesson, number, try_number, status, status == "right", answer, **more)


# -- who is answering --------------------------------------------------------------------------------------------

def test_the_record_folder_is_mjlearn_record_or_the_home_folder(monkeypatch, tmp_path):
    assert record_folder() == Path(os.environ["MJLEARN_RECORD"])
    monkeypatch.delenv("MJLEARN_RECORD")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert record_folder() == tmp_path / "mjlearn-record"
    assert record_folder(tmp_path / "x") == tmp_path / "x"


def test_the_name_set_is_kept_for_the_next_session():
    assert student("  Ann   Lee ") == "Ann Lee" and student() == "Ann Lee"
    assert (record_folder() / "student.txt").read_text(encoding="utf-8") == "Ann Lee\n"
    record._session_student = None  # a new session (kernel)
    assert student() == "Ann Lee"


def test_without_a_name_set_the_environment_names_the_student(monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "ann_os")
    assert student() == "ann_os"
    monkeypatch.setenv("JUPYTERHUB_USER", "ann-hub")
    assert student() == "ann-hub"
    monkeypatch.setenv("MJLEARN_STUDENT", "Ann from the class list")
    assert student() == "Ann from the class list"
    student("Ann")
    assert student() == "Ann"


def test_a_name_is_checked_and_its_file_stays_in_the_record_folder():
    for bad in ("", "   ", 3, "x" * 61):
        with pytest.raises(ArgumentError):
            student(bad)
    folder = record_folder()
    assert record_path("../../etc/passwd").parent == folder
    assert record_path("../../etc/passwd").name == "etc_passwd.jsonl"
    assert record_path("Zoë O'Neil").name == "Zoë O_Neil.jsonl"


def test_a_folder_that_cannot_be_written_is_a_record_error(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(RecordError, match="could not keep the name"):
        student("Ann", folder=blocked)
    with pytest.raises(RecordError, match="could not open the record"):
        append_attempt(attempt(), folder=blocked / "sub")


# -- one whole line per attempt ------------------------------------------------------------------------------------

def test_an_attempt_has_every_field_in_order():
    line = attempt(kind="yesno", grade="fine", credit=0.5, time="2025-01-06T10:00:00Z")
    assert tuple(line) == RECORD_FIELDS
    assert line["credit"] == 0.5 and line["version"] == mj.__version__ and line["lesson"] == "03"
    assert attempt(lesson=3)["lesson"] == "03" and attempt(answer="x" * 900)["answer"] == "x" * 500
    with pytest.raises(ArgumentError, match="lesson"):
        attempt(lesson=True)


def test_each_attempt_is_one_os_write_of_a_whole_line_then_fsync(monkeypatch):
    calls = []
    real_write, real_fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: calls.append(("write", data)) or real_write(fd, data))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(("fsync", None)) or real_fsync(fd))
    path = append_attempt(attempt(answer="a long answer\nwith a line break"))
    assert [c[0] for c in calls] == ["write", "fsync"]
    data = calls[0][1]
    assert data.endswith(b"\n") and data.count(b"\n") == 1  # the answer's line break is escaped in the JSON
    assert path.read_bytes() == data
    append_attempt(attempt(try_number=2, status="right", answer="no"))
    assert [a["try"] for a in read_record(path)[0]] == [1, 2]


KILLED_WRITER = """
import sys
from mjlearn.lessons.record import append_attempt, new_attempt
folder = sys.argv[1]
n = 0
print("started", flush=True)
while True:
    n += 1
    append_attempt(new_attempt("Ann", "03", n % 7, n, "wrong", False, "3C 7C 9D " * (n % 40)), folder)
"""


def test_a_kernel_killed_while_writing_leaves_every_line_readable(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(tmp_path)], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "started"
        path = tmp_path / "Ann.jsonl"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and (not path.exists() or path.read_bytes().count(b"\n") < 50):
            time.sleep(0.02)
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL
    attempts, skipped = read_record(path)
    assert len(attempts) >= 50 and len(skipped) <= 1
    assert [a["try"] for a in attempts] == list(range(1, len(attempts) + 1))  # none lost, none torn
    for line in path.read_bytes().split(b"\n")[:-1]:
        json.loads(line)


def test_a_last_line_cut_short_is_skipped_with_a_note_and_a_bad_line_elsewhere_is_an_error(tmp_path):
    path = append_attempt(attempt(), folder=tmp_path)
    whole = path.read_bytes()
    path.write_bytes(whole + whole[: len(whole) // 2])
    attempts, skipped = read_record(path)
    assert len(attempts) == 1 and len(skipped) == 1
    assert "line 2" in skipped[0] and "cut short" in skipped[0] and str(path) in skipped[0]
    path.write_bytes(whole + b"{not json\n" + whole)
    with pytest.raises(RecordError, match=r"Ann\.jsonl, line 2: not an attempt record"):
        read_record(path)
    path.write_bytes(whole + b'{"student": "Ann"}\n')
    with pytest.raises(RecordError, match=r"line 2: the attempt has no lesson, exercise, try, status, time"):
        read_record(path)
    path.write_bytes(whole + b"[1, 2]\n")
    with pytest.raises(RecordError, match="line 2: not an attempt record"):
        read_record(path)
    path.write_bytes(whole.replace(b'"try":1', b'"try":"one"'))
    with pytest.raises(RecordError, match="line 1: the try number"):
        read_record(path)
    path.write_bytes(b"\xff\xfe\n" + whole)
    with pytest.raises(RecordError, match="line 1: .*UTF-8"):
        read_record(path)
    path.write_bytes(whole + b"\n\n" + whole)  # blank lines are passed over
    assert len(read_record(path)[0]) == 2
    with pytest.raises(RecordError, match="could not read"):
        read_record(tmp_path / "missing.jsonl")


def test_attempts_of_one_exercise_and_an_unreadable_file_does_not_stop_an_exercise():
    append_attempt(attempt(number=1))
    append_attempt(attempt(number=2))
    append_attempt(attempt(number=2, try_number=2, status="right", answer="no"))
    assert [a["try"] for a in attempts_of("Ann", "03", 2)] == [1, 2]
    assert attempts_of("Nobody", "03", 2) == []
    with open(record_path("Ann"), "ab") as out:
        out.write(b"garbage\n" + json.dumps(attempt()).encode() + b"\n")
    assert attempts_of("Ann", "03", 2) == []


# -- releasing the answers -----------------------------------------------------------------------------------------

def test_release_and_hide(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert answers_released("03") is False
    assert release_answers(3) == tmp_path / "mjlearn-answers.json"
    release_answers("05")
    assert answers_released("03") and answers_released(5) and not answers_released("04")
    hide_answers("03")
    assert not answers_released("03") and answers_released("05")
    release_answers()
    assert answers_released("04") and answers_released("anything")
    hide_answers()
    assert not answers_released("05")
    other = tmp_path / "elsewhere"
    other.mkdir()
    release_answers("07", folder=other)
    assert not answers_released("07") and answers_released("07", folders=[other])
    with pytest.raises(ArgumentError, match="not a folder"):
        release_answers("07", folder=tmp_path / "missing")


def test_a_spoiled_release_file_releases_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mjlearn-answers.json").write_text("{oops")
    assert answers_released("03") is False
    (tmp_path / "mjlearn-answers.json").write_text('["03"]')
    assert answers_released("03") is False
    assert release_answers("03") and answers_released("03")
