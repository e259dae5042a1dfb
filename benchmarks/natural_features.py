"""Dump what Gate 2 sees for every Romanian question of ``bench_natural.py`` (or of the
training questions, ``--train``: ``training/questions_ro`` asked of a matter of the acts
they were written on, :data:`TRAIN_ACTS`), to study and fit (offline,
``training/fit_meaning.py``) which signals put the right article first and refuse absent
topics.

One JSON line per question: its row (split, kind, act, article), whether the shipped
answer cited the right article first, Gate 2's bar, and for each retrieved passage (in
retrieval order) its retrieval scores, the judge's combined score, the title lift, the
share of the question's topic it holds, the e5 cosine of the question to it and to its
nearest sentence, Gate 2's
final score and whether it is of the expected article (``gold``).

    .venv/bin/python benchmarks/natural_features.py OUT.jsonl [--keep DIR] [--split S]
        [--train] [--k N]
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import bench_natural

from _common import shared_data
from letadesk.answer.ask import Asker, AskOptions
from letadesk.answer.relevance import passage_relevance
from letadesk.answer.scoring import JudgeScorer, scored_units
from letadesk.answer.semantic import SemanticScorer
from letadesk.answer.titles import TitledScorer
from letadesk.domain import Passage
from letadesk.workspace import Workspace

_CAPTURED: list[tuple[str, list[Passage], Any]] = []
_ARTICLE = re.compile(r"^art\. (\S+)")
TRAIN_DIR = Path(__file__).resolve().parents[1] / "training" / "questions_ro"
# The acts the training questions were written on (none of bench_natural's acts).
TRAIN_ACTS = (
    "codes_original/codul_civil_L287-2009_forma_initiala_MO511-2009.txt",
    "codes_original/codul_procedura_civila_L134-2010_forma_initiala_MO485-2010.txt",
    "codes_original/codul_procedura_penala_L135-2010_forma_initiala_MO486-2010.txt",
    "codes_original/codul_fiscal_L227-2015_forma_initiala_MO688-2015.txt",
    "codes_original/codul_procedura_fiscala_L207-2015_forma_initiala_MO547-2015.txt",
    "codes_original/constitutia_romaniei_2003_republicata.txt",
    "laws_consolidated_2026/legea_85-2014_insolventa.txt",
    "laws_consolidated_2026/legea_98-2016_achizitii_publice.txt",
)
MATTER_TRAIN = "Natural RO training"


def _spy() -> None:
    """Record every Gate 2 the asker runs (question read, passages, its reading)."""
    original = Asker._gate2

    def gate2(self: Asker, question: str, passages: list[Passage], *args: Any) -> Any:
        gate = original(self, question, passages, *args)
        _CAPTURED.append((question, passages, gate))
        return gate

    Asker._gate2 = gate2  # type: ignore[method-assign,assignment]


def _chain(scorer: Any) -> tuple[SemanticScorer | None, TitledScorer, Any]:
    semantic = scorer if isinstance(scorer, SemanticScorer) else None
    titled = semantic._inner if semantic is not None else scorer
    assert isinstance(titled, TitledScorer)
    return semantic, titled, titled._inner


def passage_features(p: Passage, gate: Any, rank: int) -> dict[str, Any]:
    semantic, titled, inner = _chain(gate.scorer)
    fid = p.fragment.id
    raw = None
    if isinstance(inner, JudgeScorer):
        read = [inner._scores[t] for t in scored_units(p.fragment.text) if t in inner._scores]
        raw = max(read, default=None)
    article = _ARTICLE.match(p.fragment.locator or "")
    return {
        "rank": rank,
        "via": p.via,
        "doc": p.document.path,
        "article": article.group(1) if article else "",
        "locator": p.fragment.locator,
        "chars": len(p.fragment.text),
        "bm25": p.scores.bm25,
        "dense": p.scores.dense,
        "fused": p.scores.fused,
        "judge": inner.passage(p),
        "judge_raw": raw,
        "lift": titled._lift(p),
        "valued": titled.unfloored(p) - inner.passage(p) - titled._lift(p),
        "short": titled._falls_short(p),
        "coverage": passage_relevance(titled._topic, p),
        "cosine": semantic._similarity.get(fid) if semantic is not None else None,
        "nearest": semantic._nearest.get(fid) if semantic is not None else None,
        "final": gate.scorer.passage(p),
        "text": p.fragment.text[:300],
    }


def dump(
    ws: Workspace,
    rows: list[dict[str, Any]],
    out: Path,
    *,
    matter: str,
    acts: dict[str, str],
    k: int = AskOptions().k,
) -> None:
    """Ask each row of ``matter`` and write what Gate 2 saw. ``acts``: a row's act (its
    short name or path) to its path under ../shared/data/ro."""
    _spy()
    for doc in ws.documents.all(matter):
        for path in acts.values():
            if doc.path.endswith(path):
                bench_natural._DOCS.setdefault(path, set()).add(int(doc.id))
    options = AskOptions(generate=False, language="en", k=k)
    with out.open("w", encoding="utf-8") as sink:
        for row in rows:
            _CAPTURED.clear()
            answer = ws.ask(row["question"], matter=matter, options=options)
            path = acts.get(row.get("act", ""), "")
            right = row["kind"] == "article" and bench_natural.cites(
                answer, path, row["article"], first=True
            )
            record: dict[str, Any] = {
                **row,
                "answered": answer.answered,
                "reason": answer.reason[:120],
                "right": right,
                "gates": [],
            }
            for asked, passages, gate in _CAPTURED:
                feats = [passage_features(p, gate, i) for i, p in enumerate(passages)]
                if row["kind"] == "article":
                    for f in feats:
                        f["gold"] = f["doc"].endswith(path) and f["article"] == row["article"]
                record["gates"].append(
                    {"asked": asked, "threshold": gate.scorer.threshold, "passages": feats}
                )
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            sink.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--keep", type=Path, help="the profile to build and reuse")
    parser.add_argument("--split", help="one split only")
    parser.add_argument("--train", action="store_true", help="the training questions")
    parser.add_argument("--k", type=int, default=AskOptions().k, help="passages asked for")
    args = parser.parse_args()
    root = shared_data()
    if args.train:
        rows = [r for f in sorted(TRAIN_DIR.glob("*.jsonl")) for r in bench_natural.load(f)]
        acts, matter = {path: path for path in TRAIN_ACTS}, MATTER_TRAIN
    else:
        rows = bench_natural.load(bench_natural.DATA_RO)
        acts, matter = bench_natural.RO_ACTS, bench_natural.MATTER_RO
    rows = [r for r in rows if args.split in (None, r.get("split"))]
    with tempfile.TemporaryDirectory() as tmp:
        home = args.keep or Path(tmp)
        ws = Workspace.open(home / "profile")
        if args.train:
            ws.documents.ingest([root / "ro" / path for path in TRAIN_ACTS], matter=matter)
        else:
            bench_natural.build(ws, root, home / "cuad", 0, "ro")
        dump(ws, rows, args.out, matter=matter, acts=acts, k=args.k)
        ws.close()


if __name__ == "__main__":
    main()
