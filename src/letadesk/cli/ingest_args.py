"""What ``ingest`` shares between this profile and the firm server: the legal metadata
flags and the printed report."""

from __future__ import annotations

import argparse
import sys

from letadesk.cli.common import fail, parse_date, print_json
from letadesk.domain import IngestReport
from letadesk.errors import ConfigError, IngestError
from letadesk.store.corpus import META_FIELDS, LegalMeta
from letadesk.text import printable


def meta_flags(p: argparse.ArgumentParser) -> None:
    """The legal metadata flags: only those given change a document ("" or "none"
    empties a field); the others keep the values already stored."""
    p.add_argument("--jurisdiction", help='e.g. RO, EU, US-DE ("" to clear)')
    p.add_argument(
        "--force",
        dest="legal_force",
        help='legal force, e.g. law, code, contract, case-law ("" to clear)',
    )
    p.add_argument("--valid-from", help='in force from (YYYY-MM-DD, "none" to clear)')
    p.add_argument("--valid-to", help='in force until (YYYY-MM-DD, inclusive, "none" to clear)')


def meta_from(args: argparse.Namespace) -> LegalMeta:
    blank = {
        "jurisdiction": ("",),
        "legal_force": ("",),
        "valid_from": ("", "none"),
        "valid_to": ("", "none"),
    }
    clear = {
        name
        for name in META_FIELDS
        if getattr(args, name) is not None and getattr(args, name).strip().lower() in blank[name]
    }
    valid_from = None if "valid_from" in clear else parse_date(args.valid_from, "--valid-from")
    valid_to = None if "valid_to" in clear else parse_date(args.valid_to, "--valid-to")
    if valid_from and valid_to and valid_to < valid_from:
        raise ConfigError(f"--valid-to {valid_to} is before --valid-from {valid_from}")
    return LegalMeta(
        jurisdiction=None if "jurisdiction" in clear else args.jurisdiction,
        legal_force=None if "legal_force" in clear else args.legal_force,
        valid_from=valid_from,
        valid_to=valid_to,
        clear=frozenset(clear),
    )


def print_ingest(
    report: IngestReport, args: argparse.Namespace, extra: dict[str, object] | None = None
) -> int:
    """An ingest's report as JSON (with ``extra``) or lines; the exit code (every file
    failed: 5)."""
    if args.json:
        print_json(report.as_json() | (extra or {}))
    else:
        print(
            f"added {report.added}, updated {report.updated}, unchanged {report.unchanged}, "
            f"retired {report.retired}, duplicates {report.duplicates}, "
            f"failed {len(report.failed)}" + (f", moved {report.moved}" if report.moved else "")
        )
        for path, reason in report.failed:
            print(f"  failed: {printable(path)}: {printable(reason)}", file=sys.stderr)
        if report.skipped_hidden:
            names = printable(report.hidden_names())
            print(f"{len(report.skipped_hidden)} hidden entries skipped ({names})")
        if report.cancelled:
            print(
                f"cancelled: {len(report.indexed)} documents wholly indexed, "
                f"{len(report.not_read)} files not read"
            )
        if report.pending:
            print(
                f"{len(report.pending)} documents pending ({report.pending_passages} "
                "passages not yet indexed; the next ingest resumes them)"
            )
    read = report.added + report.updated + report.unchanged + report.duplicates + report.moved
    if report.failed and not read and not report.cancelled:  # e.g. every parser crashed
        return fail(
            f"no file could be read: all {len(report.failed)} failed", IngestError.exit_code
        )
    return 0
