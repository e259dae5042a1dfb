"""``letadesk check``: Gate 3's decision on a JSONL file of (claim, quote) pairs, run as a
user would (a real subprocess, the shipped judge)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

QUOTE = "The Supplier shall deliver the Products within 30 days of receipt of each purchase order."
PAIRS = [
    {
        "claim": "The Supplier shall deliver the Products within 30 days of each purchase order.",
        "quote": QUOTE,
    },
    {
        "claim": "The Supplier shall deliver the Products within 90 days of each purchase order.",
        "quote": QUOTE,
    },
    {"claim": "The Supplier is liable for lost profits.", "quote": QUOTE},
]


def check(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "letadesk", "check", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_check_prints_one_label_per_pair(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(json.dumps(p) for p in PAIRS) + "\n\n", encoding="utf-8")
    proc = check("--pairs", str(pairs), "--json")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [set(r) for r in rows] == [{"label", "score"}] * 3
    assert [r["label"] for r in rows] == ["supported", "contradicted", "insufficient"]
    assert rows[0]["score"] > rows[2]["score"]


def test_check_reads_standard_input() -> None:
    proc = check("--pairs", "-", stdin=json.dumps(PAIRS[0]) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("supported")


def test_a_bad_line_names_the_file_and_line(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps(PAIRS[0]) + "\n" + '{"claim": "no quote"}\n', encoding="utf-8")
    proc = check("--pairs", str(pairs), "--json")
    assert proc.returncode == 2
    assert f"{pairs}:2" in proc.stderr and '"quote"' in proc.stderr
    assert proc.stdout == ""
