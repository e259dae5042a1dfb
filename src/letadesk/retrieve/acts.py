"""Does a document hold the act a reference names? (Legea nr. 98/2016, Codul civil, …)"""

from __future__ import annotations

import re

from letadesk.domain import Document
from letadesk.references import ActRef
from letadesk.text import fold_diacritics

# Words that identify each code in a title or file name (diacritics folded, lower case).
CODE_NAMES: dict[str, tuple[str, ...]] = {
    "civil": ("codul civil", "codul_civil", "cod civil"),
    "fiscal": ("codul fiscal", "codul_fiscal"),
    "muncii": ("codul muncii", "codul_muncii"),
    "penal": ("codul penal", "codul_penal"),
    "proc_civ": ("procedura civila", "procedura_civila"),
    "proc_pen": ("procedura penala", "procedura_penala"),
    "proc_fiscal": ("procedura fiscala", "procedura_fiscala"),
    "constitutie": ("constitutia", "constitutie"),
}
# Laws that are codes, so "Legea nr. 287/2009" finds Codul civil and vice versa.
CODE_LAWS: dict[str, tuple[str, str]] = {
    "civil": ("287", "2009"),
    "fiscal": ("227", "2015"),
    "muncii": ("53", "2003"),
    "penal": ("286", "2009"),
    "proc_civ": ("134", "2010"),
    "proc_pen": ("135", "2010"),
    "proc_fiscal": ("207", "2015"),
}


# A title that opens by naming an act of law ("LEGE nr. 85 din …", "Codul civil",
# "ORDONANȚĂ DE URGENȚĂ …", "Regulamentul (UE) 2016/679"), diacritics folded.
_STATUTE = re.compile(
    r"\s*(?:lege|legea|cod|codul|ordonant|hotarar|constituti|regulament|directiv)"
)


def is_statute(doc: Document) -> bool:
    """Whether ``doc`` is an act of law, by its title (or file name, when its title is
    the file's name): a law, code, ordinance, decision, regulation, the Constitution."""
    return _STATUTE.match(fold_diacritics(doc.title.lower())) is not None


def _haystack(doc: Document) -> str:
    return fold_diacritics(f"{doc.title} {doc.file_name}".lower())


def act_matches(act: ActRef, doc: Document) -> bool:
    """True when the document's title or file name identifies the act named."""
    hay = _haystack(doc)
    if act.code:
        if any(name in hay for name in CODE_NAMES.get(act.code, ())):
            return True
        law = CODE_LAWS.get(act.code)
        return law is not None and _names_number(hay, *law)
    if act.number and act.year:
        return _names_number(hay, act.number, act.year)
    if act.title:
        return fold_diacritics(act.title.lower()) in hay
    return False


def _names_number(hay: str, number: str, year: str) -> bool:
    pattern = rf"(?<!\d){re.escape(number)}\s*[/_-]\s*{re.escape(year)}(?!\d)"
    spelled = rf"nr\.?\s*{re.escape(number)}\s+din\s+[^/]*?{re.escape(year)}"
    return re.search(pattern, hay) is not None or re.search(spelled, hay) is not None
