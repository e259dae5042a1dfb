"""CLI verb for checking a draft against a matter: check-document."""

from __future__ import annotations

import argparse
from typing import Any

from letadesk.cli.common import open_profile, parse_date, print_json
from letadesk.draft.check import ERROR_KINDS, DraftReport, check_draft
from letadesk.text import shorten

_MARKS = {"provision": "·", "related": "~", "unchecked": "?"}  # an error: "✗"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "check-document",
        help="check a draft (DOCX, PDF, text; not indexed) against a matter's law: the "
        "provisions it cites, articles or acts the matter lacks or that are not in force, "
        "deadlines and rates that differ from the cited provision",
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--matter", required=True)
    p.add_argument(
        "--as-of",
        help="the date the cited provisions must be in force on (YYYY-MM-DD; default today)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check_document)


def cmd_check_document(args: argparse.Namespace) -> int:
    """Exit 0 whatever the draft holds (the findings are the result)."""
    with open_profile(args, sources="quick") as ws:
        report = check_draft(ws, args.file, matter=args.matter, as_of=parse_date(args.as_of))
    if args.json:
        print_json(report.as_json())
    else:
        print_report(report)
    return 0


def print_report(report: DraftReport) -> None:
    errors = report.errors()
    print(f"{report.title}: {len(report.pieces)} pieces, {len(errors)} findings to review")
    for piece in report.pieces:
        if not piece.findings:
            continue
        named = f"{piece.heading}: " if piece.heading else ""
        text = shorten(named + " ".join(piece.text.split()), 100)
        print(f"\n[{piece.start}-{piece.end}] {text}")
        for finding in piece.findings:
            mark = "✗" if finding.kind in ERROR_KINDS else _MARKS.get(finding.kind, "·")
            print(f"  {mark} {finding.kind}: {finding.claim}")
            for c in finding.citations:
                where = ", ".join(x for x in (c.document, f"p. {c.page_label}") if x)
                print(f"      {where}: “{shorten(' '.join(c.quote.split()), 160)}”")
