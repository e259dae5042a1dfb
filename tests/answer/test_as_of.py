"""A question with no as-of date is asked as of today (issue 15, "a newer version
supersedes the older"): a version of an act whose validity ended before today is neither
searched nor cited, and the answer and its audit record name the date used."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

import letadesk.judge
from corpus_factory import LEGEA_50_2020, write_text
from letadesk.answer.ask import AskOptions
from letadesk.cli import main
from letadesk.config import Paths
from letadesk.domain import Answer
from letadesk.errors import ModelError
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace

NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)  # noon: the same day in any time zone
TODAY = date(2024, 6, 1)
QUESTION = "Ce prevede art. 2 alin. (1) din Legea nr. 50/2020?"
ENDED = "legea_50-2020_v2020.txt"  # in force 2020-03-10 to 2022-12-31: 30 de zile
IN_FORCE = "legea_50-2020_v2023.txt"  # in force since 2023-01-01: 45 de zile


@pytest.fixture
def versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Workspace]:
    def no_judge() -> object:  # scripted: the judge unavailable (the lexical checks decide)
        raise ModelError("judge.onnx: not loaded in this test")

    monkeypatch.setattr(letadesk.judge, "default_judge", no_judge)
    docs = tmp_path / "docs"
    amended = LEGEA_50_2020.replace("în termen de 30 de zile", "în termen de 45 de zile")
    assert amended != LEGEA_50_2020
    with Workspace(Paths.resolve(tmp_path / "profile"), clock=lambda: NOW) as ws:
        for name, text, (start, end) in [
            (ENDED, LEGEA_50_2020, (date(2020, 3, 10), date(2022, 12, 31))),
            (IN_FORCE, amended, (date(2023, 1, 1), None)),
        ]:
            ws.documents.ingest(
                [write_text(docs, name, text)],
                matter="M",
                meta=LegalMeta(legal_force="law", valid_from=start, valid_to=end),
            )
        yield ws


def _cited(ws: Workspace, answer: Answer) -> set[str]:
    return {
        Path(ws.documents.find(str(c.document_id)).path).name
        for claim in answer.claims
        for c in claim.citations
    }


@pytest.mark.parametrize(
    "options",
    [None, AskOptions(generate=False)],
    ids=["settings' default", "options without a date"],
)
def test_no_as_of_date_cites_only_the_version_in_force_today(
    versions: Workspace, options: AskOptions | None
) -> None:
    if options is None:  # default_as_of "" (today); the settings' generation mode
        versions.settings = replace(versions.settings, default_as_of="", generation="never")
    answer = versions.ask(QUESTION, matter="M", options=options)
    assert answer.disposition == "answered", answer.reason
    assert _cited(versions, answer) == {IN_FORCE}
    assert all("45 de zile" in c.quote for claim in answer.claims for c in claim.citations)
    assert answer.as_of == TODAY
    entry = versions.audit.entry(answer.audit_id)
    assert entry is not None
    assert entry.record["as_of"] == entry.record["final"]["as_of"] == "2024-06-01"


def test_a_fixed_default_date_still_applies(versions: Workspace) -> None:
    versions.settings = replace(versions.settings, default_as_of="2021-05-01", generation="never")
    answer = versions.ask(QUESTION, matter="M")
    assert _cited(versions, answer) == {ENDED}
    assert answer.as_of == date(2021, 5, 1)


def test_every_version_is_searched_only_when_asked_for(versions: Workspace) -> None:
    answer = versions.ask(
        QUESTION, matter="M", options=AskOptions(every_version=True, generate=False)
    )
    entry = versions.audit.entry(answer.audit_id)
    assert entry is not None and entry.record["as_of"] is None and answer.as_of is None
    ids = [int(r["fragment_id"]) for r in entry.record["retrieved"]]
    documents = {str(f.document_id) for f in versions.documents.fragments_by_ids(ids).values()}
    assert {Path(versions.documents.find(d).path).name for d in documents} == {ENDED, IN_FORCE}


# ---- the CLI: ``ask --json`` names the date used; ``--as-of any`` every version --------


def _ask_json(ws: Workspace, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    ws.close()  # the CLI opens the profile itself (on the real clock)
    argv = ["--data-dir", str(ws.paths.root), "ask", QUESTION, "--matter", "M", "--extract-only"]
    assert main([*argv, *args, "--json"]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def _cited_json(answer: dict[str, Any]) -> set[str]:
    return {c["document"] for claim in answer["claims"] for c in claim["citations"]}


def test_cli_ask_without_as_of_is_asked_as_of_today(
    versions: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    titles = {d.title for d in versions.documents.all("M")}
    before = datetime.now().astimezone().date()
    answer = _ask_json(versions, capsys)
    today = {before, datetime.now().astimezone().date()}  # a run across midnight
    assert answer["disposition"] == "answered", answer["reason"]
    assert answer["as_of"] in {d.isoformat() for d in today}
    assert len(titles) == 1 and _cited_json(answer) == titles  # one title, two versions
    assert all("45 de zile" in c["quote"] for claim in answer["claims"] for c in claim["citations"])
    with Workspace.open(versions.paths.root) as ws:
        entry = ws.audit.entry(str(answer["audit_id"]))
        assert entry is not None and entry.record["as_of"] == answer["as_of"]


@pytest.mark.parametrize(("flag", "as_of"), [("any", None), ("2021-05-01", "2021-05-01")])
def test_cli_as_of_any_and_a_date(
    versions: Workspace, capsys: pytest.CaptureFixture[str], flag: str, as_of: str | None
) -> None:
    answer = _ask_json(versions, capsys, "--as-of", flag)
    assert answer["as_of"] == as_of
    if as_of is not None:
        quotes = [c["quote"] for claim in answer["claims"] for c in claim["citations"]]
        assert quotes and all("30 de zile" in q for q in quotes)
