"""Natural questions, as lawyers type them: Romanian questions naming no article about
acts of ../shared/data/ro, and English paraphrases of CUAD's categories.

Romanian (``data/natural_ro.jsonl``), asked of one matter holding every act of
:data:`RO_ACTS` (a firm's matter of legislation: the right act must be found too):

* ``kind: "article"``: the answer's first claim must cite ``article`` of ``act`` (any
  alineat or litera of it): the *right article* rate; also whether any claim cites it;
* ``kind: "absent"``: a legal question on a topic none of the acts treats: must be
  refused (the *absent topics refused* rate);
* ``kind: "off_topic"``: not a legal question: must be refused;
* a legal question (article or absent) refused as off-topic ("not a legal question")
  counts in *off-topic refusals of legal questions* (target 0).

``split``: ``tune`` (acts the fixes were developed on), ``heldout`` (other acts, not
used for tuning: the consolidated laws, which the judge was not trained on either; their
failures were read once, which motivated spelling out acronyms), or ``fresh`` (three
more acts, questions written by someone who had seen none of the results, and measured
after every change was made: the honest held-out figure), or ``narrative`` (questions
told as a client tells them, a situation and then the question, on the tuning acts;
written to tune on, no change kept: see the docs). Figures are printed per split, and
per category.

English (``data/natural_cuad.jsonl``): several phrasings per CUAD category, none of them
the "What does this agreement say about X?" template, asked of each of ``--contracts``
CUAD validation contracts that Gate 2 was not tuned on (one contract at a time, as in
``bench_answers.py``); ``split`` by category (``tune``, ``heldout``, ``parties`` and
``fresh``: ten more categories, phrased by someone who saw nothing of the project; no
setting was chosen on them). Coverage: answered / answerable; precision:
claims whose quote overlaps the category's annotated excerpt, of all claims on
answerable questions (as ``bench_answers.py``).

    .venv/bin/python benchmarks/bench_natural.py [--keep DIR] [--contracts 10] [-v]
        [--only ro|en]

Writes ``results/natural.txt``.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from bench_answers import cuad_rows, tuned_documents

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.answer.evaluate import quote_on_gold
from letadesk.answer.messages import message
from letadesk.domain import Answer
from letadesk.workspace import Workspace

HERE = Path(__file__).resolve().parent
DATA_RO = HERE / "data" / "natural_ro.jsonl"
DATA_EN = HERE / "data" / "natural_cuad.jsonl"
RESULTS = HERE / "results" / "natural.txt"
MATTER_RO, MATTER_EN = "Natural RO", "Natural EN"
RO_ACTS = {
    "penal": "codes_original/codul_penal_L286-2009_forma_initiala_MO510-2009.txt",
    "muncii": "codes_original/codul_muncii_L53-2003_forma_initiala_MO72-2003.txt",
    "544-2001": "laws_consolidated_2026/legea_544-2001_acces_informatii.txt",
    "190-2018": "laws_consolidated_2026/legea_190-2018_gdpr.txt",
    "50-1991": "laws_consolidated_2026/legea_50-1991_autorizare_constructii.txt",
    "62-2011": "laws_consolidated_2026/legea_62-2011_dialog_social.txt",
    "10-1995": "laws_consolidated_2026/legea_10-1995_calitate_constructii.txt",
    "101-2016": "laws_consolidated_2026/legea_101-2016_remedii.txt",
    "362-2018": "laws_consolidated_2026/legea_362-2018_nis.txt",
    "215-2001": "laws_consolidated_2026/legea_215-2001_admin_locala.txt",
    "303-2004": "laws_consolidated_2026/legea_303-2004_statut_magistrati.txt",
}
OFF_TOPIC_LEADS = tuple(message("out_of_scope", lang) for lang in ("en", "ro"))
RO_LEADS = tuple(message(key, "ro") for key in ("no_source", "out_of_scope", "no_provision"))


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def build(ws: Workspace, root: Path, docs: Path, contracts: int, only: str) -> None:
    if only != "en":
        ws.documents.ingest([root / "ro" / path for path in RO_ACTS.values()], matter=MATTER_RO)
    if only != "ro":
        docs.mkdir(parents=True, exist_ok=True)
        cuad_rows(root, contracts, docs)  # writes the contracts (with bench_answers' FAKE)
        tuned = tuned_documents(root)
        for name in [p for p in docs.iterdir() if p.name in tuned]:
            name.unlink()
        ws.documents.ingest([docs], matter=MATTER_EN)


def off_topic(answer: Answer) -> bool:
    return not answer.answered and answer.reason.startswith(OFF_TOPIC_LEADS)


def cites(answer: Answer, act: str, article: str, *, first: bool) -> bool:
    """Whether the answer's first claim (or any, unless ``first``) cites the article of
    ``act`` (its short name in :data:`RO_ACTS`, or its path under ../shared/data/ro)."""
    wanted = re.compile(rf"^art\. {re.escape(article)}(?: |$)")
    path = RO_ACTS.get(act, act)
    claims = answer.claims[:1] if first else answer.claims
    return any(
        c.document_id in _DOCS.get(path, ()) and wanted.match(c.locator)
        for claim in claims
        for c in claim.citations
    )


_DOCS: dict[str, set[int]] = {}


def ask_ro(ws: Workspace, rows: list[dict[str, Any]]) -> list[Answer]:
    for doc in ws.documents.all(MATTER_RO):
        for path in RO_ACTS.values():
            if doc.path.endswith(path):
                _DOCS.setdefault(path, set()).add(int(doc.id))
    options = AskOptions(generate=False, language="en")  # the reply follows the question
    return [ws.ask(r["question"], matter=MATTER_RO, options=options) for r in rows]


def ratio(hits: int, total: int) -> str:
    return f"{hits}/{total} = {hits / total:.2f}" if total else "0/0"


def report_ro(rows: list[dict[str, Any]], answers: list[Answer], verbose: bool) -> list[str]:
    lines = ["## Romanian natural questions (one matter of the acts below)", ""]
    lines.append("acts: " + ", ".join(RO_ACTS))
    for split in ("tune", "heldout", "fresh", "narrative"):
        idx = [i for i, r in enumerate(rows) if r["split"] == split]
        arts = [i for i in idx if rows[i]["kind"] == "article"]
        absent = [i for i in idx if rows[i]["kind"] == "absent"]
        off = [i for i in idx if rows[i]["kind"] == "off_topic"]
        first = [
            i for i in arts if cites(answers[i], rows[i]["act"], rows[i]["article"], first=True)
        ]
        anyc = [
            i for i in arts if cites(answers[i], rows[i]["act"], rows[i]["article"], first=False)
        ]
        legal_off = [i for i in arts + absent if off_topic(answers[i])]
        acts = sorted({rows[i]["act"] for i in arts})
        lines += [
            "",
            f"### split {split} (acts: {', '.join(acts)})",
            f"right article, first claim:         {ratio(len(first), len(arts))}",
            f"right article, any claim:           {ratio(len(anyc), len(arts))}",
            f"answered (article questions):       "
            f"{ratio(sum(answers[i].answered for i in arts), len(arts))}",
            f"off-topic refusals of legal qs:     {ratio(len(legal_off), len(arts) + len(absent))}",
            f"absent topics refused:              "
            f"{ratio(sum(not answers[i].answered for i in absent), len(absent))}",
            f"off-topic questions refused:        "
            f"{ratio(sum(not answers[i].answered for i in off), len(off))}",
        ]
        by_cat: dict[str, list[int]] = defaultdict(list)
        for i in arts:
            by_cat[rows[i]["category"]].append(i)
        lines.append(
            "right article by category:          "
            + ", ".join(
                f"{c} {sum(i in first for i in v)}/{len(v)}" for c, v in sorted(by_cat.items())
            )
        )
    lines += _language_and_short(rows, answers)
    if verbose:
        lines += ["", "Each question: kind split expected | first citation | reason"]
        for r, a in zip(rows, answers, strict=True):
            cited = (
                f"{a.claims[0].citations[0].document[:18]} {a.claims[0].citations[0].locator}"
                if a.claims
                else "-"
            )
            value = getattr(a, "short_answer", None)  # None before short answers existed
            short = f" [{value.text}]" if value else ""
            mark = ""
            if r["kind"] == "article":
                mark = "OK " if cites(a, r["act"], r["article"], first=True) else "XX "
            lines.append(
                f"  {mark}{r['kind'][:3]} {r['split'][:4]} {r.get('act', '')} "
                f"{r.get('article', '')} | {cited}{short} | {r['question']}"
                + ("" if a.answered else f" -> {a.reason[:90]}")
            )
    return lines


def _language_and_short(rows: list[dict[str, Any]], answers: list[Answer]) -> list[str]:
    refused = [a for a in answers if not a.answered]
    in_ro = sum(a.reason.startswith(RO_LEADS) for a in refused)
    short = [a for r, a in zip(rows, answers, strict=True) if r["kind"] == "article" and a.answered]
    with_value = sum(getattr(a, "short_answer", None) is not None for a in short)
    return [
        "",
        f"refusals of these Romanian questions reading Romanian: {ratio(in_ro, len(refused))}",
        f"answered article questions with a short answer (a value asked and stated): "
        f"{ratio(with_value, len(short))}",
    ]


def ask_en(
    ws: Workspace, root: Path, contracts: int, split: str | None = None, data: Path = DATA_EN
) -> list[tuple[dict[str, Any], Answer]]:
    tuned = tuned_documents(root)
    out = []
    for row in [r for r in load(data) if split in (None, r["split"])]:
        for case in cuad_rows(root, contracts, None, {row["category"]: row["question"]}):
            if case["document"] in tuned:
                continue
            answer = ws.ask(
                case["question"],
                matter=MATTER_EN,
                document=case["document"],
                options=AskOptions(generate=False),
            )
            out.append(({**row, **case}, answer))
    return out


def report_en(
    results: list[tuple[dict[str, Any], Answer]],
    verbose: bool = False,
    title: str = "English paraphrases on CUAD contracts",
) -> list[str]:
    lines = ["", f"## {title} (one contract at a time)"]
    docs = sorted({r["document"] for r, _ in results})
    lines.append(f"{len(docs)} validation contracts Gate 2 was not tuned on")
    for split in ("tune", "heldout", "fresh", "parties"):
        part = [(r, a) for r, a in results if r["split"] == split]
        answerable = [(r, a) for r, a in part if r["answerable"]]
        unanswerable = [(r, a) for r, a in part if not r["answerable"]]
        checked = [
            any(quote_on_gold(c.quote, r["gold"]) for c in claim.citations)
            for r, a in answerable
            for claim in a.claims
        ]
        cats = sorted({r["category"] for r, _ in part})
        phrasings = len({r["question"] for r, _ in part})
        lines += [
            "",
            f"### split {split}: {len(cats)} categories, {phrasings} phrasings",
            f"coverage (answered / answerable):   "
            f"{ratio(sum(a.answered for _, a in answerable), len(answerable))}",
            f"refused when unanswerable:          "
            f"{ratio(sum(not a.answered for _, a in unanswerable), len(unanswerable))}",
            f"precision (claims on gold):         {ratio(sum(checked), len(checked))}",
        ]
        per: dict[str, Counter[str]] = defaultdict(Counter)
        for r, a in answerable:
            per[r["category"]]["n"] += 1
            per[r["category"]]["answered"] += a.answered
        lines.append(
            "coverage by category: "
            + ", ".join(f"{c} {v['answered']}/{v['n']}" for c, v in sorted(per.items()))
        )
    if verbose:
        lines += _each_en(results)
    return lines


def _each_en(results: list[tuple[dict[str, Any], Answer]]) -> list[str]:
    """One line per question: OK (first claim on the gold clause), XX (answered off it),
    -- (refused though answerable), ok / NO for a contract without the clause (refused /
    answered), then the split, category, contract, first quote or refusal, question."""
    lines = ["", "Each question: mark split category | contract | first quote or reason"]
    for r, a in results:
        on_gold = bool(a.claims and r["gold"]) and any(
            quote_on_gold(c.quote, r["gold"]) for c in a.claims[0].citations
        )
        if r["answerable"]:
            mark = ("OK" if on_gold else "XX") if a.answered else "--"
        else:
            mark = "NO" if a.answered else "ok"
        said = a.claims[0].citations[0].quote[:90] if a.claims else a.reason[:60]
        lines.append(
            f"  {mark} {r['split'][:4]} {r['category']} | {r['document'][:24]} | "
            f"{said!r} | {r['question']}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the profile here and reuse it")
    parser.add_argument("--contracts", type=int, default=30, help="CUAD validation contracts")
    parser.add_argument("--only", choices=("ro", "en"), help="one language's set")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every question")
    parser.add_argument(
        "--split",
        choices=("tune", "heldout", "fresh", "narrative", "parties"),
        help="one split only (tuning)",
    )
    args = parser.parse_args()
    root = shared_data()
    with tempfile.TemporaryDirectory() as tmp:
        home = args.keep or Path(tmp)
        ws = Workspace.open(home / "profile")
        started = time.perf_counter()
        build(ws, root, home / "cuad", args.contracts, args.only or "")
        built = time.perf_counter() - started
        lines: list[str] = []
        if args.only != "en":
            rows = [r for r in load(DATA_RO) if args.split in (None, r["split"])]
            lines += report_ro(rows, ask_ro(ws, rows), args.verbose)
        if args.only != "ro":
            lines += report_en(ask_en(ws, root, args.contracts, args.split), args.verbose)
        ws.close()
    lines.append(
        f"\n(build {built:.0f} s, questions {time.perf_counter() - started - built:.0f} s; "
        "extraction only, the shipped judge, the default embedder)"
    )
    text = "\n".join(lines)
    print(text)
    if not args.only and not args.split:
        RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
