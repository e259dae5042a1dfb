"""CLI verbs for retrieval and answers: search, doctor, ask, engine, audit, eval."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from letadesk.answer.ask import AskOptions
from letadesk.answer.evaluate import evaluate, load_questions
from letadesk.answer.messages import message, question_language
from letadesk.answer.record import answer_json, passage_json
from letadesk.cli import engine
from letadesk.cli.ask_args import add_ask_arguments, backend_url, mode_flags
from letadesk.cli.common import (
    Profile,
    count_arg,
    open_profile,
    open_workspace,
    parse_date,
    print_json,
)
from letadesk.domain import DRAFT_FAILED, Answer, ShortAnswer
from letadesk.errors import ConfigError, LetaDeskError
from letadesk.limits import MAX_K, MAX_LIST
from letadesk.text import printable

EVERY_VERSION = "any"  # ``ask --as-of any``: no date, every version searched


def register(sub: Any) -> None:
    p = sub.add_parser("search", help="ranked fragments for a query")
    p.add_argument("query")
    p.add_argument("--matter", required=True)
    p.add_argument("--document", metavar="DOC", help="document id or file name")
    p.add_argument(
        "--k",
        type=count_arg(MAX_K),
        default=20,
        help=f"how many fragments (1 to {MAX_K}; default 20)",
    )
    p.add_argument("--as-of", help="only documents in force on this date (YYYY-MM-DD)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("doctor", help="check (and repair) the indexes against the database")
    p.add_argument("--repair", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)

    p = sub.add_parser("ask", help="a grounded answer, or a refusal with the nearest sources")
    add_ask_arguments(p)
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser(
        "engine",
        help="keep the models loaded and answer ask from this process "
        "(a user-only local socket, no network port; Ctrl-C stops it)",
    )
    p.set_defaults(func=cmd_engine)

    p = sub.add_parser("audit", help="the audit trail of past questions")
    p.add_argument("--verify", action="store_true", help="check the hash chain")
    p.add_argument("--export", metavar="FILE", help="write every record as JSON lines")
    p.add_argument(
        "--limit",
        type=count_arg(MAX_LIST),
        default=20,
        help=f"how many of the newest records (1 to {MAX_LIST:,}; default 20)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("eval", help="run a JSONL question file and report coverage/refusals")
    p.add_argument("file", metavar="FILE.jsonl")
    p.add_argument("--matter", required=True)
    mode_flags(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval)


def cmd_search(args: argparse.Namespace) -> int:
    with open_profile(args, sources="quick") as ws:
        passages = ws.search(
            args.query,
            matter=args.matter,
            document=args.document,
            k=args.k,
            as_of=parse_date(args.as_of),
        )
    if args.json:
        print_json([passage_json(p) for p in passages])
        return 0
    for rank, p in enumerate(passages, start=1):
        snippet = " ".join(p.fragment.text.split())[:110]
        print(
            f"{rank:>2}. [{p.fragment.id}] {p.document.title} p. {p.fragment.printed_page} "
            f"{p.fragment.locator or '-'} ({p.via} {p.scores.fused:.4f})\n    {snippet}"
        )
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    with open_workspace(args, sources="due") as ws:
        report = ws.doctor(repair=args.repair)
    if args.json:
        print_json(report.as_json())
    else:
        print("consistent" if report.consistent else "NOT consistent")
        for problem in report.problems:
            print(f"  - {problem}")
        for work in report.pending:
            print(f"  pending (the next ingest or --repair completes it): {work}")
        for warning in report.warnings:
            print(f"  WARNING: {warning}")
        if report.repaired:
            print("repaired: indexes rebuilt from the database")
    return 0 if report.consistent else 1


def _options(language: str, args: argparse.Namespace) -> AskOptions:
    """No ``--as-of``: today (Profile.ask); ``--as-of any``: every version."""
    every = (args.as_of or "").strip().lower() == EVERY_VERSION
    return AskOptions(
        as_of=None if every else parse_date(args.as_of),
        every_version=every,
        generate=args.generate,
        language=language,
    )


def cmd_ask(args: argparse.Namespace) -> int:
    """Answered here: a running engine was asked first (letadesk.cli.main, engine.fast_ask)."""
    with open_profile(args, sources="quick") as ws:
        return answer_question(ws, args)


def answer_question(ws: Profile, args: argparse.Namespace) -> int:
    """The ``ask`` verb on an open profile: the answer printed, the exit code returned."""
    answer = ws.ask(
        args.question,
        matter=args.matter,
        document=args.document,
        options=_options(ws.settings.language, args),
    )
    if args.json:
        print_json(answer_json(answer))
    else:
        _print_answer(answer, ws.settings.language)
    return 0


def cmd_engine(args: argparse.Namespace) -> int:
    backend = backend_url(args)
    with open_profile(args) as ws:
        _warm(ws)
        return engine.serve(
            ws,
            path=engine.socket_path(args.data_dir),
            backend=backend,
            answer=_engine_answer,
            log=lambda line: print(line, file=sys.stderr, flush=True),
        )


def _engine_answer(ws: Profile, args: argparse.Namespace) -> int:
    ws.documents.check_sources(full=False)  # as a cold ask's open_profile(sources="quick") does
    return answer_question(ws, args)


def _warm(ws: Profile) -> None:
    """Load what a first answer needs: the judge, the embedder (by a search), the
    Romanian word families and, when answers are drafted, the language model. A model
    that fails to load is reported and the engine serves on (each ask then says why)."""
    from letadesk import families
    from letadesk.judge import default_judge
    from letadesk.retrieve.search import search_on

    try:
        families.load()
        default_judge()
        if names := [m.name for m in ws.matters.all()]:  # not a user's search: not recorded
            search_on(ws, None, "warm-up", matter=names[0], k=1)
        if ws.generates():
            ws.generator()
    except LetaDeskError as exc:
        print(f"letadesk engine: not warm: {exc}", file=sys.stderr, flush=True)


def _print_answer(answer: Answer, interface: str) -> None:
    """The answer as text, in the question's language (the ``interface`` language when
    it does not say): the value asked for first ("30 de zile — art. 5 alin. (1)"); over
    several documents, a heading per document and the documents without an answer last."""
    language = question_language(answer.question, interface)
    for reading in answer.readings:
        print(f"~ {reading}")
    if not answer.answered:
        print(answer.reason)
        if answer.clarify:
            print(answer.clarify)
        for p in answer.nearest_sources:
            print(
                f"  {message('nearest', language)}: {p.document.title} "
                f"p. {p.fragment.printed_page} {p.fragment.locator}".rstrip()
            )
    shorts = [g.short_answer for g in answer.groups] or [answer.short_answer]
    spans = {(v.claim, v.citation): (v.start, v.end) for v in shorts if v is not None}
    if answer.short_answer is not None and not answer.groups:
        print(_lead(answer, answer.short_answer))
    headings = {g.claims[0]: g for g in answer.groups if g.claims}
    for i, claim in enumerate(answer.claims):
        if i in headings:
            print(f"{headings[i].document}:")
            if (value := headings[i].short_answer) is not None:
                print(_lead(answer, value))
        label = f" ({message('extracted_mark', language)})" if claim.kind == "extracted" else ""
        print(f"{i + 1}. {_SPACES.sub(' ', claim.text)}{label}")
        for j, c in enumerate(claim.citations):
            marks = [
                message(key, language)
                for key, on in (("stale_mark", c.stale), ("unverified_mark", not c.verified))
                if on
            ]
            flags = "".join(f" ({m})" for m in marks)
            span = spans.get((i, j))
            print(
                f"     [{c.document}, p. {c.page_label}, {c.locator or '-'}]{flags} "
                f'"{_marked(c.quote, span)}"'
            )
    if answer.unanswered:
        print(
            message(
                "no_answer_in", language, documents="; ".join(u.document for u in answer.unanswered)
            )
        )
    for note in answer.notes:
        print(f"! {note}")
    if answer.rejected:
        said = message(
            "rejected_count", language, count=len(answer.rejected), audit=answer.audit_id
        )
        print(f"({said})")
    if answer.mode == DRAFT_FAILED:
        then = message("verbatim_shown" if answer.answered else "no_verbatim", language)
        why = f"draft_failed_{answer.draft_failure}" if answer.draft_failure else "draft_failed"
        print(f"({message(why, language, then=then)})")


QUOTE_SHOWN = 160  # characters of a quote printed
# A contract's text laid out with runs of spaces ("sponsorship             and
# advertising fees"): shown as one space (the quote's offsets are the document's).
_SPACES = re.compile(r"[ \t]{2,}")


def _lead(answer: Answer, value: ShortAnswer) -> str:
    """ "30 de zile — art. 5 alin. (1)": the value asked for, as shown, and where it is
    said."""
    cited = answer.claims[value.claim].citations[value.citation]
    return f"{value.shown} — {value.locator or cited.document}"


def _marked(quote: str, span: tuple[int, int] | None) -> str:
    """The first :data:`QUOTE_SHOWN` characters of ``quote``, or those around ``span``
    (the short answer's offsets in it), with the value marked «thus»; "…" where the
    quote goes on beyond what is shown."""
    if span is None:
        shown = quote[:QUOTE_SHOWN] + ("…" if len(quote) > QUOTE_SHOWN else "")
    else:
        start, end = span
        first = max(0, min(start - 40, len(quote) - QUOTE_SHOWN))
        head = "…" if first else ""
        marked = quote[first:start] + "«" + quote[start:end] + "»" + quote[end:]
        tail = "…" if len(marked) > QUOTE_SHOWN + 2 else ""
        shown = head + marked[: QUOTE_SHOWN + 2] + tail
    return _SPACES.sub(" ", shown)


def cmd_audit(args: argparse.Namespace) -> int:
    with open_profile(args) as ws:
        if args.verify:
            report = ws.audit.check()
            if args.json:
                print_json(report.as_json())
            else:
                print("audit trail intact" if report.intact else "audit trail BROKEN")
                for item in report.checked:
                    print(f"  checked: {item}")
                if report.note:
                    print(f"  note: {report.note}")
                for problem in report.problems:
                    print(f"  - {problem}")
            return 0 if report.intact else 1
        if args.export:
            try:
                count = ws.audit.export(Path(args.export))
            except OSError as exc:
                raise ConfigError(
                    f"--export {args.export}: cannot write ({exc.strerror or exc})"
                ) from exc
            print(f"exported {count} records to {args.export}", file=sys.stderr)
            return 0
        records = ws.audit.entries(limit=args.limit)
    if args.json:
        print_json(
            [
                {
                    "id": e.id,
                    "created_at": e.created_at,
                    "matter_id": e.matter_id,
                    "hash": e.hash,
                    "purged": e.purged,
                    **e.record,
                }
                for e in records
            ]
        )
        return 0
    for e in records:
        final = e.record.get("final")
        disposition = final.get("disposition", "?") if isinstance(final, dict) else "?"
        question = "(purged)" if e.purged else str(e.record.get("question", ""))[:70]
        print(f"{e.created_at}  {e.id}  {disposition:<8}  {printable(question)}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    rows = load_questions(Path(args.file))
    with open_workspace(args, sources="quick") as ws:
        base = AskOptions(generate=args.generate, language=ws.settings.language)
        report = evaluate(rows, lambda q, o: ws.ask(q, matter=args.matter, options=o), base)
    if args.json:
        print_json(report.as_json())
    else:
        for key, value in report.as_json().items():
            print(f"{key:<26} {value}")
    return 0
