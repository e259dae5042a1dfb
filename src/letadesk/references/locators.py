"""``locator_of``: the canonical locator of a cited unit, as the ingest chunker stores it;
``stored_locators``: every locator the chunker may have stored that unit under."""

from __future__ import annotations

import re

from letadesk.references.model import Reference

_EN_LOCATOR_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:sections?|secs?\.)|§", re.IGNORECASE), "Section"),
    (re.compile(r"\b(?:clauses?|cl\.)", re.IGNORECASE), "Clause"),
    (re.compile(r"\barticles?\b", re.IGNORECASE), "Article"),
)
_RO_ART_WITH_BRACKET = re.compile(r"\bart(?:\.|icol)?\w*\s*[\d.^]+\s?\(", re.IGNORECASE)


# Romanian acts: an article of one cited in English ("Article 1357 of the Civil Code",
# "Article 66(1) of Law no. 85/2014") is stored as the act writes it, "art. 1357".
ROMANIAN_ACTS = frozenset({"lege", "oug", "og", "hg", "cod", "constitutie"})


def _english_word(ref: Reference) -> str | None:
    """'Section' | 'Clause' | 'Article' when the citation was written in English."""
    for pattern, word in _EN_LOCATOR_WORDS:
        if pattern.search(ref.raw):
            if word == "Article" and ref.act is not None and ref.act.kind in ROMANIAN_ACTS:
                return None
            return word
    if (
        ref.article is None
        and ref.paragraph is not None
        and re.search(r"\bparagraph|\bpara\.", ref.raw, re.IGNORECASE)
    ):
        return "paragraph"
    english_act = ref.act is not None and ref.act.kind == "agreement"
    if ref.article is not None and (english_act or _RO_ART_WITH_BRACKET.search(ref.raw)):
        return "Article"
    return None


def locator_of(ref: Reference) -> str:
    """The canonical locator the ingest chunker uses for the cited unit.

    Romanian: ``"art. 57"``, ``"art. 57 alin. (3)"``, ``"art. 57 alin. (3) lit. b)"``,
    ``"art. 1 alin. (1) pct. 4"``, ``"art. 5 alin. (1) pct. 1 lit. a)"``. English:
    ``"Section 5.2"``, ``"Section 5.2(a)"``, ``"Clause 12.1"``, ``"Article 6(1)(f)"``,
    ``"paragraph 3"``. ``""`` for an act-only reference.
    """
    word = _english_word(ref)
    if word == "paragraph":
        return f"paragraph {ref.paragraph}"
    if word is not None:
        tail = "".join(f"({p})" for p in (ref.paragraph, ref.letter, ref.point) if p)
        return f"{word} {ref.article}{tail}"
    return romanian_locator(ref)


def romanian_locator(ref: Reference) -> str:
    """The cited unit as a Romanian act's chunker names it, however it was written
    ("art. 31(1)", "article 31 (1)": ``"art. 31 alin. (1)"``)."""
    parts: list[str] = []
    if ref.article is not None:
        parts.append(f"art. {ref.article}")
    if ref.paragraph is not None:
        parts.append(f"alin. ({ref.paragraph})")
    if ref.point is not None:  # a litera under a punct, as the chunker nests them
        parts.append(f"pct. {ref.point}")
    if ref.letter is not None:
        parts.append(f"lit. {ref.letter})")
    return " ".join(parts)


def stored_locators(ref: Reference) -> tuple[str, ...]:
    """The locators the ingest chunker may have stored ``ref``'s unit under: its own
    (:func:`locator_of`) and, for an English clause ("Clause 5.1", "clause 9"), the
    chunker's name for every numbered clause of an English document ("Section 5.1"),
    whatever word the document itself uses for them. A Romanian punct cited without its
    alineat ("art. 5 pct. 20") is also looked for in alineat (1), and a punct with a
    litera under it ("pct. 1 lit. a)") also as a punct inside that litera ("lit. a) pct.
    1", Codul fiscal's "d) ... următoarele: 1. ...")."""
    locator = locator_of(ref)
    if locator.startswith("Clause "):
        return (locator, "Section " + locator.removeprefix("Clause "))
    if ref.point is None or not locator.startswith("art. "):
        return (locator,)
    head = f"art. {ref.article} "
    found = [locator]
    if ref.paragraph is None:  # "art. 5 pct. 20": a punct of the article's first alineat
        found.append(f"{head}alin. (1) {locator.removeprefix(head)}")
    if ref.letter is not None:
        flat, nested = (
            f"pct. {ref.point} lit. {ref.letter})",
            f"lit. {ref.letter}) pct. {ref.point}",
        )
        found += [f.replace(flat, nested) for f in found]
    return tuple(found)
