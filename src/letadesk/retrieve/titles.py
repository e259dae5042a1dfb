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
    inseamna potrivit codului codul legea legii prevede riscul risca""".split()
)


def alternations(word: str) -> set[str]:
    """Stems of the Romanian vowel alternations of ``word`` (folded): the noun
    "pedeapsă" and the verb "pedepsește" ("ea" / "e"), "poartă" / "porți" ("oa" / "o")
    name one thing, and a passage that says "se pedepsește" answers "care este
    pedeapsa"."""
    return {stem(word.replace(a, b, 1)) for a, b in (("ea", "e"), ("oa", "o")) if a in word}


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


def names_title(asked: set[str], text: str) -> bool:
    """Whether ``asked`` (a question's stems) holds every content word of the title in
    ``text``, and the title says more than generic words."""
    stems = set(content_stems(marginal_title(text)))
    return bool(stems - _GENERIC) and stems <= asked


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
    asked = asked_stems(question)
    found = [f for f in fragments(lexical(query)) if names_title(asked, f.text)]
    return found[:MAX_TITLED]
