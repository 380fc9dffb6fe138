"""Set-up: the README's two commands, .ci/run, and bundled files in editable and wheel installs."""

import os
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.resources import data_dir

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)]


def test_readme_has_exactly_two_commands_first_lab_then_tests():
    first, second = readme_commands()
    assert "\n" not in first and "\n" not in second
    assert first.startswith("python3 -m venv .venv") and "jupyter lab --allow-root notebooks/" in first
    assert second.startswith("sh tools/install_chromium.sh && python3 -m venv .venv") and "pytest" in second


def test_ci_runs_the_readme_test_command_then_the_matrix():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in script.splitlines() if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert commands == [readme_commands()[1], "sh tools/test_matrix.sh"]


def test_the_matrix_runs_tests_that_exist_on_pandas_2_without_numba():
    script = (ROOT / "tools" / "test_matrix.sh").read_text(encoding="utf-8")
    tests = re.search(r'TESTS="(.*?)"', script, re.S).group(1).split()
    assert tests and all((ROOT / name).is_file() for name in tests)
    assert "tests/test_click_paths.py" in tests and "tests/test_kernel.py" in tests
    assert ".venv-matrix/bin/pip install -q -e . 'pandas>=2.0,<3' pytest hypothesis\n" in script
    runs = [line for line in script.splitlines() if " -m pytest " in line]
    assert [run.split(" >")[0] for run in runs] == [
        f"MJLEARN_TEST_NUMBA=absent {venv}/bin/python -m pytest -p no:nbval $TESTS" for venv in (".venv-matrix", ".venv")]
    # the two runs go side by side, and a failure of either fails the script
    assert all(run.endswith(" 2>&1 &") for run in runs)
    assert 'wait "$first" || status=1' in script and 'wait "$second" || status=$((status + 2))' in script
    assert "exit 1" in script.split('if [ "$status" -ne 0 ]', 1)[1]
    assert ".venv-matrix/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def quick_loop_command() -> list[str]:
    """The quick loop's pytest arguments, as DEVELOPERS.md ("Tests and speed") gives them."""
    text = (ROOT / "DEVELOPERS.md").read_text(encoding="utf-8").split("## Tests and speed", 1)[1]
    (command,) = re.findall(r"```bash\n\s*(.*?)\n\s*```", text, re.S)
    assert command.startswith(".venv/bin/python -m pytest ")
    return shlex.split(command)[3:]


def collected(*arguments: str) -> list[str]:
    """The ids of the tests pytest collects with these arguments, from the repository root."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.slow  # (pytest started twice)
def test_the_quick_loop_leaves_out_browsers_notebooks_and_slow_tests_but_not_their_quick_siblings():
    files = ["tests/test_browser.py", "tests/test_game_properties.py"]
    marked = collected("-m", "browser or nbval or slow", *files, "notebooks/00_welcome.ipynb")  # nbval is on
    assert "tests/test_game_properties.py::test_random_games_keep_every_promise[all]" in marked
    assert any(name.startswith("notebooks/00_welcome.ipynb::") for name in marked)
    assert any(name.startswith("tests/test_browser.py::") for name in marked)
    assert not any("[a few]" in name for name in marked)
    quick = collected(*quick_loop_command(), *files, "notebooks")
    assert "tests/test_game_properties.py::test_random_games_keep_every_promise[a few]" in quick
    assert not set(quick) & set(marked)


def test_editable_install_finds_the_repository_cards():
    assert data_dir("cards") in (ROOT / "cards", Path(mj.__file__).parent / "data" / "cards")
    bundled = sorted(p.stem for p in (ROOT / "cards").glob("*.mjcl"))
    assert mj.list_cards() == bundled
    assert len(bundled) >= 3


@pytest.mark.slow
def test_wheel_carries_cards_and_loads_them_in_a_fresh_environment(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(ROOT)],
        check=True,
        timeout=300,
    )
    (wheel,) = dist.glob("mjlearn-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for card in (ROOT / "cards").glob("*.mjcl"):
        assert f"mjlearn/data/cards/{card.name}" in names
    assert "mjlearn/data/assets/tiles/README.md" in names
    assert "mjlearn/data/cards/solo_benchmark.json" in names  # the solitaire figures learners are scored against
    for part in ("prelude.js", "hand_builder.js", "card_editor.js", "charleston_trainer.js", "solo_drill.js",
                 "widgets.css"):
        assert f"mjlearn/widgets/{part}" in names
    for part in ("exercise.js", "exercise.css"):  # the lessons' Exercise widget keeps its files beside it
        assert f"mjlearn/lessons/{part}" in names

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    # --no-deps: loading a card needs only the standard library, and the test stays offline
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True,
                   timeout=300)
    code = (
        "import mjlearn as mj; from mjlearn.resources import data_dir; "
        "print(data_dir('cards')); print(','.join(mj.list_cards())); print(mj.load_card('basic1').count_hands())"
    )
    fresh = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}  # (a source tree on the
    # path would be imported instead of the wheel)
    out = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                         timeout=120, env=fresh).stdout.splitlines()
    assert out[0].startswith(str(venv)) and out[0].endswith("mjlearn/data/cards")
    assert out[1].split(",") == mj.list_cards()
    assert out[2] == "308"
    cli = subprocess.run([str(venv / "bin" / "mjlearn"), "check", *mj.list_cards()], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 0, cli.stdout

    # the widgets from the wheel, with this environment's packages (anywidget, pandas...) behind it
    import sysconfig

    wheel_site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                     capture_output=True, text=True, check=True).stdout.strip())
    (wheel_site / "zz_test_packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    code = (
        "import mjlearn as mj; hb = mj.HandBuilder('basic1', hand='FF 222B 444B 666B 888B'); "
        "ed = mj.CardEditor('basic1'); ct = mj.CharlestonTrainer(seed=2); "
        "print(mj.__file__); print(len(hb.wins), ed.card.count_hands(), len(ct.rack)); "
        "print(all('export default' in w._esm for w in (hb, ed, ct)), 'mj-widget' in hb._css)"
    )
    fresh = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}  # (a source tree on the
    # path would be imported instead of the wheel)
    out = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                         timeout=120, env=fresh).stdout.splitlines()
    assert out[0].startswith(str(venv)), out
    assert out[1:] == ["1 308 14", "True True"]
