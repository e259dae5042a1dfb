"""How an act and a citation are written in Romanian: "Codul penal", "Legea nr.
98/2016", "art. 31 din Codul muncii" (messages, the draft check's searches, and a
question's citations read in Romanian words: :mod:`letadesk.retrieve.crosslingual`)."""

from __future__ import annotations

from letadesk.references.locators import ROMANIAN_ACTS, locator_of, romanian_locator
from letadesk.references.model import ActRef, Reference

CODE_TITLES = {
    "civil": "Codul civil",
    "fiscal": "Codul fiscal",
    "muncii": "Codul muncii",
    "penal": "Codul penal",
    "proc_civ": "Codul de procedură civilă",
    "proc_pen": "Codul de procedură penală",
    "proc_fiscal": "Codul de procedură fiscală",
    "constitutie": "Constituția",
}
_KIND_TITLES = {"lege": "Legea", "oug": "OUG", "og": "OG", "hg": "HG"}


def act_title(act: ActRef) -> str:
    """How messages name an act: "Codul penal", "Legea nr. 98/2016", "OUG nr. 195/2002"."""
    if act.code and (act.kind in ("cod", "constitutie") or not act.number):
        return CODE_TITLES.get(act.code, act.code)
    if act.kind == "regulament":
        return f"Regulamentul (UE) {act.year}/{act.number}"
    if act.title == "Directiva":
        return f"Directiva {act.year}/{act.number}"
    word = act.title or _KIND_TITLES.get(act.kind, act.kind.capitalize())
    return f"{word} nr. {act.number}/{act.year}"


def romanian_citation(ref: Reference) -> str:
    """``ref`` as a Romanian citation: "art. 31 alin. (1) din Codul muncii" (a Romanian
    act's unit however written: "article 31(1) of the Labour Code"), "Legea nr. 544/2001"
    (an act alone), "art. 5", "Section 3.1" (no act: as :func:`locator_of` names it); an
    agreement's, as written."""
    if ref.act is not None and ref.act.kind == "agreement":
        return ref.raw
    romanian = ref.act is not None and ref.act.kind in ROMANIAN_ACTS
    unit = romanian_locator(ref) if romanian else locator_of(ref)
    act = act_title(ref.act) if ref.act is not None else ""
    return f"{unit} din {act}" if unit and act else unit or act or ref.raw
