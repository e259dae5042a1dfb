"""An English question asked of a matter of Romanian documents, read in Romanian.

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
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

# The share of an English question's content words the glossary must know for the
# question to be read in Romanian.
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
def glossary() -> dict[tuple[str, ...], str]:
    """The glossary: an English phrase (lower-case words) and its Romanian words."""
    text = (
        resources.files("letadesk.retrieve")
        .joinpath("glossary_en_ro.txt")
        .read_text(encoding="utf-8")
    )
    entries: dict[tuple[str, ...], str] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        english, _, romanian = line.partition("=")
        key = tuple(_WORD.findall(english.lower()))
        if key and len(key) <= _LONGEST:
            entries[key] = romanian.strip()
    return entries


def _known(words: tuple[str, ...]) -> str | None:
    """The Romanian for ``words`` (a phrase, or one word by its plural, past or -ing
    form), or None."""
    entries = glossary()
    if words in entries:
        return entries[words]
    if len(words) != 1:
        return None
    word = words[0]
    for suffix, base in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            found = entries.get((word[: -len(suffix)] + base,))
            if found is not None:
                return found
    return None


def in_romanian(question: str) -> str | None:
    """``question``'s words written in Romanian (longest glossary phrase first; a number
    or an unknown word kept as typed), or None when the glossary knows less than
    :data:`MIN_KNOWN` of its content words, or none."""
    tokens = [_POSSESSIVE.sub("", m.group(0)) for m in _WORD.finditer(question)]
    lowered = [t.lower() for t in tokens]
    out: list[str] = []
    known = content = 0
    i = 0
    while i < len(tokens):
        for n in range(min(_LONGEST, len(tokens) - i), 0, -1):
            romanian = _known(tuple(lowered[i : i + n]))
            if romanian is not None:
                break
        else:
            n, romanian = 1, None
        phrase = lowered[i : i + n]
        if not all(w in _FUNCTION or w.isdigit() for w in phrase):
            content += 1
            known += romanian is not None
        out.append(tokens[i] if romanian is None else romanian)
        i += n
    if not known or known < MIN_KNOWN * content:
        return None
    text = " ".join(w for w in out if w)
    return text[:1].upper() + text[1:] + ("?" if question.rstrip().endswith("?") else "")
