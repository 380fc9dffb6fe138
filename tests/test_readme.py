"""The README's examples run as written: its Python blocks in a fresh kernel, its shell commands through the entry point."""

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    """The README's fenced code blocks in one language, in order."""
    return [body for lang, body in FENCE.findall(README.read_text(encoding="utf-8")) if lang == language]


def test_the_readme_has_python_and_shell_examples():
    assert len(blocks("python")) >= 2
    assert any("mjlearn list" in b for b in blocks("bash"))


@pytest.mark.slow
def test_every_python_block_runs_in_order_in_a_fresh_kernel(tmp_path):
    """As a reader pastes them into a new notebook: one kernel, the blocks in order, any error fails."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in blocks("python")]
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()  # raises CellExecutionError, with the traceback, on the first failing block
    errors = [o for c in notebook.cells for o in c.outputs if o.output_type == "error"]
    assert errors == []


def test_the_shell_commands_run_through_the_installed_entry_point(tmp_path):
    """The "From the shell" block, run as written after the README's setup (``.venv`` beside the reader)."""
    venv = Path(sys.prefix)
    if not (venv / "bin" / "activate").exists() or not (venv / "bin" / "mjlearn").exists():
        pytest.skip("the tests do not run in a virtual environment with mjlearn installed")
    (tmp_path / ".venv").symlink_to(venv)
    (tmp_path / "my_card.mjcl").write_text('My card\n"2468"\nFF 222 444 666 888 X25\n', encoding="utf-8")
    script = next(b for b in blocks("bash") if "mjlearn list" in b)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    env["PATH"] = "/usr/bin:/bin"  # mjlearn is found only through the activation the README asks for
    done = subprocess.run(
        ["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "basic1" in done.stdout and "308" in done.stdout
    assert (tmp_path / "basic1.pdf").read_bytes().startswith(b"%PDF")


def test_the_readme_shows_every_widget_and_names_every_part_of_the_package():
    """The widgets block shows each widget mjlearn.widgets exports, and the layout table names each module
    and subpackage of mjlearn/ and each top-level folder of the repository."""
    import mjlearn.widgets

    text = README.read_text(encoding="utf-8")
    widget_block = next(b for b in blocks("python") if "mj.HandBuilder(" in b)
    assert all(f"mj.{name}(" in widget_block for name in mjlearn.widgets.__all__)
    layout = text[text.index("## Layout"):text.index("## Documentation")]
    package = README.parent / "mjlearn"
    parts = {p.stem for p in package.glob("*.py") if not p.name.startswith("_")}
    parts |= {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    assert sorted(p for p in parts if f"`{p}" not in layout) == []
    folders = {p.name for p in README.parent.iterdir() if p.is_dir() and not p.name.startswith(".")
               and p.name not in ("build", "dist") and not p.name.startswith("venv")}
    assert sorted(f for f in folders if f"`{f}/" not in layout) == []  # `assets/tiles/` names assets/
