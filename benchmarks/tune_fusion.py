"""Choose the hybrid fusion parameters on the *dev* split of the retrieval sets.

For every dev query (see ``retrieval_sets.is_dev``) the BM25 and dense candidates are
collected once; then every weighted-RRF setting of the grid is scored by mean
character-level recall@8, per *kind* of query (``fusion.query_kind``: language,
question or statement, whole matter or scoped to a document; decided as at run time).
English questions are CUAD's (over the matter: plain and naming the contract; scoped),
English statements ContractNLI's hypotheses (over the matter; scoped), Romanian
questions the question set (over the matter). Settings that beat the better single
retriever on every dev setting of the kind rank first, then by mean recall. The best
per kind is printed as the ``BY_KIND`` table of ``letadesk/retrieve/fusion.py`` and the
whole grid is written to ``results/fusion_tuning.txt``. Eval queries are never read.

    .venv/bin/python benchmarks/tune_fusion.py [--cuad N] [--cnli N] [--ro-max-frags N]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from pathlib import Path

from letadesk.retrieve.fusion import FusionParams, QueryKind, hybrid_fusion, query_kind
from retrieval_sets import (
    Candidates,
    as_naming,
    cache_query_embeddings,
    cnli_queries,
    collect,
    cuad_queries,
    mean_recall,
    ro_queries,
)

RESULTS = Path(__file__).resolve().parent / "results" / "fusion_tuning.txt"
LEXICAL_WEIGHTS = (0.3, 0.5, 0.7, 0.85, 1.0, 1.2, 1.5, 2.0, 3.0, 5.0)  # dense weight is 1
RRF_KS = (5, 10, 20, 30, 60, 100)
AT = 8


Settings = list[tuple[str, list[Candidates]]]  # (setting name, its dev candidates)


def dev_settings(args: argparse.Namespace) -> dict[QueryKind, Settings]:
    """query kind -> the dev settings of that kind."""
    out: dict[QueryKind, Settings] = {}
    for key in args.sets.split(","):
        if key == "cuad":
            ws, queries, _ = cuad_queries(args.cuad)
            matter = "CUAD"
            variants = [
                ("whole", queries, False),
                ("scoped", queries, True),
                ("naming the contract", as_naming(queries), False),
            ]
        elif key == "cnli":
            ws, queries, _ = cnli_queries(args.cnli)
            matter = "ContractNLI"
            variants = [("whole", queries, False), ("scoped", queries, True)]
        else:
            ws, queries, _ = ro_queries(args.ro_max_frags)
            matter = "RO"
            variants = [("whole", queries, False)]
        cache_query_embeddings(ws)
        for variant, qs, scoped in variants:
            dev = [q for q in qs if q.dev]
            cands = collect(
                ws, matter, dev, scoped=scoped, cascade=False, label=f"{matter} {variant}"
            )
            kinds: dict[QueryKind, list[Candidates]] = {}
            for c in cands:
                kinds.setdefault(query_kind(c.query.text, scoped=scoped), []).append(c)
            for kind, of_kind in kinds.items():
                out.setdefault(kind, []).append(
                    (f"{matter} {variant} (dev, {len(of_kind)} q.)", of_kind)
                )
        ws.close()
    return out


def score(settings: Sequence[tuple[str, list[Candidates]]], params: FusionParams) -> list[float]:
    """Recall@AT per setting, fused with ``params``."""
    return [
        mean_recall(
            cands,
            lambda c: [
                i
                for i, _ in hybrid_fusion(c.query.text, c.lexical, c.dense, limit=AT, params=params)
            ],
            AT,
        )
        for _, cands in settings
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cuad", type=int, default=200, help="CUAD contracts (all: 200)")
    parser.add_argument("--cnli", type=int, default=0, help="ContractNLI NDAs (0 = all)")
    parser.add_argument("--ro-max-frags", type=int, default=0, help="0 = all Romanian files")
    parser.add_argument("--sets", default="cuad,cnli,ro")
    args = parser.parse_args()
    started = time.perf_counter()
    lines = ["# Fusion tuning on the dev split (recall@8, character-level)", ""]
    chosen: dict[QueryKind, FusionParams] = {}
    for kind, settings in sorted(dev_settings(args).items()):
        if not kind[0]:
            continue  # unclear language: plain RRF at run time
        names = [n for n, _ in settings]
        single = {
            "BM25": [mean_recall(c, lambda x: [i for i, _ in x.lexical], AT) for _, c in settings],
            "dense": [mean_recall(c, lambda x: [i for i, _ in x.dense], AT) for _, c in settings],
        }
        grid = {
            (w, k): score(settings, FusionParams(lexical=w, dense=1.0, k=k))
            for w, k in itertools.product(LEXICAL_WEIGHTS, RRF_KS)
        }
        best_single = [max(b, d) for b, d in zip(single["BM25"], single["dense"], strict=True)]

        def key(
            wk: tuple[float, int],
            best: list[float] = best_single,
            table: dict[tuple[float, int], list[float]] = grid,
        ) -> tuple[bool, float, float]:
            r = table[wk]
            margin = min(a - b for a, b in zip(r, best, strict=True))
            # settings that beat the better single retriever everywhere first, then the
            # mean recall, then the worst margin
            return (margin >= 0, round(sum(r) / len(r), 4), margin)

        w, k = max(grid, key=key)
        chosen[kind] = FusionParams(lexical=w, dense=1.0, k=k)
        lines += [
            f"## {kind[0]} {kind[1]}s in a {kind[2]}",
            "",
            "| fusion | " + " | ".join(names) + " | mean |",
            "|---|" + "---:|" * (len(names) + 1),
        ]
        rows = [(name, vals) for name, vals in single.items()]
        rows += [
            (f"RRF lexical {wk[0]:g} / dense 1, k={wk[1]}", grid[wk])
            for wk in sorted(grid, key=key, reverse=True)
        ]
        for name, vals in rows:
            mark = " **chosen**" if name == f"RRF lexical {w:g} / dense 1, k={k}" else ""
            lines.append(
                f"| {name}{mark} | "
                + " | ".join(f"{100 * v:.1f}%" for v in vals)
                + f" | {100 * sum(vals) / len(vals):.1f}% |"
            )
        lines.append("")
    lines.append("BY_KIND: dict[QueryKind, FusionParams] = {")
    lines += [
        f'    ("{lang}", "{form}", "{scope}"): FusionParams(lexical={p.lexical:g}, '
        f"dense={p.dense:g}, k={p.k}),"
        for (lang, form, scope), p in chosen.items()
    ]
    lines += ["}", "", f"run time {time.perf_counter() - started:.0f} s"]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
