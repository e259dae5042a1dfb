"""Choose Gate 2's Romanian meaning weights on the training questions
(``letadesk.answer.semantic``: the semantic weight, the sentence weight and the topic
floor, for short and for long questions; the bar's raise and how near a sentence must
be to count).

Input: what Gate 2 saw for every training question (``training/questions_ro``, asked of
a matter of their eight acts), dumped by ``benchmarks/natural_features.py --train``, and
optionally the same dump of ``bench_natural.py``'s questions (``--bench``: never chosen
on, only reported). Gate 2's decision is replayed per question from the dumped parts of
each passage's score (the judge's combined score, the title lift, the share of the topic
it holds, the e5 cosines of its fragment and of its nearest sentence): a passage under
the floor scores 0, the others the judge's score plus the lifts; to every passage is added
``weight`` x (cosine - the candidates' median) and, where its nearest sentence reaches
``near``, ``sentence weight`` x (that cosine - the candidates' median of it); the best one
answers when it reaches the judge's bar plus ``raise``. Two grids are searched for the
setting that puts the right article first for the most training questions while
refusing at least ``--absent`` of the absent ones (by default what the shipped setting
refuses): the length past which a question is long and the weight and floor of short and
of long questions (the sentence part as shipped), then the sentence weights, the raise
and ``near`` (the rest as shipped).

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
    BAR_RAISE,
    LONG_MIN_COVERAGE,
    LONG_QUESTION_WORDS,
    LONG_SEMANTIC_WEIGHT,
    LONG_SENTENCE_WEIGHT,
    MIN_COVERAGE,
    SEMANTIC_WEIGHT,
    SENTENCE_NEAR,
    SENTENCE_WEIGHT,
    is_long,
)

# (words past which a question is long, (weight, floor) short, (weight, floor) long)
Words = tuple[int, tuple[float, float], tuple[float, float]]
# (sentence weight short, sentence weight long, the bar's raise, near)
Sentences = tuple[float, float, float, float]
Setting = tuple[Words, Sentences]

SHIPPED: Setting = (
    (
        LONG_QUESTION_WORDS,
        (SEMANTIC_WEIGHT["ro"], MIN_COVERAGE["ro"]),
        (LONG_SEMANTIC_WEIGHT["ro"], LONG_MIN_COVERAGE["ro"]),
    ),
    (SENTENCE_WEIGHT["ro"], LONG_SENTENCE_WEIGHT["ro"], BAR_RAISE["ro"], SENTENCE_NEAR),
)
LENGTHS = (15, 20, 25, 30)
SHORT_WEIGHTS = (1.0, 2.0, 3.0, 4.0)
SHORT_FLOORS = (0.4, 0.45, 0.5, 0.55, 0.6, 0.65)
LONG_WEIGHTS = (4.0, 8.0, 12.0)
LONG_FLOORS = (0.1, 0.2, 0.3, 0.4)
SENTENCE_WEIGHTS = (0.0, 2.0, 4.0, 6.0)
LONG_SENTENCE_WEIGHTS = (0.0, 2.0, 4.0)
RAISES = (0.0, 0.005, 0.01, 0.015, 0.02, 0.025)
NEARS = (0.0, 0.85, 0.86, 0.87)


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


def replay(
    row: dict[str, Any], weight: float, floor: float, sentences: tuple[float, float, float]
) -> Tally:
    """Gate 2's decision on one question with ``weight``, ``floor`` and ``sentences``
    (the sentence weight, the bar's raise, near)."""
    sentence_weight, raised, near = sentences
    if row["kind"] not in ("article", "absent"):
        return Tally()
    gate: dict[str, Any] = row["gates"][-1] if row["gates"] else {"passages": []}
    passages = gate["passages"]
    if not passages:
        return Tally(articles=1) if row["kind"] == "article" else Tally(refused=1, absent=1)
    cosines = [p["cosine"] for p in passages if p["cosine"] is not None]
    center = median(cosines) if cosines else 0.0
    nearest = [p["nearest"] for p in passages if p.get("nearest") is not None]
    sentence_center = median(nearest) if nearest else 0.0

    def score(p: dict[str, Any]) -> float:
        floored = p["via"] not in ("reference", "title") and p["coverage"] < floor
        cosine = center if p["cosine"] is None else p["cosine"]
        added = weight * (cosine - center)
        sentence = p.get("nearest")
        if sentence is not None and sentence >= near:
            added += sentence_weight * (sentence - sentence_center)
        words = p["judge"] + p["lift"] + p.get("valued", 0.0)
        return float((0.0 if floored else words) + added)

    best = max(passages, key=score)
    bar = gate["threshold"] + raised
    answers = score(best) >= bar or any(p["via"] == "reference" for p in passages)
    if row["kind"] == "article":
        return Tally(right=int(answers and best.get("gold", False)), articles=1)
    return Tally(refused=int(not answers), absent=1)


def tally(rows: list[dict[str, Any]], setting: Setting) -> Tally:
    """Every question replayed: the short (weight, floor) and sentence weight up to
    ``length`` words, the long ones past."""
    (length, short, long), (short_sentence, long_sentence, raised, near) = setting
    total = Tally()
    for row in rows:
        asked = row["gates"][-1]["asked"] if row["gates"] else row["question"]
        longer = is_long(asked, length)
        weight, floor = long if longer else short
        sentence = long_sentence if longer else short_sentence
        total += replay(row, weight, floor, (sentence, raised, near))
    return total


def best(
    rows: list[dict[str, Any]], settings: list[Setting], absent: float
) -> list[tuple[Setting, Tally]]:
    """``settings`` that refuse at least ``absent`` of the absent topics, the most right
    first."""
    grid = [(setting, tally(rows, setting)) for setting in settings]
    kept = [g for g in grid if g[1].refused / g[1].absent >= absent]
    return sorted(kept, key=lambda g: -g[1].right)


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
    words: list[Setting] = [
        (w, SHIPPED[1])
        for w in itertools.product(
            LENGTHS,
            itertools.product(SHORT_WEIGHTS, SHORT_FLOORS),
            itertools.product(LONG_WEIGHTS, LONG_FLOORS),
        )
    ]
    sentences: list[Setting] = [
        (SHIPPED[0], s)
        for s in itertools.product(SENTENCE_WEIGHTS, LONG_SENTENCE_WEIGHTS, RAISES, NEARS)
    ]
    chosen = SHIPPED
    for name, settings in (("words", words), ("sentences", sentences)):
        kept = best(train, settings, floor)
        print(f"best {name} settings refusing at least {floor:.2f} of the absent topics:")
        for setting, t in kept[:5]:
            print(f"  {setting}: {t}")
        if kept and kept[0][1].right > tally(train, chosen).right:
            chosen = kept[0][0]
    if args.bench:
        bench = load(args.bench)
        for split in ("tune", "heldout", "fresh", "narrative"):
            part = [r for r in bench if r["split"] == split]
            print(f"bench {split}: {tally(part, SHIPPED)} -> {tally(part, chosen)}")


if __name__ == "__main__":
    main()
