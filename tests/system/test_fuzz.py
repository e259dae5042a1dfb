"""Property-based fuzzing (issue 15): random command lines end in a clean exit code
and a one-line message, never a traceback; random text never breaks the reference
parser."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from letadesk.cli import build_parser, main
from letadesk.references import locator_of, parse_references

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
# verbs run for real on an empty profile; not ingest (reads the disk), gui (a window),
# check (the judge) or doctor (the embedder)
RUN_VERBS = ["matters", "docs", "show", "meta", "status", "audit", "search", "ask", "eval"]


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


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in build_parser()._actions if a.dest == "verb")
    return dict(action.choices)  # type: ignore[arg-type]


def _command_line(verb: str) -> st.SearchStrategy[list[str]]:
    """Command lines ``verb`` accepts in form: its positionals, then some of its own
    flags, each with a value when it takes one (values from TRICKY and random text)."""
    parser = _subparsers()[verb]
    positionals = [a for a in parser._actions if not a.option_strings]
    flags = [
        a
        for a in parser._actions  # not --export: it would write where it is told
        if a.option_strings and a.dest not in ("help", "export")
    ]

    def flag_tokens(action: argparse.Action) -> st.SearchStrategy[list[str]]:
        name = st.sampled_from(action.option_strings)
        if action.nargs == 0:
            return name.map(lambda n: [n])
        return st.tuples(name, VALUES).map(list)

    head = st.tuples(*[VALUES for _ in positionals]).map(list)
    tail = st.lists(st.sampled_from(flags).flatmap(flag_tokens), max_size=4).map(
        lambda groups: [t for g in groups for t in g]
    )
    return st.tuples(head, tail).map(lambda t: [verb, *t[0], *t[1]])


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "profile"


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(argv=st.sampled_from(RUN_VERBS).flatmap(_command_line))
@example(argv=["eval", "\x85", "--matter", ""])  # found in CI: NEL broke the message's line
def test_every_command_line_ends_in_an_exit_code_and_a_message(
    profile: Path, argv: list[str]
) -> None:
    """main() on a real (empty) profile: a known exit code; on failure one line on
    stderr saying what was wrong; never a traceback."""
    with captured() as (_, err):
        try:
            code = main(["--data-dir", str(profile), *argv])
        except SystemExit as exc:  # argparse: usage or --help
            assert exc.code in (0, 2)
            return
    assert code in EXIT_CODES
    message = err.getvalue()
    assert "Traceback" not in message
    if code:
        lines = message.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("letadesk: error: "), message


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
