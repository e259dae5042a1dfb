"""CLI verbs for the corpus: ingest, matters, docs, show, meta, status."""

from __future__ import annotations

import argparse
from typing import Any

from letadesk.cli.ask_args import backend_url
from letadesk.cli.common import (
    open_profile,
    open_workspace,
    print_json,
)
from letadesk.cli.ingest_args import meta_flags, meta_from, print_ingest
from letadesk.cli.progress import progress_bar
from letadesk.domain import Document, SourceState
from letadesk.text import printable


def register(sub: Any) -> None:
    p = sub.add_parser("ingest", help="add or update files and folders in a matter")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--matter", required=True)
    meta_flags(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser(
        "matters",
        help="list matters; on the firm server, grant, revoke or list a matter's members",
    )
    p.add_argument("action", nargs="?", choices=("grant", "revoke", "members"))
    p.add_argument("names", nargs="*", metavar="MATTER [ROLE]")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_matters)

    p = sub.add_parser("docs", help="list documents")
    p.add_argument("--matter")
    p.add_argument("--failed", action="store_true", help="only documents that failed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_docs)

    p = sub.add_parser("show", help="a document's fragments with page and locator")
    p.add_argument("document", metavar="DOC", help="document id or file name")
    p.add_argument("--matter")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("meta", help="set a document's legal metadata (validity, force)")
    p.add_argument("document", metavar="DOC")
    p.add_argument("--matter")
    meta_flags(p)
    p.add_argument("--verified", action=argparse.BooleanOptionalAction, default=None)
    p.set_defaults(func=cmd_meta)

    p = sub.add_parser("status", help="counts of matters, documents, pages, fragments")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_status)


def cmd_ingest(args: argparse.Namespace) -> int:
    if backend_url(args):
        from letadesk.cli.server_cmds import cmd_ingest_to_server

        return cmd_ingest_to_server(args)
    with open_workspace(args, sources="due") as ws, progress_bar(quiet=args.json) as bars:
        report = ws.documents.ingest(
            args.paths,
            matter=args.matter,
            meta=meta_from(args),
            progress=bars.task("Reading"),
            embed_progress=bars.task("Embedding"),
        )
    return print_ingest(report, args)


def cmd_matters(args: argparse.Namespace) -> int:
    if args.action:
        from letadesk.cli.server_cmds import cmd_members

        return cmd_members(args)
    with open_profile(args) as ws:
        matters = ws.matters.all()
        counts = {m.name: len(ws.documents.all(m.name)) for m in matters}
    if args.json:
        print_json([{"id": m.id, "name": m.name, "documents": counts[m.name]} for m in matters])
    for m in [] if args.json else matters:
        print(f"{m.id:>4}  {printable(m.name)}  ({counts[m.name]} documents)")
    return 0


def _doc_json(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.id,
        "matter_id": doc.matter_id,
        "path": doc.path,
        "title": doc.title,
        "kind": doc.kind,
        "language": doc.language,
        "sha256": doc.sha256,
        "size": doc.size,
        "status": doc.status.value,
        "failure_reason": doc.failure_reason,
        "jurisdiction": doc.jurisdiction,
        "legal_force": doc.legal_force,
        "valid_from": doc.valid_from,
        "valid_to": doc.valid_to,
        "verified": doc.verified,
        "duplicate_of": doc.duplicate_of,
        "stale": doc.stale,
        "source_state": doc.source_state.value,
    }


_STALE = {
    SourceState.CHANGED: "changed on disk since indexing; ingest it again",
    SourceState.MISSING: "file no longer found on disk",
}


def cmd_docs(args: argparse.Namespace) -> int:
    """The documents; one whose passages are not all in the index yet (a cancelled add)
    is "partly indexed", as the window and ``doctor`` say."""
    with open_profile(args, sources="quick") as ws:
        docs = ws.documents.all(args.matter, failed_only=args.failed)
        pending = ws.documents.pending(args.matter)
    if args.json:
        print_json([{**_doc_json(d), "pending_passages": pending.get(d.id, 0)} for d in docs])
        return 0
    for d in docs:
        status, extra = d.status.value, f": {d.failure_reason}" if d.failure_reason else ""
        if d.duplicate_of is not None:
            extra = f": same content as document {d.duplicate_of}"
        if status == "indexed" and pending.get(d.id):
            status = "partly indexed"
            extra += f" ({pending[d.id]} passages not yet indexed; the next ingest resumes them)"
        if d.stale:
            extra += f" [stale: {_STALE[d.source_state]}]"
        print(f"{d.id:>5}  {status:<9} {printable(d.path)}{printable(extra)}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    with open_workspace(args, sources="quick") as ws:
        doc = ws.documents.find(args.document, matter=args.matter)
        fragments = ws.documents.fragments(doc)
        pages = ws.documents.pages(doc)
    if args.json:
        print_json(
            {
                "document": _doc_json(doc),
                "pages": [
                    {"number": p.number, "label": p.label, "method": p.method.value, "note": p.note}
                    for p in pages
                ],
                "fragments": [
                    {
                        "fragment_id": f.id,
                        "page": f.page,
                        "locator": f.locator,
                        "start": f.start,
                        "end": f.end,
                        "text": f.text,
                    }
                    for f in fragments
                ],
            }
        )
        return 0
    title, path = printable(doc.title), printable(doc.path)
    print(f"{title} ({path}) — {len(pages)} pages, {len(fragments)} fragments")
    for p in pages:
        if p.note:
            print(f"  page {p.number}: {printable(p.note)}")
    for f in fragments:
        snippet = printable(" ".join(f.text.split())[:100])
        print(f"[{f.id}] p. {f.printed_page} {printable(f.locator or '-')}: {snippet}")
    return 0


def cmd_meta(args: argparse.Namespace) -> int:
    with open_workspace(args) as ws:
        doc = ws.documents.find(args.document, matter=args.matter)
        ws.documents.set_legal_meta(doc, meta_from(args), verified=args.verified)
        print_json(_doc_json(ws.documents.find(str(doc.id), matter=args.matter)))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    with open_workspace(args, sources="quick") as ws:
        counts = ws.documents.counts()
    if args.json:
        print_json(counts)
    else:
        for key, value in counts.items():
            print(f"{key:<10} {value}")
    return 0
