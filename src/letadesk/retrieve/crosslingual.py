"""A question asked of documents all of the other language, read in their words.

Gate 2 reads a Romanian question by its words (their families and synonyms) and by
e5's meaning; an English question by the judge, which reads English only. Asked of a
matter whose documents are all Romanian ("What is the penalty for theft?" of the
Criminal Code), an English question shares no word with any passage and the judge
cannot read them: it was refused. :func:`in_romanian` writes the question's words in
Romanian with a glossary of legal usage (``glossary_en_ro.txt``: "penalty" →
"pedeapsă", "theft" → "furt", "child support" → "pensie de întreținere"), and the
question is searched and read as the Romanian one; the answer stays in English, and
says how the question was read.

A word-for-word reading is not a translation: it is a search of the words a Romanian
text would state the same thing with. It is made only when the glossary knows most of
the question's words (:data:`MIN_KNOWN`); a word it does not know is kept as typed, so
a Romanian source must still hold what the question asks (an absent topic stays
refused, the question is not made broader than it was).

The other way, :func:`in_english` reads a Romanian question asked of documents all in
English ("Se prelungește contractul automat?" of a CUAD contract) with the same
glossary backwards: a Romanian phrase, its words read by their family ("contractului",
"contractul" → "contract"; "reziliat", "rezilieze" → "rezilia"), gives the first English
phrase written with it, a Romanian function word it has none for is left out, and the
judge reads the English question it makes. :func:`read_across` chooses. Either way a
citation the question makes is kept whole, as Romanian writes it ("article 31 of the
Labour Code" → "art. 31 din Codul muncii"): read word for word, it named no act.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from letadesk.domain import DocumentId
from letadesk.families import MARK, family
from letadesk.references import parse_references
from letadesk.references.titles import romanian_citation
from letadesk.verify.support import is_content, stem, words

# The share of a question's content words the glossary must know for the question to be
# read in the other language.
MIN_KNOWN = 0.75
_POSSESSIVE = re.compile(r"'s?$", re.IGNORECASE)  # "a person's code": "person"
_LONGEST = 5  # words in the glossary's longest phrase, at most
_WORD = re.compile(r"[A-Za-z]+(?:[-'][A-Za-z]+)*|\d+(?:[.,]\d+)*")
# English words that carry no topic: a question's frame and function words. Known or
# not, they do not count towards MIN_KNOWN.
_FUNCTION = frozenset(
    """a an the of for to in on at by with from into under after before during until
    against between per and or not no any all this that these those it its is are was
    were be been being do does did can could may might must shall should will would
    what which who whom whose when where why how there i me my we our you your he his
    she her they their them someone somebody one""".split()
)
_SUFFIXES = (
    ("ies", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
)


@cache
def glossary() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The glossary: an English phrase (lower-case words) and its Romanian renderings,
    the first the one an English question is read with ("agreement = contract | acord":
    a Romanian "acord" is read as "agreement" too)."""
    text = (
        resources.files("letadesk.retrieve")
        .joinpath("glossary_en_ro.txt")
        .read_text(encoding="utf-8")
    )
    entries: dict[tuple[str, ...], tuple[str, ...]] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        english, _, romanian = line.partition("=")
        key = tuple(_WORD.findall(english.lower()))
        if key and len(key) <= _LONGEST:
            entries[key] = tuple(r.strip() for r in romanian.split("|"))
    return entries


def _known(words: tuple[str, ...]) -> str | None:
    """The Romanian for ``words`` (a phrase, or one word by its plural, past or -ing
    form), or None."""
    entries = glossary()
    if words in entries:
        return entries[words][0]
    if len(words) != 1:
        return None
    word = words[0]
    for suffix, base in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            found = entries.get((word[: -len(suffix)] + base,))
            if found is not None:
                return found[0]
    return None


def in_romanian(question: str) -> str | None:
    """``question``'s words written in Romanian (longest glossary phrase first; a number
    or an unknown word kept as typed), or None when the glossary knows less than
    :data:`MIN_KNOWN` of its content words, or none."""
    tokens = _cited(question, [(m.group(0), m.start()) for m in _WORD.finditer(question)])
    typed = [t if cited else _POSSESSIVE.sub("", t) for t, _, cited in tokens]
    lowered = [t.lower() for t in typed]
    content = [not (w in _FUNCTION or w.isdigit()) for w in lowered]
    cited = [c for _, _, c in tokens]
    return _rewritten(
        question, typed, content, lambda i, n: _known(tuple(lowered[i : i + n])), cited
    )


def _cited(question: str, tokens: list[tuple[str, int]]) -> list[tuple[str, int, bool]]:
    """``tokens`` (each word and its offset) with the words of each citation the question
    makes replaced by one token, the citation in Romanian, marked ``True``: "art. 31 of
    the Labour Code" → "art. 31 din Codul muncii", kept as it is in the reading (the
    search finds the provision by it, in either language)."""
    cited: dict[tuple[int, int], list[str]] = {}
    for ref in parse_references(question):  # a list or range: one reference a unit
        written = cited.setdefault(ref.span, [])
        if (citation := romanian_citation(ref)) not in written:
            written.append(citation)
    out: list[tuple[str, int, bool]] = []
    for word, start in tokens:
        span = next((s for s in cited if s[0] <= start < s[1]), None)
        if span is None:
            out.append((word, start, False))
        elif not (out and out[-1][1:] == (span[0], True)):  # the span's first word
            out.append((" și ".join(cited[span]), span[0], True))
    return out


def _rewritten(
    question: str,
    typed: list[str],
    content: list[bool],
    lookup: Callable[[int, int], str | None],
    cited: list[bool],
    *,
    drop_unknown_function_words: bool = False,
) -> str | None:
    """``question``'s words (``typed``, each a content word or not) written in the other
    language: at each word the longest phrase ``lookup`` (its start and length) knows;
    an unknown word kept as typed (or, with ``drop_unknown_function_words``, a function
    word left out), a citation (``cited``) kept as it is. None when less than
    :data:`MIN_KNOWN` of the content words (a phrase counts once) are known, or none."""
    out: list[str] = []
    known = asked = i = 0
    while i < len(typed):
        if cited[i]:
            out.append(typed[i])
            i += 1
            continue
        room = next((j for j in range(i, len(typed)) if cited[j]), len(typed)) - i
        n, other = next(
            (
                (n, found)
                for n in range(min(_LONGEST, room), 0, -1)
                if (found := lookup(i, n)) is not None
            ),
            (1, None),
        )
        if any(content[i : i + n]):
            asked += 1
            known += other is not None
        elif other is None and drop_unknown_function_words:
            i += n
            continue
        out.append(typed[i] if other is None else other)
        i += n
    if not known or known < MIN_KNOWN * asked:
        return None
    text = " ".join(w for w in out if w)
    return text[:1].upper() + text[1:] + ("?" if question.rstrip().endswith("?") else "")


def _key(word: str) -> str:
    """What a folded Romanian word is looked up by first: its word family's name
    (:func:`letadesk.families.family`: "reziliat", "rezilieze" → "rezilia";
    "contractului" → "contract"), or the word where it has none."""
    names = family(word)
    return min(names).removeprefix(MARK) if names else word


def _stem_key(word: str) -> str:
    """What it is looked up by where its family finds nothing: its light stem."""
    return _STEMMED + stem(word)


_STEMMED = "#"  # a stem key, kept apart from family names


@cache
def _backwards() -> dict[tuple[str, ...], str]:
    """The glossary read from Romanian: a Romanian phrase's words by their families
    (:func:`_key`), as written (the lexicon lemmatises some forms apart: "licențiat" →
    "licenția" but "licențiatului" → "licențiat"), and by their stems
    (:func:`_stem_key`), each with the first English phrase written with it."""
    entries: dict[tuple[str, ...], str] = {}
    for english, renderings in glossary().items():
        for romanian in renderings:
            folded = [w for w, _, _ in words(romanian)]
            for key in (tuple(map(_key, folded)), tuple(folded), tuple(map(_stem_key, folded))):
                if key and len(key) <= _LONGEST and key not in entries:
                    entries[key] = " ".join(english)
    return entries


def in_english(question: str) -> str | None:
    """A Romanian ``question``'s words written in English (longest glossary phrase first,
    each word by its family, else by its stem; a number or an unknown word kept as
    typed, a function word without English left out), or None when the glossary knows
    less than :data:`MIN_KNOWN` of its content words, or none."""
    found = words(question)
    folded = {start: w for w, start, _ in found}
    tokens = _cited(question, [(question[start:end], start) for _, start, end in found])
    typed = [t for t, _, _ in tokens]
    normal = [t if cited else folded[start] for t, start, cited in tokens]
    content = [is_content(w) and not w.isdigit() for w in normal]
    keys = [_key(w) for w in normal]
    stems = [_stem_key(w) for w in normal]
    entries = _backwards()

    def lookup(i: int, n: int) -> str | None:
        return entries.get(tuple(keys[i : i + n])) or entries.get(tuple(stems[i : i + n]))

    cited = [c for _, _, c in tokens]
    return _rewritten(question, typed, content, lookup, cited, drop_unknown_function_words=True)


@dataclass(frozen=True, slots=True)
class Reading:
    """A question as searched and read (:meth:`~letadesk.retrieve.cascade.Retriever.
    reading`): ``text``, in the words of ``language`` ("": the question's own), and, when
    read across, the documents the question *as asked* names (``named``; None: those
    the text names, found by the search), which a word-for-word reading may no longer
    name ("the services contract")."""

    text: str
    language: str = ""
    named: tuple[DocumentId, ...] | None = None


def read_across(question: str, language: str, documents: set[str]) -> tuple[str, str] | None:
    """``question`` (in ``language``) in the words of the documents' language, and that
    language, when the documents asked (their languages: ``documents``) are all of the
    other one of English and Romanian; None otherwise, or when it cannot be read."""
    if language == "en" and "ro" in documents and "en" not in documents:
        read, reads = in_romanian(question), "ro"
    elif language == "ro" and "en" in documents and "ro" not in documents:
        read, reads = in_english(question), "en"
    else:
        return None
    return None if read is None else (read, reads)
