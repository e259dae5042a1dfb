"""A cancelled ingest tells the truth and leaves a profile the next ingest completes:
whole documents indexed, the rest pending (never "indexed" with passages missing), and
``doctor`` finding pending work, not damage (issue 10)."""

from __future__ import annotations

from pathlib import Path

from corpus_factory import write_text
from letadesk.index.sync import EMBED_BATCH
from letadesk.ingest.worker import ParserPool
from letadesk.workspace import Workspace


def _note(i: int, articles: int) -> str:
    return "\n".join(
        f"Articolul {k}\nNota {i} prevede termenul de {k} zile pentru plata "
        f"facturii numărul {i * 1000 + k}."
        for k in range(1, articles + 1)
    )


def _notes(folder: Path, count: int, articles: int) -> Path:
    for i in range(count):
        write_text(folder, f"note_{i:02d}.txt", _note(i, articles))
    return folder


class _CancelAfter:
    """Cancels once ``passages`` have been embedded (as the window's Cancel does: the
    ingest's ``cancelled`` callback starts answering True)."""

    def __init__(self, passages: int) -> None:
        self.passages = passages
        self.embedded = 0
        self.seen: list[tuple[int, int]] = []

    def progress(self, done: int, total: int, _what: str) -> None:
        self.embedded = done
        self.seen.append((done, total))

    def __call__(self) -> bool:
        return self.embedded >= self.passages


def test_a_cancel_during_embedding_reports_pending_documents(
    workspace: Workspace, tmp_path: Path
) -> None:
    docs = _notes(tmp_path / "docs", 4, 2 * EMBED_BATCH)  # > 2 batches per document
    cancel = _CancelAfter(3 * EMBED_BATCH)
    report = workspace.documents.ingest(
        [docs], matter="M", embed_progress=cancel.progress, cancelled=cancel
    )
    assert report.cancelled
    assert report.added == 4 and report.not_read == []
    fragments = {
        d.path: len(workspace.documents.fragments(d)) for d in workspace.documents.all("M")
    }
    total = sum(fragments.values())
    # stopped after the third batch: the first document whole, the second half, none other
    assert cancel.embedded == 3 * EMBED_BATCH < total
    first = str(docs / "note_00.txt")
    assert fragments[first] <= 3 * EMBED_BATCH
    assert report.indexed == [first]
    assert report.pending == sorted(p for p in fragments if p != first)
    assert report.pending_passages == total - 3 * EMBED_BATCH
    pending = workspace.documents.pending("M")
    assert {workspace.documents.find(p).id for p in report.pending} == pending.keys()
    assert workspace.documents.find(first).id not in pending
    # progress per batch (it was per 256 passages): passages done of the whole job
    assert cancel.seen[-1] == (3 * EMBED_BATCH, total)
    assert [d for d, _ in cancel.seen] == [EMBED_BATCH * k for k in (0, 1, 2, 3)]

    doctor = workspace.doctor()
    assert doctor.consistent and doctor.problems == [], doctor.problems
    assert doctor.pending == [
        f"vector index: {total - 3 * EMBED_BATCH} passages waiting for their vector"
    ]
    # the lexical index is up to date: a pending document is already found by keyword
    assert workspace.search("facturii numărul 3005", matter="M", dense=False)

    again = workspace.documents.ingest([docs], matter="M")  # nothing new: resumes the embedding
    assert not again.cancelled and again.unchanged == 4
    assert again.pending == [] and again.pending_passages == 0
    assert workspace.documents.pending("M") == {}
    assert workspace.doctor().pending == []


def test_a_cancel_while_reading_leaves_unread_files_out(
    workspace: Workspace, tmp_path: Path
) -> None:
    docs = _notes(tmp_path / "docs", 6, 3)
    read: list[str] = []
    report = workspace.documents.ingest(
        [docs],
        matter="M",
        progress=lambda done, total, path: read.append(path),
        cancelled=lambda: len(read) >= 2,
    )
    assert report.cancelled
    stored = {d.path for d in workspace.documents.all("M")}
    assert len(stored) == report.added == 2
    assert sorted(report.not_read) == sorted(str(p) for p in docs.iterdir() if str(p) not in stored)
    assert report.indexed == [] and sorted(report.pending) == sorted(stored)
    assert workspace.doctor().consistent
    assert workspace.search("facturii", matter="M", dense=False)  # lexically indexed
    rest = workspace.documents.ingest([docs], matter="M")
    assert not rest.cancelled and (rest.added, rest.unchanged) == (4, 2)
    assert sorted(rest.indexed) == sorted(str(p) for p in docs.iterdir() if str(p) not in stored)
    assert rest.pending == [] and workspace.documents.pending("M") == {}


def test_a_cancel_stops_a_parser_that_is_still_reading(tmp_path: Path) -> None:
    # a file that takes its parser about ten seconds: the cancel comes while it reads.
    # Before, the pool waited for the parse (up to the time limit) whatever the cancel said.
    big = write_text(
        tmp_path,
        "big.txt",
        "\n".join(
            f"Articolul {k}\nTermenul de plată al facturii {k} este de {k} zile."
            for k in range(1, 300_000)
        ),
    )
    with ParserPool(workers=1, timeout_s=600) as pool:
        polls: list[bool] = []

        def cancelled() -> bool:  # a few polls (0.2 s each) after the file was handed out
            polls.append(any(w.path is not None for w in pool._workers))
            return sum(polls) > 3

        outcomes = list(pool.map([big], cancelled=cancelled))
        workers = [w.process for w in pool._workers]
    assert outcomes == []  # the cancel ended the wait: no outcome for the unread file
    assert workers and not any(p.is_alive() for p in workers)  # the busy parser is gone
