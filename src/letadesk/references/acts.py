"""Finding the acts named in a text: laws, ordinances, codes, EU acts, court decisions,
agreements (``parse_references`` attaches them to citations)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from letadesk.references.model import ActRef

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
# Romanian acts named in English, always with their year ("Law no. 85/2014", "Government
# Emergency Ordinance no. 57/2019", "GEO 57/2019"): a contract's "Law No. 1234" of
# another country is no act of this kind.
_EN_TAIL = rf"\s*(?:no\.?\s*)?{_NUM}\s*/\s*(\d{{4}})(?!\d)"
_EN_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("lege", re.compile(r"\blaw(?![a-z])" + _EN_TAIL)),
    ("oug", re.compile(r"\b(?:(?:government )?emergency ordinance|e?\.?g\.?e\.?o\.?)" + _EN_TAIL)),
    ("og", re.compile(r"\b(?<!emergency )(?:government ordinance|g\.?o\.?)" + _EN_TAIL)),
    ("hg", re.compile(r"\b(?:government decision|g\.?d\.?)" + _EN_TAIL)),
)
_GOV_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "oug",
        re.compile(
            r"\b(?:o\.?\s?u\.?\s?g\.?|ordonant(?:a|ei) de urgenta(?:\s+a\s+guvernului)?)(?![a-z])"
            + _NR_TAIL
        ),
    ),
    (
        "og",
        re.compile(
            r"\b(?:o\.?\s?g\.?|ordonant(?:a|ei)(?!\s+de\s+urgenta)(?:\s+guvernului)?)(?![a-z])"
            + _NR_TAIL
        ),
    ),
    ("hg", re.compile(r"\b(?:h\.?\s?g\.?|hotarar(?:ea|ii)(?:\s+guvernului)?)(?![a-z])" + _NR_TAIL)),
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
    (
        "proc_civ",
        re.compile(
            r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+civila\b|\bc\.\s*proc\.\s*civ\b\.?"
            r"|\bcode of civil procedure\b|\bcivil procedure code\b"
        ),
    ),
    (
        "proc_pen",
        re.compile(
            r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+penala\b|\bc\.\s*proc\.\s*pen\b\.?"
            r"|\bcode of criminal procedure\b|\bcriminal procedure code\b"
        ),
    ),
    (
        "proc_fiscal",
        re.compile(
            r"\bcod(?:ul|ului)?\s+(?:de\s+)?procedura\s+fiscala\b|\bc\.\s*proc\.\s*fisc?\b\.?"
            r"|\bfiscal procedure code\b"
        ),
    ),
    (
        "civil",
        re.compile(
            r"\b(?:noul\s+)?cod(?:ul|ului)?\s+civil\b|\bc\.\s*civ\b\.?|\bn\.c\.c\.?(?![a-z])"
            r"|\bcivil code\b"
        ),
    ),
    (
        "fiscal",
        re.compile(r"\bcod(?:ul|ului)?\s+fiscal\b|\bc\.\s*fisc?\b\.?|\b(?:fiscal|tax) code\b"),
    ),
    (
        "muncii",
        re.compile(
            r"\bcod(?:ul|ului)?\s+munc(?:ii|\si)\b|\bc\.\s*muncii\b"
            r"|\blabou?r code\b"
        ),
    ),
    (
        "penal",
        re.compile(
            r"\b(?:noul\s+)?cod(?:ul|ului)?\s+penal\b|\bc\.\s*pen\b\.?|\b(?:criminal|penal) code\b"
        ),
    ),
    ("constitutie", re.compile(r"\bconstituti(?:a|ei|e|on)\b")),
)
# Acronyms only count in upper case and only when attached to a citation.
_CODE_ACRONYMS = re.compile(r"\b(NCPC|NCPP|NCC|NCP|CPC|CPP|CP)\b")
_ACRONYM_CODE = {
    "NCPC": "proc_civ",
    "CPC": "proc_civ",
    "NCPP": "proc_pen",
    "CPP": "proc_pen",
    "NCC": "civil",
    "NCP": "penal",
    "CP": "penal",
}
_AGREEMENT = re.compile(
    r"\b(?:the|this|that)\s+((?:[A-Z][A-Za-z&'-]*\s+){0,5}?"
    r"(?:Agreement|Contract|Lease|Deed|Terms(?: and Conditions)?|Addendum|Amendment|"
    r"Statement of Work|MSA|NDA|SOW|SPA))\b"
)
_CODE_AFTER_LAW = re.compile(r"\s*(?:-|,|:)?\s*(?:privind\s+|pentru\s+aprobarea\s+)?")


@dataclass(slots=True)
class Act:
    start: int
    end: int
    ref: ActRef
    weak: bool = False  # never returned alone (acronym, bare "Legea nr", "this Agreement")
    used: bool = False


def norm_number(number: str) -> str:
    """'1.275' -> '1275' (Romanian dotted thousands)."""
    return number.replace(".", "")


def _year_of(match: re.Match[str], first: int) -> str | None:
    return match.group(first + 1) or match.group(first + 2)


def _code_acts(key: str) -> list[Act]:
    acts: list[Act] = []
    for code, pattern in _CODE_RES:
        for m in pattern.finditer(key):
            kind = "constitutie" if code == "constitutie" else "cod"
            acts.append(Act(m.start(), m.end(), ActRef(kind=kind, code=code)))
    return acts


def _numbered_acts(key: str) -> list[Act]:
    acts: list[Act] = []
    for pattern in _LAW_RES:
        for m in pattern.finditer(key):
            ref = ActRef("lege", norm_number(m.group(1)), _year_of(m, 1))
            acts.append(Act(m.start(), m.end(), ref))
    acts.extend(Act(m.start(), m.end(), ActRef("lege"), weak=True) for m in _LAW_BARE.finditer(key))
    for kind, pattern in _GOV_RES:
        for m in pattern.finditer(key):
            acts.append(
                Act(m.start(), m.end(), ActRef(kind, norm_number(m.group(1)), _year_of(m, 1)))
            )
    for kind, pattern in _EN_RES:
        acts += [
            Act(m.start(), m.end(), ActRef(kind, norm_number(m.group(1)), m.group(2)))
            for m in pattern.finditer(key)
        ]
    return acts


def _eu_and_court_acts(key: str) -> list[Act]:
    acts: list[Act] = []
    for m in _EU_REG.finditer(key):
        first, second = m.group(1), m.group(2)
        year_first = len(first) == 4 and first[:2] in ("19", "20") and len(second) != 4
        number, year = (second, first) if year_first else (first, second)
        acts.append(Act(m.start(), m.end(), ActRef("regulament", number, year)))
    for m in _GDPR.finditer(key):
        acts.append(Act(m.start(), m.end(), ActRef("regulament", "679", "2016", title="GDPR")))
    for m in _DIRECTIVE.finditer(key):
        acts.append(
            Act(m.start(), m.end(), ActRef("other", m.group(2), m.group(1), title="Directiva"))
        )
    for m in _DECISION.finditer(key):
        court = m.group(1) or ""
        if m.group(2) or court.startswith(("curtii", "ccr")):
            title = "Decizia CCR"
        elif court or _DECISION_ICCJ_AFTER.match(key, m.end()):
            title = "Decizia ICCJ"
        else:
            title = "Decizia"
        acts.append(
            Act(
                m.start(),
                m.end(),
                ActRef("other", norm_number(m.group(3)), _year_of(m, 3), title=title),
            )
        )
    return acts


def _weak_acts(cased: str) -> list[Act]:
    acts = [
        Act(m.start(), m.end(), ActRef("cod", code=_ACRONYM_CODE[m.group(1)]), weak=True)
        for m in _CODE_ACRONYMS.finditer(cased)
    ]
    for m in _AGREEMENT.finditer(cased):
        acts.append(Act(m.start(1), m.end(1), ActRef("agreement", title=m.group(1)), weak=True))
    return acts


def _merge_law_with_code(acts: list[Act], key: str) -> list[Act]:
    """'Legea nr. 53/2003 - Codul muncii' is one act: the law, with its code key."""
    merged: list[Act] = []
    i = 0
    while i < len(acts):
        act = acts[i]
        nxt = acts[i + 1] if i + 1 < len(acts) else None
        if (
            nxt is not None
            and act.ref.kind in ("lege", "oug", "og")
            and act.ref.number
            and nxt.ref.code
            and not nxt.weak
            and _CODE_AFTER_LAW.fullmatch(key, act.end, nxt.start)
        ):
            ref = ActRef(act.ref.kind, act.ref.number, act.ref.year, code=nxt.ref.code)
            merged.append(Act(act.start, nxt.end, ref))
            i += 2
            continue
        merged.append(act)
        i += 1
    return merged


def find_acts(key: str, cased: str) -> list[Act]:
    """All act mentions, non-overlapping (earliest start wins, then the longest)."""
    found = _code_acts(key) + _numbered_acts(key) + _eu_and_court_acts(key) + _weak_acts(cased)
    found.sort(key=lambda a: (a.start, -(a.end - a.start)))
    kept: list[Act] = []
    for act in found:
        if kept and act.start < kept[-1].end:
            continue
        kept.append(act)
    return _merge_law_with_code(kept, key)
