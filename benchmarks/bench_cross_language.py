"""Questions asked of documents all of the other language (``retrieve.crosslingual``):
English questions of Romanian acts, and Romanian questions of English contracts.

The questions of ``data/natural_en_on_ro.jsonl`` are English versions of
``data/natural_ro.jsonl``'s (each row keeps its Romanian question), asked of the same
matter as ``bench_natural.py``'s Romanian questions; the splits are theirs: *tune* (the
glossary's gaps were filled from its misses), *heldout* (written before the glossary,
by the glossary's author: not blind), *fresh* (written after the glossary was frozen).
Prints, per split, the right article first, answered, absent topics refused, and
refusals and notes in English.

The questions of ``data/natural_cuad_ro.jsonl`` are Romanian versions of
``data/natural_cuad.jsonl``'s English paraphrases of CUAD categories, asked of the same
validation contracts one at a time (``bench_natural.py``'s English part): coverage and
precision per split, as there; tune and held out were written before the glossary's
contracts section, fresh after it was frozen.

*Mixed*: the same English questions about the acts, asked of a matter that holds the
eleven acts and ten English CUAD contracts, each question naming its act ("Under the
Labour Code, …", as a lawyer points at the law in a matter of both languages; a question
that names it already is asked as written). Such a question is read in Romanian because
the documents it names are all Romanian; the same questions naming no act are printed
too (a matter of both languages: asked as typed, in English), and, as a control, the
named questions asked of the acts' matter alone (when the profile holds it: run with the
acts part).

    .venv/bin/python benchmarks/bench_cross_language.py [--keep DIR]
        [--only acts|contracts|mixed] [-v]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bench_natural
from bench_answers import cuad_rows
from bench_natural import ask_en, ask_ro, cites, load, ratio, report_en

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.answer.messages import message
from letadesk.domain import Answer
from letadesk.references import parse_references
from letadesk.workspace import Workspace

DATA = Path(__file__).with_name("data") / "natural_en_on_ro.jsonl"
DATA_CONTRACTS = Path(__file__).with_name("data") / "natural_cuad_ro.jsonl"
RO_LEADS = tuple(message(key, "ro") for key in ("no_source", "out_of_scope", "no_provision"))
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


MATTER_MIXED = "Mixed RO+EN"
# How an English question names each act (parsed by letadesk.references).
ACT_NAMES = {
    "penal": "the Criminal Code",
    "muncii": "the Labour Code",
    **{
        act: f"Law {act.replace('-', '/')}"
        for act in bench_natural.RO_ACTS
        if act not in ("penal", "muncii")
    },
}


def build_mixed(ws: Workspace, root: Path, docs: Path, contracts: int) -> None:
    """The mixed matter: bench_natural's acts and ``contracts`` CUAD validation contracts."""
    acts = [root / "ro" / path for path in bench_natural.RO_ACTS.values()]
    ws.documents.ingest(acts, matter=MATTER_MIXED)
    docs.mkdir(parents=True, exist_ok=True)
    cuad_rows(root, contracts, docs)
    ws.documents.ingest([docs], matter=MATTER_MIXED)


def naming(row: dict[str, Any]) -> str:
    """The question naming its act (as written when it names one already)."""
    question = str(row["question"])
    if any(r.act is not None for r in parse_references(question)):
        return question
    return f"Under {ACT_NAMES[row['act']]}, {question[:1].lower()}{question[1:]}"


def mixed_report(ws: Workspace, rows: list[dict[str, Any]], verbose: bool) -> list[str]:
    """Right article first of the article questions, named and not, in the mixed matter;
    named in the matter of the acts alone too, when the profile holds it (a control)."""
    for matter in (MATTER_MIXED, bench_natural.MATTER_RO):
        for doc in ws.documents.all(matter):
            for path in bench_natural.RO_ACTS.values():
                if doc.path.endswith(path):
                    bench_natural._DOCS.setdefault(path, set()).add(int(doc.id))
    options = AskOptions(generate=False, language="en")
    arts = [r for r in rows if r["kind"] == "article"]
    lines = [f"## English questions on the acts in a matter of both languages ({MATTER_MIXED})"]
    runs: list[tuple[str, str, Callable[[dict[str, Any]], str]]] = [
        ("naming the act", MATTER_MIXED, naming),
        ("as written", MATTER_MIXED, lambda r: str(r["question"])),
    ]
    if ws.documents.all(bench_natural.MATTER_RO):
        runs.append(
            ("naming the act, in the matter of the acts alone", bench_natural.MATTER_RO, naming)
        )
    for label, matter, asked in runs:
        lines += ["", f"### {label}"]
        for split in ("tune", "heldout", "fresh"):
            part = [r for r in arts if r["split"] == split]
            answers = [ws.ask(asked(r), matter=matter, options=options) for r in part]
            right = [
                cites(a, r["act"], r["article"], first=True)
                for r, a in zip(part, answers, strict=True)
            ]
            read = sum(any("read in Romanian" in n for n in a.readings) for a in answers)
            lines.append(
                f"{split:8} right article first {ratio(sum(right), len(part))}, "
                f"answered {ratio(sum(a.answered for a in answers), len(part))}, "
                f"read in Romanian {ratio(read, len(part))}"
            )
            if verbose:
                lines += [
                    f"  {'OK' if ok else 'XX'} {r['act']} {r['article']} | "
                    f"{a.claims[0].citations[0].locator if a.claims else '-'} | {asked(r)}"
                    for r, a, ok in zip(part, answers, right, strict=True)
                ]
    return lines


def contracts_report(results: list[tuple[dict[str, Any], Answer]], verbose: bool) -> list[str]:
    lines = report_en(results, verbose, "Romanian questions on English CUAD contracts")
    refused = [a for _, a in results if not a.answered]
    in_ro = sum(a.reason.startswith(RO_LEADS) for a in refused)
    read = sum(any("citită în engleză" in n for n in a.readings) for _, a in results)
    lines += [
        "",
        f"read in English words: {ratio(read, len(results))}",
        f"refusals of these Romanian questions reading Romanian: {ratio(in_ro, len(refused))}",
    ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the profile here and reuse it")
    parser.add_argument("--only", choices=("acts", "contracts", "mixed"), help="one part")
    parser.add_argument("--contracts", type=int, default=30, help="CUAD validation contracts")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every question")
    args = parser.parse_args()
    root = shared_data()
    with tempfile.TemporaryDirectory() as tmp:
        home = args.keep or Path(tmp)
        ws = Workspace.open(home / "profile")
        started = time.perf_counter()
        lines: list[str] = []
        if args.only in (None, "acts"):
            bench_natural.build(ws, root, home / "cuad", 0, "ro")
            rows = load(DATA)
            lines += report(rows, ask_ro(ws, rows), args.verbose)
        if args.only in (None, "contracts"):
            bench_natural.build(ws, root, home / "cuad", args.contracts, "en")
            results = ask_en(ws, root, args.contracts, data=DATA_CONTRACTS)
            lines += contracts_report(results, args.verbose)
        if args.only in (None, "mixed"):
            build_mixed(ws, root, home / "mixed", 10)
            lines += mixed_report(ws, load(DATA), args.verbose)
        print("\n".join(lines))
        print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
