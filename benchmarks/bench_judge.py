"""What the judge adds to a question: Gate 2's relevance over 20 real passages.

For each of the CUAD category questions of ``bench_answers.py``, 20 fragments of one real
contract (as the chunker cuts them) are scored by the judge: every candidate sentence in
one batch (the model's throughput), then a batch of ``SHORTLIST`` of them (what Gate 2
has the judge read: the sentences its combiner ranks first without the judge), each with
a fresh judge cache; then one Gate 3 support decision per question. Prints p50 / p95 and
the pairs scored per second, with the CPU threads the judge uses. The whole answer's
latency with and without the judge is ``bench_answers.py``'s.

    .venv/bin/python benchmarks/bench_judge.py [--contracts 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench_answers import CUAD_QUESTIONS

from _common import percentile, shared_data
from letadesk.answer.scoring import scored_units
from letadesk.domain import ParsedPage
from letadesk.ingest.structure import split_fragments
from letadesk.ingest.text_reader import clean_text
from letadesk.judge import default_judge
from letadesk.judge.card import SHORTLIST
from letadesk.verify.entailment import decide_support

PASSAGES = 20


def passages_of(path: Path) -> list[str]:
    text = clean_text(path.read_text(encoding="utf-8", errors="replace"))
    page = ParsedPage(number=1, label="1", start=0, end=len(text))
    frags = [f.text for f in split_fragments(text, (page,), language="en")]
    step = max(1, len(frags) // PASSAGES)
    return frags[::step][:PASSAGES]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=5)
    args = parser.parse_args()
    root = shared_data()
    judge = default_judge()
    gate2: list[float] = []
    shortlist: list[float] = []
    gate3: list[float] = []
    pairs = 0
    for path in sorted((root / "cuad" / "txt").glob("*.txt"))[: args.contracts]:
        passages = passages_of(path)
        for question in CUAD_QUESTIONS.values():
            judge.clear_cache()
            sentences = sorted({s for p in passages for s in scored_units(p)})
            started = time.perf_counter()
            judge.relevance(question, sentences)
            gate2.append(time.perf_counter() - started)
            pairs += len(sentences)
            judge.clear_cache()
            started = time.perf_counter()
            judge.relevance(question, sentences[:SHORTLIST])
            shortlist.append(time.perf_counter() - started)
            started = time.perf_counter()
            decide_support(question.rstrip("?") + ".", passages[0], judge=judge)
            gate3.append(time.perf_counter() - started)
    print(
        f"judge {judge.name}, {judge.threads} threads; {len(gate2)} questions x "
        f"{PASSAGES} passages ({pairs / len(gate2):.0f} sentences each)"
    )
    print(
        f"Gate 2 relevance: p50 {statistics.median(gate2):.3f} s, "
        f"p95 {percentile(gate2, 0.95):.3f} s, {pairs / sum(gate2):.0f} pairs/s"
    )
    print(
        f"Gate 2 at the shortlist ({SHORTLIST} sentences): "
        f"p50 {statistics.median(shortlist):.3f} s, p95 {percentile(shortlist, 0.95):.3f} s"
    )
    print(
        f"Gate 3 support, one claim: p50 {statistics.median(gate3) * 1000:.1f} ms, "
        f"p95 {percentile(gate3, 0.95) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
