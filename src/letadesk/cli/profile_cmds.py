"""CLI verbs for the profile as a whole: purge a matter."""

from __future__ import annotations

import argparse
from typing import Any

from letadesk.cli.common import open_workspace, print_json
from letadesk.errors import ConfigError


def register(sub: Any) -> None:
    p = sub.add_parser("purge", help="destroy a matter: its documents, index entries, "
                                     "vectors and the text of its audit records")
    p.add_argument("--matter", required=True)
    p.add_argument("--yes", action="store_true", help="confirm: the matter cannot be recovered")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_purge)


def cmd_purge(args: argparse.Namespace) -> int:
    if not args.yes:
        raise ConfigError(f"purge --matter {args.matter!r} destroys the matter's documents, "
                          "index entries and audit text for good; repeat with --yes")
    with open_workspace(args) as ws:
        report = ws.purge_matter(args.matter)
    if args.json:
        print_json(report.as_json())
    else:
        print(f"purged matter {args.matter!r}: {report.documents} documents, "
              f"{report.audit_records} audit records reduced to hashes, "
              f"{len(report.backups_removed)} migration backups removed")
    return 0
