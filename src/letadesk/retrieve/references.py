"""Legal reference parser: Romanian and English citation forms found in free text.

``parse_references(text)`` finds citations such as ``art. 7 alin. (1) din Legea nr.
98/2016``, ``art. 181 C. proc. civ.``, ``OUG nr. 195/2002, art. 104 alin. (1)`` or
``Section 5.2(a) of the Distribution Agreement`` and returns one :class:`Reference` per
cited unit, in text order. ``locator_of(ref)`` renders the canonical locator the
ingest chunker stores on fragments (``"art. 57 alin. (3) lit. b)"``, ``"Section 5.2"``).

Decisions (the promises tests hold us to):

* Matching runs on a length-preserving key (``match_key`` + ``fold_diacritics``), so
  diacritics, cedilla or comma-below and letter case never matter, and every ``span``
  indexes the caller's original text (``raw == text[span[0]:span[1]]``).
* Article numbers: ``549^1``, ``549¹``, ``549 ind. 1`` and ``549 indice 1`` all give
  ``"549^1"``; Romanian dotted thousands ``2.335`` give ``"2335"``; amending-law
  articles in roman numerals (``Articolul I``) keep ``"I"``.
* Ranges expand to one reference per unit when both ends are plain integers (or
  letters) and the range holds at most 50 units; otherwise only the two endpoints
  are returned. Lists (``art. 37-39, 42, 43``) give one reference per item.
* English: ``Section/Sec./§/Clause/Article/Art. 5.2`` keep the dotted number whole as
  ``article`` (``"5.2"``); bracketed parts after it are ``(3)`` -> paragraph, ``(a)``
  -> letter, ``(iv)`` -> point. ``paragraph 3`` alone gives ``paragraph="3"`` with
  ``article=None``. ``of the Distribution Agreement`` gives an ``agreement`` act.
  ``Art. 5`` alone is ambiguous and is rendered the Romanian way (``"art. 5"``); it is
  rendered ``"Article 5"`` only with English evidence (``Art. 5(2)``, an agreement).
* An act written right after a citation (``din``/``al``/``of the``/nothing between)
  or right before it (``OUG nr. 195/2002, art. 104``) attaches to it; citations
  chained by ``,``/``și``/``ale`` share the act that closes the chain. An act that no
  citation claims is returned alone (``article=None``) when it is identified by a
  number, a code or a name; bare ``Legea nr``, acronyms (``CP``, ``NCC``) and
  ``this Agreement`` are only ever attached, never returned alone.
* Court decisions (``Decizia CCR nr. 766/2011``, ``Decizia ÎCCJ nr. 22/2007``) and EU
  directives are acts of kind ``"other"``; the Monitorul Oficial is a publication,
  not a source of law, and is never returned.
* A citation's ``span`` runs from its keyword to its last unit and includes an act
  that follows it directly; references expanded from one citation share its span.
* Nothing fires without a keyword: ``5 days``, ``2016`` or ``$5.2 million`` give ``[]``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from letadesk.text import fold_diacritics, match_key

__all__ = ["ActRef", "Reference", "locator_of", "parse_references"]

MAX_RANGE = 50


@dataclass(frozen=True, slots=True)
class ActRef:
    """The act a citation points into.

    ``kind``: "lege" | "oug" | "og" | "hg" | "cod" | "constitutie" | "regulament" |
    "agreement" | "other". ``code`` is the canonical code key ("civil", "fiscal",
    "muncii", "penal", "proc_civ", "proc_pen", "proc_fiscal", "constitutie") when
    the act is, or is named as, a code.
    """

    kind: str
    number: str | None = None
    year: str | None = None
    code: str | None = None
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Reference:
    """One cited unit (article, paragraph, letter, point) with its act, if named."""

    article: str | None
    paragraph: str | None
    letter: str | None
    point: str | None
    act: ActRef | None
    span: tuple[int, int]
    raw: str


# --------------------------------------------------------------------------- acts

_NUM = r"(\d{1,3}(?:\.\d{3})+(?!\d)|\d+)"
_MONTH_DATE = r"(?:\d{1,2}\s+[a-z]+\s+|\d{1,2}[./-]\d{1,2}[./-])"
# "nr. 98/2016", "98/2016", "nr. 544 din 12 octombrie 2001"
_YEAR_TAIL = rf"(?:\s*/\s*(\d{{4}})(?!\d)|\s+din\s+{_MONTH_DATE}?(\d{{4}})(?!\d))?"
_NR_TAIL = rf"\s*(?:nr\.?\s*)?{_NUM}{_YEAR_TAIL}"
_NR_TAIL_STRICT = rf"\s*nr\.?\s*{_NUM}{_YEAR_TAIL}"
_NR_TAIL_YEAR = rf"\s*(?:nr\.?\s*)?{_NUM}\s*/\s*(\d{{4}})(?!\d)"

_LAW_KW = r"\b(?:legea|legii|lege)(?![a-z])"
_LAW_RES = (
    # Legea nr. 98/2016, Legea nr. 544 din 12 octombrie 2001
    re.compile(_LAW_KW + _NR_TAIL_STRICT),
    # Legea 98/2016, L. 98/2016
    re.compile(r"(?:" + _LAW_KW + r"|\bl\.)" + _NR_TAIL_YEAR),
    # Legea contenciosului administrativ nr. 554/2004
    re.compile(_LAW_KW + r"(?:\s+(?!nr\b)[a-z]+){1,5}?" + _NR_TAIL_STRICT),
)
_LAW_BARE = re.compile(_LAW_KW + r"\s*nr\.?(?!\s*\d)")
_GOV_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("oug", re.compile(
        r"\b(?:o\.?\s?u\.?\s?g\.?|ordonant(?:a|ei) de urgenta(?:\s+a\s+guvernului)?)(?![a-z])"
        + _NR_TAIL)),
    ("og", re.compile(
        r"\b(?:o\.?\s?g\.?|ordonant(?:a|ei)(?!\s+de\s+urgenta)(?:\s+guvernului)?)(?![a-z])"
        + _NR_TAIL)),
    ("hg", re.compile(
        r"\b(?:h\.?\s?g\.?|hotarar(?:ea|ii)(?:\s+guvernului)?)(?![a-z])" + _NR_TAIL)),
)
_EU_REG = re.compile(
    r"\b(?:regulamentul(?:ui)?|regulation)\s*\((?:ue|ce|cee|eu|ec|eec)\)\s*(?:nr\.?\s*|no\.?\s*)?"
    r"(\d+)\s*/\s*(\d+)"
)
_GDPR = re.compile(
    r"\b(?:regulamentul(?:ui)? general (?:privind|pentru) protectia datelor|gdpr|rgpd|"
    r"general data protection regulation)\b"
)
_DIRECTIVE = re.compile(
    r"\b(?:directiv(?:a|ei|ele)|directive)\s*(?:\((?:ue|ce|cee|eu|ec|eec)\)\s*)?"
    r"(?:nr\.?\s*|no\.?\s*)?(\d{2,4})/(\d+)(?:/(?:ue|ce|cee|eu|ec|eec)\b)?"
)
_DECISION = re.compile(
    r"\b(?:(?:decizia|deciziei)(?:\s+(curtii constitutionale|ccr|iccj|"
    r"inaltei curti de casatie si justitie))?(?=\s*nr)|(d\.?\s?c\.?\s?c\.?))" + _NR_TAIL
)
_DECISION_ICCJ_AFTER = re.compile(r"\s*,?\s*pronuntata de (?:inalta curte|iccj)")

_CODE_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("proc_civ", re.compile(
        r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+civila\b|\bc\.\s*proc\.\s*civ\b\.?"
        r"|\bcode of civil procedure\b|\bcivil procedure code\b")),
    ("proc_pen", re.compile(
        r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+penala\b|\bc\.\s*proc\.\s*pen\b\.?"
        r"|\bcode of criminal procedure\b|\bcriminal procedure code\b")),
    ("proc_fiscal", re.compile(
        r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+fiscala\b|\bc\.\s*proc\.\s*fisc?\b\.?"
        r"|\bfiscal procedure code\b")),
    ("civil", re.compile(
        r"\b(?:noul\s+)?cod(?:ul|ului)?\s+civil\b|\bc\.\s*civ\b\.?|\bn\.c\.c\.?(?![a-z])"
        r"|\bcivil code\b")),
    ("fiscal", re.compile(
        r"\bcod(?:ul|ului)?\s+fiscal\b|\bc\.\s*fisc?\b\.?|\b(?:fiscal|tax) code\b")),
    ("muncii", re.compile(
        r"\bcod(?:ul|ului)?\s+munc(?:ii|\si)\b|\bc\.\s*muncii\b"
        r"|\blabou?r code\b")),
    ("penal", re.compile(
        r"\b(?:noul\s+)?cod(?:ul|ului)?\s+penal\b|\bc\.\s*pen\b\.?|\b(?:criminal|penal) code\b")),
    ("constitutie", re.compile(r"\bconstituti(?:a|ei|e|on)\b")),
)
# Acronyms only count in upper case and only when attached to a citation.
_CODE_ACRONYMS = re.compile(r"\b(NCPC|NCPP|NCC|NCP|CPC|CPP|CP)\b")
_ACRONYM_CODE = {"NCPC": "proc_civ", "CPC": "proc_civ", "NCPP": "proc_pen", "CPP": "proc_pen",
                 "NCC": "civil", "NCP": "penal", "CP": "penal"}
_AGREEMENT = re.compile(
    r"\b(?:the|this|that)\s+((?:[A-Z][A-Za-z&'-]*\s+){0,5}?"
    r"(?:Agreement|Contract|Lease|Deed|Terms(?: and Conditions)?|Addendum|Amendment|"
    r"Statement of Work|MSA|NDA|SOW|SPA))\b"
)
_CODE_AFTER_LAW = re.compile(r"\s*(?:-|,|:)?\s*(?:privind\s+|pentru\s+aprobarea\s+)?")


@dataclass(slots=True)
class _Act:
    start: int
    end: int
    ref: ActRef
    weak: bool = False  # never returned alone (acronym, bare "Legea nr", "this Agreement")
    used: bool = False


def _norm_number(number: str) -> str:
    """'1.275' -> '1275' (Romanian dotted thousands)."""
    return number.replace(".", "")


def _year_of(match: re.Match[str], first: int) -> str | None:
    return match.group(first + 1) or match.group(first + 2)


def _code_acts(key: str) -> list[_Act]:
    acts: list[_Act] = []
    for code, pattern in _CODE_RES:
        for m in pattern.finditer(key):
            kind = "constitutie" if code == "constitutie" else "cod"
            acts.append(_Act(m.start(), m.end(), ActRef(kind=kind, code=code)))
    return acts


def _numbered_acts(key: str) -> list[_Act]:
    acts: list[_Act] = []
    for pattern in _LAW_RES:
        for m in pattern.finditer(key):
            ref = ActRef("lege", _norm_number(m.group(1)), _year_of(m, 1))
            acts.append(_Act(m.start(), m.end(), ref))
    acts.extend(_Act(m.start(), m.end(), ActRef("lege"), weak=True)
                for m in _LAW_BARE.finditer(key))
    for kind, pattern in _GOV_RES:
        for m in pattern.finditer(key):
            acts.append(_Act(m.start(), m.end(),
                             ActRef(kind, _norm_number(m.group(1)), _year_of(m, 1))))
    return acts


def _eu_and_court_acts(key: str) -> list[_Act]:
    acts: list[_Act] = []
    for m in _EU_REG.finditer(key):
        first, second = m.group(1), m.group(2)
        year_first = len(first) == 4 and first[:2] in ("19", "20") and len(second) != 4
        number, year = (second, first) if year_first else (first, second)
        acts.append(_Act(m.start(), m.end(), ActRef("regulament", number, year)))
    for m in _GDPR.finditer(key):
        acts.append(_Act(m.start(), m.end(), ActRef("regulament", "679", "2016", title="GDPR")))
    for m in _DIRECTIVE.finditer(key):
        acts.append(_Act(m.start(), m.end(),
                         ActRef("other", m.group(2), m.group(1), title="Directiva")))
    for m in _DECISION.finditer(key):
        court = m.group(1) or ""
        if m.group(2) or court.startswith(("curtii", "ccr")):
            title = "Decizia CCR"
        elif court or _DECISION_ICCJ_AFTER.match(key, m.end()):
            title = "Decizia ICCJ"
        else:
            title = "Decizia"
        acts.append(_Act(m.start(), m.end(),
                         ActRef("other", _norm_number(m.group(3)), _year_of(m, 3), title=title)))
    return acts


def _weak_acts(cased: str) -> list[_Act]:
    acts = [_Act(m.start(), m.end(), ActRef("cod", code=_ACRONYM_CODE[m.group(1)]), weak=True)
            for m in _CODE_ACRONYMS.finditer(cased)]
    for m in _AGREEMENT.finditer(cased):
        acts.append(_Act(m.start(1), m.end(1), ActRef("agreement", title=m.group(1)), weak=True))
    return acts


def _merge_law_with_code(acts: list[_Act], key: str) -> list[_Act]:
    """'Legea nr. 53/2003 - Codul muncii' is one act: the law, with its code key."""
    merged: list[_Act] = []
    i = 0
    while i < len(acts):
        act = acts[i]
        nxt = acts[i + 1] if i + 1 < len(acts) else None
        if (nxt is not None and act.ref.kind in ("lege", "oug", "og") and act.ref.number
                and nxt.ref.code and not nxt.weak
                and _CODE_AFTER_LAW.fullmatch(key, act.end, nxt.start)):
            ref = ActRef(act.ref.kind, act.ref.number, act.ref.year, code=nxt.ref.code)
            merged.append(_Act(act.start, nxt.end, ref))
            i += 2
            continue
        merged.append(act)
        i += 1
    return merged


def _find_acts(key: str, cased: str) -> list[_Act]:
    """All act mentions, non-overlapping (earliest start wins, then the longest)."""
    found = _code_acts(key) + _numbered_acts(key) + _eu_and_court_acts(key) + _weak_acts(cased)
    found.sort(key=lambda a: (a.start, -(a.end - a.start)))
    kept: list[_Act] = []
    for act in found:
        if kept and act.start < kept[-1].end:
            continue
        kept.append(act)
    return _merge_law_with_code(kept, key)


# --------------------------------------------------------------------- citations

_RO_KW = (r"articolele|articolelor|articolului|articolul|articol|art\.?")
_EN_KW = (r"articles|article|sections|section|secs?\.|clauses|clause|cl\.|"
          r"paragraphs|paragraph|paras?\.")
_KEYWORD = re.compile(rf"(?:\b(?:{_EN_KW}|{_RO_KW})(?![a-z])|§§?)\s*")
_EN_KEYWORD = re.compile(rf"(?:{_EN_KW})$|§")
_PARAGRAPH_KW = re.compile(r"paragraphs?|paras?\.")

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_ART_NUMBER = re.compile(
    r"(\d+(?:\.\d+)*)(?:\s*\^\s*(\d+)|([⁰¹²³⁴⁵⁶⁷⁸⁹]+)|\s*ind(?:ice|\.)?\s*(\d+))?(?![\d])"
)
_ROMAN_ARTICLE = re.compile(r"([IVXL]{1,6})(?![A-Za-z])")
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_RANGE_DASH = re.compile(r"\s*-\s*")
_LIST_SEP = re.compile(r"\s*(?:,|;|\bsi\b|\bsau\b|\band\b|\bor\b|&)\s*(?:(?:al|ale)\s+)?")
_SAFE_AFTER = re.compile(
    r"\s*(?:$|[,;.:)\]/(]|-|\^|\bsi\b|\bsau\b|\band\b|\bor\b|\bdin\b|\bal\b|\bale\b|\bof\b|"
    r"\bunder\b|\bin\b|alin|lit|pct|c\.|cod|[⁰¹²³⁴⁵⁶⁷⁸⁹])"
)

_ALIN_KW = re.compile(
    r"\s*,?\s*(?:alineatului|alineatelor|alineatele|alineatul|alin\.?|al\.)(?![a-z])\s*")
_LIT_KW = re.compile(r"\s*,?\s*(?:literelor|literele|literei|litera|lit\.?)(?![a-z])\s*")
_PCT_KW = re.compile(r"\s*,?\s*(?:punctului|punctelor|punctele|punctul|pct\.?)(?![a-z])\s*")
_PAR_VALUE = re.compile(r"\(\s*(\d+(?:\^\d+)?)\s*\)|(\d+(?:\^\d+)?)(?![\d/]|[.,]\d)")
_LIT_VALUE = re.compile(r"([a-z](?:\^\d+)?)(?:\s*\))?(?![a-z])")
_PCT_VALUE = re.compile(r"(\d+(?:\^\d+)?)(?![\d/])")
_VALUE_SEP = re.compile(r"\s*(?:,|\bsi\b|\bsau\b|\band\b|\bor\b)\s*(?!art|alin|lit|pct)")
_BRACKET = re.compile(r"\s?\(\s*(\d+|[a-z]|[ivx]{1,5})\s*\)")
_ROMAN_POINT = re.compile(r"[ivx]{2,5}")

# "Alineatul (1) din Articolul 57", "lit. a) a art. 2", "paragraph 3 of Article 5"
_REVERSED_PREFIX = re.compile(
    r"(?:(?:lit\.?|litera)\s*([a-z])\)?\s*(?:,|a|al|din)\s+)?"
    r"(?:(?:alin\.?|alineatul)\s*\(?(\d+)\)?\s*(?:al|din|a)\s+|"
    r"(?:paragraph|para\.)\s*\(?(\d+)\)?\s+of\s+)?"
    r"(?:(?:pct\.?|punctul)\s*(\d+)\s*(?:,|al|din|a)\s*)?$"
)

_FOLLOW_GAP = re.compile(
    r"\s*,?\s*(?:(?:din|al|a|ale|from|of|under|in)\s+)?(?:(?:the|this|that)\s+)?"
)
_PRECEDE_GAP = re.compile(r"\s*(?:,|-|:)?\s*")
_CHAIN_GAP = re.compile(r"\s*(?:,|;)?\s*(?:(?:si|sau|and|or)\s+)?(?:(?:ale|al|a)\s+)?")


@dataclass(slots=True)
class _Unit:
    article: str | None
    paragraph: str | None = None
    letter: str | None = None
    point: str | None = None


@dataclass(slots=True)
class _Group:
    start: int
    end: int
    units: list[_Unit]
    act: _Act | None = None
    act_follows: bool = False
    english: bool = False


@dataclass(slots=True)
class _Cursor:
    key: str
    cased: str
    pos: int
    english: bool
    units: list[_Unit] = field(default_factory=list)


def _article_number(cur: _Cursor) -> str | None:
    """Read one article number at the cursor (advancing it), or None."""
    m = _ART_NUMBER.match(cur.key, cur.pos)
    if m:
        number = m.group(1)
        if not cur.english and _THOUSANDS.fullmatch(number):
            number = _norm_number(number)
        sup = m.group(2) or (m.group(3) or "").translate(_SUPERSCRIPTS) or m.group(4)
        cur.pos = m.end()
        return f"{number}^{sup}" if sup else number
    if not cur.english:
        r = _ROMAN_ARTICLE.match(cur.cased, cur.pos)
        if r:
            cur.pos = r.end()
            return r.group(1)
    return None


def _expand(first: str, last: str, *, letters: bool = False) -> list[str]:
    """Expand a range to its members, or keep the endpoints when it can't or is too long."""
    if letters and len(first) == len(last) == 1 and first <= last:
        if ord(last) - ord(first) < MAX_RANGE:
            return [chr(c) for c in range(ord(first), ord(last) + 1)]
        return [first, last]
    if first.isdigit() and last.isdigit() and 0 <= int(last) - int(first) < MAX_RANGE:
        return [str(n) for n in range(int(first), int(last) + 1)]
    return [first, last]


def _values(cur: _Cursor, pattern: re.Pattern[str], *, letters: bool = False) -> list[str]:
    """A list of values with ranges: '(3)-(7)', '(1) și (2)', 'a)-c)', '4, 5'."""
    out: list[str] = []
    m = pattern.match(cur.key, cur.pos)
    while m:
        value = next(g for g in m.groups() if g)
        cur.pos = m.end()
        dash = _RANGE_DASH.match(cur.key, cur.pos)
        end = pattern.match(cur.key, dash.end()) if dash else None
        if dash and end:
            out.extend(_expand(value, next(g for g in end.groups() if g), letters=letters))
            cur.pos = end.end()
        else:
            out.append(value)
        sep = _VALUE_SEP.match(cur.key, cur.pos)
        m = pattern.match(cur.key, sep.end()) if sep else None
        if m and not _SAFE_AFTER.match(cur.key, m.end()):
            m = None
    return out


def _levels(cur: _Cursor, article: str | None) -> list[_Unit]:
    """The alin./lit./pct. (or English bracket) chain after an article number."""
    units = [_Unit(article)]
    while True:
        last = units[-1]
        if m := _ALIN_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _PAR_VALUE)
            if not vals:
                break
            units[-1:] = [_Unit(last.article, v) for v in vals]
        elif m := _LIT_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _LIT_VALUE, letters=True)
            if not vals:
                break
            units[-1:] = [_Unit(last.article, last.paragraph, v) for v in vals]
        elif m := _PCT_KW.match(cur.key, cur.pos):
            cur.pos = m.end()
            vals = _values(cur, _PCT_VALUE)
            if not vals:
                break
            units[-1:] = [_Unit(last.article, last.paragraph, last.letter, v) for v in vals]
        elif m := _BRACKET.match(cur.key, cur.pos):
            _bracket(last, m.group(1))
            cur.pos = m.end()
        else:
            break
    return units


def _bracket(unit: _Unit, value: str) -> None:
    """English '(3)' -> paragraph, '(a)' -> letter, '(iv)' -> point (in place)."""
    if value.isdigit() and unit.paragraph is None and unit.letter is None:
        unit.paragraph = value
    elif len(value) == 1 and unit.letter is None and not value.isdigit():
        unit.letter = value
    elif _ROMAN_POINT.fullmatch(value) or len(value) == 1:
        unit.point = value


def _article_list(cur: _Cursor) -> bool:
    """Parse 'N[levels] [-M] [, N2[levels] ...]' into cur.units. False if no number."""
    first = _article_number(cur)
    if first is None:
        return False
    number: str | None = first
    while number is not None:
        save = cur.pos
        dash = _RANGE_DASH.match(cur.key, cur.pos)
        if dash:
            cur.pos = dash.end()
            end = _article_number(cur)
            if end is not None:
                for n in _expand(number, end):
                    cur.units.extend(_levels(cur, n) if n == end else [_Unit(n)])
            else:
                cur.pos = save
                cur.units.extend(_levels(cur, number))
        else:
            cur.units.extend(_levels(cur, number))
        number = _next_listed(cur)
    return True


def _next_listed(cur: _Cursor) -> str | None:
    """After ', ' or ' și ', another article number of the same citation, or None."""
    save = cur.pos
    sep = _LIST_SEP.match(cur.key, cur.pos)
    if not sep:
        return None
    cur.pos = sep.end()
    if _KEYWORD.match(cur.key, cur.pos):
        cur.pos = save
        return None
    number = _article_number(cur)
    if number is None or not _SAFE_AFTER.match(cur.key, cur.pos) or _looks_like_year(number):
        cur.pos = save
        return None
    return number


def _looks_like_year(number: str) -> bool:
    return len(number) == 4 and number[:2] in ("19", "20") and number.isdigit()


def _reversed_prefix(key: str, start: int, floor: int) -> tuple[int, _Unit] | None:
    """'Alineatul (1) din Articolul 57': the alin./lit./pct. written before the article
    (never reaching back before ``floor``, the end of the previous citation)."""
    window_start = max(floor, start - 80)
    m = _REVERSED_PREFIX.search(key, window_start, start)
    if not m or m.start() == m.end():
        return None
    letter, alin, para, point = m.groups()
    return m.start(), _Unit(None, alin or para, letter, point)


def _apply_prefix(units: list[_Unit], prefix: _Unit) -> None:
    for unit in units:
        unit.paragraph = unit.paragraph or prefix.paragraph
        unit.letter = unit.letter or prefix.letter
        unit.point = unit.point or prefix.point


def _find_groups(key: str, cased: str) -> list[_Group]:
    """Every citation group: keyword, numbers, levels (acts not yet attached)."""
    groups: list[_Group] = []
    pos = floor = 0
    while (m := _KEYWORD.search(key, pos)) is not None:
        kw = m.group(0).strip()
        english = bool(_EN_KEYWORD.match(kw))
        cur = _Cursor(key, cased, m.end(), english)
        if _PARAGRAPH_KW.fullmatch(kw):
            vals = _values(cur, _PAR_VALUE)
            cur.units = [_Unit(None, v) for v in vals]
            ok = bool(vals)
        else:
            ok = _article_list(cur)
        if not ok:
            pos = m.end() if m.end() > m.start() else m.start() + 1
            continue
        start = m.start()
        prefix = _reversed_prefix(key, start, floor)
        if prefix is not None:
            start = prefix[0]
            _apply_prefix(cur.units, prefix[1])
        groups.append(_Group(start, _trim_end(key, cur.pos), cur.units, english=english))
        if any(u.article for u in cur.units):
            floor = groups[-1].end  # a later reversed prefix never reaches back past it
        pos = cur.pos
    return _drop_paragraph_prefixes(groups)


def _drop_paragraph_prefixes(groups: list[_Group]) -> list[_Group]:
    """'paragraph 3 of Article 5' is one citation: drop the paragraph-only group."""
    kept: list[_Group] = []
    for group in groups:
        if kept and group.start < kept[-1].end:
            kept.pop()
        kept.append(group)
    return kept


def _trim_end(key: str, end: int) -> int:
    while end > 0 and key[end - 1].isspace():
        end -= 1
    return end


# ------------------------------------------------------------------- attachment


def _attach(groups: list[_Group], acts: list[_Act], key: str) -> None:
    """Attach following acts, then preceding ones, then share along chains."""
    starts = [a.start for a in acts]  # acts are sorted and non-overlapping
    for group in groups:
        gap = _FOLLOW_GAP.match(key, group.end)
        gap_end = gap.end() if gap else group.end
        i = bisect.bisect_left(starts, group.end)
        act = acts[i] if i < len(acts) and acts[i].start <= gap_end else None
        if act is not None and act.start != gap_end and not _PRECEDE_GAP.fullmatch(
                key, group.end, act.start):  # "din Legea": the gap ate a word of the act
            act = None
        if act is not None:
            group.act, group.act_follows, act.used = act, True, True
            group.end = act.end
    for group in groups:
        i = bisect.bisect_right(starts, group.start) - 1
        act = acts[i] if i >= 0 and group.act is None else None
        if (act is not None and not act.used and act.end <= group.start
                and _PRECEDE_GAP.fullmatch(key, act.end, group.start)):
            group.act, act.used = act, True
            group.start = act.start
    for left, right in zip(reversed(groups[:-1]), reversed(groups[1:]), strict=True):
        if (left.act is None and right.act is not None and right.act_follows
                and _CHAIN_GAP.fullmatch(key, left.end, right.start)):
            left.act = right.act
            left.act_follows = True


def _references(groups: list[_Group], acts: list[_Act], text: str) -> list[Reference]:
    out: list[tuple[int, Reference]] = []
    for group in groups:
        span = (group.start, group.end)
        act = group.act.ref if group.act else None
        for unit in group.units:
            out.append((group.start, Reference(unit.article, unit.paragraph, unit.letter,
                                               unit.point, act, span, text[span[0]:span[1]])))
    for act_hit in acts:
        if act_hit.used or act_hit.weak or act_hit.ref.kind == "agreement":
            continue
        span = (act_hit.start, act_hit.end)
        out.append((act_hit.start, Reference(None, None, None, None, act_hit.ref, span,
                                             text[span[0]:span[1]])))
    out.sort(key=lambda pair: pair[0])
    return [ref for _, ref in out]


def parse_references(text: str) -> list[Reference]:
    """Every legal reference in ``text``, in order of appearance.

    Never raises on any string; returns ``[]`` when nothing is cited. See the module
    docstring for the forms understood and how ranges, lists and acts are resolved.
    """
    if not text:
        return []
    key = fold_diacritics(match_key(text))
    cased = fold_diacritics(text)
    if len(key) != len(text) or len(cased) != len(text):  # pragma: no cover - defensive
        return []
    acts = _find_acts(key, cased)
    groups = _find_groups(key, cased)
    _attach(groups, acts, key)
    return _references(groups, acts, text)


# --------------------------------------------------------------------- locators

_EN_LOCATOR_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:sections?|secs?\.)|§", re.IGNORECASE), "Section"),
    (re.compile(r"\b(?:clauses?|cl\.)", re.IGNORECASE), "Clause"),
    (re.compile(r"\barticles?\b", re.IGNORECASE), "Article"),
)
_RO_ART_WITH_BRACKET = re.compile(r"\bart(?:\.|icol)?\w*\s*[\d.^]+\s?\(", re.IGNORECASE)


def _english_word(ref: Reference) -> str | None:
    """'Section' | 'Clause' | 'Article' when the citation was written in English."""
    for pattern, word in _EN_LOCATOR_WORDS:
        if pattern.search(ref.raw):
            return word
    if ref.article is None and ref.paragraph is not None and re.search(
            r"\bparagraph|\bpara\.", ref.raw, re.IGNORECASE):
        return "paragraph"
    english_act = ref.act is not None and ref.act.kind == "agreement"
    if ref.article is not None and (english_act or _RO_ART_WITH_BRACKET.search(ref.raw)):
        return "Article"
    return None


def locator_of(ref: Reference) -> str:
    """The canonical locator the ingest chunker uses for the cited unit.

    Romanian: ``"art. 57"``, ``"art. 57 alin. (3)"``, ``"art. 57 alin. (3) lit. b)"``,
    ``"art. 1 alin. (1) pct. 4"``. English: ``"Section 5.2"``, ``"Section 5.2(a)"``,
    ``"Clause 12.1"``, ``"Article 6(1)(f)"``, ``"paragraph 3"``. ``""`` for an
    act-only reference.
    """
    word = _english_word(ref)
    if word == "paragraph":
        return f"paragraph {ref.paragraph}"
    if word is not None:
        tail = "".join(f"({p})" for p in (ref.paragraph, ref.letter, ref.point) if p)
        return f"{word} {ref.article}{tail}"
    parts: list[str] = []
    if ref.article is not None:
        parts.append(f"art. {ref.article}")
    if ref.paragraph is not None:
        parts.append(f"alin. ({ref.paragraph})")
    if ref.letter is not None:
        parts.append(f"lit. {ref.letter})")
    if ref.point is not None:
        parts.append(f"pct. {ref.point}")
    return " ".join(parts)
