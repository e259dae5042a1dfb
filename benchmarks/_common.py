"""Shared helpers for the benchmarks: locating ../shared/data, timing, memory."""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

# ../shared/data beside the checkout; LETADESK_SHARED_DATA for a worktree elsewhere
SHARED = Path(
    os.environ.get("LETADESK_SHARED_DATA")
    or Path(__file__).resolve().parents[1].parent / "shared" / "data"
)


def shared_data() -> Path:
    if not SHARED.is_dir():
        sys.exit("../shared/data not present: this benchmark needs the shared data sets")
    return SHARED


def peak_rss_mb() -> tuple[float, float]:
    """Peak resident memory of this process and of its largest finished child, in MB.

    This process's own is the kernel's high-water mark of its memory since it started
    (``VmHWM`` on Linux). ``ru_maxrss`` is not used for it there: Linux keeps it across
    ``fork`` and ``exec``, so a search child started by a 2 GB build reported 2 GB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                own = int(line.split()[1]) / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, child


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def machine_busy_s() -> float:
    """CPU-seconds the whole machine has spent busy since boot, all cores together
    (Linux ``/proc/stat``: every state but idle and iowait); differences of two readings
    say how much CPU a stretch of work took, whichever processes did it."""
    fields = Path("/proc/stat").read_text(encoding="ascii").splitlines()[0].split()[1:]
    ticks = [int(x) for x in fields[:8]]  # user nice system idle iowait irq softirq steal
    busy = sum(ticks) - ticks[3] - ticks[4]
    return busy / os.sysconf("SC_CLK_TCK")
