"""Which documents of the matter does a question name?

A lawyer points at a document in several ways, and the cascade then searches the
documents named first, and no other contract or memo after them (an answer from another
contract is not the answer about the one asked; the law may still be):

* by the act it is: ``Legea nr. 544/2001``, ``Codul muncii``, ``C. proc. civ.``
  (a parsed :class:`ActRef`, matched on title and file name by :func:`act_matches`);
* by the initials of its title: "the NDA" (a "Mutual Non-Disclosure Agreement"), "the
  MSA", "CNSC" (whose "Consiliului Naţional de Soluţionare a Contestaţiilor" the title
  of Legea nr. 101/2016 holds): an acronym of three or more capitals spelt by the
  initials of a run of the title's capitalised words (:func:`title_initials`), when it
  names at most :data:`MAX_NAMED` documents;
* by its parties or title: "the distribution agreement between Birch First Global
  and Mount Knowledge", "Consider the NDA with Oisair". The proper names of the
  question (capitalised words that are not generic legal vocabulary) are looked up in
  each document's *identity*: its title, file name and opening text, where contracts
  name their parties. The documents holding the most of them are named, when that is
  at least :data:`MIN_NAMES` names and no more than :data:`MAX_NAMED` documents tie.
  Words capitalised only because they start a sentence do not count, nor do names
  found in more than a quarter of the documents.
* by its kind, when no names name it: "the services contract", "contractul de
  închiriere" (:mod:`letadesk.retrieve.kinds`), a contract, not an act of law.

Anything less certain names nothing, and the search runs over the whole matter.
Inside a named document the search runs without the names (:func:`without_names`):
they chose the document, and would otherwise rank its preamble first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from letadesk.domain import Document, DocumentId
from letadesk.references import Reference
from letadesk.retrieve.acts import act_matches
from letadesk.retrieve.kinds import kind_words, named_by_kind
from letadesk.text import fold_diacritics

OPENING_CHARS = 1500  # where a contract names its parties
MIN_NAMES = 2
MAX_NAMED = 3
COMMON_SHARE = 0.25  # a name in more than this share of the documents names none of them
_NAME = re.compile(r"\b[A-ZĂÂÎȘȚŞŢ][\w&'’.-]*[\w]|\b[A-Z]{2,}\b")
_ACRONYM = re.compile(r"\b[A-Z]{3,6}\b")
_TITLE_WORD = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"\w+")
# Capitalised words that name no one: generic legal and business vocabulary.
_GENERIC = frozenset(
    """
a an and the of in on for to with by between among consider does do is are was what which
who when where how can may must shall should will would could if under this that these
agreement agreements contract contracts amendment addendum lease deed license licence
licensing nda memorandum understanding mou terms conditions schedule exhibit annex appendix
party parties company companies corporation corp inc incorporated llc ltd limited plc lp llp
gmbh srl
section article clause paragraph chapter title part
non disclosure confidentiality confidential mutual master supply distribution distributor
agency reseller marketing affiliate license sponsorship endorsement development services
consulting joint venture strategic alliance outsourcing manufacturing franchise hosting
maintenance transportation collaboration cooperation promotion content product products
legea legii lege codul codului cod constituția constitutia ordonanța ordonanta hotărârea
hotararea decizia art alin lit pct potrivit conform care ce cine este sunt în din și
""".split()
)


def named_documents(
    query: str,
    refs: Sequence[Reference],
    documents: Callable[[], Sequence[Document]],
    openings: Callable[[], dict[DocumentId, str]],
) -> list[DocumentId]:
    """The documents ``query`` names, best first (``[]`` when it names none clearly).

    ``refs`` are the references parsed from the query. ``documents`` lists the
    admissible documents and ``openings`` gives each one's opening text; both are
    called only when the query cites an act or holds enough proper names."""
    acts = [r.act for r in refs if r.act is not None]
    names = proper_names(query)
    acronyms = set(_ACRONYM.findall(query))
    kind = kind_words(query)
    if not acts and not acronyms and len(names) < MIN_NAMES and not kind:
        return []
    docs = documents()
    by_act = [d.id for d in docs if any(act_matches(a, d) for a in acts)]
    if by_act:
        return by_act[:MAX_NAMED] if len(by_act) <= MAX_NAMED else []
    spelt = [
        d.id for d in docs if any(a in run for a in acronyms for run in title_initials(d.title))
    ]
    if spelt and len(spelt) <= MAX_NAMED:
        return spelt
    by_names = _by_names(names, docs, openings) if len(names) >= MIN_NAMES else []
    return by_names or named_by_kind(kind, docs, MAX_NAMED)


def _by_names(
    names: set[str], docs: Sequence[Document], openings: Callable[[], dict[DocumentId, str]]
) -> list[DocumentId]:
    """The documents whose identity (title, file name, opening) holds the most of
    ``names``, when that is at least MIN_NAMES and no more than MAX_NAMED tie."""
    opening = openings()
    identity = {d.id: identity_text(d.title, d.path, opening.get(d.id, "")) for d in docs}
    words = {d.id: set(_WORD.findall(identity[d.id])) for d in docs}
    common = max(MAX_NAMED, COMMON_SHARE * len(docs))
    names = {n for n in names if sum(n in w for w in words.values()) <= common}
    hits = {doc_id: len(names & w) for doc_id, w in words.items()}
    best = max(hits.values(), default=0)
    if best < MIN_NAMES:
        return []
    named = [doc_id for doc_id, n in hits.items() if n == best]
    return named if len(named) <= MAX_NAMED else []


def without_names(query: str, refs: Sequence[Reference]) -> str:
    """``query`` without what named the document (the act-only citations and the
    proper names), for searching *inside* the named documents: there the names
    only pull up the preamble. Returns ``query`` when nothing else would be left."""
    cut = [r.span for r in refs if r.article is None and r.act is not None]
    kept = "".join(ch if not any(a <= i < b for a, b in cut) else " " for i, ch in enumerate(query))
    names = proper_names(query)
    words = [
        w for w in kept.split() if not (set(_WORD.findall(fold_diacritics(w).lower())) & names)
    ]
    stripped = " ".join(words)
    return stripped if _WORD.search(stripped) else query


def proper_names(query: str) -> set[str]:
    """Folded, lower-cased capitalised words of ``query`` that are not generic."""
    out: set[str] = set()
    for match in _NAME.finditer(query):
        before = query[: match.start()].rstrip()
        if not before or before[-1] in ".?!;:\n":
            continue  # capitalised because it starts a sentence
        for word in _WORD.findall(fold_diacritics(match.group(0)).lower()):
            if len(word) >= 3 and word not in _GENERIC and not word.isdigit():
                out.add(word)
    return out


@lru_cache(maxsize=4096)
def identity_text(title: str, path: str, opening: str) -> str:
    """Folded, lower-cased title, file name and opening text of a document. File names
    are split on ``_``, ``-`` and camel case (``BirchFirstGlobal`` -> birch first global)."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    name = re.sub(r"[_\-.]+", " ", name)
    return fold_diacritics(f"{title}\n{name}\n{opening}").lower()


@lru_cache(maxsize=4096)
def title_initials(title: str) -> tuple[str, ...]:
    """The initials of each run of capitalised words of ``title`` (a hyphenated word
    counts each part; a lower-case word of three letters or fewer, "de", "a", "of",
    leaves a run unbroken): "Mutual Non-Disclosure Agreement (FICTIONAL)" -> ("MNDAF",)."""
    runs: list[str] = []
    current = ""
    for word in _TITLE_WORD.findall(title):
        if word[0].isupper():
            current += word[0]
        elif len(word) > 3:
            if current:
                runs.append(current)
            current = ""
    if current:
        runs.append(current)
    return tuple(fold_diacritics(r) for r in runs)
