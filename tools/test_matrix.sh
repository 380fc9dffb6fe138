#!/bin/sh
# The tests of the analysis (and of the bots, whose inner loops numba compiles) on installations other
# than the main one: pandas 2 without numba in .venv-matrix, and the main .venv (pandas 3) with numba
# switched off (MJLEARN_TEST_NUMBA=absent, see conftest.py). .ci/run runs this after the README's test
# command; run it from the repository root, with .venv set up as the README says. The two runs go side by
# side (one a core on the 2-core machine: a minute where they took two in turn); each one's output is
# printed when both are done, and the script fails if either failed.
set -eu
TESTS="tests/test_analysis.py tests/test_analysis_arguments.py tests/test_analysis_properties.py
  tests/test_analysis_rules.py tests/test_analysis_vs_reference.py tests/test_kernel.py tests/test_chances.py
  tests/test_line_cache.py tests/test_click_paths.py tests/test_coach_advice.py tests/test_defence.py
  tests/test_position.py tests/test_safe_discard.py tests/test_reverse_runs.py tests/test_docs.py
  tests/test_display.py tests/test_bots.py tests/test_game_speed.py tests/test_game_digest.py tests/test_coach_bot.py tests/test_tiles_away.py"
python3 -m venv .venv-matrix
.venv-matrix/bin/pip install -q -e . 'pandas>=2.0,<3' pytest hypothesis
.venv-matrix/bin/python -c "
import importlib.util, pandas
assert pandas.__version__.startswith('2.'), pandas.__version__
assert importlib.util.find_spec('numba') is None, 'numba is installed in .venv-matrix'
print('test_matrix: pandas', pandas.__version__, 'without numba')"
logs=$(mktemp -d)
# shellcheck disable=SC2086
MJLEARN_TEST_NUMBA=absent .venv-matrix/bin/python -m pytest -p no:nbval $TESTS >"$logs/pandas2" 2>&1 &
first=$!
# shellcheck disable=SC2086
MJLEARN_TEST_NUMBA=absent .venv/bin/python -m pytest -p no:nbval $TESTS >"$logs/nonumba" 2>&1 &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=$((status + 2))
echo "test_matrix: pandas 2 without numba (.venv-matrix)"
cat "$logs/pandas2"
echo "test_matrix: the main .venv with numba switched off"
cat "$logs/nonumba"
rm -rf "$logs"
if [ "$status" -ne 0 ]; then
  echo "test_matrix: failed (1: the pandas 2 run, 2: the run without numba, 3: both): $status" >&2
  exit 1
fi
