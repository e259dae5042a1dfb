"""Build the understanding models' training pairs from ../shared/data only.

    python -m training.build_data [--out training/data]

Writes ``relevance.jsonl`` (query, sentence, label 0/1) and ``support.jsonl``
(claim, quote, label supported/contradicted/insufficient), each line tagged with its
``split`` (train/val, by document: :mod:`training.splits`), ``lang``, ``source`` and
``doc``. Deterministic: a fixed seed, documents in sorted order.

Units are what the app scores at run time: the sentences (``answer.sentences``) of the
fragments the ingest chunker cuts (``ingest.structure.split_fragments``).

* Relevance, CUAD: a category question (``training.questions``) → the sentences that
  overlap the category's annotated excerpts (positive), and hard negatives from the same
  contract: the sentences that share most of the question's words, plus random ones. A
  category the contract lacks gives only negatives.
* Relevance, ContractNLI: a hypothesis → its evidence sentences (Entailment or
  Contradiction: both address the question), negatives from the same NDA.
* Relevance, Romanian codes: a question made from an article's marginal title → the
  article's sentences; negatives from other articles of the same code.
* Support, ContractNLI: hypothesis → evidence (supported / contradicted); NotMentioned →
  the NDA's sentence that shares most words with it (insufficient).
* Support, corruptions: real CUAD clauses and Romanian articles: the sentence itself or
  its first clause (supported), a corrupted copy (contradicted: numbers, durations,
  parties, negation, modality, articles, laws, years), an invented reference or another
  sentence of the same document (insufficient).
"""

from __future__ import annotations

import argparse
import ast
import bisect
import csv
import json
import random
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from letadesk.answer.relevance import question_topic, relevance
from letadesk.answer.sentences import sentences
from letadesk.domain import ParsedPage
from letadesk.ingest.structure import split_fragments
from letadesk.ingest.text_reader import clean_text
from letadesk.verify.support import content_stems
from training.corrupt import CONTRADICTIONS, UNSUPPORTED, corrupt
from training.questions import CUAD_TEMPLATES, RO_TEMPLATES
from training.splits import split_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
SEED = 20261201
HARD_NEGATIVES = 3
RANDOM_NEGATIVES = 2
MIN_CHARS, MAX_CHARS = 25, 1200


@dataclass(frozen=True, slots=True)
class Unit:
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Pair:
    split: str
    lang: str
    source: str
    doc: str
    query: str
    text: str
    label: int | str
    strategy: str = ""


def units(text: str, language: str) -> list[Unit]:
    """The sentences the app would score in ``text``, with their offsets. (The app
    also scores a lead-in ending in a colon joined with the sentence after it,
    ``answer.scoring.candidate_sentences``; the shipped models were trained on the
    sentences alone, and these stay so, for the recipe to give the shipped weights.)"""
    page = ParsedPage(number=1, label="1", start=0, end=len(text))
    out: list[Unit] = []
    for frag in split_fragments(text, (page,), language=language):
        for s, e in sentences(frag.text):
            body = frag.text[s:e]
            if MIN_CHARS <= len(body) <= MAX_CHARS:
                out.append(Unit(frag.start + s, frag.start + e, body))
    return out


def overlaps(unit: Unit, spans: list[tuple[int, int]], share: float = 0.5) -> bool:
    """Whether ``share`` of the unit, or of one span, lies inside a gold span."""
    for s, e in spans:
        inter = min(unit.end, e) - max(unit.start, s)
        if inter > 0 and (inter >= share * (unit.end - unit.start) or inter >= share * (e - s)):
            return True
    return False


def touches(unit: Unit, spans: list[tuple[int, int]]) -> bool:
    return any(min(unit.end, e) > max(unit.start, s) for s, e in spans)


@cache
def stems_of(text: str) -> frozenset[str]:
    return frozenset(content_stems(text))


def negatives(
    query: str,
    pool: list[Unit],
    rng: random.Random,
    hard: int = HARD_NEGATIVES,
    easy: int = RANDOM_NEGATIVES,
) -> list[Unit]:
    """The ``hard`` units sharing most of the query's words, and ``easy`` random others."""
    topic = question_topic(query)
    total = sum(t.weight for t in topic) or 1.0

    def score(u: Unit) -> float:
        have = stems_of(u.text)
        return sum(t.weight for t in topic if t.stems & have) / total

    ranked = sorted(pool, key=score, reverse=True)
    chosen = ranked[:hard]
    rest = ranked[hard:]
    chosen += rng.sample(rest, min(easy, len(rest)))
    return chosen


# ---- locating CUAD excerpts ------------------------------------------------------------

_WS = re.compile(r"\s+")


def locate(text: str, excerpt: str) -> tuple[int, int] | None:
    """The excerpt's offsets in ``text``, comparing with runs of whitespace collapsed."""
    at = text.find(excerpt)
    if at >= 0 and excerpt:
        return at, at + len(excerpt)
    offsets: list[int] = []
    chars: list[str] = []
    for i, ch in enumerate(text):
        if ch.isspace():
            if chars and chars[-1] == " ":
                continue
            chars.append(" ")
        else:
            chars.append(ch)
        offsets.append(i)
    needle = _WS.sub(" ", excerpt).strip()
    at = "".join(chars).find(needle) if needle else -1
    if at < 0:
        return None
    return offsets[at], offsets[at + len(needle) - 1] + 1


# ---- builders ---------------------------------------------------------------------------


def cuad_contracts() -> Iterator[tuple[dict[str, str], Path, str]]:
    """Each CUAD contract that has a text file, by file name: its row of
    ``master_clauses.csv`` (the annotated excerpts), its path and its cleaned text."""
    csv.field_size_limit(10**9)
    table = csv.DictReader((DATA / "cuad" / "master_clauses.csv").open(encoding="utf-8"))
    for row in sorted(table, key=lambda r: r["Filename"]):
        path = DATA / "cuad" / "txt" / (Path(row["Filename"]).stem + ".txt")
        if path.exists():
            yield row, path, clean_text(path.read_text(encoding="utf-8", errors="replace"))


def cuad(rng: random.Random) -> Iterator[Pair]:
    for row, path, text in cuad_contracts():
        pool = units(text, "en")
        split = split_of(path.name)
        gold_all: list[tuple[int, int]] = []
        for category, templates in CUAD_TEMPLATES.items():
            found = [locate(text, ex) for ex in ast.literal_eval(row[category] or "[]")]
            spans = [s for s in found if s is not None]
            gold_all += spans
            query = rng.choice(templates)
            pos = [u for u in pool if overlaps(u, spans)][:4]
            if not spans and rng.random() > 0.35:
                continue  # keep a third of the unanswerable categories
            for u in pos:
                yield Pair(split, "en", "cuad", path.name, query, u.text, 1)
            free = [u for u in pool if not touches(u, spans)]
            for u in negatives(query, free, rng):
                yield Pair(split, "en", "cuad", path.name, query, u.text, 0)
        yield from cuad_support(
            path.name, split, [u for u in pool if overlaps(u, gold_all)], pool, rng
        )


def cuad_support(
    doc: str, split: str, clauses: list[Unit], pool: list[Unit], rng: random.Random
) -> Iterator[Pair]:
    """Support pairs from a contract's annotated clauses (at most 8 per contract)."""
    yield from corruption_pairs(
        doc, split, "en", "cuad", rng.sample(clauses, min(8, len(clauses))), pool, rng
    )


def corruption_pairs(
    doc: str,
    split: str,
    lang: str,
    source: str,
    chosen: list[Unit],
    pool: list[Unit],
    rng: random.Random,
) -> Iterator[Pair]:
    for u in chosen:
        quote = u.text
        head = re.split(r"[;:]\s|,\s(?=provided|except|unless|cu excep)", quote)[0]
        claim = head if len(head) >= 40 and rng.random() < 0.5 else quote
        yield Pair(split, lang, source, doc, claim, quote, "supported", "verbatim")
        bad = corrupt(claim, rng, CONTRADICTIONS)
        if bad:
            yield Pair(split, lang, source, doc, bad[0], quote, "contradicted", bad[1])
        if rng.random() < 0.3:
            invented = corrupt(claim, rng, UNSUPPORTED)
            if invented:
                yield Pair(
                    split, lang, source, doc, invented[0], quote, "insufficient", invented[1]
                )
        other = rng.choice(pool)
        if other.text != quote:
            yield Pair(split, lang, source, doc, other.text, quote, "insufficient", "other")


def contractnli(rng: random.Random) -> Iterator[Pair]:
    data = json.loads((DATA / "contractnli" / "dev.json").read_text(encoding="utf-8"))
    hypotheses = {k: v["hypothesis"] for k, v in data["labels"].items()}
    for doc in sorted(data["documents"], key=lambda d: str(d["id"])):
        key = f"nda_{doc['id']}"
        split = split_of(key)
        text = doc["text"]
        spans = [(s, e) for s, e in doc["spans"]]
        pool = units(text, "en")
        for hyp_key, ann in sorted(doc["annotation_sets"][0]["annotations"].items()):
            hyp, choice = hypotheses[hyp_key], ann["choice"]
            gold = [spans[i] for i in ann["spans"]]
            for u in [u for u in pool if overlaps(u, gold)][:4]:
                yield Pair(split, "en", "contractnli", key, hyp, u.text, 1)
            free = [u for u in pool if not touches(u, gold)]
            for u in negatives(hyp, free, rng):
                yield Pair(split, "en", "contractnli", key, hyp, u.text, 0)
            yield from nli_support(split, key, text, hyp, choice, gold, spans)


def nli_support(
    split: str,
    key: str,
    text: str,
    hyp: str,
    choice: str,
    gold: list[tuple[int, int]],
    spans: list[tuple[int, int]],
) -> Iterator[Pair]:
    if choice == "NotMentioned":
        topic = question_topic(hyp)
        quote = max((text[s:e].strip() for s, e in spans), key=lambda t: relevance(topic, t))
        label = "insufficient"
    else:
        quote = " ".join(text[s:e].strip() for s, e in gold)
        label = "supported" if choice == "Entailment" else "contradicted"
    yield Pair(split, "en", "contractnli", key, hyp, quote, label, choice)


_ARTICLE_HEAD = re.compile(r"^Articolul\s+(\d+(?:\^\d+)?)\s*$", re.MULTILINE)


def ro_articles(text: str) -> list[tuple[str, str, int, int]]:
    """(number, marginal title, body start, body end) of each article of a code."""
    heads = list(_ARTICLE_HEAD.finditer(text))
    out = []
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        lines = [ln.strip() for ln in text[m.end() : end].splitlines()]
        lines = [ln for ln in lines if ln]
        if len(lines) < 2 or len(lines[0]) > 90 or lines[0][0] in "(0123456789":
            continue
        title = lines[0]
        body_start = text.find(lines[1], m.end())
        out.append((m.group(1), title, body_start, end))
    return out


def _inside(offset: int, spans: list[tuple[int, int]]) -> bool:
    i = bisect.bisect_right(spans, (offset, 1 << 62)) - 1
    return i >= 0 and spans[i][0] <= offset < spans[i][1]


def romanian(rng: random.Random) -> Iterator[Pair]:
    for path in sorted((DATA / "ro" / "codes_original").glob("*.txt")):
        text = clean_text(path.read_text(encoding="utf-8"))
        split = split_of(path.name)
        articles = ro_articles(text)
        pool = units(text, "ro")
        starts = sorted((s, e) for _, _, s, e in articles)
        for _number, title, s, e in rng.sample(articles, min(260, len(articles))):
            if len(title.split()) < 2:
                continue  # "Noțiunea" alone names nothing without its chapter
            query = rng.choice(RO_TEMPLATES).format(t=title[0].lower() + title[1:])
            inside = [u for u in pool if s <= u.start < e][:3]
            for u in inside:
                yield Pair(split, "ro", "ro_codes", path.name, query, u.text, 1)
            free = [u for u in pool if not (s <= u.start < e)]
            for u in negatives(query, free, rng, hard=2, easy=1):
                yield Pair(split, "ro", "ro_codes", path.name, query, u.text, 0)
        in_article = [u for u in pool if _inside(u.start, starts)]
        chosen = rng.sample(in_article, min(120, len(in_article)))
        yield from corruption_pairs(path.name, split, "ro", "ro_codes", chosen, pool, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "training" / "data")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    counts: dict[str, dict[str, int]] = {}
    files = {
        name: (args.out / f"{name}.jsonl").open("w", encoding="utf-8")
        for name in ("relevance", "support")
    }
    for builder in (cuad, contractnli, romanian):
        for pair in builder(rng):
            task = "relevance" if isinstance(pair.label, int) else "support"
            files[task].write(json.dumps(asdict(pair), ensure_ascii=False) + "\n")
            key = f"{task}/{pair.source}/{pair.split}"
            counts.setdefault(key, {}).setdefault(str(pair.label), 0)
            counts[key][str(pair.label)] += 1
    for f in files.values():
        f.close()
    print(json.dumps(counts, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
