"""kill -9 at random points of many ingests: nothing lost, nothing partial, no orphans.

Each round starts ``letadesk ingest`` of the same folder (real CUAD contracts, as text
and as PDF) into one profile, in its own session, and SIGKILLs the main process alone at
a random moment (reading, storing or embedding: the moments are drawn from the length
of an uninterrupted run). Then, for that round:

* **orphans**: any process of the killed ingest's session still alive 3 s later (its
  parser workers must die with it: parent-death signal, watchdog);
* **doctor**: ``letadesk doctor --json`` must say consistent (work a kill left pending —
  passages not yet embedded or indexed — is allowed: the next ingest completes it);
* **documents**: no document may be listed ``indexed`` with fewer fragments in the
  store than a clean ingest of its file gives (a partial document).

After the last round one ingest runs to the end: every document must be indexed, with
the fragment counts of a clean ingest into a fresh profile, and doctor consistent with
nothing pending.

    .venv/bin/python benchmarks/bench_kill9.py [--rounds 50] [--contracts 6] [--seed 9]
        [--fresh]

Without ``--fresh`` the rounds share one profile, so once a round has finished the
ingest the next ones have little left to do and most end before their kill; ``--fresh``
gives each round a new profile (a first ingest), completes it after the kill and
compares it with the clean one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pymupdf

from _common import shared_data
from letadesk.workspace import Workspace

CLI = [sys.executable, "-m", "letadesk"]


def letadesk(profile: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*CLI, "--data-dir", str(profile), *args],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if check and done.returncode != 0:
        raise SystemExit(f"letadesk {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done


def make_corpus(root: Path, contracts: int, folder: Path) -> None:
    """``contracts`` CUAD contracts as text, and the first three also as a PDF."""
    texts = sorted((root / "cuad" / "txt").glob("*.txt"))[:contracts]
    folder.mkdir(parents=True)
    for i, path in enumerate(texts):
        text = path.read_text(encoding="utf-8", errors="replace")
        (folder / path.name).write_text(text, encoding="utf-8")
        if i < 3:
            pdf = pymupdf.open()
            for start in range(0, min(len(text), 12_000), 3_000):
                pdf.new_page().insert_textbox(
                    pymupdf.Rect(50, 50, 550, 800), text[start : start + 3_000], fontsize=7
                )
            pdf.save(str(folder / (path.stem + ".pdf")))
            pdf.close()


def fragment_counts(profile: Path) -> dict[str, tuple[str, int]]:
    """Each document's file name → (status, fragments in the store)."""
    with Workspace.open(profile) as ws:
        return {
            Path(doc.path).name: (doc.status.value, len(ws.documents.fragments(doc)))
            for doc in ws.documents.all()
        }


def session_alive(sid: int) -> list[int]:
    """Processes of session ``sid`` still running."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":  # field 6 of stat: session id
            alive.append(int(entry.name))
    return alive


def one_round(profile: Path, docs: Path, delay: float) -> dict[str, Any]:
    proc = subprocess.Popen(
        [*CLI, "--data-dir", str(profile), "ingest", str(docs), "--matter", "M", "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    time.sleep(delay)
    finished = proc.poll() is not None
    if not finished:
        os.kill(proc.pid, signal.SIGKILL)  # the main process only: workers must follow
    proc.wait()
    time.sleep(3)
    orphans = session_alive(proc.pid)
    for pid in orphans:  # do not let one failure poison the next rounds
        os.kill(pid, signal.SIGKILL)
    doctor = json.loads(letadesk(profile, "doctor", "--json", check=False).stdout)
    return {
        "delay_s": round(delay, 2),
        "finished_before_kill": finished,
        "orphans": len(orphans),
        "consistent": doctor["consistent"],
        "problems": doctor["problems"],
        "pending": len(doctor.get("pending", [])),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--contracts", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="a new profile each round, completed and compared after the kill",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "docs"
        make_corpus(shared_data(), args.contracts, docs)
        clean = Path(tmp) / "clean"
        t0 = time.perf_counter()
        letadesk(clean, "ingest", str(docs), "--matter", "M")
        full_s = time.perf_counter() - t0
        expected = fragment_counts(clean)
        print(
            f"clean ingest: {len(expected)} documents, "
            f"{sum(n for _, n in expected.values())} fragments, {full_s:.1f} s",
            flush=True,
        )
        profile = Path(tmp) / "killed"
        rows = []
        for i in range(args.rounds):
            if args.fresh:  # every round a first ingest, so every kill lands mid-work
                profile = Path(tmp) / f"killed-{i}"
            row = one_round(profile, docs, rng.uniform(0.3, full_s))
            counts = fragment_counts(profile)
            row["partial_documents"] = sorted(
                name
                for name, (status, n) in counts.items()
                if status == "indexed" and n != expected.get(name, (None, n))[1]
            )
            if args.fresh:
                letadesk(profile, "ingest", str(docs), "--matter", "M")
                row["completed_equal_to_clean"] = fragment_counts(profile) == expected
            rows.append(row)
            print(json.dumps({"round": i + 1, **row}), flush=True)
        letadesk(profile, "ingest", str(docs), "--matter", "M")
        final = fragment_counts(profile)
        doctor = json.loads(letadesk(profile, "doctor", "--json", check=False).stdout)
    killed = [r for r in rows if not r["finished_before_kill"]]
    print(
        f"\nrounds {len(rows)}, killed mid-run {len(killed)}; "
        f"orphans {sum(r['orphans'] for r in rows)}; "
        f"inconsistent {sum(not r['consistent'] for r in rows)}; "
        f"partial documents {sum(len(r['partial_documents']) for r in rows)}; "
        f"rounds leaving work pending {sum(r['pending'] > 0 for r in rows)}"
    )
    if args.fresh:
        done = sum(r["completed_equal_to_clean"] for r in rows)
        print(f"rounds whose completing ingest equals a clean one {done}/{len(rows)}")
    print(
        f"after a last full ingest: documents equal to a clean ingest "
        f"{final == expected} ({len(final)}/{len(expected)}), doctor consistent "
        f"{doctor['consistent']}, pending {len(doctor.get('pending', []))}"
    )


if __name__ == "__main__":
    main()
