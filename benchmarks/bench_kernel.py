"""Batch distances against a hand-written C kernel, and the memory of dealing a million racks (issue 16).

Targets, each printed as a ratio measured in this one run:
  - batch distances on one core at >= 25% of the C kernel's racks/s, same numbers
    (``benchmarks/kernel_reference.c``, built here with ``cc -O3 -march=native``);
  - ``deal_racks`` and ``odds`` for 1,000,000 racks within 200 MB (peak of the
    call's allocations, tracemalloc, each in a fresh subprocess);
  - all cores when asked: ``batch_distances(..., executor=ThreadPoolExecutor(cores))``.

"Before" is main's code before issue 16: the thermometer matrix product
(``tests/matrix_reference.py``) and a deal of 1M racks that drew all its random
keys at once (measured on 100,000 racks and scaled: it grows linearly).
Cards: practice_harbor (1307 hands) and basic1 (308). Each rate is the median of 3
interleaved runs. About a minute on a 2-core machine.

Run: ``.venv/bin/python benchmarks/bench_kernel.py``
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"  # one core for numpy's side too (set before numpy loads)

import ctypes  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

import mjlearn as mj  # noqa: E402
from mjlearn.analysis import batch_distances, deal_racks  # noqa: E402
from mjlearn.engine.kernel import KernelTables, engines, line_distances  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from matrix_reference import matrix_line_distances  # noqa: E402

CARDS = {"practice_harbor": 400_000, "basic1": 1_000_000}  # racks timed for the C kernel and ours
SLOW_RACKS = 20_000  # racks timed for the numpy engine and for main's code
MILLION = 1_000_000
MEMORY_TARGET_MB = 200
BEFORE = "before (main's matrix product)"


def build_reference(folder: str):
    """The C kernel compiled and loaded, or ``None`` (with the reason printed) when it cannot be built."""
    compiler = shutil.which("cc")
    if compiler is None:
        print("C reference: skipped, no C compiler (cc) on PATH; the ratios to it cannot be measured")
        return None
    library = Path(folder) / "kernel_reference.so"
    command = [compiler, "-O3", "-march=native", "-shared", "-fPIC", str(HERE / "kernel_reference.c"), "-o", str(library)]
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        print(f"C reference: skipped, {' '.join(command)} failed:\n{built.stderr}")
        return None
    kernel = ctypes.CDLL(str(library)).line_distances
    pointer = ctypes.c_void_p
    kernel.argtypes = [ctypes.c_int, ctypes.c_int, pointer, pointer, pointer, ctypes.c_int64, pointer, pointer]
    kernel.restype = ctypes.c_int
    avx2 = subprocess.run([compiler, "-march=native", "-dM", "-E", "-x", "c", "/dev/null"], capture_output=True,
                          text=True).stdout
    print(f"C reference: {' '.join(command[:4])} ({'AVX2' if '__AVX2__' in avx2 else 'no AVX2: plain C'})")
    return kernel


def c_distances(kernel, compiled, racks: np.ndarray) -> np.ndarray:
    """The C kernel's distances ``[N, L]`` from the card's arrays."""
    small = np.ascontiguousarray(compiled.small, dtype=np.int8)
    total = np.ascontiguousarray(compiled.total, dtype=np.int8)
    line_start = np.ascontiguousarray(compiled.line_start, dtype=np.int64)
    racks = np.ascontiguousarray(racks, dtype=np.int16)
    out = np.empty((len(racks), compiled.num_lines), dtype=np.int16)
    status = kernel(compiled.num_hands, compiled.num_lines, small.ctypes.data, total.ctypes.data,
                    line_start.ctypes.data, len(racks), racks.ctypes.data, out.ctypes.data)
    if status != 0:
        raise MemoryError("the C kernel could not allocate its table")
    return out


def rates(actions: dict, racks: dict) -> dict:
    """Median racks/s of each action over 3 interleaved runs."""
    seconds = {name: [] for name in actions}
    for _ in range(3):
        for name, action in actions.items():
            start = time.perf_counter()
            action()
            seconds[name].append(time.perf_counter() - start)
    return {name: racks[name] / statistics.median(times) for name, times in seconds.items()}


def compare(kernel, name: str, count: int) -> None:
    compiled = mj.load_card(name).compiled()
    tables = KernelTables.of(compiled)
    racks = deal_racks(count, rng=1)
    slow = racks[:SLOW_RACKS]
    ours = line_distances(tables, racks)  # also compiles (or loads) the numba engine before timing
    same = np.array_equal(ours[:SLOW_RACKS], matrix_line_distances(compiled, slow))
    same &= np.array_equal(line_distances(tables, slow, engine="numpy"), ours[:SLOW_RACKS])
    actions = {f"ours ({engines()[0]})": lambda: line_distances(tables, racks),
               "ours (numpy engine)": lambda: line_distances(tables, slow, engine="numpy"),
               BEFORE: lambda: matrix_line_distances(compiled, slow)}
    sizes = {key: len(racks) if key.startswith("ours (numba") else len(slow) for key in actions}
    if kernel is not None:
        same &= np.array_equal(c_distances(kernel, compiled, racks), ours)
        actions["C reference"] = lambda: c_distances(kernel, compiled, racks)
        sizes["C reference"] = len(racks)
    measured = rates(actions, sizes)
    print(f"\n{name}: {compiled.num_hands} hands, {compiled.num_lines} lines; one core; same distances"
          f" (C, ours, numpy engine, before): {same}")
    for key, rate in measured.items():
        print(f"  {key:32} {rate:>12,.0f} racks/s")
    fast = measured[next(iter(actions))]
    if kernel is not None:
        c_rate = measured["C reference"]
        print(f"  ours / C = {fast / c_rate:.2f} (target >= 0.25: {'met' if fast / c_rate >= 0.25 else 'NOT met'});"
              f" before / C = {measured[BEFORE] / c_rate:.3f}")
    print(f"  ours / before = {fast / measured[BEFORE]:.1f}x")


def all_cores() -> None:
    cores = os.cpu_count() or 1
    card = mj.load_card("practice_harbor")
    racks = deal_racks(400_000, rng=3)
    batch_distances(card, racks[:1000])
    with ThreadPoolExecutor(cores) as pool:
        measured = rates({"one": lambda: batch_distances(card, racks),
                          "all": lambda: batch_distances(card, racks, executor=pool)},
                         {"one": len(racks), "all": len(racks)})
        cpu, wall = os.times(), time.perf_counter()
        batch_distances(card, racks, executor=pool)
        busy = (os.times().user - cpu.user) / (time.perf_counter() - wall)
    print(f"\nall cores when asked (practice_harbor, ThreadPoolExecutor({cores})): {measured['all']:,.0f} racks/s,"
          f" {measured['all'] / measured['one']:.2f}x one core ({measured['one']:,.0f}); the best possible is {cores}x."
          f" The threads got {busy:.1f} CPU-seconds per second (below {cores}: other programs held the cores)")


PEAK_CODE = """
import sys, time, tracemalloc
import numpy as np
import mjlearn as mj
from mjlearn.analysis import deal_racks, odds
what, count = sys.argv[1], int(sys.argv[2])
card = mj.load_card("practice_harbor")
odds(card, deals=10, progress=False)  # loads the kernel before measuring
tracemalloc.start()
start = time.perf_counter()
if what == "deal_racks":
    deal_racks(count, rng=1)
elif what == "odds":
    odds(card, deals=count, seed=1, progress=False)
else:  # main's deal: every random key at once
    tiles = np.array([int(t) for t in mj.tiles.TILE_SET])
    keys = np.random.default_rng(1).random((count, len(tiles)))
    picked = np.argpartition(keys, 12, axis=1)[:, :13]
    kinds = tiles[picked] + 36 * np.arange(count)[:, None]
    np.bincount(kinds.ravel(), minlength=36 * count).reshape(count, 36).astype(np.int16)
seconds = time.perf_counter() - start
print(tracemalloc.get_traced_memory()[1], seconds)
"""


def peak(what: str, count: int) -> tuple[float, float]:
    """Peak MB allocated by one call, and its seconds, in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", PEAK_CODE, what, str(count)], capture_output=True, text=True,
                          check=True)
    peak_bytes, seconds = done.stdout.split()
    return int(peak_bytes) / 1e6, float(seconds)


def memory() -> None:
    print(f"\nmemory for {MILLION:,} racks (peak of the call's allocations, tracemalloc, fresh process each):")
    before_mb, _ = peak("before", MILLION // 10)
    print(f"  before: main's deal_racks       {before_mb * 10:8.0f} MB (measured on {MILLION // 10:,}: {before_mb:.0f} MB)")
    for what in ("deal_racks", "odds"):
        mb, seconds = peak(what, MILLION)
        print(f"  {what:31} {mb:8.0f} MB in {seconds:.1f} s (target <= {MEMORY_TARGET_MB} MB:"
              f" ratio {mb / MEMORY_TARGET_MB:.2f})")


def main() -> None:
    started = time.perf_counter()
    print(f"engines: {engines()}; {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        kernel = build_reference(folder)
        for name, count in CARDS.items():
            compare(kernel, name, count)
    all_cores()
    memory()
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
