"""CardEditor from Python: live checking, atomic saves of valid text only, drafts, and never losing a card."""

import os

import pytest

import mjlearn as mj
from mjlearn.widgets import CardEditor
from mjlearn.widgets.card_editor import draft_path, write_atomically

GOOD = 'Mine\n"Winds"\nNNNN EEEE WWWW SS X25\n"2468"\nFF 2222 4444 6666 X25\n'
BAD_LINE = "FF 2222 4444 66Q6 X25\n"


def test_errors_carry_line_column_and_caret_while_the_rest_still_shows():
    editor = CardEditor(GOOD + BAD_LINE)
    assert not editor.ok and editor.dirty
    (error,) = editor.errors
    assert (error.line, error.column) == (6, 16)
    row = editor.error_rows[0]
    assert row["line"] == 6 and row["column"] == 16 and row["source"] == "FF 2222 4444 66Q6 X25"
    assert row["text"].splitlines()[-1].index("^") == row["text"].splitlines()[-2].index("66Q6") + 2
    assert editor.card.count_hands() == 4 and len(editor.card.lines) == 2
    assert "Winds" in editor.card_view and "1 error" in editor.summary


def test_typing_rechecks_the_text():
    editor = CardEditor(GOOD)
    assert editor.ok and editor.error_rows == []
    editor.text = GOOD + BAD_LINE
    assert [e.line for e in editor.errors] == [6]
    editor.text = GOOD + "FF 2222 4444 6666 X30\n"
    assert editor.ok and editor.card.count_hands() == 7


def test_text_with_no_card_yet():
    editor = CardEditor("")
    assert editor.card is None and not editor.ok and editor.card_view == ""
    assert not editor.save("x.mjcl") and "Not saved" in editor.message


def test_save_writes_valid_text_atomically_and_refuses_errors(tmp_path):
    path = tmp_path / "mine.mjcl"
    editor = CardEditor(GOOD + BAD_LINE, path=path)
    assert not editor.save() and "Not saved" in editor.message and "line 6, column 16" in editor.message
    assert not path.exists()
    editor.text = GOOD
    assert editor.save() and editor.message_kind == "success"
    assert path.read_text(encoding="utf-8") == GOOD and not editor.dirty
    assert mj.load_card(path).count_hands() == 4
    assert [p.name for p in tmp_path.iterdir()] == ["mine.mjcl"]  # no temporary file left behind


def test_a_draft_keeps_broken_text_and_leaves_the_card_alone(tmp_path):
    path = tmp_path / "mine.mjcl"
    path.write_text(GOOD, encoding="utf-8")
    editor = CardEditor(path)
    assert editor.path == str(path) and not editor.dirty
    editor.text = GOOD + BAD_LINE
    assert editor.save_draft()
    assert path.read_text(encoding="utf-8") == GOOD
    assert (tmp_path / "mine.draft.mjcl").read_text(encoding="utf-8") == GOOD + BAD_LINE
    later = os.stat(path).st_mtime + 5
    os.utime(tmp_path / "mine.draft.mjcl", (later, later))
    reopened = CardEditor(path)
    assert "newer draft" in reopened.message and reopened.text == GOOD
    assert reopened.open_draft() and reopened.text == GOOD + BAD_LINE
    assert not reopened.save(path=path.with_name("mine.draft.mjcl"))  # a draft's name is not a card's


def test_a_file_changed_elsewhere_is_not_overwritten(tmp_path):
    path = tmp_path / "mine.mjcl"
    path.write_text(GOOD, encoding="utf-8")
    editor = CardEditor(path)
    path.write_text(GOOD + "// edited in another program\n", encoding="utf-8")
    editor.text = GOOD.replace("X25", "X30", 1)
    assert not editor.save() and "changed on disk" in editor.message
    assert path.read_text(encoding="utf-8").endswith("another program\n")
    assert editor.save(overwrite=True) and path.read_text(encoding="utf-8") == editor.text


def test_saving_over_a_file_it_did_not_open_needs_overwrite(tmp_path):
    other = tmp_path / "other.mjcl"
    other.write_text(GOOD, encoding="utf-8")
    editor = CardEditor(GOOD.replace("Mine", "New"))
    assert not editor.save(other) and "already exists" in editor.message
    assert other.read_text(encoding="utf-8") == GOOD
    assert editor.save(tmp_path / "new") and (tmp_path / "new.mjcl").exists()  # .mjcl added


def test_unsaved_changes_are_not_dropped_by_opening_another_card(tmp_path):
    editor = CardEditor(GOOD, path=tmp_path / "mine.mjcl")
    editor.text = GOOD + "// more\n"
    assert not editor.open_file("basic1") and "unsaved changes" in editor.message
    assert editor.text == GOOD + "// more\n"
    assert editor.open_file("basic1", discard_changes=True)
    assert editor.card.count_hands() == 308 and editor.path == "" and "copy" in editor.message


def test_bundled_cards_open_as_copies_and_missing_files_start_new(tmp_path):
    editor = CardEditor("practice_garden")
    assert editor.ok and editor.path == "" and editor.card.count_hands() == mj.load_card("practice_garden").count_hands()
    fresh = CardEditor(str(tmp_path / "fresh.mjcl"))
    assert fresh.ok and fresh.path == str(tmp_path / "fresh.mjcl") and "Save creates it" in fresh.message
    assert fresh.save() and (tmp_path / "fresh.mjcl").exists()
    assert not editor.open_file(tmp_path / "nowhere.mjcl", discard_changes=True) and "no file" in editor.message
    assert editor.card.count_hands() == mj.load_card("practice_garden").count_hands()


def test_write_atomically_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "card.mjcl"
    path.write_text(GOOD, encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, "half a card")
    assert path.read_text(encoding="utf-8") == GOOD
    assert [p.name for p in tmp_path.iterdir()] == ["card.mjcl"]


def test_a_failed_save_says_so_and_keeps_the_text(tmp_path, monkeypatch):
    editor = CardEditor(GOOD, path=tmp_path / "card.mjcl")
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError("read-only")))
    assert not editor.save() and "read-only" in editor.message and editor.text == GOOD


def test_draft_path_names():
    assert draft_path("a/b.mjcl").name == "b.draft.mjcl"
    assert draft_path("b.draft.mjcl").name == "b.draft.mjcl"
    assert draft_path("b").name == "b.draft.mjcl"


def test_buttons_arrive_as_messages(tmp_path):
    editor = CardEditor(GOOD)
    target = tmp_path / "clicked.mjcl"
    editor._on_click(editor, {"action": "save", "path": str(target)}, [])
    assert target.read_text(encoding="utf-8") == GOOD
    editor.text = GOOD + BAD_LINE
    editor._on_click(editor, {"action": "save", "path": str(target)}, [])
    assert target.read_text(encoding="utf-8") == GOOD
    editor._on_click(editor, {"action": "save_draft", "path": str(target)}, [])
    assert (tmp_path / "clicked.draft.mjcl").exists()
    editor._on_click(editor, {"action": "open", "path": ""}, [])
    assert editor.message_kind == "error"
    editor._on_click(editor, {"action": "open", "path": str(target), "discard": True}, [])
    assert editor.text == GOOD
    editor._on_click(editor, {"action": "open_draft"}, [])
    assert editor.text == GOOD + BAD_LINE


# -- issue 12: the state comes from the current text, saves load, encodings, line endings ----------
def _crash_on(marker, monkeypatch):
    """Make the parser raise a non-MJCL exception on any text holding ``marker`` (as a parser bug would)."""
    import mjlearn.widgets.card_editor as module

    def broken(real):
        def parse(text, **options):
            if marker in text:
                raise RuntimeError("parser bug")
            return real(text, **options)

        return parse

    monkeypatch.setattr(module, "check_card", broken(module.check_card))
    monkeypatch.setattr(module, "parse_card", broken(module.parse_card))


def test_a_parser_crash_is_an_error_on_screen_and_save_refuses_it(tmp_path, monkeypatch):
    _crash_on("CRASH", monkeypatch)
    path = tmp_path / "mine.mjcl"
    path.write_text(GOOD, encoding="utf-8")
    editor = CardEditor(path)
    assert editor.ok
    editor.text = GOOD + "CRASH\n"
    assert not editor.ok and editor.card is None
    assert "RuntimeError" in editor.error_rows[0]["message"]
    assert editor.save() is False and "Not saved" in editor.message
    assert path.read_text(encoding="utf-8") == GOOD
    editor.text = GOOD
    assert editor.ok and editor.error_rows == []


def test_save_checks_the_written_file_loads_before_replacing_the_old_one(tmp_path, monkeypatch):
    import mjlearn.widgets.card_editor as module

    path = tmp_path / "mine.mjcl"
    path.write_text(GOOD, encoding="utf-8")
    editor = CardEditor(path)
    editor.text = GOOD.replace("Mine", "Yours")
    real = module.read_card_text
    # the temporary file reads back wrong (as a bad disk or a bad write would make it)
    monkeypatch.setattr(module, "read_card_text", lambda p: real(p) + ("QQQQ\n" if p.name.endswith(".tmp") else ""))
    assert editor.save() is False and "did not load" in editor.message
    assert path.read_text(encoding="utf-8") == GOOD
    assert [p.name for p in tmp_path.iterdir()] == ["mine.mjcl"]  # no temporary file left


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_a_card_file_that_is_not_utf8_is_refused_naming_file_and_byte(tmp_path, encoding):
    path = tmp_path / "caf.mjcl"
    path.write_bytes(GOOD.replace("Mine", "Café").encode(encoding))
    for call in (mj.load_card, CardEditor):
        with pytest.raises(mj.errors.CardFileError, match=r"caf\.mjcl is not UTF-8 \(byte \d+ .*MJCL files are UTF-8"):
            call(path)
    editor = CardEditor(GOOD)
    assert editor.open_file(path, discard_changes=True) is False and "not UTF-8" in editor.message and editor.text == GOOD


def test_a_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.mjcl"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    assert mj.load_card(path).name == "Mine"
    assert CardEditor(path).text == GOOD


def test_saving_a_crlf_file_keeps_crlf(tmp_path):
    path = tmp_path / "dos.mjcl"
    path.write_bytes(GOOD.replace("\n", "\r\n").encode("utf-8"))
    editor = CardEditor(path)
    assert editor.text == GOOD and editor.ok
    editor.text = GOOD.replace("Mine", "Ours")
    assert editor.save() is True
    assert path.read_bytes() == GOOD.replace("Mine", "Ours").replace("\n", "\r\n").encode("utf-8")
    assert mj.load_card(path).name == "Ours"


def test_a_lone_surrogate_is_refused_on_save_with_a_clear_message(tmp_path):
    path = tmp_path / "mine.mjcl"
    editor = CardEditor(GOOD.replace("Mine", "Mine \ud800"), path=path)
    assert editor.save() is False and "lone surrogate" in editor.message
    assert not path.exists()


# -- issue 16: a keystroke reads again only the line it changed ----------------------------------
def test_a_keystroke_reads_only_the_line_it_changed(monkeypatch):
    import mjlearn.line_cache as line_cache

    text = mj.resources.read_card_text(mj.resources.card_path("practice_harbor"))
    editor = CardEditor(text)
    read = []
    real = line_cache.parse_line_spec
    monkeypatch.setattr(line_cache, "parse_line_spec", lambda raw, line_no: read.append(raw) or real(raw, line_no))
    editor.text = text.replace("(Any 1 Suit, Opp Dragon)", "(Any 1 Suit, Opp Dragons)")
    assert read == ["FF 2 44 666 8888 rDD X30 (Any 1 Suit, Opp Dragons)"]
    editor.text = "// a comment\n" + editor.text.replace("rDD X30", "rDQ X30")  # an error, every line moved
    assert read[1:] == ["FF 2 44 666 8888 rDQ X30 (Any 1 Suit, Opp Dragons)"]
    assert [(e.line, e.column) for e in editor.errors] == [(e.line, e.column) for e in mj.check_card(editor.text).errors]
    assert "Opp Dragons" not in editor.card_view and editor.card_view == CardEditor(editor.text).card_view


# -- issue 23: a line that leaves out hands no set can build is a note, not an error ---------------
YEAR_LINE = "2026 r2026 b2026 gDD X25\n"


def test_left_out_hands_are_a_note_and_the_card_still_saves(tmp_path):
    import warnings

    path = tmp_path / "year.mjcl"
    editor = CardEditor(GOOD + YEAR_LINE, path=path)
    assert editor.ok and editor.errors == [] and editor.error_rows == []
    (note,) = editor.warnings
    assert isinstance(note, mj.MJCLWarning) and (note.line, note.column) == (6, 1)
    (row,) = editor.note_rows
    assert row["line"] == 6 and row["column"] == 1 and row["source"] == "2026 r2026 b2026 gDD X25"
    assert row["message"].startswith("1 of 3 hands needs more tiles than a set holds and is left out: '2D 0 26D")
    assert editor.card.count_hands() == 6  # 4 + the 2 hands a set can build
    assert "6 hands (no errors; 1 note)" in editor.summary
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # saving (which loads the file back) shows no Python warning
        assert editor.save() and editor.message_kind == "success"
    assert path.read_text(encoding="utf-8") == GOOD + YEAR_LINE


def test_notes_follow_the_text_and_sit_beside_errors():
    editor = CardEditor(GOOD + YEAR_LINE + BAD_LINE)
    assert [r["line"] for r in editor.error_rows] == [7] and [r["line"] for r in editor.note_rows] == [6]
    assert "1 error; lines with errors left out; 1 note" in editor.summary
    editor.text = "// moved\n" + GOOD + YEAR_LINE
    assert [r["line"] for r in editor.note_rows] == [7] and editor.ok
    editor.text = GOOD
    assert editor.note_rows == [] and editor.warnings == [] and "(no errors)" in editor.summary

