"""Choose Gate 2's relevance threshold for the judge on the validation documents.

The judge's calibrated relevance is a per-sentence probability; Gate 2 refuses when the
*best* sentence of the retrieved passages falls short, so its bar is a question-level
choice. This sweeps it over the questions of ``bench_answers.py`` (CUAD and ContractNLI
documents of the judge's validation split only), with the extractor's relative cut, and
prints coverage, refusal on unanswerable questions and grounded precision for each.
The chosen bar maximises the mean over the two sets of min(coverage, refusal); with
``--write`` it is stored in the judge's card (``judge.json``), beside the weights.

    .venv/bin/python benchmarks/tune_gate2.py [--contracts 20] [--ndas 12] [--write]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import bench_answers

from _common import shared_data
from letadesk.answer import extract
from letadesk.answer.ask import AskOptions
from letadesk.judge import onnx_judge
from letadesk.judge.card import CARD_FILE
from letadesk.workspace import Workspace

THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
RELATIVE = (0.5, 0.8)


def sweep(ws: Workspace, sets: dict[str, list[dict[str, object]]]) -> list[dict[str, object]]:
    rows = []
    for relative in RELATIVE:
        extract.RELATIVE_TO_BEST = relative
        for t in THRESHOLDS:
            row: dict[str, object] = {"threshold": t, "relative": relative}
            balance = []
            for name, questions in sets.items():
                report, _ = bench_answers.run(ws, "bench", questions,  # type: ignore[arg-type]
                                              AskOptions(generate=False, relevance_threshold=t),
                                              {})
                fig = report.as_json()
                row[name] = {k: fig[k] for k in ("coverage", "refusal_on_unanswerable",
                                                 "grounded_precision")}
                balance.append(min(fig["coverage"] or 0, fig["refusal_on_unanswerable"] or 0))
            row["objective"] = round(sum(balance) / len(balance), 4)
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--ndas", type=int, default=12)
    parser.add_argument("--write", action="store_true", help="store the bar in judge.json")
    args = parser.parse_args()
    root = shared_data()
    onnx_judge.CACHE_SIZE = 1_000_000  # every pair scored once across the sweep
    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "docs"
        docs.mkdir()
        sets = {"CUAD": bench_answers.cuad_rows(root, args.contracts, docs),
                "ContractNLI": bench_answers.nli_rows(root, args.ndas, docs)}
        ws = Workspace.open(Path(tmp) / "profile")
        ws.ingest([docs], matter="bench")
        rows = sweep(ws, sets)
        ws.close()
    best = max(rows, key=lambda r: (r["objective"], r["threshold"]))
    print("chosen:", json.dumps(best))
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        card["runtime"]["relevance_threshold"] = best["threshold"]
        card["gate2_tuning"] = {"source": "benchmarks/tune_gate2.py (validation documents)",
                                "chosen": best}
        CARD_FILE.write_text(json.dumps(card, indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
        print(f"wrote relevance_threshold {best['threshold']} to {CARD_FILE}")


if __name__ == "__main__":
    main()
