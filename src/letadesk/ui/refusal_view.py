"""A refusal in the answer view: why there is no answer (the reason as the answer
engine words it, in the question's language), the question back when passages came
close, with each provision it names as a button that asks the question again of that
document, and the nearest sources: each a chip on its own line with its passage wrapped
under it at the pane's whole width (beside the chip, the passage had been squeezed into
a column one word wide)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from letadesk.domain import Answer, Citation, Passage
from letadesk.ui.chip import Chip
from letadesk.ui.flow_layout import FlowLayout
from letadesk.ui.text_fit import plain_tip, wrapped_label


class RefusalHost(Protocol):
    """What a refusal is built into: the answer view."""

    refusal_label: QLabel | None
    clarify_label: QLabel | None
    clarify_buttons: list[Chip]
    snippet_labels: list[QLabel]

    def mode_text(self, answer: Answer) -> str: ...

    def add_mode_line(self, layout: QVBoxLayout, text: str) -> None: ...

    def make_chip(
        self, number: int, ref: Citation, quotes: tuple[Citation, ...] = (), at: int = 0
    ) -> Chip: ...

    def request_again(self, question: str, document_id: str, title: str) -> None: ...


SNIPPET_CHARS = 320  # of a nearest source's passage shown under its chip


def passage_citation(p: Passage) -> Citation:
    """A nearest source as a citation of its whole passage."""
    f, doc = p.fragment, p.document
    return Citation(
        f.id,
        doc.id,
        doc.title,
        f.page,
        f.printed_page,
        f.locator,
        f.text,
        f.start,
        f.end,
        doc.source_state,
        doc.verified,
    )


def clarify_places(nearest: Sequence[Passage]) -> list[Citation]:
    """The (at most two) provisions a question back names, as the answer engine picks
    them: the nearest passages with a place (an article, a page), distinct."""
    places: list[Citation] = []
    seen: set[tuple[str, str]] = set()
    for p in nearest:
        where = p.fragment.locator or p.fragment.printed_page
        key = (where, p.document.title)
        if where and key not in seen:
            seen.add(key)
            places.append(passage_citation(p))
        if len(places) == 2:
            break
    return places


def _tr(text: str) -> str:
    return QCoreApplication.translate("AnswerView", text)


def build_refusal(view: RefusalHost, layout: QVBoxLayout, answer: Answer) -> None:
    box = QFrame()
    box.setObjectName("refusal")
    inner = QVBoxLayout(box)
    title = QLabel(_tr("No answer"))
    title.setObjectName("refusalTitle")
    view.refusal_label = wrapped_label(answer.reason)
    inner.addWidget(title)
    inner.addWidget(view.refusal_label)
    if answer.clarify:
        view.clarify_label = wrapped_label(answer.clarify, "clarify")
        inner.addWidget(view.clarify_label)
        _clarify_buttons(view, inner, answer)
    layout.addWidget(box)
    mode = view.mode_text(answer)
    if mode:
        view.add_mode_line(layout, mode)
    if answer.nearest_sources:
        layout.addWidget(QLabel(_tr("Nearest sources:")))
    for i, passage in enumerate(answer.nearest_sources, start=1):
        layout.addWidget(_nearest(view, i, passage))


def _clarify_buttons(view: RefusalHost, inner: QVBoxLayout, answer: Answer) -> None:
    """One button per provision the question back names: it asks the question again,
    of that document only."""
    inner.addWidget(QLabel(_tr("Ask again about:")))
    row = FlowLayout()  # the buttons wrap in a narrow pane
    for ref in clarify_places(answer.nearest_sources):
        where = ref.locator or _tr("p. {label}").format(label=ref.page_label)
        button = Chip(f"{where} · {ref.document}", ref, name=ref.document)
        button.setObjectName("clarifyChip")
        tip = _tr("Ask again, of {document} only: {q}")
        button.setToolTip(plain_tip(tip.format(q=answer.question, document=ref.document)))
        button.clicked.connect(_emitter(view, answer.question, ref))
        view.clarify_buttons.append(button)
        row.addWidget(button)
    inner.addLayout(row)


def _emitter(view: RefusalHost, question: str, ref: Citation) -> Callable[[], None]:
    def ask_again() -> None:
        view.request_again(question, str(ref.document_id), ref.document)

    return ask_again


def _nearest(view: RefusalHost, number: int, passage: Passage) -> QWidget:
    ref = passage_citation(passage)
    holder = QFrame()
    holder.setObjectName("nearest")
    box = QVBoxLayout(holder)
    box.setContentsMargins(0, 0, 0, 0)
    box.setSpacing(2)
    line = QHBoxLayout()
    line.addWidget(view.make_chip(number, ref))
    line.addStretch(1)
    box.addLayout(line)
    text = " ".join(ref.quote.split())
    if len(text) > SNIPPET_CHARS:
        text = text[:SNIPPET_CHARS].rsplit(" ", 1)[0] + " …"
    snippet = wrapped_label(text, "hint")
    view.snippet_labels.append(snippet)
    box.addWidget(snippet)
    return holder
