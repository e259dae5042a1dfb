"""Property-based fuzzing (issue 15): random command lines of every verb (but gui and engine) end
in a clean exit code and a one-line message, never a traceback; random text never
breaks the reference parser."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from psycopg.conninfo import conninfo_to_dict

from corpus_factory import write_matter
from letadesk.cli import build_parser, main
from letadesk.references import locator_of, parse_references
from letadesk.review.templates import SHIPPED
from letadesk.server.connect import is_server_url

EXIT_CODES = {0, 1, 2, 3, 4, 5, 6, 7, 130, 141}  # errors.py's codes, argparse's 2
FLAGS = [
    "--matter",
    "--document",
    "--k",
    "--as-of",
    "--json",
    "--limit",
    "--verify",
    "--failed",
    "--jurisdiction",
    "--force",
    "--valid-from",
    "--valid-to",
    "--verified",
    "--no-verified",
    "--extract-only",
    "--generate",
    "--repair",
    "--pairs",
    "-h",
]
TRICKY = [
    "",
    " ",
    "0",
    "-5",
    "-1",
    "1",
    "20",
    "201",
    "99999999999999999999999",
    "²",
    "1e3",
    "nan",
    "2024-02-30",
    "2024-01-01",
    "9999-12-31",
    "0001-01-01",
    "M",
    "\udcff",
    "a\x00b",
    "x" * 3000,
    "🙂" * 10,
    "../..",
    "/nonexistent/x.jsonl",
]
# free text never starts with "-": no random token can abbreviate a flag like --export
# (surrogates included: undecodable bytes in argv arrive as lone surrogates)
WORDS = st.text(st.characters(exclude_categories=()), max_size=40).filter(
    lambda t: not t.startswith("-")
)
VALUES = st.one_of(st.sampled_from(TRICKY), st.sampled_from(TRICKY), WORDS)
# a positional (question, query, document, file), then flags each with a value or not
TOKENS = st.tuples(
    st.lists(VALUES, max_size=2),
    st.lists(st.tuples(st.sampled_from(FLAGS), st.lists(VALUES, max_size=1)), max_size=4),
).map(lambda t: [*t[0], *(x for flag, value in t[1] for x in (flag, *value))])
ALL_VERBS = sorted(next(a for a in build_parser()._actions if a.dest == "verb").choices)  # type: ignore[union-attr]
# every verb runs for real on one small shared profile, but gui (it opens a window and
# waits in Qt's event loop) and engine (it serves until stopped: tests/cli/test_engine.py)
RUN_VERBS = [v for v in ALL_VERBS if v not in ("gui", "engine")]
MATTER = "Fuzz matter"  # the shared profile's one matter (not in TRICKY)
# verbs that never get MATTER: purge would destroy it, review would ask a template's
# every question of its document
SPARED = {"purge", "review"}


@contextlib.contextmanager
def captured() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


@settings(max_examples=300, deadline=None)
@given(verb=st.sampled_from([*ALL_VERBS, "", "nonsense"]), tokens=TOKENS)
def test_the_argument_parser_only_exits_cleanly(verb: str, tokens: list[str]) -> None:
    with captured():
        try:
            build_parser().parse_args([verb, *tokens] if verb else tokens)
        except SystemExit as exc:
            assert exc.code in (0, 2)


def _subparsers(
    parser: argparse.ArgumentParser | None = None,
) -> dict[str, argparse.ArgumentParser]:
    parser = parser or build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@dataclass(frozen=True)
class World:
    """The shared profile and the sandbox the fuzzed paths live in (the working folder
    while the test runs: every relative path lands there)."""

    profile: Path
    sandbox: Path
    socket: Path  # a PostgreSQL socket folder where no server listens

    def fresh(self) -> str:
        """A new empty profile folder (restore's target)."""
        return str(Path(tempfile.mkdtemp(prefix="restore-", dir=self.sandbox)) / "profile")


# files in the sandbox: a document, a folder with hidden entries, an empty folder, files
# each verb refuses (a malformed JSONL, a text that is no model), a backup of the profile
SANDBOX_PATHS = [
    "docs",
    "docs/contract.txt",
    "empty",
    "bad.jsonl",
    "questions.json",
    "backup0",
    "missing/x.txt",
    "/nonexistent/x.jsonl",
    "",
    " ",
    "\udcff",
    "a\x00b",
    "x" * 3000,
]
# a random name in the sandbox: no separator, so that it cannot leave it
NAMES = WORDS.map(lambda t: t.replace("/", "_").replace("\\", "_")).filter(
    lambda t: t not in ("", ".", "..")
)
PATHS = st.one_of(st.sampled_from(SANDBOX_PATHS), NAMES)


def _backends(world: World) -> st.SearchStrategy[str]:
    """Connection strings that must be refused or fail cleanly without any network: random
    text that is no connection string, and URIs and keywords whose host is a socket
    folder where nothing listens (or libpq's default, PGHOST: the same folder)."""
    socket = quote(str(world.socket), safe="")
    word = st.text(st.characters(codec="utf-8"), max_size=12)
    return st.one_of(
        WORDS.filter(lambda t: not is_server_url(t)),
        st.sampled_from(TRICKY),
        st.tuples(word, word).map(
            lambda t: f"postgresql://{quote(t[0])}@/{quote(t[1])}?host={socket}"
        ),
        word.map(lambda w: f"postgres:///{quote(w)}?host={socket}&connect_timeout=1"),
        word.map(lambda w: f"postgresql://ana:{quote(w)}@/letadesk?host={socket}"),  # a password
        word.map(lambda w: f"host={world.socket} dbname={w}"),
        word.map(lambda w: f"service={w}"),  # PGSERVICEFILE: a file that does not exist
        st.sampled_from(["postgresql://", "postgres://%zz", "host=", "dbname='", "x = y", "="]),
    )


def _command_line(verb: str, world: World) -> st.SearchStrategy[list[str]]:
    """Command lines ``verb`` accepts in form: the global options sometimes (a random
    ``--backend``), its positionals, then some of its own flags, each with a value when it
    takes one: paths inside the sandbox, matters, numbers and dates from TRICKY, random
    text; a sub-verb (``models allow``) as its own verb."""
    parser = _subparsers()[verb]
    subverbs = (
        _subparsers(parser)
        if any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)
        else {}
    )
    matters = VALUES if verb in SPARED else st.one_of(st.just(MATTER), VALUES)
    backend = _backends(world)

    def value(action: argparse.Action) -> st.SearchStrategy[str]:
        if action.choices is not None:
            return st.one_of(st.sampled_from(list(action.choices)), VALUES)  # type: ignore[arg-type]
        if action.dest in ("to", "source"):
            return backend
        if action.dest == "matter":
            return matters
        if action.dest in ("document", "documents"):
            return st.one_of(st.sampled_from(["1", "contract.txt"]), VALUES)
        if action.dest == "questions":
            return st.one_of(st.sampled_from(list(SHIPPED)), PATHS)
        if action.dest in ("paths", "dest", "src", "file", "pairs", "export", "xlsx", "docx"):
            return PATHS
        return VALUES

    def command(p: argparse.ArgumentParser, name: list[str]) -> st.SearchStrategy[list[str]]:
        positionals = [
            a
            for a in p._actions
            if not a.option_strings and not isinstance(a, argparse._SubParsersAction)
        ]
        flags = [a for a in p._actions if a.option_strings and a.dest != "help"]

        def flag_tokens(action: argparse.Action) -> st.SearchStrategy[list[str]]:
            flag = st.sampled_from(action.option_strings)
            if action.nargs == 0:
                return flag.map(lambda n: [n])
            return st.tuples(flag, value(action)).map(list)

        head = st.tuples(*[value(a) for a in positionals]).map(list)
        # the required flags always (one of a required group), so that most lines get
        # past argparse; then up to four more, any of them
        required = [flag_tokens(a) for a in flags if a.required] + [
            st.sampled_from(g._group_actions).flatmap(flag_tokens)
            for g in p._mutually_exclusive_groups
            if g.required
        ]
        more = (
            st.lists(st.sampled_from(flags).flatmap(flag_tokens), max_size=4)
            if flags
            else st.just([])
        )
        tail = st.tuples(st.tuples(*required), more).map(
            lambda t: [x for group in (*t[0], *t[1]) for x in group]
        )
        return st.tuples(head, tail).map(lambda t: [*name, *t[0], *t[1]])

    lines = [command(parser, [verb])] + [
        command(sub, [verb, name]) for name, sub in subverbs.items()
    ]
    data_dir = st.builds(world.fresh) if verb == "restore" else st.just(str(world.profile))
    options = st.tuples(
        data_dir.map(lambda d: ["--data-dir", d]),
        st.one_of(st.just([]), st.just([]), st.just([]), backend.map(lambda b: ["--backend", b])),
    ).map(lambda t: [*t[0], *t[1]])
    return st.tuples(options, st.one_of(lines)).map(lambda t: [*t[0], *t[1]])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    root = tmp_path_factory.mktemp("fuzz")
    sandbox, socket = root / "sandbox", root / "no-server"
    socket.mkdir()
    docs = sandbox / "docs"
    write_matter(docs, {"contract.txt": "Art. 1. The tenant pays the rent by the 5th."})
    (docs / ".hidden").write_text("not read", encoding="utf-8")
    (sandbox / "empty").mkdir()
    (sandbox / "bad.jsonl").write_text('{"question": 1}\nnot json\n', encoding="utf-8")
    (sandbox / "questions.json").write_text('{"questions": []}', encoding="utf-8")
    world = World(root / "profile", sandbox, socket)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PGHOST", str(socket))  # libpq's defaults: the socket, never TCP
        env.setenv("PGSERVICEFILE", str(root / "no-service.conf"))
        env.setenv("PGSYSCONFDIR", str(root))
        env.setenv("PGCONNECT_TIMEOUT", "1")
        data = ["--data-dir", str(world.profile)]
        with captured():
            assert main([*data, "ingest", str(docs), "--matter", MATTER]) == 0
            assert main([*data, "backup", str(sandbox / "backup0")]) == 0
        yield world


@pytest.fixture
def no_tcp(monkeypatch: pytest.MonkeyPatch) -> None:
    """libpq connects outside Python's socket module (pytest-socket cannot see it): a
    connection to anything but a local socket folder fails the test instead."""
    real = psycopg.connect

    def local_only(conninfo: str = "", **kwargs: Any) -> Any:
        params = conninfo_to_dict(conninfo, **kwargs)
        host = str(params.get("host") or os.environ.get("PGHOST", ""))
        assert host.startswith("/") and not params.get("hostaddr"), f"TCP to {params}"
        return real(conninfo, **kwargs)

    monkeypatch.setattr(psycopg, "connect", local_only)


@pytest.mark.parametrize("verb", RUN_VERBS)
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_command_line_ends_in_an_exit_code_and_a_message(
    world: World, no_tcp: None, monkeypatch: pytest.MonkeyPatch, verb: str, data: st.DataObject
) -> None:
    """main() on the shared profile: a known exit code; on failure one line on stderr
    saying what was wrong; never a traceback."""
    monkeypatch.chdir(world.sandbox)
    argv = data.draw(_command_line(verb, world), label="argv")
    _ends_cleanly(argv)


def test_a_next_line_in_an_eval_matter_stays_on_one_line(world: World) -> None:
    """Found in CI: NEL (U+0085) broke the message's line."""
    _ends_cleanly(["--data-dir", str(world.profile), "eval", "\x85", "--matter", ""])


def _event(what: str) -> None:
    """--hypothesis-show-statistics: how far the lines got (outside a given test: none)."""
    if currently_in_test_context():
        event(what)


def _ends_cleanly(argv: list[str]) -> None:
    with captured() as (_, err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: usage or --help
            assert exc.code in (0, 2)
            _event("argparse exit")
            return
    _event(f"exit {code}")
    assert code in EXIT_CODES
    message = err.getvalue()
    assert "Traceback" not in message
    if code:
        lines = [line for line in message.strip().splitlines() if not line.startswith("wrote ")]
        assert len(lines) >= 1 and lines[-1].startswith("letadesk: error: "), message
        assert all(not line.startswith("letadesk: error") for line in lines[:-1]), message


PIECES = [
    "art. ",
    "alin. (",
    ") ",
    "lit. ",
    "a)",
    "pct. ",
    "Legea nr. ",
    "Codul civil",
    "OUG ",
    "din ",
    " și ",
    "Section ",
    "Article ",
    "-",
    "–",
    "/",
    ", ",
    "1",
    "2024",
    "99999999",
    "²",
    "٣",
    "§ ",
    "ș",
    "ț",
    "(",
    ")",
]
LEGAL = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=st.one_of(st.text(max_size=200), LEGAL))
def test_the_reference_parser_never_raises(text: str) -> None:
    for ref in parse_references(text):
        assert isinstance(locator_of(ref), str)
