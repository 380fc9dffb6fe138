"""Build or re-run the lesson notebooks so that their saved outputs are the ones nbval expects.

    .venv/bin/python tools/run_notebooks.py                    # re-run every notebook in notebooks/
    .venv/bin/python tools/run_notebooks.py notebooks/03_*.ipynb

Each notebook runs top to bottom in a fresh kernel, in the notebooks/ folder,
exactly as nbval runs it; then what changes from run to run is taken out:
execution timestamps and saved widget state. Cells tagged ``widget`` hold a
live widget: their outputs are cleared (a widget needs its kernel; the
student runs the cell), and nbval is told to ignore them (tag
``nbval-ignore-output``).

:func:`build` writes a notebook from a list of cells and runs it: a cell is
``("md", text)``, ``("code", source)`` or ``("code", source, ["widget"])``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _cell(spec) -> nbformat.NotebookNode:
    kind, source, *rest = spec
    tags = list(rest[0]) if rest else []
    if kind == "md":
        return nbformat.v4.new_markdown_cell(source.strip("\n"))
    if "widget" in tags and "nbval-ignore-output" not in tags:
        tags.append("nbval-ignore-output")
    cell = nbformat.v4.new_code_cell(source.strip("\n"))
    if tags:
        cell.metadata["tags"] = tags
    return cell


def clean(notebook: nbformat.NotebookNode) -> None:
    """Take out what differs between runs: timings, widget state, widget outputs, cell ids' churn,
    and how printed text happened to be split into chunks."""
    notebook.metadata.pop("widgets", None)
    notebook.metadata["kernelspec"] = dict(KERNEL)
    notebook.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
    for index, cell in enumerate(notebook.cells):
        cell.metadata.pop("execution", None)
        cell["id"] = f"cell-{index:02d}"
        if cell.cell_type == "code" and "widget" in cell.metadata.get("tags", []):
            cell.outputs = []
            cell.execution_count = None
        if cell.cell_type == "code":
            cell.outputs = _merged_streams(cell.outputs)


def _merged_streams(outputs: list) -> list:
    """Adjacent prints to the same stream as one output: how the kernel splits them varies by run."""
    merged: list = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (output.output_type == "stream" and previous is not None and previous.output_type == "stream"
                and previous.name == output.name):
            previous.text += output.text
        else:
            merged.append(output)
    return merged


def run(path: Path, timeout: int = 900) -> None:
    """Run ``path`` in a fresh kernel in the notebooks folder, clean it and save it."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    clean(notebook)
    nbformat.validate(notebook)
    nbformat.write(notebook, path)


def build(path: str | Path, cells: list[tuple]) -> Path:
    """Write a notebook of ``cells`` to ``path`` (in notebooks/ unless a path is given) and run it."""
    path = Path(path)
    if not path.is_absolute() and path.parent == Path("."):
        path = NOTEBOOKS / path
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = dict(KERNEL)
    notebook.cells = [_cell(spec) for spec in cells]
    nbformat.write(notebook, path)
    run(path)
    return path


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        print(f"running {path.name}", flush=True)
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
