"""How much of a question a passage or sentence addresses.

A question's *topic* is its content words (stemmed, diacritics folded), less question
words. Words joined by "or" / "sau" / "ori" ("capped *or* limited") are one term: a
passage covers it with either. Each term may carry a weight; Gate 2 weighs by rarity in
the matter (:func:`rarity_weight`), so that "damages", in every contract, counts for
less than "liquidated". Words that only name the document (its title, or the title's
initials: "NDA") are not asked of its passages (:func:`topic_within`). Relevance is the
weighted share of the terms a text covers. Gate 2 refuses when the nearest sources do
not reach a threshold; the extractor picks sentences with it."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from letadesk.domain import Passage
from letadesk.families import MARK, NEGATED, family, negated_families, synonyms
from letadesk.families import families as word_families
from letadesk.retrieve.titles import DEFINING_STEMS, alternations, defined_term
from letadesk.text import detect_language
from letadesk.verify.support import content_stems, is_content, stem, words

# Question words carry no topic; a passage need not contain them.
_QUESTION_WORDS = frozenset(
    """what which who whom whose when where why how long much many often does do did is
    are can could should
    would must may shall there any agreement contract document party parties provide
    provides under ce care cine cand când unde cum este sunt poate pot trebuie exista
    există prevede prevad prevăd lege legea contractul
    cat cata cate cati timp mi ma imi te ti iti ne ni va vi eu tu noi voi mine tine mie tie
    meu mea mei mele tau ta tai tale nostru noastra nostri noastre vostru voastra
    acum doar deja inca chiar foarte asta asa ceva cineva cumva oare adica
    vreau vrea vrem vreti putem poti puteti intr dintr printr intampla risca""".split()
)
_OR = frozenset({"or", "sau", "ori"})
# "How long does it last?": the verb is the question's frame, as "how long" is, not a
# word a passage must hold ("After this last ID check" holds it and answers nothing).
_DURATION_FRAME = re.compile(r"\bhow\s+long\b", re.IGNORECASE)
_DURATION_VERB = frozenset({"last"})  # the stem of "last" and "lasts"


@dataclass(frozen=True, slots=True)
class Term:
    """A topic word of the question, or alternatives joined by "or"."""

    stems: frozenset[str]
    words: tuple[str, ...]  # as found in the question (folded), one per alternative
    weight: float = 1.0
    acronym: bool = False  # typed in capitals ("NDA", "GDPR")


Topic = tuple[Term, ...]


@cache
def _ignored() -> frozenset[str]:
    return frozenset(content_stems(" ".join(_QUESTION_WORDS)))


def question_topic(question: str) -> Topic:
    """The terms of ``question``, in order, each once, all of weight 1; a Romanian
    question's words are held by any word of their family too (:mod:`letadesk.families`:
    "lovește" by "lovirea"), a word that asks for a definition by any other
    (:data:`~letadesk.retrieve.titles.DEFINING_STEMS`: "înseamnă" by "se înțelege"; a
    definition is asked with one verb and written with another), a word of a group of
    legal synonyms by the others (:func:`letadesk.families.synonyms`), and a Romanian word after
    "nu" by the "ne-" noun that negates it ("nu plătește" by "neplata")."""
    ignore = _ignored()
    if _DURATION_FRAME.search(question):
        ignore = ignore | _DURATION_VERB
    romanian = detect_language(question, min_stopwords=1) == "ro"  # families: Romanian
    terms: list[Term] = []
    join = negation = False
    for word, start, end in words(question):
        if word in _OR:
            join = bool(terms)
            continue
        if romanian and word == "nu":
            negation = True  # "să nu plătești": held by "neplata" too
        if not is_content(word):
            join = False
            continue
        s = stem(word)
        if s in ignore:
            join = False
            continue
        forms = {s, *alternations(word), *(family(word) if romanian else ())}
        forms |= synonyms(word, "ro" if romanian else "en")
        if negation:
            forms |= {NEGATED + f for f in forms if f.startswith(MARK)}
            negation = False
        if s in DEFINING_STEMS:
            forms |= DEFINING_STEMS
        if join:
            last = terms.pop()
            terms.append(Term(last.stems | forms, (*last.words, word)))
        elif all(s not in t.stems for t in terms):
            typed = question[start:end]
            acronym = len(typed) >= 2 and typed.isupper()
            terms.append(Term(frozenset(forms), (word,), acronym=acronym))
        join = False
    return tuple(terms)


def weighted(topic: Topic, weight: Callable[[Term], float]) -> Topic:
    """``topic`` with each term's weight set by ``weight``."""
    return tuple(replace(t, weight=weight(t)) for t in topic)


def rarity_weight(fragments_with: int, fragments: int) -> float:
    """The weight of a term found in ``fragments_with`` of ``fragments`` fragments: the
    square root of BM25's inverse document frequency (always positive). The root keeps a
    word the matter never uses from outweighing the rest of the question."""
    return math.sqrt(math.log(1 + (fragments - fragments_with + 0.5) / (fragments_with + 0.5)))


def relevance(topic: Topic, text: str) -> float:
    """Weighted share of ``topic``'s terms that ``text`` holds (0 when there are none)."""
    total = sum(t.weight for t in topic)
    if total <= 0:
        return 0.0
    have = text_terms(text, families=_reads_families(topic))
    return sum(t.weight for t in topic if t.stems & have) / total


@lru_cache(maxsize=256)
def _reads_families(topic: Topic) -> bool:
    """Whether ``topic`` asks by word families (a Romanian question's does)."""
    return any(s.startswith(MARK) for term in topic for s in term.stems)


@lru_cache(maxsize=4096)  # a passage's sentences are read by several scorers
def text_terms(text: str, *, families: bool = True) -> frozenset[str]:
    """What a text holds of a topic: its content words' stems and, with ``families``,
    their families (:mod:`letadesk.families`: "uciderea" holds "ucide", "lovirea"
    "lovește", and a "ne-" word the negated family of the word it negates: "neplata"
    holds a question's "nu plătește", not its "plătește"); an entry of a definition list
    holds the defining words."""
    content = [w for w, _, _ in words(text) if is_content(w)]
    stems = {stem(w) for w in content}
    if defined_term(text):  # an entry of a definition list defines by its dash
        stems |= DEFINING_STEMS
    if not families:
        return frozenset(stems)
    return frozenset(stems | word_families(content) | negated_families(content))


@lru_cache(maxsize=256)  # asked once per sentence of each passage
def topic_within(topic: Topic, title: str) -> Topic:
    """The question's topic inside a document titled ``title``. Words that only name the
    document ("durata *contractului de prestări servicii*", "pragurile din *Legea
    achizițiilor publice*") are what every passage of it is about, so a passage need not
    repeat them; they are dropped, unless nothing would remain. So is an acronym of the
    title ("NDA" in a "Mutual Non-Disclosure Agreement")."""
    named = set(content_stems(title))
    initials = "".join(w[0] for w, _, _ in words(title.replace("-", " ")))

    def names_document(term: Term) -> bool:
        return bool(term.stems & named) or (term.acronym and term.words[0] in initials)

    return tuple(t for t in topic if not names_document(t)) or topic


def passage_relevance(topic: Topic, passage: Passage, text: str | None = None) -> float:
    """Relevance of ``passage`` (or of ``text``, a part of it) to the question's topic,
    within the passage's document (:func:`topic_within`)."""
    return relevance(
        topic_within(topic, passage.document.title), passage.fragment.text if text is None else text
    )
