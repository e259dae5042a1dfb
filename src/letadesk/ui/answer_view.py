"""An answer: claims with numbered source chips, or a refusal with its nearest sources.

Renders an :class:`~letadesk.domain.Answer`: a live one, or one read back from an audit
record (:func:`~letadesk.answer.from_record.answer_from_record`), look the same. A line in
the interface language says which mode answered (the model's verified draft, verbatim
passages, or verbatim passages because the model's draft could not be verified).
Clicking a chip emits ``source_clicked`` with its :class:`~letadesk.domain.Citation`,
the claim's citations and the citation's place among them (a nearest source: its
passage, alone), which :meth:`SourceViewer.show_source` takes.

An answer over several documents shows each document's name above its claims and,
last, the documents that hold no answer. A claim citing a document whose file changed or
disappeared since indexing carries a "stale source" badge, and one citing a document no
person verified an "unverified source" badge; their chips say so, and a note under the
claims names those documents.

Keyboard: the arrow keys move between the chips, Enter opens the one with the focus.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from letadesk.domain import Answer, Citation, Claim, UnansweredDocument
from letadesk.generate.schema import drafted_texts
from letadesk.ui.chip import Chip
from letadesk.ui.flow_layout import FlowLayout
from letadesk.ui.refusal_view import build_refusal
from letadesk.ui.rejected_claims import mode_line, rejected_lines
from letadesk.ui.text_fit import ElidedLabel, breakable, plain_label, plain_tip, wrapped_label

# Arrow keys on a chip: the focus moves to the previous or next chip.
_CHIP_STEPS = {Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1}


class AnswerView(QScrollArea):
    source_clicked = Signal(object, tuple, int)  # Citation, the claim's citations, its index
    # a question back's provision clicked: the question, that document's id and title
    ask_again = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.answer: Answer | None = None
        self.chips: list[Chip] = []
        self.claim_labels: list[QLabel] = []
        self.group_labels: list[ElidedLabel] = []  # one per document of a grouped answer
        self.unanswered_label: QLabel | None = None
        self.badges: list[QLabel] = []  # "extracted", "stale", "unverified" on claims
        self.note_labels: list[QLabel] = []  # stale and unverified sources, named
        self.refusal_label: QLabel | None = None
        self.snippet_labels: list[QLabel] = []  # a refusal's nearest sources' text
        self.clarify_label: QLabel | None = None  # a refusal's question back
        self.clarify_buttons: list[Chip] = []  # the provisions it names, each asks again
        self.short_label: QLabel | None = None  # the answer in a sentence, when given
        self.question_label: QLabel | None = None
        self.follow_up_label: QLabel | None = None  # what a follow-up inherited
        self.reading_labels: list[QLabel] = []  # how the question's acronyms were read
        self.mode_label: QLabel | None = None
        self.draft_label: QLabel | None = None  # the model's draft while it is written
        self.rejected_box = QFrame()
        self.rejected_labels: list[QLabel] = []
        self.show_rejected = QCheckBox(self.tr("Show rejected claims"))
        self.show_rejected.toggled.connect(lambda on: self.rejected_box.setVisible(on))
        self.show_message(self.tr("Ask a question to see a grounded answer here."))

    # ---- building ---------------------------------------------------------------------

    def _new_page(self) -> QVBoxLayout:
        self.group_labels, self.unanswered_label = [], None
        self.chips, self.claim_labels, self.refusal_label = [], [], None
        self.clarify_label, self.snippet_labels, self.clarify_buttons = None, [], []
        self.badges, self.note_labels, self.reading_labels = [], [], []
        self.mode_label = self.short_label = self.question_label = None
        self.follow_up_label = self.draft_label = None
        page = QWidget()
        page.setObjectName("answerPage")
        layout = QVBoxLayout(page)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(10)
        self.setWidget(page)
        return layout

    def show_message(self, text: str) -> None:
        self.answer = None
        layout = self._new_page()
        layout.addWidget(wrapped_label(text, "hint"))
        layout.addStretch(1)

    def show_answer(self, answer: Answer, *, note: str = "") -> None:
        """Show ``answer``; ``note``: what it inherited as a follow-up, said under it."""
        self.answer = answer
        layout = self._new_page()
        if answer.question:
            self.question_label = wrapped_label(answer.question, "question")
            self.question_label.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByMouse
            )
            layout.addWidget(self.question_label)
        if note:
            self.follow_up_label = wrapped_label(note, "followUp")
            layout.addWidget(self.follow_up_label)
        for reading in answer.readings:  # how the question was read, under it
            self.reading_labels.append(wrapped_label(reading, "followUp"))
            layout.addWidget(self.reading_labels[-1])
        if answer.answered:
            self._claims(layout, answer)
        else:
            build_refusal(self, layout, answer)
        self._rejected(layout, answer)
        layout.addStretch(1)

    def mode_text(self, answer: Answer) -> str:
        """The mode line for ``answer``, in its language
        (:func:`~letadesk.ui.rejected_claims.mode_line`)."""
        return mode_line(answer)

    def show_draft(self, _tokens: int, raw: str) -> None:
        """While the model drafts (``raw``: its output so far), the claims it has written
        under the "Working on" line, said to be unchecked; nothing once an answer shows."""
        texts = drafted_texts(raw)
        page = self.widget()
        layout = page.layout() if page is not None else None
        if self.answer is not None or not texts or not isinstance(layout, QVBoxLayout):
            return
        if self.draft_label is None:
            self.draft_label = wrapped_label("", "hint")
            layout.insertWidget(layout.count() - 1, self.draft_label)  # above the stretch
        lines = [self.tr("The model's draft so far, not yet checked:")]
        lines += [f"\u2022 {text}" for text in texts]
        self.draft_label.setText("\n".join(lines))

    def request_again(self, question: str, document_id: str, title: str) -> None:
        """Ask ``question`` again of one document (a question back's provision)."""
        self.ask_again.emit(question, document_id, title)

    def add_mode_line(self, layout: QVBoxLayout, text: str) -> None:
        self.mode_label = wrapped_label(text, "hint")
        layout.addWidget(self.mode_label)

    def _claims(self, layout: QVBoxLayout, answer: Answer) -> None:
        self._short_answer(layout, answer)
        self.add_mode_line(layout, self.mode_text(answer) or answer.reason)
        n = 0
        headings = {g.claims[0]: g.document for g in answer.groups if g.claims}
        for i, claim in enumerate(answer.claims):
            if i in headings:
                layout.addWidget(self._group_title(headings[i]))
            chips = []
            for at, cit in enumerate(claim.citations):
                n += 1
                chips.append(self.make_chip(n, cit, claim.citations, at))
            layout.addWidget(self._claim_row(claim, chips))
        self._unanswered(layout, answer.unanswered)
        self._source_notes(layout, answer.claims)

    def _short_answer(self, layout: QVBoxLayout, answer: Answer) -> None:
        """The value asked for, verbatim ("30 de zile"; its line breaks read as spaces),
        above the claims, where the answer engine gives one; its place in the tooltip."""
        short = getattr(answer, "short_answer", None)  # (a field newer than some records)
        text = str(getattr(short, "shown", "") or "")
        if not text:
            return
        where = str(getattr(short, "locator", "") or "")
        self.short_label = wrapped_label(
            text + (f" \u2014 {where}" if where else ""), "shortAnswer"
        )
        self.short_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.short_label)

    def _source_notes(self, layout: QVBoxLayout, claims: Sequence[Claim]) -> None:
        """Name the cited documents that are stale on disk, and those not verified."""
        cited = [c for claim in claims for c in claim.citations]
        stale = list(dict.fromkeys(c.document for c in cited if c.stale))
        unverified = list(dict.fromkeys(c.document for c in cited if not c.verified))
        for names, text in (
            (
                stale,
                self.tr(
                    "Source changed or missing on disk since it was indexed; "
                    "add it again to refresh it: {documents}"
                ),
            ),
            (
                unverified,
                self.tr(
                    "Source not verified by a person; check the deadlines "
                    "and article numbers against it: {documents}"
                ),
            ),
        ):
            if not names:
                continue
            label = wrapped_label("\u26a0 " + text.format(documents="; ".join(names)), "sourceNote")
            self.note_labels.append(label)
            layout.addWidget(label)

    def _group_title(self, document: str) -> ElidedLabel:
        title = ElidedLabel(document)
        title.setObjectName("groupTitle")
        self.group_labels.append(title)
        return title

    def _unanswered(self, layout: QVBoxLayout, documents: Sequence[UnansweredDocument]) -> None:
        if not documents:
            return
        names = "; ".join(d.document for d in documents)
        text = self.tr("No answer in: {documents}").format(documents=names)
        self.unanswered_label = wrapped_label(text, "hint")
        self.unanswered_label.setToolTip(plain_tip("\n".join(d.document for d in documents)))
        layout.addWidget(self.unanswered_label)

    def _claim_row(self, claim: Claim, chips: list[Chip]) -> QFrame:
        row = QFrame()
        error = self._error_badge(claim.kind)  # a draft check's finding to review
        differs = claim.kind == "mismatch"  # a value that differs: drawn as its own kind
        row.setObjectName(("claimMismatch" if differs else "claimError") if error else "claim")
        box = QVBoxLayout(row)
        box.setContentsMargins(10, 8, 10, 8)
        text = plain_label(breakable(claim.text))
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setObjectName("claimText")
        self.claim_labels.append(text)
        box.addWidget(text)
        line = FlowLayout()
        if error:
            line.addWidget(self._badge("mismatchBadge" if differs else "errorBadge", *error))
        for on, name, badge_text, tip in (
            (
                claim.kind == "extracted",
                "badge",
                self.tr("extracted"),
                self.tr("A verbatim sentence from the source, not a model's wording."),
            ),
            (
                claim.stale,
                "staleBadge",
                self.tr("stale source"),
                self.tr(
                    "A cited document changed or disappeared on disk since it was "
                    "indexed; the quote is from the indexed version."
                ),
            ),
            (
                claim.unverified,
                "unverifiedBadge",
                self.tr("unverified source"),
                self.tr("A cited document has not been verified by a person."),
            ),
        ):
            if on:
                line.addWidget(self._badge(name, badge_text, tip))
        for chip in chips:
            line.addWidget(chip)
        box.addLayout(line)
        return row

    def _error_badge(self, kind: str) -> tuple[str, str] | None:
        """The badge (text, tooltip) of a draft check's finding of ``kind``; None for a
        claim that is not one."""
        return {
            "mismatch": (
                self.tr("\u2260 the value differs"),
                self.tr(
                    "The draft states a deadline or rate the provision it cites does not: "
                    "the draft's value is shown above the provision's."
                ),
            ),
            "missing": (
                self.tr("\u2717 not in the matter"),
                self.tr("The draft cites a provision the matter's documents do not hold."),
            ),
            "not_in_force": (
                self.tr("\u2717 not in force"),
                self.tr("The provision the draft cites is not in force on the date checked."),
            ),
        }.get(kind)

    def _badge(self, name: str, text: str, tip: str) -> QLabel:
        badge = QLabel(text)
        badge.setObjectName(name)
        badge.setToolTip(tip)
        self.badges.append(badge)
        return badge

    def make_chip(
        self, number: int, ref: Citation, quotes: tuple[Citation, ...] = (), at: int = 0
    ) -> Chip:
        """The chip of ``ref``, the ``at``-th of its claim's citations ``quotes``."""
        parts = [ref.document]
        label = ref.page_label or ref.page
        if label:
            parts.append(self.tr("p. {label}").format(label=label))
        if ref.locator:
            parts.append(ref.locator)
        marks = [
            text
            for on, text in (
                (ref.stale, self.tr("stale")),
                (not ref.verified, self.tr("unverified")),
            )
            if on
        ]
        optional = (" · \u26a0 " + ", ".join(marks)) if marks else ""
        text = f"[{number}] " + " · ".join(parts) + optional
        chip = Chip(text, ref, name=ref.document, optional=optional)
        chip.setObjectName("staleChip" if ref.stale else "chip")
        chip.setCursor(Qt.CursorShape.PointingHandCursor)
        chip.setToolTip(plain_tip(f"{chip.full_text()}\n\u201c{ref.quote[:400]}\u201d"))
        quotes = quotes or (ref,)
        chip.clicked.connect(lambda _=False: self.source_clicked.emit(ref, quotes, at))
        chip.installEventFilter(self)
        self.chips.append(chip)
        return chip

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Arrows move the focus along the chips; Enter opens the focused chip."""
        if event.type() != QEvent.Type.KeyPress or watched not in self.chips:
            return super().eventFilter(watched, event)
        assert isinstance(event, QKeyEvent) and isinstance(watched, QPushButton)
        key = Qt.Key(event.key())
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            watched.click()
            return True
        if key in _CHIP_STEPS:
            at = (self.chips.index(watched) + _CHIP_STEPS[key]) % len(self.chips)
            self.chips[at].setFocus(Qt.FocusReason.TabFocusReason)
            self.ensureWidgetVisible(self.chips[at])
            return True
        return super().eventFilter(watched, event)

    def _rejected(self, layout: QVBoxLayout, answer: Answer) -> None:
        """Each rejected claim with why, in the question's language, behind a box shown
        where claims were rejected or a model drafted (a draft that left none to list
        says why in its mode line)."""
        self.rejected_box = QFrame()
        self.rejected_box.setObjectName("rejected")
        inner = QVBoxLayout(self.rejected_box)
        lines = rejected_lines(answer.rejected, answer.language)  # once each, plainly
        self.rejected_labels = []
        for line in lines:
            label = wrapped_label(line.text)
            label.setToolTip(plain_tip(line.detail))
            self.rejected_labels.append(label)
            inner.addWidget(label)
        self.show_rejected = QCheckBox(self.tr("Show rejected claims ({n})").format(n=len(lines)))
        self.show_rejected.setEnabled(bool(lines))
        self.show_rejected.setVisible(bool(lines) or answer.mode == "generated")
        self.show_rejected.toggled.connect(self.rejected_box.setVisible)
        self.rejected_box.setVisible(False)
        layout.addWidget(self.show_rejected)
        layout.addWidget(self.rejected_box)
