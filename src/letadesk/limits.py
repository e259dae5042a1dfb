"""Bounds on what a user may hand LetaDesk: questions, queries, counts, names.

Checked at the edge of the core (:class:`letadesk.workspace.Workspace`), so the CLI
and the window refuse the same things with the same :class:`ConfigError`, before any
work is done. Each message names the value and the reason.
"""

from __future__ import annotations

import unicodedata

from letadesk.errors import ConfigError, NotFoundError

MAX_QUESTION_CHARS = 2000  # a question or search query
MAX_K = 200  # passages one search may return
MAX_LIST = 10_000  # records one listing may show
MAX_NAME_CHARS = 200  # a matter's name
_MAX_ID_DIGITS = 18  # an SQLite integer id (below 2**63)


def _text(value: str, what: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ConfigError(
            f"the {what} is not valid text (undecodable bytes at character {exc.start + 1})"
        ) from exc
    return value


def checked_question(text: str, what: str = "question") -> str:
    """``text`` without surrounding whitespace; ConfigError when it is empty, longer than
    :data:`MAX_QUESTION_CHARS` or not valid text. ``what``: "question", "query"…"""
    stripped = _text(text, what).strip()
    if not stripped:
        raise ConfigError(f"the {what} is empty")
    if len(stripped) > MAX_QUESTION_CHARS:
        raise ConfigError(
            f"the {what} is too long: {len(stripped):,} characters (at most {MAX_QUESTION_CHARS:,})"
        )
    return stripped


def checked_count(value: int, name: str, maximum: int) -> int:
    """``value`` when ``1 <= value <= maximum``; ConfigError naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= maximum:
        raise ConfigError(f"{name}: {value!r} is out of range (expected 1 to {maximum:,})")
    return value


def checked_name(name: str) -> str:
    """A matter's name: ConfigError when empty, longer than :data:`MAX_NAME_CHARS`, or
    holding control characters or undecodable bytes."""
    _text(name, "matter name")
    if not name.strip():
        raise ConfigError("the matter name is empty")
    if len(name) > MAX_NAME_CHARS:
        raise ConfigError(
            f"the matter name is too long: {len(name):,} characters (at most {MAX_NAME_CHARS})"
        )
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise ConfigError(f"the matter name {name!r} holds control characters")
    return name


def checked_document_ref(ref: str) -> str:
    """A document reference (an id, a file name or a path) that can be looked up:
    ConfigError when empty or not valid text, NotFoundError for an id no document can
    have (non-ASCII digits, or beyond SQLite's integers)."""
    _text(ref, "document reference")
    if not ref.strip():
        raise ConfigError("the document reference is empty")
    if ref.isdigit() and (not ref.isascii() or len(ref.lstrip("0")) > _MAX_ID_DIGITS):
        raise NotFoundError(f"no document with id {ref!r}")
    return ref
