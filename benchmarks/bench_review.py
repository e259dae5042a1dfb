"""The matter review grid on CUAD: contracts (rows) × CUAD clause categories (columns),
each cell one grounded answer for that one contract (``letadesk.review.grid``), scored
against CUAD's annotations.

* cell precision: of the answered cells, those with a claim whose quote is the annotated
  clause (overlaps one of the category's excerpts, as ``bench_answers.py`` counts a claim
  on gold); an answered cell where CUAD annotates no clause counts against it;
* cell refusal: of the cells where CUAD annotates no clause, those refused;
* coverage: of the cells where CUAD annotates a clause, those answered;
* time per cell asked, and the whole grid re-read from the store (every cell reused).

Only validation-split contracts (``training/splits.py``), each with the injected
fake-citation paragraph, through ``bench_answers.bench_profile``.

    .venv/bin/python benchmarks/bench_review.py [--contracts 20] [--categories 10] [--keep DIR]
    .venv/bin/python benchmarks/bench_review.py --contracts 40 --untuned
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from bench_answers import (
    CUAD_QUESTIONS,
    KEEP_HELP,
    UNTUNED_HELP,
    bench_profile,
    tuned_documents,
)

from letadesk.answer.evaluate import quote_on_gold
from letadesk.review.grid import ReviewGrid, fill_grid, review_documents
from letadesk.review.templates import load_template


def score(grid: ReviewGrid, gold: dict[tuple[str, str], dict[str, Any] | None]) -> dict[str, Any]:
    answered = on_clause = answerable = covered = unanswerable = refused = 0
    claims = claims_on = 0
    for cell in grid.as_json()["cells"]:
        expected = gold[(cell["document"], cell["question"])]
        is_answered = cell["disposition"] == "answered"
        if expected is None:
            unanswerable += 1
            refused += not is_answered
        else:
            answerable += 1
            covered += is_answered
        if not is_answered:
            continue
        answered += 1
        hits = [
            expected is not None
            and any(quote_on_gold(c["quote"], expected) for c in claim["citations"])
            for claim in cell["claims"]
        ]
        on_clause += any(hits)
        claims, claims_on = claims + len(hits), claims_on + sum(hits)
    return {
        "cells": answerable + unanswerable,
        "with a clause": answerable,
        "without": unanswerable,
        "cell precision": round(on_clause / max(1, answered), 3),
        "cell refusal (no clause)": round(refused / max(1, unanswerable), 3),
        "coverage (clause)": round(covered / max(1, answerable), 3),
        "claim precision": round(claims_on / max(1, claims), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--categories", type=int, default=10)
    parser.add_argument("--keep", type=Path, help=KEEP_HELP)
    parser.add_argument("--untuned", action="store_true", help=UNTUNED_HELP)
    args = parser.parse_args()
    from _common import shared_data

    labels = list(CUAD_QUESTIONS)[: args.categories]
    questions = [q for q in load_template("cuad") if q.label in labels]
    assert [q.question for q in questions] == [CUAD_QUESTIONS[x] for x in labels], (
        "the shipped CUAD template no longer asks the benchmark's questions"
    )
    with bench_profile(shared_data(), args.contracts, 0, args.keep) as (ws, sets):
        rows = sets["CUAD"]
        tuned = tuned_documents(shared_data()) if args.untuned else set()
        names = sorted({r["document"] for r in rows} - tuned)
        gold = {(r["document"], r["question"]): r["gold"] for r in rows}
        documents = review_documents(ws, "bench", names)
        started = time.perf_counter()
        grid = fill_grid(ws, "bench", questions, documents)
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        again = fill_grid(ws, "bench", questions, documents)
        reread = time.perf_counter() - started
        figures = score(grid, gold)
        figures["asked"] = grid.asked
        figures["s per cell asked"] = round(seconds / max(1, grid.asked), 3)
        figures["grid re-read from the store, s"] = round(reread, 3)
        assert again.asked == 0 and score(again, gold) == score(grid, gold)
        print(f"{len(documents)} contracts × {len(questions)} CUAD categories", end="")
        print(" (those Gate 2 was not tuned on)" if args.untuned else "")
        for key, value in figures.items():
            print(f"  {key:<32} {value}")
        for q in questions:
            cells = [grid.cell(d, q) for d in documents]
            answered = sum(c.disposition == "answered" for c in cells)
            clause = sum(gold[(grid.row_name(d), q.question)] is not None for d in documents)
            print(f"  {q.label:<28} answered {answered:>2}  CUAD clause {clause:>2}")


if __name__ == "__main__":
    main()
