"""Questions a lawyer asks about an NDA, in their own words, of ContractNLI's validation NDAs.

``data/nda_questions.jsonl``: two questions for each of ContractNLI's 17 provisions,
none of them its hypothesis ("Can the receiving party share confidential information
with its employees?" for "Receiving Party may share some Confidential Information with
some of Receiving Party's employees."), each asked of each of ``--ndas`` validation NDAs
(one NDA at a time, as a lawyer asks of the document open). A question is *answerable*
where the NDA's annotation is Entailment or Contradiction (its evidence spans answer it,
yes or no), *unanswerable* where it is NotMentioned. Coverage: answered / answerable;
refusal: refused / unanswerable; precision: claims whose quote overlaps an evidence span,
of all claims on answerable questions. ``split``: ``tune`` (8 provisions) and
``heldout`` (9 provisions, never looked at while choosing anything).

    .venv/bin/python benchmarks/bench_nda_questions.py [--keep DIR] [--ndas 16]

Writes ``results/nda_questions.txt``.
"""

# ruff: noqa: E402  (the imports follow prepare_environment(), on purpose)
from __future__ import annotations

# first, before numpy loads: the environment the app's entry point sets
from letadesk.offline import prepare_environment  # isort: skip

prepare_environment()

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import shared_data
from letadesk.answer.ask import AskOptions
from letadesk.answer.evaluate import quote_on_gold
from letadesk.workspace import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from training.splits import is_val

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "nda_questions.jsonl"
RESULTS = HERE / "results" / "nda_questions.txt"
MATTER = "NDA questions"


def ndas(root: Path, n: int, docs: Path) -> list[dict[str, Any]]:
    """The first ``n`` validation NDAs, written to ``docs``: name and annotations."""
    data = json.loads((root / "contractnli" / "dev.json").read_text(encoding="utf-8"))
    out = []
    for doc in [d for d in data["documents"] if is_val(f"nda_{d['id']}")][:n]:
        name = f"nda_{doc['id']}.txt"
        (docs / name).write_text(doc["text"], encoding="utf-8")
        notes = doc["annotation_sets"][0]["annotations"]
        spans = {
            key: [doc["text"][slice(*doc["spans"][i])] for i in ann["spans"]]
            for key, ann in notes.items()
        }
        out.append(
            {"name": name, "choice": {k: a["choice"] for k, a in notes.items()}, "spans": spans}
        )
    return out


def ratio(hits: int, total: int) -> str:
    return f"{hits}/{total} = {hits / total:.2f}" if total else "0/0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the profile here and reuse it")
    parser.add_argument("--ndas", type=int, default=16, help="validation NDAs")
    args = parser.parse_args()
    questions = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    with tempfile.TemporaryDirectory() as tmp:
        home = args.keep or Path(tmp)
        docs = home / "docs"
        docs.mkdir(parents=True, exist_ok=True)
        documents = ndas(shared_data(), args.ndas, docs)
        ws = Workspace.open(home / "profile")
        ws.documents.ingest([docs], matter=MATTER)
        started = time.perf_counter()
        results = []
        for doc in documents:
            for q in questions:
                choice = doc["choice"].get(q["provision"], "NotMentioned")
                answer = ws.ask(
                    q["question"],
                    matter=MATTER,
                    document=doc["name"],
                    options=AskOptions(generate=False),
                )
                results.append((q, choice, doc["spans"].get(q["provision"], []), answer))
        ws.close()
    lines = [f"# NDA questions in a lawyer's words, {len(documents)} validation NDAs"]
    for split in ("tune", "heldout"):
        part = [r for r in results if r[0]["split"] == split]
        answerable = [r for r in part if r[1] != "NotMentioned"]
        unanswerable = [r for r in part if r[1] == "NotMentioned"]
        on_gold = [
            any(quote_on_gold(c.quote, {"quotes": spans}) for c in claim.citations)
            for _, _, spans, a in answerable
            for claim in a.claims
        ]
        provisions = sorted({r[0]["provision"] for r in part}, key=lambda k: int(k.split("-")[1]))
        by_provision = ", ".join(
            f"{p} {sum(a.answered for q, _, _, a in answerable if q['provision'] == p)}/"
            f"{sum(q['provision'] == p for q, _, _, _ in answerable)}"
            for p in provisions
        )
        lines += [
            "",
            f"### split {split}: {len(provisions)} provisions, "
            f"{len({r[0]['question'] for r in part})} questions",
            f"coverage (answered / answerable):   "
            f"{ratio(sum(a.answered for *_, a in answerable), len(answerable))}",
            f"refused when not mentioned:         "
            f"{ratio(sum(not a.answered for *_, a in unanswerable), len(unanswerable))}",
            f"precision (claims on evidence):     {ratio(sum(on_gold), len(on_gold))}",
            f"coverage by provision: {by_provision}",
        ]
    lines.append(f"\n(questions {time.perf_counter() - started:.0f} s; extraction only)")
    text = "\n".join(lines)
    print(text)
    RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
