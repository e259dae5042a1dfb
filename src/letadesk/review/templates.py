"""Question templates for the review grid: the shipped sets (CUAD's clause categories,
common Romanian contract clauses) and a firm's own file.

A template file is JSON, ``{"name": ..., "questions": [{"label": ..., "question": ...}]}``
or a bare list of such objects (or of question strings), or JSON lines, one
``{"question": ..., "label": ...}`` a line, or plain text: one question a line (the list
a lawyer writes; blank lines and lines starting with ``#`` are skipped). ``label`` is
optional (the question itself when absent). The shipped sets are bundled files
(``resources/review/``, :mod:`letadesk.assets`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from letadesk.assets import resource
from letadesk.errors import ConfigError
from letadesk.jsonl import json_objects
from letadesk.limits import checked_question

MAX_QUESTIONS = 200  # columns one grid may hold
SHIPPED = ("cuad", "ro")


@dataclass(frozen=True, slots=True)
class Question:
    """One column: a short ``label`` for headings and the ``question`` asked."""

    label: str
    question: str


def template_path(name: str) -> Path:
    """The shipped template ``name`` ("cuad" or "ro") as a file."""
    if name not in SHIPPED:
        raise ConfigError(f"no shipped question template {name!r} (expected one of {SHIPPED})")
    return resource("review", f"{name}.json")


def load_template(spec: str) -> list[Question]:
    """The questions of the shipped template named ``spec``, else of the file ``spec``."""
    path = template_path(spec) if spec in SHIPPED else Path(spec)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise ConfigError(f"question template {spec}: cannot be read ({reason})") from exc
    return parse_template(text, str(path))


def parse_template(text: str, name: str) -> list[Question]:
    """The questions of a template's ``text`` (JSON, JSON lines or one question a line);
    ``name`` in errors."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        lines = [line.strip() for line in text.splitlines()]
        lines = [line for line in lines if line and not line.startswith("#")]
        if lines and not any(line.startswith(("{", "[")) for line in lines):
            data = lines  # plain text: one question a line
        else:  # JSON lines (json_objects says which line is not JSON)
            data = list(json_objects(text.splitlines(), name, strings=("question",)))
    if isinstance(data, dict):
        data = data.get("questions", [data] if "question" in data else None)
    if not isinstance(data, list):
        raise ConfigError(f'{name}: expected a list of questions or {{"questions": [...]}}')
    questions = [_question(item, name, n) for n, item in enumerate(data, start=1)]
    if not questions:
        raise ConfigError(f"{name}: holds no question")
    if len(questions) > MAX_QUESTIONS:
        raise ConfigError(f"{name}: {len(questions)} questions; at most {MAX_QUESTIONS}")
    seen: set[str] = set()
    for q in questions:
        if q.question in seen:
            raise ConfigError(f"{name}: the question {q.question!r} is there twice")
        seen.add(q.question)
    return questions


def _question(item: Any, name: str, n: int) -> Question:
    if isinstance(item, str):
        item = {"question": item}
    if not isinstance(item, dict) or not isinstance(item.get("question"), str):
        raise ConfigError(f'{name}: question {n} needs "question" as a string')
    label = item.get("label", "")
    if not isinstance(label, str):
        raise ConfigError(f'{name}: question {n}: "label" must be a string')
    try:
        question = checked_question(item["question"])
    except ConfigError as exc:
        raise ConfigError(f"{name}: question {n}: {exc}") from exc
    return Question(label.strip() or question, question)


def save_template(path: Path, questions: list[Question], *, name: str = "") -> None:
    """Write ``questions`` to ``path`` as a template file (a firm's own set)."""
    data = {
        "name": name or path.stem,
        "questions": [{"label": q.label, "question": q.question} for q in questions],
    }
    try:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot write ({exc.strerror or exc})") from exc
