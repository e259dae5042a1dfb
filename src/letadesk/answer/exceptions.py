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
exception. An exception that names the provision it departs from ("Prin excepție de la
prevederile art. 195, …", "…, prin derogare de la alin. (1), …", anywhere in the
sentence: :func:`named_rule`) has that provision of its own act as its rule. A question
that asks about the exceptions themselves ("În ce cazuri nu este obligatorie…?", "Are
there exceptions…?") is answered as extracted.

A sentence that states its provision under a condition ("(2) Durata contractului se
prelungește automat cu încă 12 luni dacă niciuna dintre părți nu notifică încetarea…",
"(2) Dacă fapta a fost săvârșită…") follows the sentence of an earlier alineat of its
article that states one without ("(1) Contractul se încheie pe o durată de 12 luni…")
when both are drafted (:func:`unconditional_first`), unless the question asks about a
condition ("Când se prelungește…?", "În ce condiții…?").

A contract's sentence that opens by pointing back ("Such examination shall be at the
premises of Licensee…", "Said notice…": :func:`points_back`) says as little alone: the
sentence before it in its fragment, which it points back to ("Smith shall have the right
to … examine the Licensee's … books and records"), comes first the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from letadesk.answer.scoring import candidate_sentences
from letadesk.domain import DraftClaim, Evidence, FragmentId, Passage, Scores, SearchFilters
from letadesk.ports import CorpusReader
from letadesk.references import Reference
from letadesk.references.grammar import unit_span
from letadesk.retrieve.provisions import article_head, provision_fragments
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
_ARTICLE = re.compile(r"^art\. ([\w^.]+)")
# "prin excepție de la prevederile art. 66 alin. (1)", "prin derogare de la alin. (2) lit. b)"
_NAMED_RULE = re.compile(
    r"\bprin (?:derogare|exceptie|exceptare) (?:de la|fata de) "
    r"(?:(?:prevederile|dispozitiile) )?(?:art\. ?(?P<art>\d+(?:\^\d+)?)\s*)?"
    r"(?:alin\. ?\((?P<alin>\d+(?:\^\d+)?)\)\s*)?(?:lit\. ?(?P<lit>[a-z])\))?"
)
_OTHER_ACT = re.compile(
    r"\s*(?:din|al|a) (?:legea|codul|ordonanta|hotararea|regulamentul|constitutie)"
)
_POINTS_BACK = re.compile(rf"^{_NUMBERING}(?:such|said)\b")
_CONDITION = re.compile(
    r"\b(?:daca|in cazul in care|in situatia in care|cu conditia ca|if|in the event)\b"
)
_ASKS_CONDITION = re.compile(
    r"\b(?:daca|conditi\w*|cand|in ce (?:caz|situati)\w*|if|when|conditions?|circumstances|"
    r"in (?:what|which) (?:cases?|events?))\b"
)

# The fragment and sentence that states the rule an exception qualifies, or None.
RuleOf = Callable[[Passage, str], tuple[Passage, str] | None]


def _key(text: str) -> str:
    return fold_diacritics(text.lower()).strip()


def is_exception(sentence: str) -> bool:
    """Whether ``sentence`` opens by stating an exception (after any numbering), or
    departs from a provision it names (:func:`named_rule`)."""
    key = _key(sentence)
    return bool(_EXCEPTION.match(key)) or _named_rule(key, "") is not None


def named_rule(sentence: str, locator: str) -> Reference | None:
    """The provision of its own act that ``sentence`` says it departs from ("prin
    excepție de la prevederile art. 66 alin. (1)"; "alin. (1)" read in the article of
    ``locator``), or ``None``: none named, one of another act ("… de la art. 5 din
    Legea nr. 10/1995"), or an alineat named where ``locator`` gives no article."""
    return _named_rule(_key(sentence), locator)


def _named_rule(key: str, locator: str) -> Reference | None:
    """:func:`named_rule` of a sentence already folded (:func:`_key`)."""
    m = _NAMED_RULE.search(key)
    if m is None or not (m["art"] or m["alin"] or m["lit"]) or _OTHER_ACT.match(key, m.end()):
        return None
    own = _ARTICLE.match(locator)
    article = m["art"] or (own.group(1) if own else None)
    if article is None and locator:
        return None
    return Reference(article, m["alin"], m["lit"], None, None, m.span(), m.group(0))


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
    return unconditional_first(question, out + rest, by_fragment), added


def unconditional_first(
    question: str, drafts: Sequence[DraftClaim], by_fragment: Mapping[FragmentId, Passage]
) -> list[DraftClaim]:
    """``drafts`` with each sentence that states a condition preceded by the drafts of
    earlier alineats of its article that state none (``by_fragment``: the passages the
    drafts quote, by fragment id); as drafted for a question that asks about a
    condition."""
    out = list(drafts)
    if _ASKS_CONDITION.search(_key(question)):
        return out
    i = 0
    while i < len(out):
        place = _place(out[i], by_fragment)
        if place is not None and _CONDITION.search(_key(out[i].text)):
            earlier = [
                j
                for j in range(i + 1, len(out))
                if (other := _place(out[j], by_fragment)) is not None
                and other[0] == place[0]
                and other[1] < place[1]
                and not _CONDITION.search(_key(out[j].text))
            ]
            if earlier:
                out.insert(i, out.pop(earlier[0]))
                continue
        i += 1
    return out


def _place(draft: DraftClaim, by_fragment: Mapping[FragmentId, Passage]) -> tuple[str, int] | None:
    """The document and article of the fragment ``draft`` quotes ("12:art. 3"), and the
    fragment's start; None when it quotes no fragment of an article."""
    passage = by_fragment.get(draft.evidence[0].fragment_id) if draft.evidence else None
    if passage is None or (m := _ARTICLE.match(passage.fragment.locator)) is None:
        return None
    return f"{passage.fragment.document_id}:{m.group(1)}", passage.fragment.start


def corpus_rules(corpus: CorpusReader, filters: SearchFilters) -> RuleOf:
    """The :data:`RuleOf` that reads an article's first fragment from ``corpus``."""

    def rule_of(passage: Passage, sentence: str) -> tuple[Passage, str] | None:
        fragment = passage.fragment
        named = named_rule(sentence, fragment.locator)
        if named is not None:
            return _named_rule_sentence(corpus, filters, passage, named, sentence)
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


def _named_rule_sentence(
    corpus: CorpusReader, filters: SearchFilters, passage: Passage, ref: Reference, sentence: str
) -> tuple[Passage, str] | None:
    """The first sentence of provision ``ref`` of ``passage``'s document that is no
    exception (the one of its litera or punct when ``ref`` names one inside its alineat's
    fragment); ``None`` when the document has no such provision."""
    document = passage.fragment.document_id
    scope = SearchFilters(matter_id=filters.matter_id, document_id=document, as_of=filters.as_of)
    found = provision_fragments(corpus, scope, ref, lambda f: f.document_id == document)
    for fragment, held in found:
        text = fragment.text
        if held is not None and (span := unit_span(text, held)) is not None:
            text = text[span[0] : span[1]]
        rules = [s for s in candidate_sentences(text) if s != sentence and not is_exception(s)]
        if rules:
            return Passage(fragment, passage.document, Scores(), "rule"), rules[0]
    return None


def _sentence_before(passage: Passage, sentence: str) -> tuple[Passage, str] | None:
    """The nearest sentence before ``sentence`` in its fragment that is no exception."""
    units = candidate_sentences(passage.fragment.text)
    before = units[: units.index(sentence)] if sentence in units else []
    rules = [s for s in before if not is_exception(s)]
    return (passage, rules[-1]) if rules else None
