"""Benchmark Gate 1 (scope) on the held-out labelled set.

Usage: .venv/bin/python benchmarks/bench_scope.py [path/to/scope_questions.jsonl] [-v]

Prints precision, recall and accuracy for the positive class "legal", overall and per
language, for the lexicon alone, for e5's legal-meaning head alone
(:mod:`letadesk.verify.legal_meaning`) and for both as Gate 1 reads them (legal when either
says so), and (with -v) every question the lexicon misclassifies with the gate's reason.
The set is held out: it was written before the lexicon and is never used to tune it, nor
the head. The default set's figures go to ``results/scope.txt``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from letadesk.index.embedder import make_embedder
from letadesk.verify.legal_meaning import legal_meaning_head
from letadesk.verify.scope import check_scope

DEFAULT_SET = Path(__file__).parent / "data" / "scope_questions.jsonl"
RESULTS = Path(__file__).parent / "results" / "scope.txt"
READERS = ("lexicon", "meaning head", "either")


@dataclass(frozen=True, slots=True)
class Item:
    question: str
    lang: str
    legal: bool


@dataclass(slots=True)
class Tally:
    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0

    def add(self, gold: bool, predicted: bool) -> None:
        if gold and predicted:
            self.tp += 1
        elif gold:
            self.fn += 1
        elif predicted:
            self.fp += 1
        else:
            self.tn += 1

    def line(self, label: str) -> str:
        n = self.tp + self.fp + self.tn + self.fn
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        accuracy = (self.tp + self.tn) / n if n else 0.0
        return (
            f"{label:<8} n={n:<4} precision={precision:.3f} recall={recall:.3f} "
            f"accuracy={accuracy:.3f}  (tp={self.tp} fp={self.fp} tn={self.tn} "
            f"fn={self.fn})"
        )


def load(path: Path) -> list[Item]:
    """Read a JSONL set: one {"question", "lang", "legal"} object a line.

    Rows without "legal"/"lang" (e.g. ro_questions.jsonl, all legal Romanian
    questions) count as legal and Romanian, so that file measures recall alone.
    """
    items = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            items.append(Item(row["question"], row.get("lang", "ro"), bool(row.get("legal", True))))
    return items


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    paths = [a for a in argv if a != "-v"]
    items = load(Path(paths[0]) if paths else DEFAULT_SET)
    head = legal_meaning_head()
    if head is None:
        raise SystemExit("the legal-meaning head is missing (training/fit_scope.py)")
    embedder = make_embedder("auto")
    tallies: dict[str, dict[str, Tally]] = {r: {"all": Tally()} for r in READERS}
    misses: list[str] = []
    for item in items:
        verdict = check_scope(item.question)
        read = head.means_law(embedder.name, embedder.embed_query(item.question))
        said = {"lexicon": verdict.in_scope, "meaning head": bool(read)}
        said["either"] = said["lexicon"] or said["meaning head"]
        for reader, legal in said.items():
            for key in ("all", item.lang):
                tallies[reader].setdefault(key, Tally()).add(item.legal, legal)
        if verdict.in_scope != item.legal:
            gold = "legal" if item.legal else "not legal"
            misses.append(
                f"  [{item.lang}, gold {gold}, head {'legal' if read else 'not'}] "
                f"{item.question}\n    -> {verdict.reason}"
            )
    lines = [f"Gate 1 (scope), positive class = legal; {len(items)} questions, {embedder.name}"]
    for reader in READERS:
        lines.append(f"{reader}:")
        lines += [tally.line(key) for key, tally in tallies[reader].items()]
    print("\n".join(lines))
    if verbose and misses:
        print("misclassified by the lexicon:")
        print("\n".join(misses))
    if not paths:
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
