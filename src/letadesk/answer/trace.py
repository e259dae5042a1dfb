"""Recording what one question did while it is answered: the facts its audit record
holds (what was retrieved, Gate 2's scores, each draft and each check, the time in each
stage). :class:`AskTrace` only collects; :class:`~letadesk.answer.build.AnswerBuilder`
makes the Answer, and :func:`~letadesk.answer.record.record_json` writes the record."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from letadesk.answer.grounding import Verdict
from letadesk.domain import DocumentId, FragmentId, Passage
from letadesk.generate.confidence import low_confidence_spans
from letadesk.generate.generator import Generation


@dataclass(frozen=True, slots=True)
class Relevance:
    """Gate 2's reading: the scorer, its threshold, the clause types whose detectors it
    read, and each retrieved passage's score, in retrieval order."""

    scorer: str
    threshold: float
    clause_types: tuple[str, ...]
    scores: tuple[tuple[FragmentId, float], ...]


@dataclass(frozen=True, slots=True)
class Surveyed:
    """One document searched on its own (a question asked of several documents)."""

    document_id: DocumentId
    fragment_ids: tuple[FragmentId, ...]  # those its answer was chosen from
    answers: bool


@dataclass(frozen=True, slots=True)
class Attempt:
    """One draft of the model, and what was wrong with its output ("" when nothing)."""

    number: int
    output: Generation
    problem: str


@dataclass(frozen=True, slots=True)
class Checked:
    """One claim through Gate 3 (``attempt`` 0: an extracted claim), with the words the
    model was unsure of (none for an extracted claim)."""

    attempt: int
    verdict: Verdict
    low_confidence: tuple[str, ...] = ()


@dataclass(slots=True)
class AskFacts:
    """Everything one question did, as typed values (filled while it is answered)."""

    question: str
    matter: str
    as_of: date | None
    language: str | None = None  # the question's, once detected
    model: str | None = None  # the model that drafted, if one did
    unavailable: dict[str, str] = field(default_factory=dict)  # component: why
    retrieved: tuple[Passage, ...] = ()
    relevance: Relevance | None = None
    surveyed: tuple[Surveyed, ...] | None = None
    attempts: list[Attempt] = field(default_factory=list)
    checked: list[Checked] = field(default_factory=list)
    stages: dict[str, float] = field(default_factory=dict)  # seconds; "total" once stopped
    read_as: dict[str, str] = field(default_factory=dict)  # acronym: the name searched
    read_in: str = ""  # the question in the documents' language (retrieve.crosslingual)

    def draft_failure(self) -> str:
        """Why none of the model's claims was kept (:attr:`Answer.draft_failure`): a claim
        it proposed was checked ("rejected"), its output could not be read ("unreadable"),
        or it proposed none ("empty")."""
        if any(c.attempt > 0 for c in self.checked):
            return "rejected"
        return "unreadable" if any(a.problem for a in self.attempts) else "empty"


class AskTrace:
    """Collects the :class:`AskFacts` of one question while it is answered."""

    def __init__(self, *, question: str, matter: str, as_of: date | None) -> None:
        self.facts = AskFacts(question, matter, as_of)
        self._started = time.perf_counter()
        self._last = self._started
        self._current = ""

    def stage(self, name: str) -> None:
        """``name`` starts now; the stage before it ends ("": none starts)."""
        now = time.perf_counter()
        if self._current:
            stages = self.facts.stages
            stages[self._current] = stages.get(self._current, 0.0) + now - self._last
        self._current, self._last = name, now

    def stop(self) -> dict[str, float]:
        """The question is over (answered, refused or failed): the last stage ends, and
        the total is taken. The seconds per stage, with ``total``."""
        self.stage("")
        self.facts.stages["total"] = time.perf_counter() - self._started
        return dict(self.facts.stages)

    def language(self, language: str) -> None:
        """The question's language (that of the answer's notes)."""
        self.facts.language = language

    def read_across(self, text: str) -> None:
        """The question was searched and read as these words of the documents' language."""
        self.facts.read_in = text

    def unavailable(self, component: str, reason: str) -> None:
        """``component`` ("judge"…) could not be used for this question, and why."""
        self.facts.unavailable[component] = reason

    def model(self, model_id: str) -> None:
        self.facts.model = model_id

    def retrieved(self, passages: Sequence[Passage], read_as: dict[str, str] | None = None) -> None:
        """What retrieval found, and the acronyms it searched by their names."""
        self.facts.retrieved = tuple(passages)
        self.facts.read_as = dict(read_as or {})

    def relevance(
        self,
        scorer: str,
        threshold: float,
        passages: Sequence[Passage],
        scores: Mapping[int, float],
        clause_types: Sequence[str] = (),
    ) -> None:
        """Gate 2's scores: which scorer, its threshold, each retrieved passage's score
        (``scores`` keyed by ``id`` of the passage), and the clause types whose detectors
        it read (the question's route, :mod:`letadesk.judge.clauses`)."""
        self.facts.relevance = Relevance(
            scorer,
            threshold,
            tuple(clause_types),
            tuple((p.fragment.id, scores[id(p)]) for p in passages),
        )

    def surveyed(self, documents: Sequence[tuple[DocumentId, Sequence[FragmentId], bool]]) -> None:
        """A question asked of several documents: each document searched on its own,
        as (document id, the fragment ids its answer was chosen from, whether it answers)."""
        self.facts.surveyed = tuple(Surveyed(d, tuple(f), a) for d, f, a in documents)

    def attempt(self, number: int, output: Generation, problem: str) -> None:
        self.facts.attempts.append(Attempt(number, output, problem))

    def checked(self, attempt: int, verdict: Verdict, output: Generation | None = None) -> None:
        """A claim checked; ``output``: the model's draft it came from (None: extracted)."""
        flagged = (
            low_confidence_spans(output.token_logprobs, verdict.draft.text, raw=output.raw)
            if output is not None
            else []
        )
        self.facts.checked.append(Checked(attempt, verdict, tuple(flagged)))
