"""CLI verbs for the firm server (``--backend postgresql://…``): ``server init``,
``migrate --to``, ``matters grant/revoke/members``, and ``ingest`` into a server matter.

``search``, ``ask``, ``matters``, ``docs`` and ``audit`` run on the server through
:func:`letadesk.cli.common.open_profile`; this module holds what only the server has.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from letadesk.cli.common import open_server, print_json
from letadesk.cli.ingest_args import meta_from, print_ingest
from letadesk.cli.progress import progress_bar
from letadesk.errors import ConfigError

if TYPE_CHECKING:  # psycopg (the `server` extra) is imported only when a verb needs it
    from letadesk.server.push import PushReport


def register(sub: Any) -> None:
    p = sub.add_parser("server", help="the firm server: create or upgrade its schema (IT)")
    p.add_argument("action", choices=("init",))
    p.set_defaults(func=cmd_server)

    p = sub.add_parser(
        "migrate",
        help="copy this profile (or some matters) to the firm server, or the server into "
        "this empty profile, with counts",
    )
    direction = p.add_mutually_exclusive_group(required=True)
    direction.add_argument("--to", metavar="URL", help="postgresql://host/database")
    direction.add_argument("--from", dest="source", metavar="URL", help="into this empty profile")
    p.add_argument("--matter", action="append", help="only this matter (repeatable)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_migrate)


def cmd_server(args: argparse.Namespace) -> int:
    from letadesk.cli.ask_args import backend_url
    from letadesk.server.connect import describe
    from letadesk.server.workspace import ServerWorkspace

    url = backend_url(args)
    if not url:
        raise ConfigError("server init: give --backend URL (the firm server)")
    version = ServerWorkspace.initialise(url)
    print(f"firm server {describe(url)}: schema at version {version}")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    with open_server(args, args.to or args.source) as server:
        server.check()
        server.require_owner("migrate")
        report = server.push(args.matter) if args.to else server.pull(args.matter)
    where = f"migrated to {server.where}" if args.to else f"migrated from {server.where}"
    return _print_push(report, args, where)


def cmd_ingest_to_server(args: argparse.Namespace) -> int:
    """Ingest into this profile (the staging copy: isolated parsers, resumable embedding),
    then push the matter to the server."""
    with open_server(args) as server:
        server.check()
        server.require_owner("ingest --backend")  # before anything is staged here
        with progress_bar(quiet=args.json) as bars:
            report = server.local.documents.ingest(
                args.paths,
                matter=args.matter,
                meta=meta_from(args),
                progress=bars.task("Reading"),
                embed_progress=bars.task("Embedding"),
            )
        pushed = server.push([args.matter])
    code = print_ingest(report, args, {"server": pushed.as_json()})
    if not args.json:
        _print_push(pushed, args, f"pushed to {server.where}")
    return code or (0 if pushed.matches else 1)


def _print_push(report: PushReport, args: argparse.Namespace, done: str) -> int:
    if args.json and args.func is cmd_migrate:
        print_json(report.as_json())
    elif not args.json:
        print(
            f"{done}: {report.pushed} documents copied, {report.unchanged} unchanged, "
            f"{report.deleted} deleted, {report.audit_copied} audit records"
        )
        for name, (profile, server) in report.counts.items():
            mismatch = "" if profile == server else "  MISMATCH"
            print(f"  {name}: profile {profile}, server {server}{mismatch}")
        for note in report.notes:
            print(f"  note: {note}")
    return 0 if report.matches else 1


def cmd_members(args: argparse.Namespace) -> int:
    wanted = {"grant": 2, "revoke": 2, "members": 1}[args.action]
    if len(args.names) != wanted:
        shape = "MATTER ROLE" if wanted == 2 else "MATTER"
        raise ConfigError(f"matters {args.action}: expected {shape}")
    with open_server(args) as server:
        server.check()
        matter = args.names[0]
        if args.action == "members":
            names = server.matters.members(matter)
            if args.json:
                print_json(names)
            else:
                print("\n".join(names) if names else f"(no members of {matter!r} you may see)")
            return 0
        role = args.names[1]
        changed = (
            server.matters.grant(matter, role)
            if args.action == "grant"
            else server.matters.revoke(matter, role)
        )
    verb = "granted" if args.action == "grant" else "revoked"
    print(
        f"{role}: {verb} on {matter!r}" if changed else f"{role}: nothing to change on {matter!r}"
    )
    return 0
