"""The rows the derived indexes store for each fragment: its text and metadata for the
lexical index, its filters beside its vector (re-exported by :mod:`letadesk.domain`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True, slots=True)
class LexicalRow:
    """One fragment with its document's metadata, as the derived indexes (lexical and
    vector) see it."""

    fragment_id: int
    matter_id: int
    document_id: int
    title: str
    locator: str
    text: str
    jurisdiction: str = ""
    legal_force: str = ""
    valid_from: date | None = None
    valid_to: date | None = None

    def vector_row(self) -> VectorRow:
        """What the vector index stores beside this fragment's vector (its filters)."""
        return VectorRow(
            self.fragment_id,
            self.matter_id,
            self.document_id,
            self.jurisdiction,
            self.legal_force,
            self.valid_from,
            self.valid_to,
        )

    @property
    def signature(self) -> str:
        """A 16-hex-digit digest of what the lexical index stores for this fragment.

        Equal to ``LexicalIndex.signatures`` for the fragment when the stored entry is
        current; different when text, locator, title, metadata or validity changed
        (the entry is stale and must be re-added)."""
        parts = (
            self.matter_id,
            self.document_id,
            self.title,
            self.locator,
            self.text,
            self.jurisdiction,
            self.legal_force,
            self.valid_from,
            self.valid_to,
        )
        digest = hashlib.sha1("\x1f".join(map(str, parts)).encode("utf-8")).digest()
        return f"{int.from_bytes(digest[:8], 'big'):016x}"


@dataclass(frozen=True, slots=True)
class VectorRow:
    """The metadata stored beside one fragment's embedding."""

    fragment_id: int
    matter_id: int
    document_id: int
    jurisdiction: str = ""
    legal_force: str = ""
    valid_from: date | None = None
    valid_to: date | None = None
