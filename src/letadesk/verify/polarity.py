"""Polarity and modality of words in legal sentences, English and Romanian.

Each content word governed by a modal or a negation ("may terminate", "shall not
disclose", "nu poate rezilia", "este interzisă cesiunea") gets a :class:`Frame`
with its kind (plain, may, shall, forbid, need_not, neg, unknown). :func:`entails`,
:func:`compatible` and :func:`comparable` say when two frames of the same word
agree. Words whose polarity cannot be attributed with confidence are ``unknown``:
sentences with exceptions ("only", "except", "unless", "doar", "cu excepția").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from letadesk.verify.quantities import comparison_key
from letadesk.verify.support import is_content, stem, wordlist

_MAY = {
    "may",
    "can",
    "poate",
    "pot",
    "putea",
    "poti",
    "entitled",
    "permitted",
    "right",
    "allowed",
    "dreptul",
    "indreptatit",
    "indreptatita",
    "indreptatite",
}
_SOFT_SHALL = {
    "required",
    "obligated",
    "obliged",
    "obligat",
    "obligata",
    "obligate",
    "obligati",
    "obligatia",
    "obliga",
    "need",
}  # "not required" = need not
_SHALL = {
    "shall",
    "must",
    "will",
    "trebuie",
    "va",
    "vor",
    "agrees",
    "agree",
    "undertakes",
    "undertake",
} | _SOFT_SHALL
_FORBID = {
    "prohibited",
    "forbidden",
    "interzis",
    "interzisa",
    "interzise",
    "interzisi",
    "interzice",
    "cannot",
}
# English participles are modal only before "to"/"from" ("required to", not "required by").
_PARTICIPLES = {
    "entitled",
    "permitted",
    "allowed",
    "required",
    "obligated",
    "obliged",
    "right",
    "prohibited",
    "forbidden",
}
_VERBAL_NEG = {"not", "nu", "never", "niciodata"}
_NOMINAL_NEG = {
    "no",
    "without",
    "fara",
    "niciun",
    "nicio",
    "nici",
    "neither",
    "nor",
    "none",
    "nothing",
    "nobody",
    "nimic",
    "nimeni",
}
NEGATORS = _VERBAL_NEG | _NOMINAL_NEG | _FORBID
# Restrictions and exceptions turn a sentence's polarity into a condition; such
# sentences are not judged word by word.
_EXCEPTIONS = set(
    wordlist(
        "only solely exclusively except excepting unless than save "
        "doar numai exclusiv exceptia exceptand decat conditia"
    )
)
_IDIOMS = (
    ("not", "only"),
    ("nu", "numai"),
    ("nu", "doar"),
    ("or", "not"),
    ("not", "limited"),
    ("without", "limitation"),
    ("without", "limiting"),
    ("fara", "a", "se", "limita"),
    ("fara", "limitare"),
)
_TOKEN = re.compile(r"[^\W_]+|[.;:!?]|[,()\[\]]")
_HARD, _SOFT = set(".;:!?"), set(",()[]")
POSITIVE = {"plain", "may", "shall"}
_AUX = set(wordlist("do does did is are was were has have este sunt"))
_LY_VERBS = set(wordlist("only apply supply reply comply rely imply multiply early family july"))
# (claim kind, quote kind) pairs where the quote still supports the claim.
_ENTAILED = {
    ("may", "shall"),
    ("need_not", "forbid"),
    ("neg", "forbid"),
    ("forbid", "neg"),
    ("neg", "need_not"),
}


@dataclass(frozen=True, slots=True)
class Frame:
    """A content word and how the text governs it: ``kind`` is plain|neg|may|shall|
    forbid|need_not|unknown (unknown: polarity not attributable with confidence)."""

    head: str  # stem of the governed word
    kind: str
    marker: str  # the marker words as written ("shall not"), "" for plain
    text: str  # marker through the governed word, as written ("may not terminate")
    start: int  # offsets of the governed word in the source text
    end: int
    word: str  # the governed word, normalised


def _kind(modal: str, negs: list[tuple[str, bool]]) -> str:
    """Combine a modal class (""|may|shall|soft|forbid; soft = "required"/"obligat")
    with negations ``(word, acts_verbally)`` into a frame kind."""
    verbal = any(acts for _, acts in negs)
    if modal == "forbid":
        return "may" if verbal else "forbid"
    if not negs:
        return "shall" if modal == "soft" else (modal or "plain")
    if not modal or not verbal:  # "does not X"; "shall have no obligation"
        return "neg"
    return "need_not" if modal == "soft" else "forbid"


def _tokens(key: str) -> list[tuple[str, int, int]]:
    toks = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(key)]
    words = [t[0] for t in toks]
    drop: set[int] = set()
    for i in range(len(words)):
        for idiom in _IDIOMS:
            if tuple(words[i : i + len(idiom)]) == idiom:
                drop.update(range(i, i + len(idiom)))
    return [t for i, t in enumerate(toks) if i not in drop]


def _sentences(toks: list[tuple[str, int, int]]) -> list[list[tuple[str, int, int]]]:
    out: list[list[tuple[str, int, int]]] = [[]]
    for tok in toks:
        if tok[0] in _HARD:
            out.append([])
        else:
            out[-1].append(tok)
    return [s for s in out if s]


def _modal_class(word: str, current: str) -> str:
    if word in _FORBID:
        return "forbid"
    if word in _SOFT_SHALL:
        return "soft"
    if word in _SHALL:
        return current if current in ("soft", "forbid") else "shall"
    return "may"  # "shall be permitted to" is a permission


def _is_marker(sent: list[tuple[str, int, int]], i: int) -> bool:
    word = sent[i][0]
    if word in _PARTICIPLES:  # "prohibited from", "required to", "forbidden for X to"
        return i + 1 < len(sent) and sent[i + 1][0] in ("to", "from", "for")
    return word in _MAY or word in _SHALL or word in _FORBID


def _judged_kind(kind: str, n_neg: int) -> str:
    """Kinds whose polarity is not attributable become "unknown": plain words in a
    sentence with a negation, nominal negations among several."""
    if (kind == "neg" and n_neg > 1) or (kind == "plain" and n_neg):
        return "unknown"
    return kind


def _passes_over(sent: list[tuple[str, int, int]], i: int) -> bool:
    """Words a waiting marker skips on its way to the governed verb: adverbs ("shall
    promptly return") and the person in "interzis chiriașului să cesioneze" or
    "prohibited for the Tenant to sublet"."""
    word = sent[i][0]
    if word.endswith("ly") and word not in _LY_VERBS:
        return True
    if i + 2 >= len(sent) or not is_content(sent[i + 2][0]):
        return False
    after = sent[i + 1][0]
    return after == "sa" or (after == "to" and "for" in (w for w, _, _ in sent[max(0, i - 2) : i]))


def _sentence_frames(sent: list[tuple[str, int, int]], text: str) -> list[Frame]:
    """Frames of one sentence: markers attach to the next content word; a comma or
    bracket in between detaches them. Capitalised plain words (defined terms such as
    "Disclosing Party", headings) are left out."""
    n_neg = sum(w in NEGATORS for w, _, _ in sent)
    hedged = any(w in _EXCEPTIONS for w, _, _ in sent)
    seen_nominal = False  # "neither X nor Y shall disclose": scope unclear
    found: list[Frame] = []
    modal, negs, start, marks = "", list[tuple[str, bool]](), -1, list[str]()
    for i, (word, s, e) in enumerate(sent):
        if word in _SOFT:
            modal, negs, start, marks = "", [], -1, []
        elif _is_marker(sent, i) or word in _VERBAL_NEG or word in _NOMINAL_NEG:
            if _is_marker(sent, i):
                modal = _modal_class(word, modal)
            else:
                negs.append((word, word in _VERBAL_NEG or not modal))
                seen_nominal = seen_nominal or word in _NOMINAL_NEG
            if start < 0:  # "does not", "este interzis": the auxiliary belongs to it
                start = sent[i - 1][1] if i and sent[i - 1][0] in _AUX else s
            marks.append(text[start if len(marks) == 0 else s : e])
        elif is_content(word) and not word.isdigit():
            if start >= 0 and _passes_over(sent, i):
                continue
            kind = _judged_kind(_kind(modal, negs), n_neg)
            if hedged or (seen_nominal and kind in POSITIVE and not negs):
                kind = "unknown"
            if kind != "plain" or not text[s].isupper():  # skip defined terms, headings
                begin = s if start < 0 else start
                found.append(Frame(stem(word), kind, " ".join(marks), text[begin:e], s, e, word))
            modal, negs, start, marks = "", [], -1, []
    return found


def frames(text: str) -> list[Frame]:
    """Every content word of ``text`` with the modality/negation governing it."""
    toks = _tokens(comparison_key(text))
    return [f for sent in _sentences(toks) for f in _sentence_frames(sent, text)]


def entails(claim_kind: str, quote_kind: str) -> bool:
    """Whether a source saying ``quote_kind`` supports a claim saying ``claim_kind``.
    Unknown never contradicts; "shall" supports "may"; two different deontic kinds
    otherwise disagree; the rest must agree in polarity."""
    if claim_kind == quote_kind or "unknown" in (claim_kind, quote_kind):
        return True
    if (claim_kind, quote_kind) in _ENTAILED:
        return True
    deontic = {"may", "shall", "forbid", "need_not"}
    if claim_kind in deontic and quote_kind in deontic:
        return False
    return (claim_kind in POSITIVE) == (quote_kind in POSITIVE)


def compatible(a: str, b: str) -> bool:
    """Whether two claims saying ``a`` and ``b`` of the same word can both be true."""
    return entails(a, b) or entails(b, a)


def _inflections(word: str) -> set[str]:
    return {word} | {word[: -len(x)] for x in ("es", "s") if word.endswith(x)}


def _nominal(frame: Frame) -> bool:
    """A negation carried only by "no"/"without"/"fără"/"niciun"..., not by a verb."""
    marker = [w for w in comparison_key(frame.marker).split() if w not in _AUX]
    return frame.kind == "neg" and all(w in _NOMINAL_NEG for w in marker)


def comparable(claimed: Frame, quoted: Frame) -> bool:
    """Whether a claim frame and a quote frame of one stem speak of the same thing.

    Both marked: yes, unless a nominal negation ("without retaining") meets a modal.
    A plain claim word against a marked quote word, or a verbally negated claim word
    ("does not include") against a plain quote word: only for the same word up to
    -s/-es ("includes"/"include", not "termination"/"terminate" or "disclosed").
    A modal claim against a plain quote word is not judged (definitions, headings)."""
    kinds = (claimed.kind, quoted.kind)
    if "unknown" in kinds:
        return False
    if "plain" not in kinds:
        deontic = {"may", "shall", "forbid", "need_not"}
        return not (
            (_nominal(claimed) and quoted.kind in deontic)
            or (_nominal(quoted) and claimed.kind in deontic)
        )
    if claimed.kind == quoted.kind or not _inflections(claimed.word) & _inflections(quoted.word):
        return False
    return claimed.kind == "plain" or (claimed.kind == "neg" and not _nominal(claimed))


def polarity_problem(claim: str, quote: str) -> str:
    quoted: dict[str, list[Frame]] = {}
    for f in frames(quote):
        quoted.setdefault(f.head, []).append(f)
    for cf in frames(claim):
        same = quoted.get(cf.head, [])
        if any(q.kind == "unknown" for q in same):
            continue
        against = [q for q in same if comparable(cf, q)]
        if against and not any(entails(cf.kind, q.kind) for q in against):
            return f'claim says "{cf.text}" but the quote says "{against[0].text}"'
    return ""
