"""The matter review grid on a real profile (text documents, the real embedder and judge):
each cell grounded exactly like ``ask --document``, cancel and resume, a re-run after new
or changed documents asking only their cells, the ``review --json`` shape and the Word and
Excel exports."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import docx
import openpyxl
import pytest

from corpus_factory import GOVERNING_LAW_MATTER, write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.record import answer_json
from letadesk.cli import main
from letadesk.domain import Answer
from letadesk.review.grid import PENDING, ReviewGrid, fill_grid
from letadesk.review.templates import Question
from letadesk.workspace import Workspace

ROWS = ("distribution.txt", "license.txt", "services.txt")
LAW = Question("Governing Law", "Which law governs this agreement?")
NOTICE = Question("Notice", "How much notice is needed to terminate this agreement?")
INSURANCE = Question("Insurance", "What insurance must a party maintain under this agreement?")
QUESTIONS = [LAW, NOTICE, INSURANCE]
LAWS = {
    "distribution.txt": "State of New York",
    "license.txt": "State of Washington",
    "services.txt": "England and Wales",
}
NOTICES = {"license.txt": "thirty (30) days", "services.txt": "ninety (90) days"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A profile with the three contracts in matter M (built once, copied per test)."""
    root = tmp_path_factory.mktemp("review")
    for name in ROWS:
        write_text(root / "docs", name, GOVERNING_LAW_MATTER[name])
    with Workspace.open(root / "profile") as ws:
        ws.documents.ingest([root / "docs"], matter="M")
    return root


@pytest.fixture
def root(built: Path, tmp_path: Path) -> Path:
    shutil.copytree(built, tmp_path / "copy")
    return tmp_path / "copy"


@pytest.fixture
def ws(root: Path) -> Iterator[Workspace]:
    with Workspace.open(root / "profile") as workspace:
        yield workspace


def counting(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The questions the grid asks through the profile's ask, in order (the real ask runs)."""
    asked: list[str] = []
    real = ws.ask

    def ask(question: str, **kwargs: Any) -> Answer:
        asked.append(f"{kwargs['document']}:{question}")
        return real(question, **kwargs)

    monkeypatch.setattr(ws, "ask", ask)
    return asked


def by_row(grid: ReviewGrid) -> dict[tuple[str, str], dict[str, Any]]:
    return {(c["document"], c["question"]): c for c in grid.as_json()["cells"]}


def quotes(cell: dict[str, Any]) -> str:
    return " ".join(x["quote"] for c in cell["claims"] for x in c["citations"])


def test_a_3x3_grid_is_grounded_like_an_answer_scoped_to_each_document(ws: Workspace) -> None:
    before = len(ws.audit.entries(limit=100))
    seen: list[tuple[int, int]] = []
    grid = fill_grid(ws, "M", QUESTIONS, progress=lambda d, t, c: seen.append((d, t)))
    assert seen == [(n, 9) for n in range(1, 10)]
    assert (grid.asked, grid.reused, grid.cancelled) == (9, 0, False)
    cells = by_row(grid)
    assert grid.as_json()["rows"] == list(ROWS)
    docs = {d.path.rsplit("/", 1)[-1]: d for d in ws.documents.all("M")}
    for row in ROWS:
        law = cells[(row, LAW.question)]
        assert law["disposition"] == "answered", law["reason"]
        assert LAWS[row] in quotes(law)
        for claim in law["claims"]:
            for citation in claim["citations"]:
                assert citation["document_id"] == docs[row].id  # that one document only
                text = ws.documents.text(docs[row])
                assert text[citation["start"] : citation["end"]] == citation["quote"]
                assert citation["page"] == 1 and citation["locator"].startswith("Section")
        insurance = cells[(row, INSURANCE.question)]
        assert insurance["disposition"] == "refused" and insurance["claims"] == []
        assert insurance["reason"]
    for row, days in NOTICES.items():
        assert days in quotes(cells[(row, NOTICE.question)])
    assert cells[("distribution.txt", NOTICE.question)]["disposition"] == "refused"
    # exactly what ask --document --extract-only gives, and one audit record per cell
    direct = ws.ask(
        LAW.question,
        matter="M",
        document="license.txt",
        options=AskOptions(generate=False, language=ws.settings.language),
    )
    cell = cells[("license.txt", LAW.question)]
    assert [c["text"] for c in cell["claims"]] == [c.text for c in direct.claims]
    assert cell["claims"] == answer_json(direct)["claims"]
    assert len(ws.audit.entries(limit=100)) == before + 9 + 1
    assert {e.id for e in ws.audit.entries(limit=100)} >= {c["audit_id"] for c in cells.values()}


def cancel_after(n: int, asked: list[str]) -> Callable[[], bool]:
    """A cancel check that turns true once the ``n``-th cell has started being asked
    (so the cancel lands inside that ask)."""
    return lambda: len(asked) >= n


def test_cancel_midway_then_resume_asks_only_the_missing_cells(
    ws: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = counting(ws, monkeypatch)
    first = fill_grid(ws, "M", QUESTIONS, cancelled=cancel_after(5, asked))
    assert first.cancelled and len(asked) == 5  # the 5th was cancelled inside its ask
    assert (first.asked, len(first.cells)) == (4, 4)
    dispositions = [c["disposition"] for c in first.as_json()["cells"]]
    assert dispositions[4:] == [PENDING] * 5 and PENDING not in dispositions[:4]
    cancelled_records = [
        e for e in ws.audit.entries(limit=20) if e.record["final"]["disposition"] == "cancelled"
    ]
    assert len(cancelled_records) == 1

    asked.clear()
    resumed = fill_grid(ws, "M", QUESTIONS)
    assert (resumed.asked, resumed.reused, resumed.cancelled) == (5, 4, False)
    missing = [
        f"{c['document_id']}:{c['question']}"
        for c in first.as_json()["cells"]
        if c["disposition"] == PENDING
    ]
    assert asked == missing  # the cancelled cell first, then the ones never started
    for key, cell in by_row(first).items():
        if cell["disposition"] != PENDING:
            assert by_row(resumed)[key] == cell  # the stored cells, as they were

    asked.clear()
    again = fill_grid(ws, "M", QUESTIONS)
    assert (again.asked, again.reused, asked) == (0, 9, [])
    assert by_row(again) == by_row(resumed)


def test_new_or_changed_documents_recompute_only_their_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path  # a profile of its own: its files change
    for name in ROWS:
        write_text(root / "docs", name, GOVERNING_LAW_MATTER[name])
    with Workspace.open(root / "profile") as ws:
        _recompute_only_new_rows(ws, root, monkeypatch)


def _recompute_only_new_rows(ws: Workspace, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws.documents.ingest([root / "docs"], matter="M")
    fill_grid(ws, "M", QUESTIONS)
    asked = counting(ws, monkeypatch)
    write_text(root / "docs", "lease.txt", GOVERNING_LAW_MATTER["lease.txt"])
    ws.documents.ingest([root / "docs"], matter="M")
    grid = fill_grid(ws, "M", QUESTIONS)
    lease = ws.documents.find("lease.txt", matter="M")
    assert (grid.asked, grid.reused) == (3, 9)
    assert {a.split(":", 1)[0] for a in asked} == {str(lease.id)}
    assert sorted(grid.as_json()["rows"]) == sorted([*ROWS, "lease.txt"])
    assert all(
        c["disposition"] == "refused"
        for c in grid.as_json()["cells"]
        if c["document"] == "lease.txt"
    )

    asked.clear()
    changed = GOVERNING_LAW_MATTER["license.txt"].replace("State of Washington", "State of Oregon")
    write_text(root / "docs", "license.txt", changed)
    ws.documents.ingest([root / "docs"], matter="M")
    grid = fill_grid(ws, "M", QUESTIONS)
    license_doc = ws.documents.find("license.txt", matter="M")
    assert (grid.asked, grid.reused) == (3, 9)
    assert {a.split(":", 1)[0] for a in asked} == {str(license_doc.id)}
    assert "State of Oregon" in quotes(by_row(grid)[("license.txt", LAW.question)])

    ws.matters.purge("M")  # a purge leaves none of the matter's cells (their quotes)
    assert ws.review_cells.count() == 0


def review(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(root / "profile"), "review", "--matter", "M", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_shape_and_the_exports_hold_the_quotes(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "firm.jsonl"
    template.write_text(
        "\n".join(json.dumps({"label": q.label, "question": q.question}) for q in QUESTIONS),
        encoding="utf-8",
    )
    xlsx, word = tmp_path / "grid.xlsx", tmp_path / "grid.docx"
    code, out, err = review(
        root,
        capsys,
        "--questions",
        str(template),
        "--json",
        "--xlsx",
        str(xlsx),
        "--docx",
        str(word),
    )
    assert code == 0, err
    shape = json.loads(out)
    assert shape["rows"] == list(ROWS)
    assert shape["columns"] == [q.question for q in QUESTIONS]
    assert shape["labels"] == [q.label for q in QUESTIONS]
    assert len(shape["cells"]) == 9
    for cell in shape["cells"]:
        assert {"document", "question", "disposition", "claims", "reason"} <= set(cell)
        for claim in cell["claims"]:
            assert {"text", "kind", "citations", "checks", "stale", "unverified"} <= set(claim)
            for c in claim["citations"]:
                assert {"quote", "page", "page_label", "locator", "document_id"} <= set(c)
    assert "9 cells: 9 asked, 0 reused" in err

    sheet = openpyxl.load_workbook(xlsx).worksheets[0]
    values = [[str(v or "") for v in row] for row in sheet.iter_rows(values_only=True)]
    assert values[0] == ["Document", "Governing Law", "Notice", "Insurance"]
    license_row = next(r for r in values if r[0] == "license.txt")
    assert "State of Washington" in license_row[1] and "p. 1, Section 4.1" in license_row[1]
    assert license_row[3].startswith("No answer: ")
    sources = openpyxl.load_workbook(xlsx).worksheets[1]
    assert any("State of Washington" in str(r[3]) for r in sources.iter_rows(values_only=True))

    table = docx.Document(str(word)).tables[0]
    assert [c.text for c in table.rows[0].cells] == [
        "Document",
        "Governing Law",
        "Notice",
        "Insurance",
    ]
    cell = table.rows[2].cells[1].text
    assert table.rows[2].cells[0].text == "license.txt"
    assert "State of Washington" in cell and "(p. 1, Section 4.1)" in cell

    code, out, err = review(root, capsys, "--questions", "cuad", "--documents", "license.txt")
    assert code == 0, err
    assert out.startswith("license.txt:\n  Governing Law:\n") and "State of Washington" in out
    # the firm's template shared two questions with CUAD's: their cells are reused
    assert "15 cells: 13 asked, 2 reused" in err

    code, _, err = review(root, capsys, "--questions", "cuad", "--documents", "nosuch.txt")
    assert code != 0 and "nosuch.txt" in err


def test_cells_are_asked_at_the_review_bar_and_a_swept_bar_keys_its_own_cells(
    ws: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    options: list[AskOptions] = []
    real = ws.ask

    def ask(question: str, **kwargs: Any) -> Answer:
        options.append(kwargs["options"])
        return real(question, **kwargs)

    monkeypatch.setattr(ws, "ask", ask)
    fill_grid(ws, "M", [LAW])
    assert [(o.review, o.relevance_threshold) for o in options] == [(True, None)] * 3
    options.clear()
    strict = fill_grid(ws, "M", [LAW], relevance_threshold=0.999)  # not the stored cells
    assert [(o.review, o.relevance_threshold) for o in options] == [(True, 0.999)] * 3
    assert {c["disposition"] for c in strict.as_json()["cells"]} == {"refused"}
    options.clear()
    again = fill_grid(ws, "M", [LAW], relevance_threshold=0.999)
    assert (again.asked, again.reused, options) == (0, 3, [])
