"""Short answers: where a question asks for a value (a duration, a penalty, an amount, a
percentage, a count, a frequency, an area, a date or the time before one, a law, a
court, the parties a contract is made between), the answer leads with it, taken verbatim
from the first claim's quote that states one of the kind asked: "30 de zile — art. 5
alin. (1)"; "Până când trebuie notificată încetarea?" → "cu cel puțin 30 de zile înainte
de expirare". A question that offers a choice ("Cine reprezintă județul în justiție,
prefectul sau președintele consiliului județean?") is answered by the one alternative
the quote names, when it names only one (:func:`offered`, :func:`chosen`); one that asks
who ("Cine plătește penalitățile?") by no value (the rate is not who pays) but by the
party the quote makes do it ("Beneficiarul", :func:`letadesk.answer.who.acting_party`).

The kinds a question asks for are read from its words (:func:`asked_kinds`: "Care este
termenul…", "How long…", "Cum se pedepsește…", "Which law governs…"); a question that
asks for none gets no short answer. Values are found in the quote by patterns matched on
a copy folded to lower case without diacritics, character for character, so that the
offsets are the quote's own (:class:`~letadesk.domain.ShortAnswer`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

from letadesk.answer.who import acting_party
from letadesk.domain import Claim, ShortAnswer
from letadesk.retrieve.parties import ASKS as ASKS_PARTIES

_EN_NUMBERS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    "twenty-one|thirty|forty|forty-five|fifty|sixty|seventy|seventy-five|eighty|ninety|"
    "one hundred(?: and)?(?: twenty| eighty)?"
)
_RO_NUMBERS = (
    "un|o|unu|una|doi|doua|trei|patru|cinci|sase|sapte|opt|noua|zece|unsprezece|"
    "doisprezece|douasprezece|cincisprezece|douazeci|treizeci|patruzeci|cincizeci|"
    "saizeci|nouazeci"
)
_NUMBER = rf"(?:\d+(?:[.,]\d+)*|(?:{_EN_NUMBERS}|{_RO_NUMBERS})(?:\s*\(\d+\))?)"
_UNIT = (
    r"(?:zile lucratoare|zile calendaristice|zile|zi|luni|luna|ani|an|ore|ora|saptamani|"
    r"saptamana|business days|calendar days|working days|days|day|months|month|years|"
    r"year|hours|hour|weeks|week)"
)
_SPAN = (
    rf"(?:(?:de la|between|from)\s+{_NUMBER}(?:\s+(?:de\s+)?{_UNIT})?\s+(?:la|and|to)\s+)?"
    rf"{_NUMBER}\s+(?:de\s+)?{_UNIT}\b"
)
_SANCTION = r"(?:(?:cu\s+)?amend\w*|interzicerea exercitarii [^.;,]{1,90})"
_MONTHS = (
    "ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|"
    "noiembrie|decembrie|january|february|march|april|may|june|july|august|september|"
    "october|november|december"
)
# Words that end no name of what a date hangs on ("prior to the end of", "de la data
# publicării în").
_FUNCTION = r"(?:of|by|to|for|in|on|the|and|or|de|a|al|la|pe|din|cu|si|sau)"
_CURRENCY = r"(?:lei|ron|euro|eur|usd|dolari|dollars|us dollars|gbp|pounds)"
# Jurisdictions whose name holds "and" (the law's name otherwise ends before "and": "the
# laws of Delaware and the United States").
_JOINED_JURISDICTIONS = (
    r"england and wales|trinidad and tobago|antigua and barbuda|bosnia and herzegovina|"
    r"saint kitts and nevis|saint vincent and the grenadines|sao tome and principe|"
    r"turks and caicos islands"
)
_PATTERNS: dict[str, re.Pattern[str]] = {
    "penalty": re.compile(
        rf"\b(?:inchisoare\w*|detentiune\w* pe viata|imprisonment)(?:\s+(?:de\s+)?{_SPAN})?"
        rf"(?:,?\s+(?:sau|si|or|and)\s+{_SANCTION})?"
        rf"|\bamenda\w*(?:\s+de la\s+[\d.,]+\s+(?:de\s+)?lei\s+la\s+[\d.,]+\s+(?:de\s+)?lei)?"
    ),
    "duration": re.compile(rf"\b{_SPAN}"),
    "amount": re.compile(
        rf"(?:[$€£]\s?\d[\d,.]*(?:\s+(?:million|billion))?"
        rf"|\b\d[\d.,]*\s+(?:de\s+)?{_CURRENCY}\b|\b{_CURRENCY}\s?\d[\d.,]*)"
    ),
    "percent": re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:%|la suta|percent\b)"),
    "date": re.compile(
        rf"\b\d{{1,2}}\s+(?:{_MONTHS})\s+\d{{4}}\b|\b(?:{_MONTHS})\s+\d{{1,2}},\s+\d{{4}}\b"
        rf"|\b\d{{1,2}}(?:st|nd|rd|th)\s+day\s+of\s+(?:{_MONTHS}),?\s+\d{{4}}\b"
        r"|\b\d{1,2}[./-]\d{1,2}[./-]\d{4}\b"
        # a date set by another: "cu cel puțin 30 de zile înainte de expirare"
        rf"|\b(?:(?:cu\s+)?(?:cel putin|cel mult|cel tarziu|at least|no later than|"
        rf"not less than)\s+(?:cu\s+)?)?"
        rf"{_SPAN}\s+(?:inainte|inaintea|dupa|de la|before|prior to|after|following|from|of)\b"
        rf"(?:\s+(?:de la|de|the))?\s+[a-z]+(?:\s+(?!{_FUNCTION}\b)[a-z]+)?"
    ),
    "law": re.compile(
        r"\b(?:the\s+)?laws?\s+of\s+(?:the\s+)?(?:state\s+of\s+|commonwealth\s+of\s+)?"
        rf"(?:{_JOINED_JURISDICTIONS}|[a-z][a-z ]{{1,40}}?)"
        r"(?=[,.;)]|\s+(?:without|and|applicable|excluding|shall|as|govern\w*)\b)"
        r"|\b(?:legea|legislatia|dreptul)\s+(?:romana|roman|romaniei)\b"
        r"|\b[a-z]+ law\b(?=\s+(?:shall|will|governs))"
    ),
    "frequency": re.compile(
        r"\b(?:(?:cel putin|cel mult|at least|no less than)\s+)?"
        r"(?:o data|o singura data|de (?:doua|trei|patru|\d+) ori|once|twice|\w+ times)\s+"
        r"(?:pe|in|la|per|a|an|every|each)\s+(?:\w+\s+)?(?:zi|saptamana|luna|an|trimestru|"
        r"semestru|day|week|month|quarter|year|calendar (?:month|year))\b"
        r"|\b(?:lunar|anual|trimestrial|semestrial|saptamanal|zilnic|monthly|annually|"
        r"quarterly|weekly|daily)\b"
    ),
    "area": re.compile(
        r"\b\d[\d.,]*\s*(?:mp\b|m2\b|m\u00b2|metri patrati\b|ha\b|hectare\b|"
        r"square (?:feet|meters|metres)\b|sq\.? ?ft\b|acres\b)"
    ),
    "court": re.compile(
        r"\b(?:the\s+)?(?:state\s+or\s+federal\s+)?courts?\s+(?:of|in|located in|sitting in)\s+"
        r"[a-z][a-z ,]{1,50}?(?=[.;)]|\s+(?:shall|will|and|for|with|having)\b)"
        r"|\b(?:instantele|instanta|instantei)(?:\s+judecatoresti)?(?:\s+competente?)?\s+"
        r"(?:de la|din|de)\s+[\w ]{1,40}?(?=[,.;]|\s+(?:va|vor|sunt|este)\b)"
        r"|\btribunalul\s+\w+(?:\s+\w+)?"
        r"|\bcurtea de (?:apel|arbitraj)[\w ]{0,40}?(?=[,.;])"
    ),
}
# The parties a preamble names after "between" / "între", to the end of its sentence (a
# company's "Inc." or "Ltd." ends none); none when that runs past 300 characters.
_ABBREVIATION = (
    "(?:" + "|".join(f"(?<={a})" for a in ("inc", "ltd", "corp", "co", "llc", "no")) + ")"
)
_PATTERNS["parties"] = re.compile(
    r"(?:(?<=\bbetween )(?!the parties|them)|(?<=\bintre )(?!parti))"
    rf"(?:[^.;]|\.(?=[^\s])|{_ABBREVIATION}\.){{3,300}}(?=[.;]|$)"
)
_ASKED_UNIT = r"(?:zile|luni|ani|ore|saptamani|days|months|years|hours|weeks)\b"
# What a question asks for, by its words (folded, lower case); in preference order.
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("parties", ASKS_PARTIES),
    # how long before (or after) another date: "cu cel puțin 30 de zile înainte de …"
    (
        "date",
        re.compile(
            r"\bcu cat (?:timp )?inainte|\bhow (?:far|long) in advance|\bby when|\bwhen must"
        ),
    ),
    (
        "penalty",
        re.compile(
            r"\bpedeaps|\bpedeps|\bsanctiun|\bsanction|\bpenalt|\bpunish"
            r"|\bce\s+(?:\w+\s+)?risc(?:a|am|ati)?\b"  # "Ce riscă cel care …?": a sanction
        ),
    ),
    (
        "law",
        re.compile(r"\b(?:ce|care|which|what)\b.{0,20}\b(?:lege|legea|law|laws)\b|governing law"),
    ),
    ("court", re.compile(r"\binstant|\bcourts?\b|\bjurisdiction|\bvenue|\btribunal")),
    (
        "percent",
        re.compile(
            r"\bprocent|\bcota\b|\bcote\b|\bpercent|\brate\b|\bdobanda|\bcat la suta|"
            r"\bcu cat\b(?!\s+(?:timp|inainte))|\bla cat se ridica|\bproportie|"
            r"\bwhat share|\bproportion|"
            r"\bavans|\bdeposit|\bpenalit|\blate (?:payment )?(?:fee|charge|interest)"
        ),
    ),
    (
        "amount",
        re.compile(
            r"\bcat costa|\bce suma|\bsuma\b|\bvaloare|\bplafon|\bcat se (?:plateste|ramburseaza)|"
            r"\bamenda|\bpret|\btarif|\bonorari|\bchiri[ae]|"
            r"\bhow much|\bamount|\bfee\b|\bfees\b|\bprice|\bcap\b|\bcapped"
        ),
    ),
    ("frequency", re.compile(r"\bcat de des|\bhow often|\bfrecventa|\bfrequency")),
    ("area", re.compile(r"\bsuprafat|\bce arie\b|\bhow large|\barea\b|\bsquare (?:feet|met)")),
    (
        "duration",
        re.compile(
            rf"\btermen|\bvechime|\bcat timp|\bcat[ie] {_ASKED_UNIT}|\bin cat timp|"
            r"\bdurat|\bdura\b|\bdureaz|\bpreaviz|"
            r"\bperioad|\bhow long|\bhow many (?:days|months|years)|\bnotice period|"
            r"\bwithin (?:what|how)|\bdeadline|\bterm\b|\bprescripti|\bvarsta|\bage\b"
        ),
    ),
    (
        "date",
        re.compile(
            r"\bdata\b|\bpana cand|\bde cand\b|\bwhat date|\bexpir|\bdate of\b|"
            r"\b(?:effective|agreement|signing|execution|commencement) date\b|"
            r"\b(?:cand|when)\b.{0,40}\b(?:intra in vigoare|incepe|inceteaza|expira|"
            r"take effect|begin|start|end|terminate|signed|executed|dated|entered into|"
            r"concluded|incheiat|semnat)"
        ),
    ),
)
# "Cine plătește penalitățile …?", "Who pays the late fee?": a party, no value
# (answer.who reads which).
_WHO = re.compile(r"\s*(?:cine|who)\b")
# A duration asked for is also answered by a date, and the reverse; a count by a share.
_ALSO = {
    "duration": ("date",),
    "date": ("duration",),
    "penalty": ("amount",),
    "percent": ("amount",),
    "count": ("percent",),
}
# "Câți viceprimari…?", "How many directors…?": a number of the thing named after it.
_COUNT = re.compile(rf"\b(?:cati|cate|how many)\s+(?!{_ASKED_UNIT})([a-z]{{4,}})")


def _fold(text: str) -> str:
    """``text`` lower case without diacritics, one character for each of ``text``'s."""
    return "".join(unicodedata.normalize("NFD", c.lower()[:1] or c)[:1] for c in text)


def asked_kinds(question: str) -> tuple[str, ...]:
    """The kinds of value ``question`` asks for, most specific first (none: no value). A
    count is asked as ``"count:<stem>"``: a number of what the question names after
    "câți" / "how many" (its first letters, so "consilieri" finds "consilier")."""
    key = _fold(question)
    kinds: list[str] = []
    counted = _COUNT.search(key)
    if counted:
        noun = counted.group(1)
        kinds += [f"count:{noun[: max(4, len(noun) - 3)]}", *_ALSO["count"]]
    for kind, asks in _ASKS:
        if asks.search(key):
            kinds += [k for k in (kind, *_ALSO.get(kind, ())) if k not in kinds]
    if _WHO.match(key):  # a person or body is asked for, not the value its words name
        kinds = [k for k in kinds if k in ("court", "parties")]
    return tuple(kinds)


@functools.lru_cache(maxsize=256)
def _pattern(kind: str) -> re.Pattern[str]:
    if kind.startswith("count:"):
        return re.compile(rf"\b{_NUMBER}\s+(?:de\s+)?{re.escape(kind[6:])}[a-z]*")
    return _PATTERNS[kind]


def find_value(kinds: Sequence[str], text: str) -> tuple[str, int, int] | None:
    """The first value of the first of ``kinds`` that ``text`` states: (kind, start,
    end), offsets in ``text``, trailing spaces and punctuation left out (a count's kind
    without its stem)."""
    folded = _fold(text)
    for kind in kinds:
        m = _pattern(kind).search(folded)
        if m:
            start, end = m.start(), m.end()
            while end > start and text[end - 1] in " ,;:.":
                end -= 1
            return kind.split(":", 1)[0], start, end
    return None


# The alternatives a wh-question offers after a comma: "Cine …, X sau Y?", "Which …: X or
# Y?" (a yes/no question's "X or Y" is no choice: "Poate fi concediat … bolnav sau …?").
_CHOICE = re.compile(
    r"^(?:cine|care|ce|unde|cand|who|which|what|where|when)\b[^?]*?[,:;(\u2013-]\s*"
    r"([^,:;(]+?)\s+(?:sau|ori|or)\s+([^,:;?]+?)\s*\?\s*$"
)
_ARTICLE_WORDS = frozenset("a an the un o pe".split())


def _alternative(words: str) -> re.Pattern[str] | None:
    """A pattern for an alternative's words in a folded quote, each word by its first
    letters ("prefectul" finds "prefectului"); None for one of no content ("sau nu")."""
    kept = [w for w in re.findall(r"[a-z0-9]+", words) if w not in _ARTICLE_WORDS]
    if not kept or all(len(w) < 4 for w in kept):
        return None
    stems = [re.escape(w[: max(4, len(w) - 2)]) if len(w) > 4 else re.escape(w) for w in kept]
    return re.compile(r"\b" + r"\w*\s+".join(stems) + r"\w*")


Offered = tuple[re.Pattern[str], re.Pattern[str]]


def offered(question: str) -> Offered | None:
    """The two alternatives ``question`` offers, as patterns for a folded quote; None
    when it offers none (or one of them names nothing)."""
    m = _CHOICE.search(_fold(question).strip())
    if m is None:
        return None
    first, second = _alternative(m.group(1)), _alternative(m.group(2))
    return (first, second) if first is not None and second is not None else None


def chosen(alternatives: Offered | None, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` names the one of ``alternatives`` it names (offsets in ``quote``);
    None when there are none, or the quote names neither or both."""
    if alternatives is None:
        return None
    folded = _fold(quote)
    named = [m for p in alternatives if (m := p.search(folded)) is not None]
    return (named[0].start(), named[0].end()) if len(named) == 1 else None


def short_answer(
    question: str, claims: Sequence[Claim], among: Sequence[int] | None = None
) -> ShortAnswer | None:
    """The value ``question`` asks for (or the alternative it offers that the quote
    names), from the first claim's quote that states one; only the claims of indices
    ``among`` (a group's), when given."""
    kinds, alternatives = asked_kinds(question), offered(question)
    for i in range(len(claims)) if among is None else among:
        for j, citation in enumerate(claims[i].citations):
            named = chosen(alternatives, citation.quote)
            found = ("choice", *named) if named else find_value(kinds, citation.quote)
            if found is None and (party := acting_party(question, citation.quote)):
                found = ("party", *party)
            if found is None:
                continue
            kind, start, end = found
            return ShortAnswer(
                text=citation.quote[start:end],
                kind=kind,
                claim=i,
                citation=j,
                start=start,
                end=end,
                locator=citation.locator,
            )
    return None
