"""Gate 3, support: does a quote lexically carry the content of a claim?

No NLI model is available offline, so "support" here is a deterministic lexical
score in ``[0, 1]``: how much of the claim's content (stems of non-stopwords, numbers
included) the quote covers -- each claim word the quote lacks costs its weight, a
capitalised defined term ("Receiving Party") less than other words since sources
name parties differently -- and how many of the claim's content bigrams the quote
keeps (in order, with a small gap allowed). A near-paraphrase of its quote scores
high; a claim that brings in words the quote never uses scores low. The score cannot
tell "supported" from "contradicted" when the words agree -- that is
``consistency``'s job -- and the threshold is calibrated on ContractNLI (see
``benchmarks/bench_support.py``).

The lexical helpers (:func:`words`, :func:`stem`, :func:`content_stems`) are shared
with ``consistency`` and ``coherence``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from letadesk.domain import CheckResult
from letadesk.text import fold_diacritics, match_key

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
# Used only when calibration.json is missing from an installation; equal to the
# value the calibration script wrote when this module was last calibrated.
_FALLBACK_THRESHOLD = 0.35
DEFINED_TERM_WEIGHT = 0.3


def wordlist(text: str) -> list[str]:
    """The whitespace-separated words of a literal word list."""
    return text.split()


_WORD = re.compile(r"[^\W_]+", re.UNICODE)

STOPWORDS = frozenset(
    wordlist(
        # English
        "a an the and or nor of to in on at by for from with as into onto upon about than "
        "that this these those such which who whom whose what when where whether while "
        "it its it's he she they them their there here his her him we our us you your "
        "is are was were be been being am do does did done has have had having "
        "any all some each every either neither both other another same own "
        "if then so but also only just very more most less least other "
        "shall must may might can could will would should not no never without "
        "hereof herein hereto thereof therein hereunder thereunder hereby "
        "s t including "
        # Romanian (diacritics folded)
        "si sau ori nici iar dar insa ca sa de la din in pe cu pentru prin catre spre "
        "despre fara dupa intre sub peste pana asupra "
        "un o unei unui niste cel cea cei cele celui celei celor "
        "al ale ai a lui lor ei el ea ele ei ii il le se isi sine "
        "acest aceasta acesta aceste acestei acestui acestor acel acea acei acele "
        "care ce cine cand unde cum daca decat "
        "este sunt fi fie era au are avea va vor ar fost fiind "
        "poate pot putea trebuie nu niciun nicio mai tot toate toti orice oricare "
        "sa-si s-a s-au"
    )
)

# Suffixes removed before prefix truncation, longest first (diacritics folded).
_SUFFIXES = tuple(
    sorted(
        wordlist(
            "ations ation ings ing edly ed ies es s ly ment ments ness "
            "urilor urile ului ilor elor iile ilor ul ua ea ele ii ile ia le a e i u"
        ),
        key=len,
        reverse=True,
    )
)
_STEM_LEN = 6
_MIN_ROOT = 3


def words(text: str) -> list[tuple[str, int, int]]:
    """Word tokens of ``text`` as ``(normalised word, start, end)``; offsets index
    ``text`` itself (normalisation is length-preserving)."""
    key = fold_diacritics(match_key(text))
    if len(key) != len(text):  # a rare case-mapping that changed length
        key = fold_diacritics(unify(text))
    return [(m.group(), m.start(), m.end()) for m in _WORD.finditer(key)]


def unify(text: str) -> str:
    """Lower case one character at a time, never changing the length."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


@cache
def stem(word: str) -> str:
    """A light English/Romanian stem: strip one common suffix, keep 6 characters.

    Promise: inflections of one word ("terminate", "terminates", "termination";
    "contract", "contractul", "contractului") share a stem. Numbers are unchanged."""
    if word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_ROOT:
            word = word[: -len(suffix)]
            break
    return word[:_STEM_LEN]


def is_content(word: str) -> bool:
    """A word that carries content: not a stopword, and a number or ≥ 2 letters."""
    return word not in STOPWORDS and (word.isdigit() or len(word) >= 2)


def content_stems(text: str) -> list[str]:
    """Stems of the content words of ``text``, in order (duplicates kept)."""
    return [stem(w) for w, _, _ in words(text) if is_content(w)]


def _ordered_pairs(stems: list[str], gap: int) -> set[tuple[str, str]]:
    """Pairs (a, b) with b within ``gap`` positions after a."""
    return {
        (stems[i], stems[j])
        for i in range(len(stems))
        for j in range(i + 1, min(len(stems), i + 1 + gap))
    }


def defined_terms(text: str) -> set[str]:
    """Stems of capitalised content words: in contracts these are defined terms and
    names ("Receiving Party", "Chiriașul"), which a source often names differently."""
    return {stem(w) for w, s, _ in words(text) if is_content(w) and text[s].isupper()}


def support_score(claim: str, quote: str) -> float:
    """Lexical support of ``claim`` by ``quote`` in ``[0, 1]``.

    ``0.6 * coverage + 0.4 * bigram overlap``. Coverage is the weighted share of
    distinct claim content stems found in the quote (each absent word costs its
    weight: 1, or ``DEFINED_TERM_WEIGHT`` for a capitalised defined term); bigram
    overlap is the share of the claim's adjacent content-stem pairs that occur in
    the quote in the same order within three positions. A claim without content
    words scores 0; a claim that repeats its quote scores 1."""
    claim_stems = content_stems(claim)
    if not claim_stems:
        return 0.0
    quote_stems = content_stems(quote)
    quote_set = set(quote_stems)
    terms = defined_terms(claim)
    weight = {s: DEFINED_TERM_WEIGHT if s in terms else 1.0 for s in set(claim_stems)}
    absent = sum(w for s, w in weight.items() if s not in quote_set)
    coverage = 1.0 - absent / sum(weight.values())
    claim_pairs = _ordered_pairs(claim_stems, 1)
    if claim_pairs:
        bigrams = len(claim_pairs & _ordered_pairs(quote_stems, 3)) / len(claim_pairs)
    else:
        bigrams = coverage
    return min(1.0, max(0.0, 0.6 * coverage + 0.4 * bigrams))


@cache
def calibrated_threshold() -> float:
    """The support threshold written by the calibration script (calibration.json)."""
    try:
        data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
        return float(data["support_threshold"])
    except (OSError, ValueError, KeyError, TypeError):
        return _FALLBACK_THRESHOLD


def check_support(
    claim: str, quote: str, *, threshold: float | None = None, score: float | None = None
) -> CheckResult:
    """Pass when ``support_score(claim, quote) >= threshold`` (default: calibrated);
    ``score``: that score, when the caller has it already.

    The reason names the score, the threshold and, on failure, up to five claim
    words the quote does not contain."""
    limit = calibrated_threshold() if threshold is None else threshold
    score = support_score(claim, quote) if score is None else score
    if score >= limit:
        return CheckResult("support", True, f"support {score:.2f} >= {limit:.2f}")
    quote_set = set(content_stems(quote))
    absent = [claim[s:e] for w, s, e in words(claim) if is_content(w) and stem(w) not in quote_set]
    unique = list(dict.fromkeys(absent))[:5]
    detail = f"; claim words not in the quote: {', '.join(unique)}" if unique else ""
    return CheckResult("support", False, f"support {score:.2f} < {limit:.2f}{detail}")
