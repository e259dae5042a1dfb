"""Rule before exception: a sentence that states an exception ("În acest caz nu este
obligatorie…", "Prin derogare de la alin. (1)…", "Notwithstanding the foregoing…")
never answers a general question alone; the rule it qualifies comes first.

A sentence *states an exception* when its leading words are an exception marker
(:func:`is_exception`); an English contract's "Except as provided in Section 9…",
"Unless earlier terminated…" or "Notwithstanding anything to the contrary…" opens a rule
whose carve-outs are stated elsewhere, so only "Notwithstanding the foregoing" (or "the
above") marks one there. Its *rule* is the first sentence of its article when the
exception sits in a later alineat of it (``art. 7 alin. (5)`` qualifies ``art. 7
alin. (1)``), else the nearest sentence before it in its own fragment that is no
exception. A question that asks about the exceptions themselves ("În ce cazuri nu este
obligatorie…?", "Are there exceptions…?") is answered as extracted.

A contract's sentence that opens by pointing back ("Such examination shall be at the
premises of Licensee…", "Said notice…": :func:`points_back`) says as little alone: the
sentence before it in its fragment, which it points back to ("Smith shall have the right
to … examine the Licensee's … books and records"), comes first the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from letadesk.answer.scoring import candidate_sentences
from letadesk.domain import DraftClaim, Evidence, Passage, Scores, SearchFilters
from letadesk.ports import CorpusReader
from letadesk.retrieve.provisions import article_head
from letadesk.text import fold_diacritics

_NUMBERING = r"(?:\(\d+(?:\^\d+)?\)\s*|[a-z]\)\s*|\d+(?:\.\d+)*\.?\s+|[-–•]\s*)?"
_MARKERS = (
    r"prin derogare|prin exceptie|prin exceptare|cu exceptia|exceptand|in acest caz|"
    r"in aceste cazuri|in mod exceptional|exceptie|"
    r"notwithstanding (?:the (?:immediately )?(?:foregoing|above|preceding))|"
    r"by way of (?:exception|derogation)|in (?:this|such) (?:a )?case|save that|"
    r"(?:dispozitiile|prevederile)\b[^;]{0,80}?\bnu se aplica"
)
# In a contract "Except as otherwise provided…", "Unless earlier terminated…" and
# "Notwithstanding anything to the contrary…" open the rule itself, its carve-outs
# stated elsewhere: only "notwithstanding" that points back at the sentences before
# ("the foregoing", "the above") qualifies them.
_EXCEPTION = re.compile(rf"^{_NUMBERING}(?:{_MARKERS})\b")
_ASKS_EXCEPTIONS = re.compile(
    r"\b(?:exceptii\w*|exceptie\w*|exceptia|derog\w*|except\w*|unless|cand nu|"
    r"in ce (?:cazuri|situatii|conditii) nu|nu (?:este|e|sunt) obligatori\w*|nu se aplica|"
    r"not (?:required|mandatory|apply|applicable))\b"
)
_ALINEAT = re.compile(r"^art\. [\w^.]+ alin\. \(")
_POINTS_BACK = re.compile(rf"^{_NUMBERING}(?:such|said)\b")

# The fragment and sentence that states the rule an exception qualifies, or None.
RuleOf = Callable[[Passage, str], tuple[Passage, str] | None]


def _key(text: str) -> str:
    return fold_diacritics(text.lower()).strip()


def is_exception(sentence: str) -> bool:
    """Whether ``sentence`` opens by stating an exception (after any numbering)."""
    return bool(_EXCEPTION.match(_key(sentence)))


def points_back(sentence: str) -> bool:
    """Whether ``sentence`` opens by pointing back at the one before ("Such …", "Said …")."""
    return bool(_POINTS_BACK.match(_key(sentence)))


def asks_about_exceptions(question: str) -> bool:
    """Whether ``question`` asks for the exceptions themselves."""
    return bool(_ASKS_EXCEPTIONS.search(_key(question)))


def rule_first(
    question: str, drafts: Sequence[DraftClaim], passages: Sequence[Passage], rule_of: RuleOf
) -> tuple[list[DraftClaim], list[Passage]]:
    """``drafts`` with the rule of each exception among them placed right before it
    (moved up when it is already a draft, added otherwise), and the sentence a draft
    that points back points back to; with the passages the added sentences quote (for
    Gate 3). Exceptions are left as drafted for a question about the exceptions."""
    about_exceptions = asks_about_exceptions(question)
    by_fragment = {p.fragment.id: p for p in passages}
    out: list[DraftClaim] = []
    added: list[Passage] = []
    for draft in drafts:
        passage = by_fragment.get(draft.evidence[0].fragment_id) if draft.evidence else None
        found = None
        if passage and is_exception(draft.text) and not about_exceptions:
            found = rule_of(passage, draft.text)
        elif passage and points_back(draft.text):
            found = _sentence_before(passage, draft.text)
        if found is not None:
            rule_passage, rule = found
            out = [d for d in out if d.text != rule]
            out.append(DraftClaim(rule, (Evidence(rule_passage.fragment.id, rule),)))
            if rule_passage.fragment.id not in by_fragment:
                by_fragment[rule_passage.fragment.id] = rule_passage
                added.append(rule_passage)
        if all(d.text != draft.text for d in out):
            out.append(draft)
    rest = [d for d in drafts if all(d.text != o.text for o in out)]
    return out + rest, added


def corpus_rules(corpus: CorpusReader, filters: SearchFilters) -> RuleOf:
    """The :data:`RuleOf` that reads an article's first fragment from ``corpus``."""

    def rule_of(passage: Passage, sentence: str) -> tuple[Passage, str] | None:
        fragment = passage.fragment
        if _ALINEAT.match(fragment.locator):
            scope = SearchFilters(
                matter_id=filters.matter_id, document_id=fragment.document_id, as_of=filters.as_of
            )
            first = article_head(corpus, scope, fragment.locator)
            if first is not None and first.id != fragment.id:
                rules = [s for s in candidate_sentences(first.text) if not is_exception(s)]
                if rules:
                    return Passage(first, passage.document, Scores(), "rule"), rules[0]
        return _sentence_before(passage, sentence)

    return rule_of


def _sentence_before(passage: Passage, sentence: str) -> tuple[Passage, str] | None:
    """The nearest sentence before ``sentence`` in its fragment that is no exception."""
    units = candidate_sentences(passage.fragment.text)
    before = units[: units.index(sentence)] if sentence in units else []
    rules = [s for s in before if not is_exception(s)]
    return (passage, rules[-1]) if rules else None
