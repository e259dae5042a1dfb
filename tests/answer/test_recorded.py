"""One question asked and recorded (answer.recorded): the answer and its record carry the
id the audit trail minted, also when answering fails; a record that cannot be written
then does not hide the question's own error; and the options a question is asked with."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import apsw
import pytest

from corpus_factory import NDA_EN, write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.record import answer_json
from letadesk.answer.recorded import ask_and_record, resolved_options
from letadesk.config import Settings
from letadesk.errors import ModelError, StoreError
from letadesk.generate.generator import Generator
from letadesk.store import audit
from letadesk.store.database import open_database
from letadesk.workspace import Workspace

QUESTION = "How can the Agreement be terminated and with what notice?"
EXTRACT = AskOptions(as_of=date(2024, 1, 2), judge=False, generate=False)


class MintingTrail(audit.SqliteAuditTrail):
    """The embedded trail, minting the ids a test names (scripts the outcome only)."""

    def __init__(self, conn: apsw.Connection, *ids: str) -> None:
        super().__init__(conn)
        self._ids = list(ids)

    def new_id(self) -> str:
        return self._ids.pop(0)


class BrokenTrail(MintingTrail):
    def append(self, record: dict[str, Any], **_: Any) -> str:
        raise StoreError("the disk is full")


class NotLoading:
    model_id = "not-loading"

    def generate(self, *_: object) -> object:
        raise ModelError("the model did not load")


def not_loading() -> Generator:
    return NotLoading()  # type: ignore[return-value]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("recorded")
    write_text(root / "docs", "nda.txt", NDA_EN)
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([root / "docs"], matter="M")
    yield workspace
    workspace.close()


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[apsw.Connection]:
    c = open_database(tmp_path / "trail.sqlite3")
    yield c
    c.close()


def asked(ws: Workspace, trail: audit.SqliteAuditTrail, options: AskOptions) -> Any:
    return ask_and_record(
        trail,
        QUESTION,
        matter="M",
        filters=ws.filters("M", as_of=options.as_of),
        options=options,
        corpus=ws.corpus,
        indexes=ws.indexes,
        generator=not_loading,
    )


def test_the_answer_and_its_record_carry_the_id_the_trail_minted(
    ws: Workspace, conn: apsw.Connection
) -> None:
    answer = asked(ws, MintingTrail(conn, "q-1"), EXTRACT)
    assert answer.answered and answer.audit_id == "q-1"
    entry = audit.entry(conn, "q-1")
    assert entry is not None and entry.record["final"] == answer_json(answer)
    assert entry.record["question"] == QUESTION and entry.record["language"] == "en"
    assert set(entry.record["stages"]) == set(answer.stages) and "total" in answer.stages
    assert answer.stages["total"] >= answer.stages["searching"]


def test_a_question_that_fails_is_recorded_under_its_id_and_raised(
    ws: Workspace, conn: apsw.Connection
) -> None:
    with pytest.raises(ModelError, match="did not load"):
        asked(ws, MintingTrail(conn, "q-2"), replace(EXTRACT, generate=True))
    entry = audit.entry(conn, "q-2")
    assert entry is not None
    assert entry.record["final"]["disposition"] == "failed"
    assert entry.record["final"]["audit_id"] == "q-2"
    assert entry.record["final"]["reason"] == "ModelError: the model did not load"


def test_a_record_that_cannot_be_written_leaves_the_questions_own_error(
    ws: Workspace, conn: apsw.Connection, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(ModelError, match="did not load"):
        asked(ws, BrokenTrail(conn, "q-3"), replace(EXTRACT, generate=True))
    assert "audit record was not written: the disk is full" in caplog.text
    assert audit.entry(conn, "q-3") is None


def test_options_follow_the_settings_and_a_question_is_asked_as_of_today() -> None:
    today = date(2025, 6, 7)
    settings = Settings(default_as_of="2020-01-01", language="ro")
    default = resolved_options(None, settings, lambda: True, today=today)
    assert (default.as_of, default.language, default.generate) == (date(2020, 1, 1), "ro", True)
    undated = resolved_options(AskOptions(), Settings(), lambda: False, today=today)
    assert (undated.as_of, undated.generate) == (today, False)
    every = resolved_options(
        AskOptions(as_of=today, every_version=True, generate=True),
        settings,
        lambda: False,
        today=today,
    )
    assert (every.as_of, every.generate) == (None, True)
