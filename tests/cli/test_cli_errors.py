"""Issue 15: every bad argument, unreadable file, broken pipe and bad setting ends in
one clear line and an exit code, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from letadesk.cli import BROKEN_PIPE, main
from letadesk.cli.common import fail
from letadesk.config import Paths, Settings
from letadesk.errors import ConfigError
from letadesk.store import audit
from letadesk.workspace import Workspace


def run(profile: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """(exit code, stderr) of ``letadesk --data-dir profile ARGS`` in-process."""
    try:
        code = main(["--data-dir", str(profile), *args])
    except SystemExit as exc:  # an argparse usage error
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err.strip().splitlines()[-1] if err.strip() else ""


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (["ask", "", "--matter", "M"], 2, "the question is empty"),
        (["ask", "  \t ", "--matter", "M"], 2, "the question is empty"),
        (["ask", "q" * 2001, "--matter", "M"], 2, "too long: 2,001 characters"),
        (["search", "notice", "--matter", "M", "--k", "0"], 2, "--k: 0 is out of range"),
        (["search", "notice", "--matter", "M", "--k", "-5"], 2, "--k: -5 is out of range"),
        (["search", "notice", "--matter", "M", "--k", "201"], 2, "--k: 201 is out of range"),
        (["search", "notice", "--matter", "M", "--k", "many"], 2, "not a whole number"),
        (["audit", "--limit", "0"], 2, "--limit: 0 is out of range"),
        (["ask", "When?", "--matter", "M", "--as-of", "2024-02-30"], 2, "is not a date"),
        (
            [
                "ingest",
                "/nonexistent",
                "--matter",
                "M",
                "--valid-from",
                "2024-02-01",
                "--valid-to",
                "2024-01-01",
            ],
            2,
            "--valid-to 2024-01-01 is before --valid-from",
        ),
        (["ingest", "/nonexistent", "--matter", " "], 2, "the matter name is empty"),
        (["show", "99999999999999999999999"], 4, "no document with id"),
        (["show", "²"], 4, "no document with id '²'"),
        (["docs", "--matter", "\udcff"], 2, r"matter: b'\xff' is not valid UTF-8 text"),
        (
            ["audit", "--export", "/missing/dir/x.jsonl"],
            2,
            "--export /missing/dir/x.jsonl: cannot write (No such file or directory)",
        ),
        (
            ["eval", "/missing.jsonl", "--matter", "M"],
            2,
            "/missing.jsonl: cannot be read (No such file or directory)",
        ),
        (
            ["eval", "/missing\n\x1b[2J.jsonl", "--matter", "M"],
            2,  # found by the fuzz test
            "/missing\\n\\x1b[2J.jsonl: cannot be read",
        ),
        (  # found by the fuzz test in CI: an OSError traceback out of check_fits
            ["models", "allow", "x" * 3000, "--yes"],
            7,
            "cannot be read (File name too long)",
        ),
        (  # found by the fuzz test: any path the system refuses is one line, not an OSError
            ["backup", "x" * 3000],
            2,
            "cannot be used (File name too long)",
        ),
        (  # found by the fuzz test: psycopg's ProgrammingError, a traceback
            ["--backend", "postgres://%zz", "matters"],
            2,
            '--backend: not a valid connection string (invalid percent-encoded token: "%zz")',
        ),
    ],
)
def test_bad_input_ends_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int, says: str
) -> None:
    got, line = run(tmp_path / "profile", capsys, *args)
    assert got == code and says in line, line


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ({"question": "When?", "as_of": "someday"}, "\"as_of\" 'someday' is not a date"),
        ({"question": "   "}, "the question is empty"),
        ({"question": "When?", "answerable": "yes"}, '"answerable" must be true or false'),
        ({"question": "When?", "gold": ["x"]}, '"gold" must be an object'),
    ],
)
def test_eval_names_the_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: dict[str, object], says: str
) -> None:
    """Before: a bad "as_of" was a ValueError traceback in the middle of the run."""
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "Who pays?"}\n' + json.dumps(row) + "\n", encoding="utf-8")
    got, line = run(tmp_path / "profile", capsys, "eval", str(questions), "--matter", "M")
    assert got == 2 and f"{questions}:2: " in line and says in line, line


def test_output_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """Before: BrokenPipeError traceback when the reader stops early (| head)."""
    profile = tmp_path / "profile"
    with Workspace.open(profile) as ws:
        for n in range(400):
            audit.append(
                ws._conn,
                {"question": f"question {n} " + "x" * 300},
                audit_id=audit.new_audit_id(),
                matter_id=None,
            )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "letadesk",
            "--data-dir",
            str(profile),
            "audit",
            "--json",
            "--limit",
            "400",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10)
    proc.stdout.close()  # what head does after its lines
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == BROKEN_PIPE and err == ""


# ---- settings, validated on load --------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"threads": "abc"}, "threads"),
        ({"threads": -1}, "threads"),
        ({"threads": True}, "threads"),
        ({"ingest_memory_mb": -1}, "ingest_memory_mb"),
        ({"ingest_memory_mb": 0}, "ingest_memory_mb"),
        ({"ingest_memory_mb": 1.5}, "ingest_memory_mb"),
        ({"ingest_timeout_s": 0}, "ingest_timeout_s"),
        ({"ingest_timeout_s": "fast"}, "ingest_timeout_s"),
        ({"max_file_mb": -3}, "max_file_mb"),
        ({"generation": "sometimes"}, "generation"),
        ({"language": "fr"}, "language"),
        ({"default_as_of": "2024-13-01"}, "default_as_of"),
        ({"embedder": ""}, "embedder"),
        ({"embedder": 5}, "embedder"),
        ({"model_path": None}, "model_path"),
    ],
)
def test_a_bad_setting_names_the_file_and_the_field(
    tmp_path: Path, raw: dict[str, object], field: str
) -> None:
    """Before: {"threads": "abc"} was a traceback, {"ingest_memory_mb": -1} silently
    removed the parser workers' memory limit."""
    paths = Paths.resolve(tmp_path / "profile")
    paths.settings_file.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        Settings.load(paths)
    assert str(caught.value).startswith(f"{paths.settings_file}: '{field}': ")


def test_a_settings_file_that_is_not_an_object_is_an_error(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    paths.settings_file.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ConfigError, match="must be a JSON object"):
        Settings.load(paths)


def test_valid_settings_load_and_round_trip(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    paths.settings_file.write_text(
        json.dumps(
            {
                "threads": 4,
                "ingest_memory_mb": 1024,
                "ingest_timeout_s": 30,
                "max_file_mb": 64,
                "generation": "never",
                "language": "ro",
                "default_as_of": "2024-01-31",
                "embedder": "minilm",
                "model_path": "",
                "unknown_future_key": 1,
            }
        ),
        encoding="utf-8",
    )
    loaded = Settings.load(paths)
    assert loaded.ingest_timeout_s == 30.0 and isinstance(loaded.ingest_timeout_s, float)
    assert (loaded.threads, loaded.language) == (4, "ro")
    loaded.save(paths)
    assert Settings.load(paths) == loaded


def test_the_cli_reports_a_bad_setting_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    paths.settings_file.write_text('{"threads": "abc"}', encoding="utf-8")
    code, line = run(tmp_path / "profile", capsys, "status")
    assert code == 2 and "settings.json: 'threads': \"abc\" is not valid" in line


# ---- no network: letadesk.offline, tested in tests/toplevel/test_offline.py -------------


def test_every_entry_point_lets_a_frozen_worker_run_before_parsing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: under PyInstaller a spawned parser worker re-runs the executable with
    multiprocessing's own arguments; without freeze_support() the CLI parsed them as a verb
    (a usage error), so every parse failed. The scripted freeze_support runs the worker
    and exits 0, as PyInstaller's does."""
    import multiprocessing

    import letadesk.cli as cli

    calls: list[list[str]] = []

    def worker_exits() -> None:
        calls.append(list(sys.argv))
        raise SystemExit(0)

    monkeypatch.setattr(multiprocessing, "freeze_support", worker_exits)
    worker_argv = ["letadesk", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"]
    monkeypatch.setattr(sys, "argv", worker_argv)
    for entry in (cli.main, cli.gui_main):
        with pytest.raises(SystemExit) as exited:
            entry()
        assert exited.value.code == 0
    assert calls == [worker_argv, worker_argv]
    assert capsys.readouterr().err == ""  # no usage error


def test_ingest_where_every_file_fails_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: an ingest that read nothing (every file failed) exited 0; now 5 (ingest),
    while a run where only some files failed still exits 0 (README)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.pdf").write_bytes(b"%PDF-1.4 not really")
    (docs / "b.pdf").write_bytes(b"%PDF-1.4 not either")
    code, err = run(tmp_path / "profile", capsys, "ingest", str(docs), "--matter", "M")
    assert (code, err) == (5, "letadesk: error: no file could be read: all 2 failed")
    (docs / "c.txt").write_text("Termenul de preaviz este de 30 de zile.", encoding="utf-8")
    code, err = run(tmp_path / "fresh", capsys, "ingest", str(docs), "--matter", "M")
    assert code == 0 and "failed: " in err and "b.pdf" in err


def test_an_error_message_is_one_line_whatever_the_file_name_holds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # hypothesis found "letadesk eval $'\x85'": NEL (and U+2028/2029) break lines too
    assert fail("a\nb\x85c\u2028d\u2029e\x9bf: cannot be read", 2) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "letadesk: error: a\\nb\\x85c\\u2028d\\u2029e\\x9bf: cannot be read"
    ]


def test_ingest_says_how_many_hidden_entries_it_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: hidden entries were skipped without a word; the summary counts and names
    them, and --json lists them in skipped_hidden."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "c.txt").write_text("Termenul de preaviz este de 30 de zile.", encoding="utf-8")
    (docs / ".DS_Store").write_bytes(b"\x00\x01")
    (docs / ".git").mkdir()
    data = ["--data-dir", str(tmp_path / "profile")]
    assert main([*data, "ingest", str(docs), "--matter", "M"]) == 0
    out = capsys.readouterr().out
    assert "2 hidden entries skipped (.git, .DS_Store)" in out and "failed 0" in out
    (docs / "c.txt").write_text("Termenul este de 10 zile.", encoding="utf-8")
    assert main([*data, "ingest", str(docs), "--matter", "M", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["skipped_hidden"] == [str(docs / ".git"), str(docs / ".DS_Store")]
    assert report["failed"] == []
