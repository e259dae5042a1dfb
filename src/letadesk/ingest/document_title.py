"""The title of a document read as text: its first line, unless that line names nothing.

A contract's first line often does not name it: CUAD's text files open with one long
line ("Exhibit 10.1 CONSULTING AGREEMENT This CONSULTING AGREEMENT (...) effective as of
..."), a redaction legend or a bare exhibit label. Then the title is the name the
contract gives itself near the top. A text that opens with its body (a heading such as
"TITLUL I", an article header) is named by its file.
"""

from __future__ import annotations

import re
from pathlib import Path

from letadesk.references.grammar import is_structure_line

__all__ = ["text_title"]

# A contract's name in its opening line: capitals ending in a kind of agreement
# ("Exhibit 10.34 EVENT SPONSORSHIP AGREEMENT This Event Sponsorship …"), else words in
# title case ("Exhibit 2.01   Strategic Alliance Agreement   This agreement …").
_KIND = (
    r"(?:(?:LICENSE|LEASE)[ \t]+)?AGREEMENTS?|CONTRACT|LEASE|LICENSE|ADDENDUM"
    r"|AMENDMENT(?:[ \t]+NO\.[ \t]*\d+)?|MEMORANDUM OF UNDERSTANDING"
)
_CAPS_NAME = re.compile(rf"\b(?:(?!THIS\b|THE\b)[A-Z][A-Z0-9'’&\-]*[ \t]+){{0,5}}(?:{_KIND})\b")
_TITLED_NAME = re.compile(
    r"\b(?!This\b|The\b)(?:[A-Z][a-z\-]+[ \t]+(?:(?:and|of|for)[ \t]+)?){1,6}"
    r"(?:Agreement|Contract|Lease|License)\b"
)
_NOT_NAME = re.compile(
    r"^(?:(?:EXECUTION[ \t]+(?:COPY|VERSION)|CONFIDENTIAL|EXHIBIT[ \t]+[A-Z0-9.]{1,6})[ \t]+)+"
)
_KIND_WORDS = frozenset("AGREEMENT AGREEMENTS CONTRACT LEASE LICENSE AMENDMENT ADDENDUM".split())
_LONG_LINE = 100
_NAME_SPAN = 600  # where a name is looked for, from the first line on
# A first line that names nothing: an exhibit label ("Exhibit 10.7", "1") or the legend
# of a redacted filing ("CONFIDENTIAL TREATMENT - REDACTED VERSION").
_LABEL = re.compile(r"(?:\d{1,3}\s+)?(?:(?i:exhibit|schedule|annex|appendix)\s+)?[\w.()-]{0,8}")
_LEGEND = re.compile(r"\b(?:CONFIDENTIAL|REDACTED|OMITTED|Confidential Treatment)\b")


def text_title(text: str, path: Path) -> str:
    """The first line of ``text``, or the contract's name near it (:func:`_name_in`) when
    that line runs on into the text or is only an exhibit label or a confidentiality
    legend; the file's name when the text opens with its body (a heading such as
    "TITLUL I" or an article header names no document)."""
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if not line:
            continue
        if is_structure_line(line):
            break
        if len(line) > _LONG_LINE or _LABEL.fullmatch(line) or _LEGEND.search(line):
            start = text.find(line)
            return _name_in(text[start : start + _NAME_SPAN]) or line
        return line  # cut by read_document (clip_title)
    return " ".join(path.stem.replace("_", " ").split()) or path.name


def _name_in(head: str) -> str:
    """The name a contract gives itself in ``head`` ("EVENT SPONSORSHIP AGREEMENT",
    "Strategic Alliance Agreement"), "" when none is found."""
    for caps in _CAPS_NAME.finditer(head):
        if set(caps.group(0).split()) - _KIND_WORDS:
            return _NOT_NAME.sub("", caps.group(0))
    titled = _TITLED_NAME.search(head)
    return titled.group(0) if titled else ""
