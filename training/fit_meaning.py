"""Choose Gate 2's Romanian meaning weights on the training questions
(``letadesk.answer.semantic``: the semantic weight and the topic floor, for short and
for long questions).

Input: what Gate 2 saw for every training question (``training/questions_ro``, asked of
a matter of their eight acts), dumped by ``benchmarks/natural_features.py --train``, and
optionally the same dump of ``bench_natural.py``'s questions (``--bench``: never chosen
on, only reported). Gate 2's decision is replayed per question from the dumped parts of
each passage's score (the judge's combined score, the title lift, the share of the topic
it holds, the e5 cosine): a passage under the floor scores 0, the others the judge's
score plus the lift plus ``weight`` x (cosine - the candidates' median); the best one
answers when it reaches the judge's bar. The grid (the length past which a question is
long, and the weight and floor of short and of long questions) is searched for the
setting that puts the right article first for the most training questions while
refusing at least ``--absent`` of the absent ones (by default what the shipped setting
refuses).

    .venv/bin/python benchmarks/natural_features.py /tmp/train.jsonl --train --keep DIR
    .venv/bin/python -m training.fit_meaning /tmp/train.jsonl [--bench /tmp/bench.jsonl]
"""

from __future__ import annotations

import argparse
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

from letadesk.answer.semantic import (
    LONG_MIN_COVERAGE,
    LONG_QUESTION_WORDS,
    LONG_SEMANTIC_WEIGHT,
    MIN_COVERAGE,
    SEMANTIC_WEIGHT,
    is_long,
)

SHIPPED = (
    LONG_QUESTION_WORDS,
    (SEMANTIC_WEIGHT["ro"], MIN_COVERAGE["ro"]),
    (LONG_SEMANTIC_WEIGHT["ro"], LONG_MIN_COVERAGE["ro"]),
)
LENGTHS = (15, 20, 25, 30)
SHORT_WEIGHTS = (1.0, 2.0, 3.0, 4.0)
SHORT_FLOORS = (0.4, 0.45, 0.5, 0.55, 0.6, 0.65)
LONG_WEIGHTS = (4.0, 8.0, 12.0)
LONG_FLOORS = (0.1, 0.2, 0.3, 0.4)
Setting = tuple[int, tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Tally:
    right: int = 0
    articles: int = 0
    refused: int = 0
    absent: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.right + other.right,
            self.articles + other.articles,
            self.refused + other.refused,
            self.absent + other.absent,
        )

    def __str__(self) -> str:
        return (
            f"right article first {self.right}/{self.articles}, "
            f"absent refused {self.refused}/{self.absent}"
        )


def load(path: Path) -> list[dict[str, Any]]:
    """The dumped questions (each passage marked ``gold`` when it is of the article)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def replay(row: dict[str, Any], weight: float, floor: float) -> Tally:
    """Gate 2's decision on one question with ``weight`` and ``floor``."""
    if row["kind"] not in ("article", "absent"):
        return Tally()
    gate: dict[str, Any] = row["gates"][-1] if row["gates"] else {"passages": []}
    passages = gate["passages"]
    if not passages:
        return Tally(articles=1) if row["kind"] == "article" else Tally(refused=1, absent=1)
    cosines = [p["cosine"] for p in passages if p["cosine"] is not None]
    center = median(cosines) if cosines else 0.0

    def score(p: dict[str, Any]) -> float:
        if p["via"] not in ("reference", "title") and p["coverage"] < floor:
            return 0.0
        cosine = center if p["cosine"] is None else p["cosine"]
        return float(p["judge"] + p["lift"] + weight * (cosine - center))

    best = max(passages, key=score)
    answers = score(best) >= gate["threshold"] or any(p["via"] == "reference" for p in passages)
    if row["kind"] == "article":
        return Tally(right=int(answers and best.get("gold", False)), articles=1)
    return Tally(refused=int(not answers), absent=1)


def tally(rows: list[dict[str, Any]], setting: Setting) -> Tally:
    """Every question replayed: the short (weight, floor) up to ``length`` words, the long
    one past."""
    length, short, long = setting
    total = Tally()
    for row in rows:
        weight, floor = long if is_long(row["question"], length) else short
        total += replay(row, weight, floor)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("train", type=Path, help="natural_features.py --train's dump")
    parser.add_argument("--bench", type=Path, help="natural_features.py's bench dump")
    parser.add_argument("--absent", type=float, help="absent refused at least (the shipped)")
    args = parser.parse_args()
    train = load(args.train)
    shipped = tally(train, SHIPPED)
    floor = shipped.refused / shipped.absent if args.absent is None else args.absent
    print(f"training questions, the shipped setting {SHIPPED}: {shipped}")
    grid = [
        (setting, tally(train, setting))
        for setting in itertools.product(
            LENGTHS,
            itertools.product(SHORT_WEIGHTS, SHORT_FLOORS),
            itertools.product(LONG_WEIGHTS, LONG_FLOORS),
        )
    ]
    kept = sorted(
        (g for g in grid if g[1].refused / g[1].absent >= floor), key=lambda g: -g[1].right
    )
    print(f"best settings refusing at least {floor:.2f} of the absent topics:")
    for setting, t in kept[:5]:
        print(f"  {setting}: {t}")
    chosen = kept[0][0]
    if args.bench:
        bench = load(args.bench)
        for split in ("tune", "heldout", "fresh", "narrative"):
            part = [r for r in bench if r["split"] == split]
            print(f"bench {split}: {tally(part, SHIPPED)} -> {tally(part, chosen)}")


if __name__ == "__main__":
    main()
