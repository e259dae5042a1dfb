"""The exports' words in the interface language (English or Romanian): one table per
export, one way to look a text up."""

from __future__ import annotations

Texts = dict[str, dict[str, str]]


def translate(texts: Texts, key: str, language: str, **values: object) -> str:
    """``texts[key]`` in ``language`` (English when it has none), formatted."""
    entry = texts[key]
    return entry.get(language, entry["en"]).format(**values)
