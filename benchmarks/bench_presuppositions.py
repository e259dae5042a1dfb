"""Presuppositions: questions naming a provision the matter's act does not have
(an article past the end of the act, an alineat or litera the article lacks, an act
that is not in the matter, a provision of Legea nr. 98/2016 that the version in force
on the as-of date lacks) must be refused with the "no such provision" reason, saying
what the act has; questions about provisions that exist (the control group) must not.

The matter holds Codul penal and Codul muncii (as first published), Legea nr.
544/2001 (consolidated, 2026) and Legea nr. 98/2016 at three dates, with their
validity, from ``../shared/data/ro``. Questions: ``data/ro_presuppositions.jsonl``
(``expect``: ``no_such_provision`` with the ``kind`` and a phrase the reason ``says``,
or ``exists``). Each question is asked twice: with the check, and without it (the
behaviour before it), to show what the lawyer read then. MiniLM embeds the passages:
the check reads locators only, and e5 would take ten minutes to index these acts.

    .venv/bin/python benchmarks/bench_presuppositions.py [-v]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import Counter
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any
from unittest import mock

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.answer.messages import message, question_language
from letadesk.domain import Answer
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace

DATA = Path(__file__).resolve().parent / "data" / "ro_presuppositions.jsonl"
RESULTS = Path(__file__).resolve().parent / "results" / "presuppositions.txt"
MATTER = "Prezumtii"
ACTS = (
    "codes_original/codul_penal_L286-2009_forma_initiala_MO510-2009.txt",
    "codes_original/codul_muncii_L53-2003_forma_initiala_MO72-2003.txt",
    "laws_consolidated_2026/legea_544-2001_acces_informatii.txt",
)
# Legea nr. 98/2016: file -> in force (from, to), as tests/system/test_shared_corpus.py
VERSIONS = {
    "legea_98-2016_v2017-05-05.txt": (date(2016, 5, 26), date(2020, 7, 12)),
    "legea_98-2016_v2020-07-27.txt": (date(2020, 7, 13), date(2026, 1, 31)),
    "legea_98-2016_v2026-02_ansvar.txt": (date(2026, 2, 1), None),
}


def build(ws: Workspace, root: Path) -> None:
    ws.documents.ingest([root / path for path in ACTS], matter=MATTER)
    ingest_versions(ws, root, MATTER)


def ingest_versions(ws: Workspace, root: Path, matter: str) -> None:
    """Legea nr. 98/2016 at its three dates, each with its validity."""
    for name, (start, end) in VERSIONS.items():
        ws.documents.ingest(
            [root / "legea_98_2016_versions" / name],
            matter=matter,
            meta=LegalMeta(jurisdiction="RO", legal_force="law", valid_from=start, valid_to=end),
        )


def ask(ws: Workspace, row: dict[str, Any]) -> Answer:
    as_of = date.fromisoformat(row["as_of"]) if row.get("as_of") else None
    return ws.ask(
        row["question"],
        matter=MATTER,
        options=AskOptions(as_of=as_of, generate=False, language=row.get("lang", "ro")),
    )


def no_such_provision(answer: Answer, row: dict[str, Any]) -> bool:
    """Refused with the presupposition reason (its lead, in the question's language)."""
    # the refusal reads the question's language (the interface's when it does not say)
    lead = message("no_provision", question_language(row["question"], row.get("lang", "ro"))) + ": "
    return answer.disposition == "refused" and answer.reason.startswith(lead)


def outcome(answer: Answer, row: dict[str, Any]) -> str:
    if no_such_provision(answer, row):
        return "no such provision" + (
            "" if row.get("says", "") in answer.reason else " (other wording)"
        )
    return "answered" if answer.answered else "refused: " + answer.reason.split(":")[0]


def run(ws: Workspace, rows: list[dict[str, Any]], *, check: bool) -> list[tuple[str, Answer]]:
    if check:
        return [(outcome(a, r), a) for r in rows for a in [ask(ws, r)]]
    with mock.patch("letadesk.answer.ask.unmet_presupposition", return_value=None):
        return [(outcome(a, r), a) for r in rows for a in [ask(ws, r)]]


def report(
    rows: list[dict[str, Any]],
    now: list[tuple[str, Answer]],
    before: list[tuple[str, Answer]],
    verbose: bool,
) -> list[str]:
    missing = [i for i, r in enumerate(rows) if r["expect"] == "no_such_provision"]
    control = [i for i, r in enumerate(rows) if r["expect"] == "exists"]
    good = [i for i in missing if now[i][0] == "no such provision"]
    wrongly = [i for i in control if now[i][0].startswith("no such provision")]
    kinds = Counter(rows[i]["kind"] for i in missing)
    lines = [
        f"Presupposition set: {len(missing)} questions on missing provisions "
        f"({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}), "
        f"{len(control)} control questions on provisions that exist.",
        "",
        f"Missing provisions refused with the no-such-provision reason, saying what the "
        f"act has: {len(good)}/{len(missing)} ({100 * len(good) / len(missing):.0f}%)",
    ]
    for kind in sorted(kinds):
        ids = [i for i in missing if rows[i]["kind"] == kind]
        hit = sum(now[i][0] == "no such provision" for i in ids)
        lines.append(f"  {kind:<13} {hit}/{len(ids)}")
    lines.append(f"Control questions refused for that reason: {len(wrongly)}/{len(control)}")
    lines += ["", "Without the check (the behaviour before it), the missing provisions got:"]
    lines += [
        f"  {n:>3}  {what}" for what, n in Counter(before[i][0] for i in missing).most_common()
    ]
    lines += [
        '  ("answered": a sentence of some other provision shown as the answer)',
        "",
        "Control questions, with the check: "
        + ", ".join(f"{what} {n}" for what, n in Counter(now[i][0] for i in control).items()),
    ]
    if verbose:
        lines += ["", "Each question: outcome with the check | without | reason with the check"]
        lines += [
            f"  {rows[i]['expect'][:6]} {now[i][0][:17]:<17} | {before[i][0][:30]:<30} | "
            f"{rows[i]['question']} -> {now[i][1].reason}"
            for i in range(len(rows))
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every question")
    args = parser.parse_args()
    root = shared_data() / "ro"
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace.open(Path(tmp) / "profile")
        ws.settings = replace(ws.settings, embedder="minilm")
        started = time.perf_counter()
        build(ws, root)
        built = time.perf_counter() - started
        now, before = run(ws, rows, check=True), run(ws, rows, check=False)
        ws.close()
    lines = report(rows, now, before, args.verbose)
    lines.append(
        f"\n(ingest {built:.0f} s; {len(rows)} questions asked twice, "
        f"{time.perf_counter() - started - built:.0f} s, extraction only)"
    )
    text = "\n".join(lines)
    print(text)
    RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
