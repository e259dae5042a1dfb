"""Marginal titles: what a code's article is about, in its own words.

A code names each article ("Articolul 228 / Furtul", "Articolul 188 / Omorul"). A question
that holds every content word of an article's title ("Care este pedeapsa pentru furt?")
asks about that article, not about one whose text merely mentions the word ("Furtul în
scop de folosinţă": "scop" and "folosinţă" are not asked) -- and not about every
fragment that repeats "pedeapsa", which a plain ranking favours over "se pedepseşte".
:func:`titled_fragments` finds such articles by the question's specific words alone.
Titles made only of generic words ("Noţiunea", "Sancţiuni", "Dispoziţii generale") name
nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from letadesk.domain import Fragment
from letadesk.verify.support import content_stems, is_content, stem, words

MAX_TITLED = 3  # fragments whose title the question names, at most
_TITLE = re.compile(
    r"(?:^|\n)[ \t]*(?:Articolul|ARTICOLUL|Art\.)[ \t]+\d+(?:\^\d+)?[ \t]*\n(?:[ \t]*\n)*"
    r"[ \t]*([^\n(0-9\-–][^\n]{1,90}?)[ \t]*\n[ \t]*\S"
)
# Words a title may hold that say nothing of its subject, and question words: neither
# chooses an article (stems).
_GENERIC = frozenset(
    stem(w)
    for w in """notiunea notiuni sanctiuni sanctiunea pedeapsa pedepseste pedepse definitii
    definitia dispozitii generale conditii conditiile termenul termene obiectul domeniul
    scopul aplicarea exceptii principii procedura care este sunt cum cand ce cine unde
    inseamna intelege exista potrivit codului codul legea legii lege prevede riscul risca
    aplica penal penala penale muncii civil civila fapta fapte constituie da primeste
    infractiune infractiunea intampla situatii cazuri ani inchisoare""".split()
)
# A title chooses its article only when it also holds most of the question's specific
# words: "Interesul public" does not answer "informaţie de interes public".
MIN_SPECIFIC_SHARE = 0.5


def alternations(word: str) -> set[str]:
    """Stems of the Romanian vowel alternations of ``word`` (folded): the noun
    "pedeapsă" and the verb "pedepsește" ("ea" / "e"), "poartă" / "porți" ("oa" / "o")
    name one thing, and a passage that says "se pedepsește" answers "care este
    pedeapsa"."""
    return {stem(word.replace(a, b, 1)) for a, b in (("ea", "e"), ("oa", "o")) if a in word}


@dataclass(frozen=True, slots=True)
class Asked:
    """A question's stems (with alternations), and those of its specific words."""

    stems: frozenset[str]
    specific: frozenset[str]


def asked(question: str) -> Asked:
    """What a title must match of ``question`` (:func:`names_title`)."""
    specific = {stem(w) for w in specific_words(question).split()}
    return Asked(frozenset(asked_stems(question)), frozenset(specific))


def asked_stems(question: str) -> set[str]:
    """Stems of the question's content words, with their :func:`alternations`."""
    out: set[str] = set()
    for word, _, _ in words(question):
        if is_content(word):
            out |= {stem(word), *alternations(word)}
    return out


def marginal_title(text: str) -> str:
    """The marginal title of the first article whose head ``text`` holds ("Furtul")."""
    m = _TITLE.search(text)
    title = m.group(1).strip() if m else ""
    return "" if title.endswith((".", ";", ":", ",")) else title  # a sentence of its text


def names_title(question: Asked, text: str) -> bool:
    """Whether the question holds every content word of the title in ``text``, the
    title says more than generic words, and it holds :data:`MIN_SPECIFIC_SHARE` of the
    question's specific words."""
    stems = set(content_stems(marginal_title(text)))
    if not stems - _GENERIC or not stems <= question.stems:
        return False
    held = len(question.specific & stems) / max(1, len(question.specific))
    return held >= MIN_SPECIFIC_SHARE


def specific_words(question: str) -> str:
    """The question without its generic and question words: what a title must name."""
    kept = [w for w, _, _ in words(question) if is_content(w) and stem(w) not in _GENERIC]
    return " ".join(kept)


def titled_fragments(
    question: str,
    lexical: Callable[[str], Sequence[int]],
    fragments: Callable[[Sequence[int]], Sequence[Fragment]],
) -> list[Fragment]:
    """Up to :data:`MAX_TITLED` fragments whose marginal title ``question`` names, among
    the lexical candidates for its specific words (``lexical``: query -> fragment ids,
    best first; ``fragments``: ids -> fragments, in that order)."""
    query = specific_words(question)
    if not query:
        return []
    words = asked(question)
    found = [f for f in fragments(lexical(query)) if names_title(words, f.text)]
    return found[:MAX_TITLED]
