"""File names are untrusted: one whose bytes are not UTF-8 is reported, not a crash, and
the folder's good files are still stored; one holding a terminal escape or a newline is
printed escaped by every listing (letadesk.text.printable)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from letadesk.cli import main
from letadesk.text import printable

BAD = os.fsdecode(b"bad_\xff\xfe_name.txt")
ESCAPES = "x\x1b]0;pwned\x07\x1b[31mred\n    9  indexed   fake.txt"
BIDI = "invoice\u202etxt.exe.txt"


def _folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "good.txt").write_text("The supplier shall deliver within 30 days.\n", "utf-8")
    (docs / BAD).write_text("A name that is not UTF-8.\n", "utf-8")
    (docs / ESCAPES).write_text("A name with escapes.\n", "utf-8")
    (docs / BIDI).write_text("A name with a right-to-left override.\n", "utf-8")
    return docs


def test_a_non_utf8_name_is_reported_and_the_good_files_are_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = str(tmp_path / "profile")
    code = main(
        ["--data-dir", profile, "ingest", str(_folder(tmp_path)), "--matter", "M", "--json"]
    )
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["added"] == 3
    assert report["failed"] == [
        {
            "path": str(tmp_path / "docs" / "bad_\\xff\\xfe_name.txt"),
            "reason": "its name is not valid UTF-8 text; rename it to ingest it",
        }
    ]
    assert main(["--data-dir", profile, "ingest", str(tmp_path / "docs"), "--matter", "M"]) == 0
    err = capsys.readouterr().err
    assert "bad_\\xff\\xfe_name.txt: its name is not valid UTF-8" in err


def test_a_folder_with_a_non_utf8_name_is_reported_not_entered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "docs"
    (docs / os.fsdecode(b"sub_\xff")).mkdir(parents=True)
    (docs / os.fsdecode(b"sub_\xff") / "inside.txt").write_text("Inside.\n", "utf-8")
    (docs / "good.txt").write_text("Good.\n", "utf-8")
    profile = str(tmp_path / "profile")
    assert main(["--data-dir", profile, "ingest", str(docs), "--matter", "M", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["added"] == 1
    assert [f["path"] for f in report["failed"]] == [str(docs / "sub_\\xff")]


def test_listings_print_names_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = str(tmp_path / "profile")
    main(["--data-dir", profile, "ingest", str(_folder(tmp_path)), "--matter", "M"])
    capsys.readouterr()
    outputs = []
    for verb in (["docs", "--matter", "M"], ["docs", "--matter", "M", "--failed"]):
        assert main(["--data-dir", profile, *verb]) == 0
        outputs.append(capsys.readouterr().out)
    docs, failed = outputs
    for out in outputs:
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert len(docs.splitlines()) == 3  # one line a document: no fake listing line
    assert "x\\x1b]0;pwned\\x07\\x1b[31mred\\n    9  indexed   fake.txt" in docs
    assert "invoice\\u202etxt.exe.txt" in docs
    assert failed == ""  # the non-UTF-8 name is in no row: reported by the ingest only


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("a\nb", "a\\nb"),
        ("\x1b[31m", "\\x1b[31m"),
        ("\x9b31m", "\\x9b31m"),  # the C1 control sequence introducer
        ("line\u2028sep", "line\\u2028sep"),
        ("abc\u202edcba", "abc\\u202edcba"),
        (BAD, "bad_\\xff\\xfe_name.txt"),
        ("Contract de prestări servicii — ț", "Contract de prestări servicii — ț"),
    ],
)
def test_printable(raw: str, shown: str) -> None:
    assert printable(raw) == shown


def test_error_lines_and_the_audit_list_print_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from letadesk.cli.common import fail
    from letadesk.store import audit
    from letadesk.workspace import Workspace

    assert fail("no file named 'x\u202etxt.exe'\n", 2) == 2
    assert capsys.readouterr().err == "letadesk: error: no file named 'x\\u202etxt.exe'\\n\n"
    with Workspace.open(tmp_path / "profile") as ws:
        record = {"question": "What\x1b[2J\x1b]0;title\x07 now?"}
        audit.append(ws._conn, record, audit_id=audit.new_audit_id(), matter_id=None)
    assert main(["--data-dir", str(tmp_path / "profile"), "audit"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "What\\x1b[2J\\x1b]0;title\\x07 now?" in out
