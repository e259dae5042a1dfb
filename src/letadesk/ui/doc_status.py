"""What the documents table says about each document, including staleness on disk."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from letadesk.domain import Document, DocumentStatus, Page, PageMethod

_HASH_LIMIT = 64 * 2**20  # larger files are judged by size only (hashing would stall)
_sha_cache: dict[tuple[str, int, int], str] = {}


@dataclass(frozen=True, slots=True)
class DocRow:
    document: Document
    status: str  # "indexed" | "failed" | "duplicate" | "retired" | "stale" | "missing"
    label: str  # translated status
    detail: str  # failure reason, OCR summary, duplicate note
    pages: int
    ocr_pages: int


def disk_state(doc: Document) -> str:
    """``""`` when the file on disk still matches, else ``"stale"`` or ``"missing"``."""
    try:
        st = os.stat(doc.path)
    except OSError:
        return "missing"
    if st.st_size != doc.size:
        return "stale"
    if st.st_size > _HASH_LIMIT:
        return ""
    key = (doc.path, st.st_size, st.st_mtime_ns)
    digest = _sha_cache.get(key)
    if digest is None:
        try:
            with open(doc.path, "rb") as fh:
                digest = hashlib.file_digest(fh, "sha256").hexdigest()
        except OSError:
            return "missing"
        _sha_cache[key] = digest
    return "" if digest == doc.sha256 else "stale"


def _status_detail(doc: Document) -> str:
    if doc.status == DocumentStatus.FAILED:
        return doc.failure_reason
    if doc.status == DocumentStatus.DUPLICATE:
        return QCoreApplication.translate(
            "DocumentsPanel", "same content as document {id}").format(id=doc.duplicate_of)
    if doc.status == DocumentStatus.RETIRED:
        return QCoreApplication.translate("DocumentsPanel", "file removed from the folder")
    return ""


def describe(doc: Document, pages: list[Page]) -> DocRow:
    ocr = sum(1 for p in pages if p.method == PageMethod.OCR)
    blank = sum(1 for p in pages if p.method == PageMethod.NO_TEXT)
    status, notes = str(doc.status), [_status_detail(doc)]
    if ocr:
        notes.append(QCoreApplication.translate(
            "DocumentsPanel", "{n} page(s) read by OCR").format(n=ocr))
    if blank:
        notes.append(QCoreApplication.translate(
            "DocumentsPanel", "{n} page(s) without text").format(n=blank))
    on_disk = disk_state(doc) if doc.status != DocumentStatus.RETIRED else ""
    if on_disk == "stale":
        status = "stale"
        notes.insert(0, QCoreApplication.translate(
            "DocumentsPanel", "changed on disk since indexing; add it again to refresh"))
    elif on_disk == "missing":
        status = "missing"
        notes.insert(0, QCoreApplication.translate(
            "DocumentsPanel", "file no longer found on disk"))
    detail = "; ".join(filter(None, notes))
    return DocRow(doc, status, status_label(status), detail, len(pages), ocr)


def status_label(status: str) -> str:
    labels = {
        "indexed": QCoreApplication.translate("DocumentsPanel", "Indexed"),
        "failed": QCoreApplication.translate("DocumentsPanel", "Failed"),
        "duplicate": QCoreApplication.translate("DocumentsPanel", "Duplicate"),
        "retired": QCoreApplication.translate("DocumentsPanel", "Retired"),
        "stale": QCoreApplication.translate("DocumentsPanel", "Stale"),
        "missing": QCoreApplication.translate("DocumentsPanel", "Missing"),
    }
    return labels.get(status, status)
