"""CLI verbs for the profile as a whole: purge a matter, backup, restore."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from letadesk.cli.common import open_workspace, print_json
from letadesk.config import Paths
from letadesk.errors import ConfigError


def register(sub: Any) -> None:
    p = sub.add_parser(
        "purge",
        help="destroy a matter: its documents, index entries, "
        "vectors and the text of its audit records",
    )
    p.add_argument("--matter", required=True)
    p.add_argument("--yes", action="store_true", help="confirm: the matter cannot be recovered")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_purge)

    p = sub.add_parser(
        "backup", help="copy the profile (database, index, audit key) while it is in use"
    )
    p.add_argument("dest", metavar="DEST", help="a new or empty folder")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_backup)

    p = sub.add_parser("restore", help="restore a backup into an empty profile (--data-dir)")
    p.add_argument("src", metavar="SRC", help="a folder written by `letadesk backup`")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_restore)


def cmd_purge(args: argparse.Namespace) -> int:
    if not args.yes:
        raise ConfigError(
            f"purge --matter {args.matter!r} destroys the matter's documents, "
            "index entries and audit text for good; repeat with --yes"
        )
    with open_workspace(args) as ws:
        report = ws.matters.purge(args.matter)
    if args.json:
        print_json(report.as_json())
    else:
        print(
            f"purged matter {args.matter!r}: {report.documents} documents, "
            f"{report.audit_records} audit records reduced to hashes, "
            f"{len(report.backups_removed)} migration backups removed"
        )
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from letadesk.backup import backup

    with open_workspace(args) as ws:
        report = backup(ws, Path(args.dest))
    if args.json:
        print_json(report.as_json())
    else:
        print(
            f"backed up to {report.folder}: {report.counts['documents']} documents, "
            f"{report.audit_records} audit records, {len(report.files)} files"
        )
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from letadesk.backup import restore

    report = restore(Path(args.src), Paths.resolve(args.data_dir))
    if args.json:
        print_json(report.as_json())
    else:
        print(
            f"restored {report.folder}: {report.counts['documents']} documents, "
            f"{report.audit_records} audit records"
            + ("; lexical index rebuilt from the database" if report.rebuilt_lexical else "")
        )
    return 0
