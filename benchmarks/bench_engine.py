"""What a CLI ``ask`` spends loading models, and what the warm engine saves.

On a fresh profile holding the sample matter (indexed with the real embedder), each
question is asked as a separate ``letadesk ask`` process, as a script or a lawyer at a
terminal would:

* cold: ``ask --cold`` (the process loads the embedder, the judge and, when drafting,
  the language model, then answers);
* engine: ``ask`` while ``letadesk engine`` runs on the profile (the process starts
  Python and sends the question over the engine's socket; the engine answers);

and prints the median wall time of each, their ratio, how long the engine took to be
ready, and the floor: a Python process that imports the CLI and exits.
``--generate`` drafts every answer with the bundled model (the LLM path); the engine's
first answer to each question is shown apart, since llama.cpp keeps the KV cache of a
prompt it has just seen and the repeats of a question reuse it.

    .venv/bin/python benchmarks/bench_engine.py [--repeats 3] [--generate]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench_contention import MATTER, QUESTIONS, SAMPLE

from letadesk.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "engine.txt"


def _cli(profile: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "letadesk.cli", "--data-dir", str(profile), *args]


def _timed(argv: Sequence[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv[3:])}: exit {done.returncode}\n{done.stderr}")
    return elapsed


def _median(argv: Sequence[str], repeats: int) -> float:
    return statistics.median(_timed(argv) for _ in range(repeats))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--generate", action="store_true", help="draft with the bundled model")
    args = ap.parse_args()
    mode = "--generate" if args.generate else "--extract-only"
    lines = [
        f"# bench_engine.py, {time.strftime('%Y-%m-%d %H:%M')}, {mode}, median of "
        f"{args.repeats} processes each"
    ]
    with tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "profile"
        with Workspace.open(profile) as ws:
            ws.documents.ingest([SAMPLE], matter=MATTER)
        floor = _median([sys.executable, "-c", "import letadesk.cli"], args.repeats)
        lines.append(f"floor: a Python process importing letadesk.cli {floor:.2f} s")
        asks = [_cli(profile, "ask", q, "--matter", MATTER, mode) for q in QUESTIONS]
        cold = [_median([*a, "--cold"], args.repeats) for a in asks]
        start = time.perf_counter()
        engine = subprocess.Popen(
            _cli(profile, "engine"),
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            assert engine.stderr is not None
            for line in engine.stderr:
                if "answering ask on" in line:
                    break
            ready = time.perf_counter() - start
            lines.append(f"engine ready (profile opened, models loaded) in {ready:.2f} s")
            warm = [[_timed(a) for _ in range(args.repeats)] for a in asks]
        finally:
            engine.terminate()
            engine.wait()
    lines.append("| question | cold s | engine, first s | engine s | cold / engine |")
    lines.append("|---|---:|---:|---:|---:|")
    for q, c, runs in zip(QUESTIONS, cold, warm, strict=True):
        w = statistics.median(runs)
        lines.append(f"| {q} | {c:.2f} | {runs[0]:.2f} | {w:.2f} | {c / w:.1f} |")
    text = "\n".join(lines)
    print(text)
    with RESULTS.open("a", encoding="utf-8") as out:
        out.write(text + "\n\n")


if __name__ == "__main__":
    main()
