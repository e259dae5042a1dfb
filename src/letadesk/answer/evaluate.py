"""``letadesk eval``: run a firm's own question file and report how LetaDesk did.

Each line of the JSONL file: ``{"question": str, "as_of"?: "YYYY-MM-DD",
"answerable"?: bool, "gold"?: {"document"?: str, "locator"?: str, "quote"?: str,
"quotes"?: [str]}}``; a claim is on gold when its quote overlaps ``quote`` or any of
``quotes``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from letadesk.answer.ask import AskOptions
from letadesk.domain import Answer, Citation
from letadesk.errors import ConfigError
from letadesk.jsonl import json_objects
from letadesk.limits import checked_question
from letadesk.text import match_key


@dataclass
class EvalReport:
    questions: int = 0
    answerable: int = 0
    answered_answerable: int = 0
    unanswerable: int = 0
    refused_unanswerable: int = 0
    claims: int = 0
    claims_on_gold: int = 0
    gold_claims_checked: int = 0
    latencies: list[float] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None

        lat = sorted(self.latencies)
        return {
            "questions": self.questions,
            "coverage": ratio(self.answered_answerable, self.answerable),
            "refusal_on_unanswerable": ratio(self.refused_unanswerable, self.unanswerable),
            "grounded_precision": ratio(self.claims_on_gold, self.gold_claims_checked),
            "claims": self.claims,
            "latency_p50_s": round(statistics.median(lat), 3) if lat else None,
            "latency_p95_s": round(lat[int(0.95 * (len(lat) - 1))], 3) if lat else None,
        }


def load_questions(path: Path) -> list[dict[str, Any]]:
    """The question rows of a JSONL file (ConfigError naming the line otherwise)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot be read (not UTF-8 text: {exc.reason})") from exc
    return list(json_objects(lines, str(path), strings=("question",), check=_row_problem))


def _row_problem(row: dict[str, Any]) -> str:
    """What is wrong with a question row ("" when nothing): a question ``ask`` refuses as
    input, an ``as_of`` that is not a date, an ``answerable`` or ``gold`` of the wrong type."""
    try:
        checked_question(row["question"])
    except ConfigError as exc:
        return str(exc)
    as_of = row.get("as_of")
    if as_of and not _is_date(as_of):
        return f'"as_of" {as_of!r} is not a date (YYYY-MM-DD)'
    if not isinstance(row.get("answerable", True), bool):
        return '"answerable" must be true or false'
    gold = row.get("gold")
    if gold is not None and not (
        isinstance(gold, dict)
        and all(isinstance(gold.get(k, ""), str) for k in ("document", "locator", "quote"))
        and isinstance(gold.get("quotes", []), list)
        and all(isinstance(q, str) for q in gold.get("quotes", []))
    ):
        return '"gold" must be an object of strings ("quotes": a list of strings)'
    return ""


def _is_date(value: object) -> bool:
    try:
        return isinstance(value, str) and bool(date.fromisoformat(value))
    except ValueError:
        return False


def _on_gold(citation: Citation, gold: dict[str, Any]) -> bool:
    if (
        gold.get("document")
        and gold["document"] not in citation.document
        and not citation.document.endswith(gold["document"])
    ):
        return False
    if gold.get("locator") and not citation.locator.startswith(gold["locator"]):
        return False
    return quote_on_gold(citation.quote, gold)


def quote_on_gold(quote: str, gold: dict[str, Any]) -> bool:
    """Whether ``quote`` is one of ``gold``'s quotes, holds one, lies inside one, or shares
    more than half the words of the shorter (any, when gold names no quote)."""
    quotes = [gold["quote"]] if gold.get("quote") else list(gold.get("quotes") or [])
    if quotes:
        b = match_key(quote)
        return any(a in b or b in a or _overlap(a, b) > 0.5 for a in map(match_key, quotes))
    return True


def _overlap(a: str, b: str) -> float:
    wa, wb = set(a.split()), set(b.split())
    return len(wa & wb) / max(1, min(len(wa), len(wb)))


def evaluate(
    rows: Iterable[dict[str, Any]], ask: Callable[[str, AskOptions], Answer], options: AskOptions
) -> EvalReport:
    report = EvalReport()
    for row in rows:
        opts = (
            replace(options, as_of=date.fromisoformat(row["as_of"]))
            if row.get("as_of")
            else options
        )
        started = time.perf_counter()
        answer = ask(row["question"], opts)
        report.latencies.append(time.perf_counter() - started)
        _score(report, row, answer)
    return report


def _score(report: EvalReport, row: dict[str, Any], answer: Answer) -> None:
    report.questions += 1
    answerable = row.get("answerable", True)
    if answerable:
        report.answerable += 1
        report.answered_answerable += answer.answered
    else:
        report.unanswerable += 1
        report.refused_unanswerable += not answer.answered
    report.claims += len(answer.claims)
    gold = row.get("gold")
    if answerable and gold:
        for claim in answer.claims:
            report.gold_claims_checked += 1
            report.claims_on_gold += any(_on_gold(c, gold) for c in claim.citations)
