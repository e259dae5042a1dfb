"""Making the Answer to one question: a refusal, or the claims that passed, with the
value the question asks for (:func:`~letadesk.answer.short.short_answer`) and the notes
on their sources (:func:`~letadesk.answer.messages.source_notes`). The audit id and the
timings are added when the question is recorded (:mod:`letadesk.answer.recorded`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from letadesk.answer.messages import source_notes
from letadesk.answer.short import short_answer
from letadesk.domain import (
    Answer,
    AnswerGroup,
    Claim,
    Passage,
    RejectedClaim,
    UnansweredDocument,
)


@dataclass(frozen=True, slots=True)
class AnswerBuilder:
    """The Answers one question may end in: asked as of ``as_of``, in ``language`` (the
    question's: that of the reason and the notes)."""

    question: str
    as_of: date | None
    language: str

    def refuse(
        self,
        reason: str,
        nearest: Sequence[Passage],
        *,
        rejected: Sequence[RejectedClaim] = (),
        mode: str = "",
        clarify: str = "",
    ) -> Answer:
        """A refusal; ``mode`` as :attr:`Answer.mode` ("" before any claim was drafted),
        ``clarify`` as :attr:`Answer.clarify`."""
        return Answer(
            self.question,
            "refused",
            reason,
            (),
            tuple(rejected),
            tuple(nearest),
            as_of=self.as_of,
            mode=mode,
            clarify=clarify,
            language=self.language,
        )

    def answer(
        self,
        claims: Sequence[Claim],
        rejected: Sequence[RejectedClaim],
        nearest: Sequence[Passage],
        *,
        mode: str,
        groups: Sequence[AnswerGroup] = (),
        unanswered: Sequence[UnansweredDocument] = (),
    ) -> Answer:
        """An answer; ``mode``, ``groups`` and ``unanswered`` as :class:`Answer` holds them."""
        question = self.question
        # each group leads with the value its own claims state; the answer with the first's
        groups = [replace(g, short_answer=short_answer(question, claims, g.claims)) for g in groups]
        short = groups[0].short_answer if groups else short_answer(question, claims)
        kinds = {c.kind for c in claims}
        reason = (
            "verbatim sentences extracted from the sources"
            if kinds == {"extracted"}
            else "every claim is grounded in a quoted source"
        )
        return Answer(
            question,
            "answered",
            reason,
            tuple(claims),
            tuple(rejected),
            tuple(nearest),
            as_of=self.as_of,
            mode=mode,
            groups=tuple(groups),
            unanswered=tuple(unanswered),
            notes=source_notes(claims, self.language),
            short_answer=short,
            language=self.language,
        )
