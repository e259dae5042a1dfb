"""numpy's BLAS runs on one thread in LetaDesk (set by the entry point's
letadesk.offline.prepare_environment): no thread of its own spins on another core after a
matrix product (which had kept the KNN's second connection from running)."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = """
from letadesk.offline import prepare_environment
prepare_environment()  # as every entry point does, before numpy loads
import os, time
import numpy as np
from threadpoolctl import threadpool_info
blas = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
m = np.ones((2001, 384), dtype=np.float32)
v = np.ones(384, dtype=np.float32)
t, c = time.perf_counter(), time.process_time()
for _ in range(200):
    m @ v
    time.sleep(0.001)  # the query's other work: SQLite, Python
print(blas, round((time.process_time() - c) / (time.perf_counter() - t), 2))
"""


def _run(env: dict[str, str]) -> tuple[list[int], float]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    threads, busy = out.stdout.rsplit(" ", 1)
    return [int(n) for n in threads.strip("[]").split(",") if n], float(busy)


def test_the_entry_points_environment_gives_numpy_one_blas_thread() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    threads, busy = _run(env)
    assert threads == [1]
    # CPU time over wall time of a loop that mostly sleeps: measured 0.14 with one BLAS
    # thread, 1.06 with two (the second spins through the sleeps)
    assert busy < 0.6


def test_a_blas_thread_count_the_user_set_is_kept() -> None:
    threads, _busy = _run({**os.environ, "OPENBLAS_NUM_THREADS": "2"})
    assert threads == [2]
