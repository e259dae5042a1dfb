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
answers when it reaches the judge's bar. The grid's best setting is the one that puts
the right article first for the most training questions while refusing at least
``--absent`` of the absent ones (what the shipped setting refuses).

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

SHORT = (2.0, 0.45)  # the weight and floor chosen on bench_natural's tuning half
LENGTHS = (10, 12, 15, 20, 25, 30)
WEIGHTS = (2.0, 4.0, 6.0, 8.0, 12.0)
FLOORS = (0.0, 0.1, 0.2, 0.3, 0.45)


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


def tally(rows: list[dict[str, Any]], length: int, long: tuple[float, float]) -> Tally:
    """Every question replayed: the short setting up to ``length`` words, ``long`` past."""
    total = Tally()
    for row in rows:
        weight, floor = long if len(row["question"].split()) > length else SHORT
        total += replay(row, weight, floor)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("train", type=Path, help="natural_features.py --train's dump")
    parser.add_argument("--bench", type=Path, help="natural_features.py's bench dump")
    parser.add_argument("--absent", type=float, help="absent refused at least (the shipped)")
    args = parser.parse_args()
    train = load(args.train)
    shipped = tally(train, 10**6, SHORT)
    floor = shipped.refused / shipped.absent if args.absent is None else args.absent
    print(f"training questions, short setting for all: {shipped}")
    alone = [
        (setting, tally(train, 10**6, setting)) for setting in itertools.product(WEIGHTS, FLOORS)
    ]
    setting, best = max(
        ((s, t) for s, t in alone if t.refused / t.absent >= floor), key=lambda st: st[1].right
    )
    if best.right > shipped.right:
        print(f"  one setting for every question does better: {setting}: {best}")
    else:
        print("  no one setting for every question does better")
    grid = [
        (length, (weight, cut), tally(train, length, (weight, cut)))
        for length, weight, cut in itertools.product(LENGTHS, WEIGHTS, FLOORS)
    ]
    kept = [g for g in grid if g[2].refused / g[2].absent >= floor]
    kept.sort(key=lambda g: -g[2].right)
    for length, (weight, cut), t in kept[:5]:
        print(f"  long > {length} words: weight {weight:g}, floor {cut:g}: {t}")
    length, long, _ = kept[0]
    if args.bench:
        bench = load(args.bench)
        for split in ("tune", "heldout", "fresh", "narrative"):
            part = [r for r in bench if r["split"] == split]
            print(f"bench {split}: {tally(part, 10**6, SHORT)} -> {tally(part, length, long)}")


if __name__ == "__main__":
    main()
