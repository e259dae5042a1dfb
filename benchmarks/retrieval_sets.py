"""The three retrieval data sets, their dev/eval split, and character-level recall.

* CUAD: the ``.txt`` of the first N contracts of ``master_clauses.csv`` in one matter;
  one query per (contract, category with a non-empty excerpt list), a natural question
  built from the category name; gold = the excerpts located in the stored text.
* ContractNLI dev: the NDAs in one matter; one query per (NDA, hypothesis) labelled
  Entailment / Contradiction with evidence spans; gold = those spans.
* Romanian: the files named in ``data/ro_questions.jsonl``; gold = the fragments whose
  locator is the gold article (``art. 57``, ``art. 57 alin. (1)``, ...).

**Dev / eval split.** Every query is either *dev* (used to choose retrieval
parameters, e.g. by ``tune_fusion.py``) or *eval* (reported by ``bench_retrieval.py``),
never both: a CUAD or ContractNLI query is dev when its *document* is (so no contract
contributes to both sides), a Romanian question when the question is. The split is a
fixed hash (:func:`is_dev`), about one in four.

Profiles are cached in /tmp/letadesk-bench/<set> (ingest is incremental, so a rerun
only embeds what is missing).
"""

from __future__ import annotations

import ast
import contextlib
import csv
import json
import os
import re
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from _common import shared_data
from letadesk.domain import SearchFilters
from letadesk.ingest.pipeline import ingest
from letadesk.ingest.readers import read_document
from letadesk.ingest.text_reader import clean_text
from letadesk.retrieve.cascade import CANDIDATES
from letadesk.store import corpus
from letadesk.store.transaction import transaction
from letadesk.workspace import Workspace

ROOT = Path("/tmp/letadesk-bench")
# The embedder the profiles are built with ("" = the settings' default); a profile per
# embedder, so that switching does not re-embed a cached one.
EMBEDDER = os.environ.get("LETADESK_BENCH_EMBEDDER", "")
if EMBEDDER == "e5-static":  # the research experiment (research/static_embedder.py)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "research"))
    import static_embedder

    import letadesk.index.embedder as _embedders

    _embedders.make_embedder = lambda name="auto", *, threads=0: static_embedder.load()

Span = tuple[int, int, int]  # (document id, start, end)

CUAD_QUESTIONS = {
    "Document Name": "What is the name of the agreement?",
    "Parties": "Who are the parties to the agreement?",
    "Agreement Date": "When was the agreement signed?",
    "Effective Date": "When does the agreement become effective?",
    "Expiration Date": "When does the agreement expire?",
    "Renewal Term": "Does the agreement renew automatically, and for how long?",
    "Notice Period To Terminate Renewal": (
        "How much notice is required to terminate or not renew the agreement?"
    ),
    "Governing Law": "Which law governs the contract?",
    "Most Favored Nation": "Is there a most favored nation clause giving better terms offered "
    "to third parties?",
    "Competitive Restriction Exception": "What exceptions are there to the non-compete, "
    "exclusivity or no-solicit restrictions?",
    "Non-Compete": "Is a party restricted from competing with the other party?",
    "Exclusivity": "Is there an exclusive dealing or exclusivity commitment?",
    "No-Solicit Of Customers": "Is a party prohibited from soliciting customers of the other?",
    "No-Solicit Of Employees": "Is a party prohibited from soliciting or hiring employees "
    "of the other?",
    "Non-Disparagement": "Is a party prohibited from disparaging the other party?",
    "Termination For Convenience": "Can a party terminate the agreement for convenience "
    "without cause?",
    "Rofr/Rofo/Rofn": "Is there a right of first refusal, first offer or first negotiation?",
    "Change Of Control": "What happens on a change of control, merger or acquisition of a party?",
    "Anti-Assignment": "Can the agreement be assigned without the other party's consent?",
    "Revenue/Profit Sharing": "Does a party have to share revenue or profits, pay royalties?",
    "Price Restrictions": "Are there restrictions on raising or lowering prices?",
    "Minimum Commitment": "Is there a minimum order, purchase or volume commitment?",
    "Volume Restriction": "Is there a cap or restriction on the volume or number of units?",
    "Ip Ownership Assignment": "Who owns the intellectual property created under the "
    "agreement, is it assigned?",
    "Joint Ip Ownership": "Is any intellectual property jointly owned by the parties?",
    "License Grant": "What license is granted under the agreement?",
    "Non-Transferable License": "Is the license non-transferable or non-sublicensable?",
    "Affiliate License-Licensor": "Does the license include intellectual property of the "
    "licensor's affiliates?",
    "Affiliate License-Licensee": "Are the licensee's affiliates licensed too?",
    "Unlimited/All-You-Can-Eat-License": "Is the license unlimited in use or number of users?",
    "Irrevocable Or Perpetual License": "Is the license irrevocable or perpetual?",
    "Source Code Escrow": "Must source code be deposited in escrow?",
    "Post-Termination Services": "What obligations continue after termination, such as "
    "transition services or wind-down?",
    "Audit Rights": "Does a party have the right to audit books and records?",
    "Uncapped Liability": "Is any liability uncapped or excluded from the limitation of liability?",
    "Cap On Liability": "Is liability capped, what is the maximum amount of damages?",
    "Liquidated Damages": "Are there liquidated damages or termination fees?",
    "Warranty Duration": "How long does the warranty last?",
    "Insurance": "What insurance must a party maintain?",
    "Covenant Not To Sue": "Is a party restricted from suing or contesting the other's "
    "intellectual property?",
    "Third Party Beneficiary": "Are there third party beneficiaries of the agreement?",
}


@dataclass
class Query:
    text: str
    gold: list[Span]
    document_id: int | None = None  # the document of the gold, for the scoped variant
    label: str = ""
    dev: bool = False  # in the dev split (tuning), not the eval split (reporting)
    naming: str = ""  # the question in LegalBench-RAG form, naming the document


def as_naming(queries: Sequence[Query]) -> list[Query]:
    """The queries in their document-naming form (those that have one)."""
    return [replace(q, text=q.naming) for q in queries if q.naming]


_CORPORATE = re.compile(
    r"\b(?:inc|llc|l\.?l\.?c|ltd|limited|corp|corporation|company|co|gmbh|"
    r"ag|s\.?a|b\.?v|n\.?v|plc|pty|l\.?p|lp|llp|holdings|group)\b\.?",
    re.IGNORECASE,
)
_ROLES = frozenset(
    [
        *"""licensor licensee distributor company consultant provider customer supplier
    manufacturer franchisee franchisor vendor client contractor agent reseller purchaser
    buyer seller sponsor developer partner bank employer executive owner operator investor
    lender borrower""".split(),
        "marketing affiliate",
    ]
)


def naming_prefix(row: dict[str, str]) -> str:
    """LegalBench-RAG's query form names the contract: "Consider the Marketing Affiliate
    Agreement between Birch First Global Investments Inc. and Mount Knowledge Holdings
    Inc.; ...". Built from CUAD's own annotations (Document Name, Parties), never
    from the text LetaDesk stored; "" when CUAD names fewer than two parties."""
    titles = ast.literal_eval(row["Document Name"]) if row.get("Document Name") else []
    seen: set[str] = set()
    names: list[tuple[int, int, str]] = []  # (preference, order, name)
    for order, raw in enumerate(ast.literal_eval(row["Parties"]) if row.get("Parties") else []):
        name = " ".join(raw.split()).strip(' ,;"“”')
        if len(name) < 4 or name.lower() in seen or '"' in name or name.lower() in _ROLES:
            continue
        seen.add(name.lower())
        words = name.split()
        preference = 0 if _CORPORATE.search(name) else 1 if len(words) >= 2 else 2
        names.append((preference, order, name))
    parties = [n for _, _, n in sorted(names)[:2]]
    if len(parties) < 2:
        return ""
    title = " ".join(titles[0].split()).title() if titles else "Agreement"
    return f"Consider the {title} between {parties[0]} and {parties[1]}; "


def is_dev(key: str) -> bool:
    """The fixed dev/eval split: about one key in four is dev."""
    return zlib.crc32(key.encode("utf-8")) % 4 == 0


# ---- character-level recall ------------------------------------------------------------


def _union(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(ranges):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _length(ranges: list[tuple[int, int]]) -> int:
    return sum(e - s for s, e in ranges)


def _overlap(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> int:
    total, i, j = 0, 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def char_recall(gold: Sequence[Span], retrieved: Sequence[Span]) -> float:
    docs = {d for d, _, _ in gold}
    covered = total = 0
    for doc in docs:
        g = _union((s, e) for d, s, e in gold if d == doc)
        r = _union((s, e) for d, s, e in retrieved if d == doc)
        total += _length(g)
        covered += _overlap(g, r)
    return covered / total if total else 0.0


# ---- locating excerpts -------------------------------------------------------------------

_WS = re.compile(r"\s+")


class Locator:
    """Finds a passage in a text after collapsing runs of whitespace in both."""

    def __init__(self, text: str) -> None:
        self.text = text
        chars: list[str] = []
        self.offsets: list[int] = []
        prev_space = False
        for i, ch in enumerate(text):
            if ch.isspace():
                if prev_space:
                    continue
                chars.append(" ")
                prev_space = True
            else:
                chars.append(ch)
                prev_space = False
            self.offsets.append(i)
        self.collapsed = "".join(chars)

    def find(self, passage: str) -> tuple[int, int] | None:
        at = self.text.find(passage)
        if at >= 0 and passage:
            return at, at + len(passage)
        needle = _WS.sub(" ", clean_text(passage)).strip()
        if not needle:
            return None
        at = self.collapsed.find(needle)
        if at < 0:
            return None
        return self.offsets[at], self.offsets[at + len(needle) - 1] + 1


# ---- profiles ----------------------------------------------------------------------------


def open_profile(name: str, paths: list[Path], matter: str) -> Workspace:
    """The cached profile for a data set, brought up to date with ``paths``."""
    folder = ROOT / (f"{name}-{EMBEDDER}" if EMBEDDER else name)
    ws = Workspace.open(folder)
    if EMBEDDER and ws.settings.embedder != EMBEDDER:
        ws.settings = replace(ws.settings, embedder=EMBEDDER)
        ws.settings.save(ws.paths)
    start = time.perf_counter()
    last = [0.0]

    def show(stage: str) -> Callable[[int, int, str], None]:
        def report(done: int, total: int, _title: str) -> None:
            now = time.perf_counter()
            if now - last[0] > 15 or done == total:
                last[0] = now
                print(f"  [{name}] {stage} {done}/{total}  ({now - start:.0f} s)", flush=True)

        return report

    target = ws.matters.create(matter)
    report = ingest(ws._conn, target, paths, settings=ws.settings, progress=show("reading"))
    wanted = {str(p.resolve()) for p in paths} | {str(p) for p in paths}
    extra = [d for d in ws.documents.all(matter) if d.path not in wanted and d.status != "retired"]
    if extra:  # a smaller subset than the cached profile: retire the rest before embedding
        with transaction(ws._conn):
            for d in extra:
                corpus.retire(ws._conn, d.id)
        print(f"  [{name}] retired {len(extra)} documents outside the subset", flush=True)
    ws.indexes.sync(progress=show("embedding"))
    counts = ws.documents.counts()
    print(
        f"  [{name}] {len(paths)} files: added {report.added}, unchanged {report.unchanged}, "
        f"failed {len(report.failed)}; {counts['fragments']} fragments; "
        f"{time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return ws


def docs_by_name(ws: Workspace, matter: str) -> dict[str, int]:
    return {Path(d.path).name: int(d.id) for d in ws.documents.all(matter) if d.status == "indexed"}


# ---- data sets ---------------------------------------------------------------------------


def cuad_queries(limit: int) -> tuple[Workspace, list[Query], str]:
    cuad = shared_data() / "cuad"
    with open(cuad / "master_clauses.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    txt = {p.stem: p for p in (cuad / "txt").glob("*.txt")}
    chosen: dict[str, dict[str, str]] = {}
    for row in sorted(rows, key=lambda r: r["Filename"]):
        stem = Path(row["Filename"]).stem
        if stem in txt and stem not in chosen and len(chosen) < limit:
            chosen[stem] = row
    paths = [txt[s] for s in chosen]
    ws = open_profile("cuad", paths, "CUAD")
    names = docs_by_name(ws, "CUAD")
    queries: list[Query] = []
    found = missing = 0
    for stem, row in chosen.items():
        doc_id = names[txt[stem].name]
        loc = Locator(ws.documents.text(ws.documents.find(str(doc_id))))
        prefix = naming_prefix(row)
        for category, question in CUAD_QUESTIONS.items():
            excerpts = ast.literal_eval(row[category]) if row.get(category) else []
            gold: list[Span] = []
            for ex in excerpts:
                at = loc.find(ex)
                if at is None:
                    missing += 1
                else:
                    found += 1
                    gold.append((doc_id, *at))
            if gold:
                queries.append(
                    Query(
                        question,
                        gold,
                        doc_id,
                        category,
                        dev=is_dev(stem),
                        naming=prefix + question if prefix else "",
                    )
                )
    note = (
        f"{len(chosen)} contracts, {found} excerpts located, {missing} not found in the "
        f"stored text (skipped)"
    )
    return ws, queries, note


def cnli_queries(limit: int) -> tuple[Workspace, list[Query], str]:
    data = json.loads((shared_data() / "contractnli" / "dev.json").read_text(encoding="utf-8"))
    docs = data["documents"][:limit] if limit else data["documents"]
    labels = {k: v["hypothesis"] for k, v in data["labels"].items()}
    src = ROOT / "contractnli-src"
    src.mkdir(parents=True, exist_ok=True)
    paths = []
    for doc in docs:
        path = src / f"nda_{doc['id']:04d}.txt"
        if not path.exists() or path.read_text(encoding="utf-8") != doc["text"]:
            path.write_text(doc["text"], encoding="utf-8", newline="")
        paths.append(path)
    ws = open_profile("contractnli", paths, "ContractNLI")
    names = docs_by_name(ws, "ContractNLI")
    queries: list[Query] = []
    verbatim = relocated = lost = 0
    for doc, path in zip(docs, paths, strict=True):
        doc_id = names[path.name]
        stored = ws.documents.text(ws.documents.find(str(doc_id)))
        same = stored == doc["text"]
        verbatim += same
        loc = None if same else Locator(stored)
        for hyp, ann in doc["annotation_sets"][0]["annotations"].items():
            if ann["choice"] not in ("Entailment", "Contradiction") or not ann["spans"]:
                continue
            gold: list[Span] = []
            for idx in ann["spans"]:
                s, e = doc["spans"][idx]
                if loc is None:
                    gold.append((doc_id, s, e))
                    continue
                at = loc.find(doc["text"][s:e])
                if at is None:
                    lost += 1
                else:
                    relocated += 1
                    gold.append((doc_id, *at))
            if gold:
                queries.append(Query(labels[hyp], gold, doc_id, hyp, dev=is_dev(path.name)))
    note = (
        f"{len(docs)} NDAs; stored text identical to the original in {verbatim}, "
        f"spans relocated by search {relocated}, not found {lost}"
    )
    return ws, queries, note


def ro_queries(max_frags: int) -> tuple[Workspace, list[Query], str]:
    root = shared_data() / "ro"
    items = [
        json.loads(line)
        for line in (Path(__file__).resolve().parent / "data" / "ro_questions.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if line.strip()
    ]
    files = sorted({it["file"] for it in items})
    size = {f: len(read_document(root / f).fragments) for f in files}
    chosen: list[str] = []  # smallest files first, until the fragment budget is spent
    total = 0
    for f in sorted(files, key=lambda f: size[f]):
        if max_frags and total + size[f] > max_frags:
            continue
        chosen.append(f)
        total += size[f]
    ws = open_profile("ro", [root / f for f in chosen], "RO")
    names = docs_by_name(ws, "RO")
    queries: list[Query] = []
    no_gold: list[str] = []
    for it in items:
        if it["file"] not in chosen:
            continue
        doc_id = names[Path(it["file"]).name]
        art = f"art. {it['article']}"
        gold: list[Span] = [
            (doc_id, f.start, f.end)
            for f in ws.documents.fragments(ws.documents.find(str(doc_id)))
            if f.locator == art or f.locator.startswith(art + " ")
        ]
        if gold:
            queries.append(Query(it["question"], gold, doc_id, art, dev=is_dev(it["question"])))
        else:
            no_gold.append(f"{Path(it['file']).stem[:20]} {art}")
    skipped = len(items) - len(queries) - len(no_gold)
    note = (
        f"{len(chosen)} of {len(files)} files ({total} fragments: "
        f"{', '.join(Path(f).stem[:24] for f in chosen)}); {skipped} questions on files "
        f"left out; {len(no_gold)} with no fragment for the gold article {no_gold[:5]}"
    )
    return ws, queries, note


def cache_query_embeddings(ws: Workspace) -> None:
    """Memoise query embeddings, so that a query asked in several settings (whole
    matter, scoped, and by the cascade) is embedded once (recall runs only; never in a
    latency run)."""
    embedder = ws.indexes.embedder
    inner = embedder.embed_query
    memo: dict[str, object] = {}

    def embed_query(text: str):  # type: ignore[no-untyped-def]
        if text not in memo:
            memo[text] = inner(text)
        return memo[text]

    with contextlib.suppress(AttributeError):  # slotted class: the cascade embeds twice
        embedder.embed_query = embed_query  # type: ignore[method-assign]


# ---- candidate lists ---------------------------------------------------------------------

Ranking = list[tuple[int, float]]  # (fragment id, score), best first


@dataclass
class Candidates:
    """What each retriever returned for one query, and where those fragments lie."""

    query: Query
    lexical: Ranking
    dense: Ranking
    cascade: list[Span]
    spans: dict[int, Span]  # fragment id -> (document id, start, end)

    def ranked(self, ids: Iterable[int]) -> list[Span]:
        return [self.spans[i] for i in ids if i in self.spans]


def collect(
    ws: Workspace,
    matter: str,
    queries: Sequence[Query],
    *,
    scoped: bool,
    cascade: bool = True,
    label: str = "",
) -> list[Candidates]:
    """BM25 and dense candidates (``CANDIDATES`` each, as the retriever uses) for every
    query, plus the full cascade's top 32 (``ws.search``) when ``cascade``."""
    base = ws.filters(matter)
    out: list[Candidates] = []
    start = last = time.perf_counter()
    for n, q in enumerate(queries, 1):
        filters = SearchFilters(
            matter_id=base.matter_id, document_id=q.document_id if scoped else None
        )
        lexical = ws.indexes.search_lexical(q.text, filters, CANDIDATES)
        dense = ws.indexes.search_dense(q.text, filters, CANDIDATES)
        passages = (
            ws.search(q.text, matter=matter, k=32, document=str(q.document_id) if scoped else None)
            if cascade
            else []
        )
        ids = {i for i, _ in lexical} | {i for i, _ in dense}
        frags = ws.documents.fragments_by_ids(sorted(ids))
        spans = {i: (int(f.document_id), f.start, f.end) for i, f in frags.items()}
        out.append(
            Candidates(
                q,
                lexical,
                dense,
                [(int(p.fragment.document_id), p.fragment.start, p.fragment.end) for p in passages],
                spans,
            )
        )
        now = time.perf_counter()
        if now - last > 20 or n == len(queries):
            last = now
            print(f"  [{label}] {n}/{len(queries)} queries ({now - start:.0f} s)", flush=True)
    return out


Ranker = Callable[[Candidates], list[int]]  # fragment ids, best first


def mean_recall(cands: Sequence[Candidates], rank: Ranker, k: int) -> float:
    """Mean character-level recall@k over ``cands``."""
    return sum(char_recall(c.query.gold, c.ranked(rank(c)[:k])) for c in cands) / max(1, len(cands))
