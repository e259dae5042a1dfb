"""Gate 3, consistency: a claim may not change the quote's numbers or its polarity.

Two deterministic checks, English and Romanian:

* **Quantities.** Every date, amount (with currency), percentage, duration and bare
  number in the claim must occur, normalised, in the quote ("thirty (30) days" ==
  "30 days" == "treizeci de zile"; "19 mai 2016" == "2016-05-19" == "19.05.2016";
  "1.000 lei" == "1000 RON"; "one year" == "12 months"). Quantities the quote has
  and the claim omits are fine. Numeric dates are read day first (19.05.2016),
  unless the first number cannot be a month's day order (05/19/2016).
* **Polarity and modality.** Each claim word governed by a modal or a negation
  ("may terminate", "shall not disclose", "nu poate rezilia", "este interzisă
  cesiunea") is compared with the same word (light stem) in the quote. A claim
  saying "may" where the quote says "shall not", "shall" where it says "may", or
  dropping/adding a negation fails ("may" where the quote says "shall" is fine).
  False alarms are avoided deliberately: a word whose polarity cannot be attributed
  with confidence is not judged -- sentences with exceptions ("only", "except",
  "unless", "doar", "cu excepția"), plain words in negated sentences, capitalised
  defined terms, and a modal claim against a plain (unmodalised) quote word.

The polarity machinery (:func:`frames`, :func:`compatible`) and the quantity
extractor (:func:`quantities`) are shared with ``coherence``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from letadesk.domain import CheckResult
from letadesk.text import fold_diacritics, match_key
from letadesk.verify.support import is_content, stem, unify, wordlist

# ---------------------------------------------------------------- quantities

_EN_NUMS = wordlist(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
)
_EN_TENS = wordlist("twenty thirty forty fifty sixty seventy eighty ninety")
_RO_NUMS = {w: v for v, ws in (
    (1, "unu una un o"), (2, "doi doua"), (3, "trei"), (4, "patru"), (5, "cinci"),
    (6, "sase"), (7, "sapte"), (8, "opt"), (9, "noua"), (10, "zece"), (11, "unsprezece"),
    (12, "doisprezece douasprezece"), (13, "treisprezece"), (14, "paisprezece patrusprezece"),
    (15, "cincisprezece"), (16, "saisprezece sasesprezece"), (17, "saptesprezece"),
    (18, "optsprezece"), (19, "nouasprezece"), (20, "douazeci"), (30, "treizeci"),
    (40, "patruzeci"), (50, "cincizeci"), (60, "saizeci"), (70, "saptezeci"), (80, "optzeci"),
    (90, "nouazeci"), (100, "suta sute"), (1000, "mie mii")) for w in wordlist(ws)}
NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(_EN_NUMS)},
    **{w: 20 + 10 * i for i, w in enumerate(_EN_TENS)},
    "hundred": 100, "thousand": 1000, **_RO_NUMS,
}
_W = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_WORDNUM = rf"\b(?:{_W})(?:(?:\s+|-|\s+(?:and|si)\s+)(?:{_W}))*\b"
_DIG = r"(?<![\d.,])(?:\d{1,3}(?:[., ]\d{3})+(?![\d])(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
_NUM = rf"(?:{_WORDNUM}\s*\(\s*{_DIG}\s*\)|{_DIG}(?:\s*\(\s*{_WORDNUM}\s*\))?|{_WORDNUM})"
_MULT = r"(?:\s+(?P<mult>million|millions|milion|milioane|billion|miliard|miliarde))?"
_MULTS = {w: Decimal(10**6) for w in ("million", "millions", "milion", "milioane")} | {
    w: Decimal(10**9) for w in ("billion", "miliard", "miliarde")}

_MONTHS = {
    **{m: i + 1 for i, m in enumerate(wordlist(
        "january february march april may june july august september october "
        "november december"))},
    **{m: i + 1 for i, m in enumerate(wordlist(
        "ianuarie februarie martie aprilie mai iunie iulie august septembrie "
        "octombrie noiembrie decembrie"))},
    **{m: i + 1 for i, m in enumerate(
        wordlist("jan feb mar apr may jun jul aug sep oct nov dec"))},
    "sept": 9,
}
_MON = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"
_DATE_PATTERNS = (
    (re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"), "num"),
    (re.compile(r"\b(?P<d>\d{1,2})[./-](?P<m>\d{1,2})[./-](?P<y>\d{4})\b"), "num"),
    (re.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MON})\.?,?\s+(?P<y>\d{{4}})\b"),
     "name"),
    (re.compile(rf"\b(?P<m>{_MON})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b"), "name"),
)
_CURRENCY = {"lei": "RON", "ron": "RON", "eur": "EUR", "euro": "EUR", "euros": "EUR",
             "€": "EUR", "usd": "USD", "$": "USD", "dollars": "USD", "dolari": "USD"}
_CUR = r"(?:lei|ron|eur|euros|euro|€|usd|\$|dollars|dolari)"
_UNITS = {w: (base, n) for base, n, ws in (
    ("day", 1, "day days zi zile"), ("day", 7, "week weeks saptamana saptamani"),
    ("month", 1, "month months luna luni"), ("month", 12, "year years an ani"),
    ("hour", 1, "hour hours ora ore")) for w in wordlist(ws)}
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_BUSINESS = {"business", "working", "lucratoare"}
_TYPED_PATTERNS = (
    ("amount", re.compile(rf"(?P<cur>{_CUR})\s*(?P<num>{_NUM}){_MULT}")),
    ("amount", re.compile(rf"(?P<num>{_NUM}){_MULT}\s*(?:de\s+)?(?P<cur>{_CUR})(?!\w)")),
    ("percent", re.compile(
        rf"(?P<num>{_NUM})\s*(?:%|per\s*cent\b|percent\b|la\s+suta\b|procente?\b)")),
    ("duration", re.compile(
        rf"(?P<num>{_NUM})[\s-]+(?:de\s+)?(?:(?P<q1>business|working|calendar)\s+)?"
        rf"(?P<unit>{_UNIT})\b(?:\s+(?P<q2>lucratoare|calendaristice))?")),
)


@dataclass(frozen=True, slots=True)
class Quantity:
    """A quantity found in a text: ``kind`` is date|amount|percent|duration|number."""

    kind: str
    value: str  # canonical: "2016-05-19", "1000", "30"
    unit: str  # "RON", "day", "business day", "month", "%", "" for dates/numbers
    text: str  # as written in the source text
    numbers: frozenset[str]  # every number it contains, for bare-number matching


def _key(text: str) -> str:
    key = fold_diacritics(match_key(text))
    return key if len(key) == len(text) else fold_diacritics(unify(text))


def _decimal(digits: str) -> Decimal:
    """Value of a written number: "1.000,50", "1,000.50", "10,5", "1 000"."""
    s = digits.replace(" ", "")
    seps = [c for c in s if c in ".,"]
    if len(set(seps)) == 2:
        dec = s[max(s.rfind("."), s.rfind(","))]
        s = s.replace("," if dec == "." else ".", "").replace(dec, ".")
    elif seps:
        sep = seps[0]
        tail = s.rsplit(sep, 1)[1]
        s = s.replace(sep, "") if len(seps) > 1 or len(tail) == 3 else s.replace(sep, ".")
    try:
        return Decimal(s)
    except InvalidOperation:
        return Decimal(0)


def _word_value(phrase: str) -> Decimal:
    total, current = 0, 0
    for word in re.findall(r"[a-z]+", phrase):
        value = NUMBER_WORDS.get(word)
        if value is None:
            continue
        if value == 100:
            current = max(current, 1) * 100
        elif value == 1000:
            total += max(current, 1) * 1000
            current = 0
        else:
            current += value
    return Decimal(total + current)


def number_value(written: str) -> Decimal:
    """Value of a number written in digits, words, or both ("thirty (30)")."""
    digits = re.search(_DIG, written)
    return _decimal(digits.group()) if digits else _word_value(written)


def _canon(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _dates(key: str, text: str) -> Iterable[tuple[int, int, Quantity]]:
    for pattern, style in _DATE_PATTERNS:
        for m in pattern.finditer(key):
            day, year = int(m["d"]), int(m["y"])
            month = _MONTHS[m["m"]] if style == "name" else int(m["m"])
            if style == "num" and month > 12 and day <= 12:  # 05/19/2016
                day, month = month, day
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            value = f"{year:04d}-{month:02d}-{day:02d}"
            nums = frozenset({str(year), str(month), str(day)})
            yield m.start(), m.end(), Quantity("date", value, "", text[m.start():m.end()], nums)


def _typed(kind: str, m: re.Match[str], text: str) -> Quantity:
    value = number_value(m["num"])
    unit = "%"
    if kind == "amount":
        unit = _CURRENCY[m["cur"]]
        if m["mult"]:
            value *= _MULTS[m["mult"]]
    elif kind == "duration":
        base, factor = _UNITS[m["unit"]]
        value *= factor
        business = (m["q1"] or m["q2"] or "") in _BUSINESS
        unit = f"business {base}" if business else base
    nums = frozenset({_canon(number_value(m["num"])), _canon(value)})
    return Quantity(kind, _canon(value), unit, text[m.start():m.end()], nums)


def quantities(text: str) -> list[Quantity]:
    """Dates, amounts, percentages, durations and bare digit numbers in ``text``,
    in order of appearance; a span is claimed by the first, most specific kind."""
    key = _key(text)
    found: list[tuple[int, int, Quantity]] = list(_dates(key, text))
    taken = [(s, e) for s, e, _ in found]

    def free(s: int, e: int) -> bool:
        return all(e <= ts or s >= te for ts, te in taken)

    for kind, pattern in _TYPED_PATTERNS:
        for m in pattern.finditer(key):
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), _typed(kind, m, text)))
                taken.append((m.start(), m.end()))
    for m in re.finditer(_DIG, key):
        if free(m.start(), m.end()):
            value = _canon(_decimal(m.group()))
            found.append((m.start(), m.end(),
                          Quantity("number", value, "", m.group(), frozenset({value}))))
    return [q for _, _, q in sorted(found, key=lambda t: t[0])]


def _matches(claimed: Quantity, quoted: list[Quantity]) -> bool:
    if claimed.kind == "number":
        return any(claimed.value in q.numbers for q in quoted)
    return any((q.kind, q.value, q.unit) == (claimed.kind, claimed.value, claimed.unit)
               for q in quoted)


def _quantity_problem(claim: str, quote: str) -> str:
    quoted = quantities(quote)
    for claimed in quantities(claim):
        if _matches(claimed, quoted):
            continue
        same = [q.text for q in quoted if q.kind == claimed.kind]
        listed = "; ".join(f'"{t}"' for t in same[:4]) if same else "none"
        kind = "number" if claimed.kind == "number" else claimed.kind
        return (f'claim says "{claimed.text}" but the quote has no matching {kind} '
                f"(quote has: {listed})")
    return ""


# ---------------------------------------------------------------- polarity

_MAY = {"may", "can", "poate", "pot", "putea", "poti", "entitled", "permitted", "right",
        "allowed", "dreptul", "indreptatit", "indreptatita", "indreptatite"}
_SOFT_SHALL = {"required", "obligated", "obliged", "obligat", "obligata", "obligate",
               "obligati", "obligatia", "obliga", "need"}  # "not required" = need not
_SHALL = {"shall", "must", "will", "trebuie", "va", "vor", "agrees", "agree", "undertakes",
          "undertake"} | _SOFT_SHALL
_FORBID = {"prohibited", "forbidden", "interzis", "interzisa", "interzise", "interzisi",
           "interzice", "cannot"}
# English participles are modal only before "to"/"from" ("required to", not "required by").
_PARTICIPLES = {"entitled", "permitted", "allowed", "required", "obligated", "obliged", "right",
                "prohibited", "forbidden"}
_VERBAL_NEG = {"not", "nu", "never", "niciodata"}
_NOMINAL_NEG = {"no", "without", "fara", "niciun", "nicio", "nici", "neither", "nor", "none",
                "nothing", "nobody", "nimic", "nimeni"}
NEGATORS = _VERBAL_NEG | _NOMINAL_NEG | _FORBID
# Restrictions and exceptions turn a sentence's polarity into a condition; such
# sentences are not judged word by word.
_EXCEPTIONS = set(wordlist("only solely exclusively except excepting unless than save "
                           "doar numai exclusiv exceptia exceptand decat conditia"))
_IDIOMS = (("not", "only"), ("nu", "numai"), ("nu", "doar"), ("or", "not"),
           ("not", "limited"), ("without", "limitation"), ("without", "limiting"),
           ("fara", "a", "se", "limita"), ("fara", "limitare"))
_TOKEN = re.compile(r"[^\W_]+|[.;:!?]|[,()\[\]]")
_HARD, _SOFT = set(".;:!?"), set(",()[]")
POSITIVE = {"plain", "may", "shall"}
_AUX = set(wordlist("do does did is are was were has have este sunt"))
_LY_VERBS = set(wordlist("only apply supply reply comply rely imply multiply early family july"))
# (claim kind, quote kind) pairs where the quote still supports the claim.
_ENTAILED = {("may", "shall"), ("need_not", "forbid"), ("neg", "forbid"),
             ("forbid", "neg"), ("neg", "need_not")}


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
            if tuple(words[i:i + len(idiom)]) == idiom:
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
    return after == "sa" or (after == "to" and "for" in (w for w, _, _ in sent[max(0, i - 2):i]))


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
            marks.append(text[start if len(marks) == 0 else s:e])
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
    toks = _tokens(_key(text))
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
    marker = [w for w in _key(frame.marker).split() if w not in _AUX]
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
        return not ((_nominal(claimed) and quoted.kind in deontic)
                    or (_nominal(quoted) and claimed.kind in deontic))
    if claimed.kind == quoted.kind or not _inflections(claimed.word) & _inflections(quoted.word):
        return False
    return claimed.kind == "plain" or (claimed.kind == "neg" and not _nominal(claimed))


def _polarity_problem(claim: str, quote: str) -> str:
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


def check_consistency(claim: str, quote: str) -> CheckResult:
    """The "consistency" verdict: every claim quantity occurs in the quote, and no
    claim word's modality/negation contradicts the same word in the quote."""
    problem = _quantity_problem(claim, quote) or _polarity_problem(claim, quote)
    if problem:
        return CheckResult("consistency", False, problem)
    return CheckResult("consistency", True, "numbers, dates and polarity agree with the quote")
