"""Does the configured language model earn its time? Each question is asked twice of
one document — extract-only, then drafted by the model (≤ 3 attempts) — and the
benchmark reports, among answers where the model was asked:

- how often ≥ 1 *generated* claim was kept (``Answer.mode == "generated"``);
- how often every attempt's output was empty or failed to parse (no claim to check);
- how often claims were drafted but all rejected, and by which check;
- the seconds the model added per answer, against extract-only: wall-clock, and CPU
  seconds of this process (all threads), which a busy or paused machine does not inflate.

The documents are built as ``bench_answers.py`` builds them (CUAD contracts, ContractNLI
NDAs, each with the injected fake-citation paragraph); a few per set, so it runs in
minutes. The model is the bundled SmolLM2-135M unless ``--model`` names a GGUF.

    .venv/bin/python benchmarks/bench_generation.py [--contracts 3] [--ndas 3] [--questions 12]
        [--model FILE.gguf]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bench_answers import cuad_rows, nli_rows

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.workspace import Workspace


@dataclass
class Tally:
    questions: int = 0
    drafted: int = 0  # the model was asked (the question passed Gates 1 and 2)
    kept: int = 0  # ≥ 1 generated claim shown
    no_claims: int = 0  # every attempt's output empty or unparsable
    unparsable: int = 0  # … of which at least one attempt's output failed to parse
    all_rejected: int = 0
    attempts: int = 0
    unparsable_attempts: int = 0
    rejected_by: Counter[str] = field(default_factory=Counter)
    added_s: list[float] = field(default_factory=list)  # generate − extract, drafted only
    added_cpu_s: list[float] = field(default_factory=list)  # the same in CPU seconds
    samples: list[str] = field(default_factory=list)  # raw outputs of failed answers


def classify(tally: Tally, record: dict[str, Any], added: tuple[float, float]) -> None:
    """Count one generate-path answer from its audit record; ``added``: the (wall, CPU)
    seconds it took beyond the extract-only answer."""
    attempts = record.get("attempts", [])
    if not attempts:
        return  # refused before drafting: the model was not asked
    tally.drafted += 1
    tally.added_s.append(added[0])
    tally.added_cpu_s.append(added[1])
    tally.attempts += len(attempts)
    tally.unparsable_attempts += sum(1 for a in attempts if a["problem"])
    drafted = [c for c in record["checked"] if c["attempt"] >= 1]
    if record["final"]["mode"] == "generated":
        tally.kept += 1
        return
    if not drafted:
        tally.no_claims += 1
        tally.unparsable += any(a["problem"] for a in attempts)
    else:
        tally.all_rejected += 1
        for c in drafted:
            failed = next((k["check"] for k in c["checks"] if not k["passed"]), "coherence")
            tally.rejected_by[failed] += 1
    if len(tally.samples) < 4:
        tally.samples.append(" ".join(attempts[0]["raw"].split())[:110])


def run(ws: Workspace, rows: list[dict[str, Any]]) -> Tally:
    tally = Tally()
    for row in rows:
        tally.questions += 1
        t0, c0 = time.perf_counter(), time.process_time()
        ws.ask(
            row["question"],
            matter="bench",
            document=row["document"],
            options=AskOptions(generate=False),
        )
        t1, c1 = time.perf_counter(), time.process_time()
        answer = ws.ask(
            row["question"],
            matter="bench",
            document=row["document"],
            options=AskOptions(generate=True, max_attempts=3),
        )
        t2, c2 = time.perf_counter(), time.process_time()
        entry = ws.audit.entry(answer.audit_id)
        assert entry is not None
        classify(tally, entry.record, ((t2 - t1) - (t1 - t0), (c2 - c1) - (c1 - c0)))
    return tally


def share(n: int, d: int) -> str:
    return f"{n}/{d} = {n / d:.2f}" if d else "-"


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.mean(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def show(name: str, t: Tally) -> None:
    print(
        f"| {name} | {t.questions} | {t.drafted} | {share(t.kept, t.drafted)} | "
        f"{share(t.no_claims, t.drafted)} | {share(t.all_rejected, t.drafted)} | "
        f"{share(t.unparsable_attempts, t.attempts)} | {spread(t.added_s)} | "
        f"{spread(t.added_cpu_s)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=3)
    parser.add_argument("--ndas", type=int, default=3)
    parser.add_argument("--questions", type=int, default=12, help="questions per set")
    parser.add_argument("--model", default="", help="a GGUF file (default: the bundled model)")
    args = parser.parse_args()
    root = shared_data()
    started = time.perf_counter()
    print(f"load average at start (1/5/15 min): {os.getloadavg()}, cpus {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "docs"
        docs.mkdir()
        sets = {
            "CUAD": cuad_rows(root, args.contracts, docs),
            "ContractNLI": nli_rows(root, args.ndas, docs),
        }
        ws = Workspace.open(Path(tmp) / "profile")
        ws.settings = replace(ws.settings, model_path=args.model)
        ws.documents.ingest([docs], matter="bench")
        print(
            f"ingested {len(list(docs.iterdir()))} documents in "
            f"{time.perf_counter() - started:.0f} s; model: {ws.generator().model_id[:60]}"
        )
        print(
            "\n| set | questions | model asked | ≥1 generated claim kept | "
            "output empty/unparsable (all attempts) | drafted, all rejected | "
            "attempts unparsable | added wall s per answer (mean / median / max) | "
            "added CPU s (mean / median / max) |\n"
            "|---|---|---|---|---|---|---|---|---|"
        )
        tallies = {}
        for name, rows in sets.items():
            sample = rows[:: max(1, len(rows) // args.questions)][: args.questions]
            tallies[name] = run(ws, sample)
            show(name, tallies[name])
        for name, t in tallies.items():
            print(
                f"\n{name}: no claim to check in {t.no_claims} answers ({t.unparsable} with "
                f"output that failed to parse, {t.no_claims - t.unparsable} with an empty "
                f"claims list); rejected generated claims by first failing check: "
                f"{dict(t.rejected_by.most_common())}"
            )
            for raw in t.samples:
                print(f"  failed answer, first attempt's raw output: {raw}")
        ws.close()
    print(
        f"\nrun time {time.perf_counter() - started:.0f} s; load average at end: {os.getloadavg()}"
    )


if __name__ == "__main__":
    main()
