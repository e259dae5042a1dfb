"""Why a file was not indexed, in the interface language.

Ingest stores each failure's reason as the English sentence the reader raised (the CLI,
``--json`` and the firm server show it as it is). The window translates it when it shows
it: each reason the readers and the discovery step can give is matched here by its
pattern, and its variable parts (a count, a file type, the system's own error text) are
kept as they are. A reason no pattern knows is shown in English, never hidden.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication


def _templates() -> tuple[tuple[str, str], ...]:
    """(pattern of a stored English reason, its translated template with {0}, {1}... for
    the pattern's groups), read when shown so that the current translator is used."""
    return (
        (
            r"corrupt or unreadable PDF \((.*)\)",
            QCoreApplication.translate("FailureReason", "corrupt or unreadable PDF ({0})"),
        ),
        (
            r"truncated PDF \(the file ends before %%EOF\)",
            QCoreApplication.translate(
                "FailureReason", "truncated PDF (the file ends before %%EOF)"
            ),
        ),
        (
            r"encrypted PDF \(password required\)",
            QCoreApplication.translate("FailureReason", "encrypted PDF (password required)"),
        ),
        (r"PDF has no pages", QCoreApplication.translate("FailureReason", "PDF has no pages")),
        (
            r"corrupt or truncated PDF \((.*)\)",
            QCoreApplication.translate("FailureReason", "corrupt or truncated PDF ({0})"),
        ),
        (
            r"corrupt or unreadable DOCX \((.*)\)",
            QCoreApplication.translate("FailureReason", "corrupt or unreadable DOCX ({0})"),
        ),
        (
            r"no extractable text \(OCR unavailable\)",
            QCoreApplication.translate("FailureReason", "no extractable text (OCR unavailable)"),
        ),
        (
            r"no extractable text \(file is blank\)",
            QCoreApplication.translate("FailureReason", "no extractable text (file is blank)"),
        ),
        (
            r"no extractable text",
            QCoreApplication.translate("FailureReason", "no extractable text"),
        ),
        (
            r"HTML nested too deeply \(more than ([\d,]+) levels of block elements\)",
            QCoreApplication.translate(
                "FailureReason", "HTML nested too deeply (more than {0} levels of block elements)"
            ),
        ),
        (r"empty file", QCoreApplication.translate("FailureReason", "empty file")),
        (
            r"not a supported document: (.*)",
            QCoreApplication.translate("FailureReason", "not a supported document: {0}"),
        ),
        (
            r"binary data, not a readable (.*) document",
            QCoreApplication.translate("FailureReason", "binary data, not a readable {0} document"),
        ),
        (
            r"not a regular file: a named pipe \(FIFO\)",
            QCoreApplication.translate("FailureReason", "not a regular file: a named pipe"),
        ),
        (
            r"not a regular file: a socket",
            QCoreApplication.translate("FailureReason", "not a regular file: a socket"),
        ),
        (
            r"not a regular file: a character device",
            QCoreApplication.translate("FailureReason", "not a regular file: a device"),
        ),
        (
            r"not a regular file: a block device",
            QCoreApplication.translate("FailureReason", "not a regular file: a device"),
        ),
        (r"not a regular file", QCoreApplication.translate("FailureReason", "not a regular file")),
        (r"file not found", QCoreApplication.translate("FailureReason", "file not found")),
        (
            r"no such file or folder",
            QCoreApplication.translate("FailureReason", "no such file or folder"),
        ),
        (
            r"is a directory, not a file",
            QCoreApplication.translate("FailureReason", "is a folder, not a file"),
        ),
        (
            r"cannot read file \((.*)\)",
            QCoreApplication.translate("FailureReason", "cannot read file ({0})"),
        ),
        (
            r"cannot be read \((.*)\)",
            QCoreApplication.translate("FailureReason", "cannot be read ({0})"),
        ),
        (
            r"folder not read \((.*)\)",
            QCoreApplication.translate("FailureReason", "folder not read ({0})"),
        ),
        (
            r"symbolic link not followed",
            QCoreApplication.translate("FailureReason", "symbolic link not followed"),
        ),
        (
            r"symbolic link to a folder not followed",
            QCoreApplication.translate("FailureReason", "symbolic link to a folder not followed"),
        ),
        (
            r"path leads outside the chosen folder",
            QCoreApplication.translate("FailureReason", "path leads outside the chosen folder"),
        ),
        (
            r"unsupported file type (.*)",
            QCoreApplication.translate("FailureReason", "unsupported file type {0}"),
        ),
        (
            r"corrupt ZIP container \((.*)\)",
            QCoreApplication.translate("FailureReason", "corrupt ZIP container ({0})"),
        ),
        (
            r"ZIP archive that is not a DOCX document",
            QCoreApplication.translate("FailureReason", "ZIP archive that is not a DOCX document"),
        ),
        (
            r"ZIP bomb suspected: ([\d,]+) bytes would unzip to ([\d,]+) MB",
            QCoreApplication.translate(
                "FailureReason", "ZIP bomb suspected: {0} bytes would unzip to {1} MB"
            ),
        ),
        (
            r"too large: at least ([\d,]+) fragments > ([\d,]+) per file "
            r"\(setting max_fragments_per_file\)",
            QCoreApplication.translate(
                "FailureReason",
                "too large: at least {0} fragments > {1} per file (setting max_fragments_per_file)",
            ),
        ),
        (
            r"too large: ([\d,]+) fragments > ([\d,]+) per file \(setting max_fragments_per_file\)",
            QCoreApplication.translate(
                "FailureReason",
                "too large: {0} fragments > {1} per file (setting max_fragments_per_file)",
            ),
        ),
        (
            r"file too large \((\d+) MB > (\d+) MB limit\)",
            QCoreApplication.translate("FailureReason", "file too large ({0} MB > {1} MB limit)"),
        ),
        (
            r"timed out after (.*) s",
            QCoreApplication.translate("FailureReason", "timed out after {0} s"),
        ),
        (
            r"parser crashed \(exit code (.*)\)",
            QCoreApplication.translate(
                "FailureReason", "the reader stopped unexpectedly (exit code {0})"
            ),
        ),
        (
            r"the parser gave no result",
            QCoreApplication.translate("FailureReason", "the reader gave no result"),
        ),
    )


def translated_reason(reason: str) -> str:
    """``reason`` (a stored ingest failure reason) in the interface language."""
    for pattern, template in _templates():
        match = re.fullmatch(pattern, reason)
        if match:
            return template.format(*match.groups())
    return reason
