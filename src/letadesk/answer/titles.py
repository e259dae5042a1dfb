"""Gate 2 reads marginal titles: a fragment whose article title the question names
(:mod:`letadesk.retrieve.titles`: "Care este pedeapsa pentru furt?" and "Articolul 228 /
Furtul") answers it, and so does the definition-list entry of a term whose meaning it
asks, and the sentence of a contract that states what it asks of its opening: who the
parties are, its date, when it takes effect (:mod:`letadesk.retrieve.opening`).
:class:`TitledScorer` lifts such a fragment's sentences by :data:`LIFT`, above the bar
and above any sentence the question names no title of (a score is at most 1), so they
lead the extracted answer; every other score is the wrapped scorer's."""

from __future__ import annotations

from collections.abc import Sequence

from letadesk.answer.relevance import Topic, passage_relevance
from letadesk.answer.scoring import Scorer, scored_units
from letadesk.answer.short import asked_kinds, find_value
from letadesk.domain import Passage
from letadesk.retrieve.opening import opening_asked, states_asked, states_date
from letadesk.retrieve.parties import asked_role, names_role
from letadesk.retrieve.titles import asked, names_defined, names_title

LIFT = 1.0
# A question that asks for a value (a term, a penalty, an amount: answer.short) is better
# answered by a sentence that states one of that kind: lifted by this much.
VALUE_LIFT = 0.1


class TitledScorer:
    """``inner``'s scores, a passage whose title the question names (or a sentence that
    defines the term whose meaning it asks) lifted by LIFT."""

    def __init__(
        self, inner: Scorer, question: str, *, topic: Topic = (), floor: float = 0.0
    ) -> None:
        self.name = inner.name
        self.threshold = inner.threshold
        self.clause_types = inner.clause_types
        self._inner = inner
        self._asked = asked(question)
        self._titled: dict[int, bool] = {}
        self._entry: dict[int, bool] = {}
        self._topic, self._floor = topic, floor
        self._short: dict[int, bool] = {}
        self._kinds = asked_kinds(question)
        self._opening = opening_asked(question)
        self._role = asked_role(question)  # "Who is the Licensee?": that party's sentence
        self._states: dict[int, bool] = {}
        # a question of the contract's date or effective date: answered by a date only
        self._date_asked = self._opening if self._opening in ("date", "effective") else None

    def _titled_by(self, passage: Passage) -> bool:
        """Whether the question names the passage's marginal title."""
        fid = passage.fragment.id
        if fid not in self._titled:
            self._titled[fid] = names_title(self._asked, passage.fragment.text)
        return self._titled[fid]

    def _states_asked(self, passage: Passage) -> bool:
        """Whether the question asks what a contract's opening states (its parties, its
        date, when it takes effect) and a sentence of the passage states it."""
        fid = passage.fragment.id
        if self._opening is not None and fid not in self._states:
            units = scored_units(passage.fragment.text)
            self._states[fid] = any(self._states_in(passage, u) for u in units)
        return self._states.get(fid, False)

    def _states_in(self, passage: Passage, text: str) -> bool:
        """Whether ``text`` of the passage states what the question asks of the opening
        (the party it asks who is, where it asks one)."""
        if self._opening is None or not states_asked(self._opening, passage.fragment, text):
            return False
        return self._role is None or names_role(self._role, text)

    def _lift(self, passage: Passage) -> float:
        """LIFT for a passage whose title the question names, that holds the entry of a
        term whose meaning it asks, or that states what it asks of a contract's opening."""
        if self._titled_by(passage) or self._states_asked(passage):
            return LIFT
        fid = passage.fragment.id
        if fid not in self._entry:
            units = scored_units(passage.fragment.text) if self._asked.defines else []
            self._entry[fid] = any(self._defines(u) for u in units)
        return LIFT if self._entry[fid] else 0.0

    def _falls_short(self, passage: Passage) -> bool:
        """Whether the passage holds less than ``floor`` of the question's topic (and
        was not named by reference or title), or states no date where the contract's date
        is asked (:func:`~letadesk.retrieve.opening.states_date`): then it answers
        nothing."""
        fid = passage.fragment.id
        if fid not in self._short:
            self._short[fid] = self._states_no_date(passage) or (
                passage.via not in ("reference", "title")
                and not self._states_asked(passage)
                and passage_relevance(self._topic, passage) < self._floor
            )
        return self._short[fid]

    def _states_no_date(self, passage: Passage) -> bool:
        """Whether a date is asked and no sentence of the passage states one."""
        if self._date_asked is None:
            return False
        units = scored_units(passage.fragment.text)
        return not any(states_date(self._date_asked, passage.fragment, u) for u in units)

    def offerable(self, passage: Passage) -> bool:
        """Whether a refusal may name the passage in a question back ("Do you mean …?"):
        not one that states no date where a date is asked, however near its words."""
        return not self._states_no_date(passage)

    def passage(self, passage: Passage) -> float:
        if self._falls_short(passage):
            return 0.0
        return self.unfloored(passage)

    def unfloored(self, passage: Passage) -> float:
        """The passage's score whatever share of the topic it holds: how near it came
        (for a question back, and Gate 1's corpus check), not whether it answers."""
        score = self._inner.passage(passage) + self._lift(passage)
        return score + self._valued(score, passage.fragment.text)

    def _valued(self, score: float, text: str) -> float:
        """VALUE_LIFT for a score already over the bar whose text states a value of the
        kind asked: it orders the answers, it never lets one through."""
        if score < self.threshold or not self._kinds:
            return 0.0
        return VALUE_LIFT if find_value(self._kinds, text) else 0.0

    def sentence(self, passage: Passage, text: str) -> float:
        if self._falls_short(passage):
            return 0.0
        if self._date_asked and not states_date(self._date_asked, passage.fragment, text):
            return 0.0
        if self._titled_by(passage) or self._states_in(passage, text):
            lift = LIFT
        else:
            lift = self._defines(text)
        score = self._inner.sentence(passage, text) + lift
        return score + self._valued(score, text)

    def _defines(self, text: str) -> float:
        """LIFT for a sentence that is the definition-list entry of the term whose
        meaning the question asks; not for the other sentences of its fragment."""
        return LIFT if names_defined(self._asked, text) else 0.0

    def prepare(self, passages: Sequence[Passage]) -> None:
        self._inner.prepare(passages)
