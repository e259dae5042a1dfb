"""English questions asked of a matter of Romanian acts (``retrieve.crosslingual``).

The questions of ``data/natural_en_on_ro.jsonl`` are English versions of
``data/natural_ro.jsonl``'s (each row keeps its Romanian question), asked of the same
matter as ``bench_natural.py``'s Romanian questions; the splits are theirs: *tune* (the
glossary's gaps were filled from its misses), *heldout* (written before the glossary,
by the glossary's author: not blind), *fresh* (written after the glossary was frozen).
Prints, per split, the right article first, answered, absent topics refused, and
refusals and notes in English.

    .venv/bin/python benchmarks/bench_cross_language.py [--keep DIR] [-v]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import bench_natural
from bench_natural import ask_ro, cites, load, ratio

from _common import shared_data
from letadesk.answer.messages import message
from letadesk.domain import Answer
from letadesk.workspace import Workspace

DATA = Path(__file__).with_name("data") / "natural_en_on_ro.jsonl"
EN_LEADS = tuple(message(key, "en") for key in ("no_source", "out_of_scope", "no_provision"))


def report(rows: list[dict[str, object]], answers: list[Answer], verbose: bool) -> list[str]:
    lines = ["## English questions on the Romanian acts (bench_natural's matter)"]
    for split in ("tune", "heldout", "fresh"):
        idx = [i for i, r in enumerate(rows) if r["split"] == split]
        arts = [i for i in idx if rows[i]["kind"] == "article"]
        absent = [i for i in idx if rows[i]["kind"] == "absent"]
        if not idx:
            continue
        first = [
            i for i in arts if cites(answers[i], rows[i]["act"], rows[i]["article"], first=True)
        ]
        read = sum(any("read in Romanian" in n for n in answers[i].readings) for i in idx)
        lines += [
            "",
            f"### split {split}",
            f"right article, first claim:   {ratio(len(first), len(arts))}",
            f"answered (article questions): "
            f"{ratio(sum(answers[i].answered for i in arts), len(arts))}",
            f"absent topics refused:        "
            f"{ratio(sum(not answers[i].answered for i in absent), len(absent))}",
            f"read in Romanian words:       {ratio(read, len(idx))}",
        ]
    refused = [a for a in answers if not a.answered]
    in_en = sum(a.reason.startswith(EN_LEADS) for a in refused)
    lines += [
        "",
        f"refusals of these English questions reading English: {ratio(in_en, len(refused))}",
    ]
    if verbose:
        lines += [
            "",
            "Each question: mark kind split act art | first citation | question -> reading",
        ]
        for r, a in zip(rows, answers, strict=True):
            mark = ""
            if r["kind"] == "article":
                mark = "OK " if cites(a, r["act"], r["article"], first=True) else "XX "
            cited = a.claims[0].citations[0].locator if a.claims else "-"
            reading = a.readings[0] if a.readings else "(not read in Romanian)"
            lines.append(
                f"  {mark}{str(r['kind'])[:3]} {str(r['split'])[:4]} {r.get('act', '')} "
                f"{r.get('article', '')} | {cited} | {r['question']} -> {reading}"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the profile here and reuse it")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every question")
    args = parser.parse_args()
    root = shared_data()
    with tempfile.TemporaryDirectory() as tmp:
        home = args.keep or Path(tmp)
        ws = Workspace.open(home / "profile")
        bench_natural.build(ws, root, home / "cuad", 0, "ro")
        rows = load(DATA)
        started = time.perf_counter()
        answers = ask_ro(ws, rows)
        took = time.perf_counter() - started
        print("\n".join(report(rows, answers, args.verbose)))
        print(f"\n({len(rows)} questions in {took:.0f} s)")


if __name__ == "__main__":
    main()
