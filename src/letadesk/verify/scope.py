"""Gate 1 (scope): is the question a legal question at all?

``check_scope(question)`` is deterministic and offline: a bilingual (Romanian,
English) lexicon of legal vocabulary, matched on a diacritic-folded, lower-cased key,
plus the reference parser (a question that cites ``art. 7 din Legea nr. 98/2016``,
``Section 5.2`` or ``Codul civil`` is legal by definition).

The gate is deliberately generous. Refusing a real legal question is worse than
letting an off-topic one through, because retrieval refuses anyway when the firm's
documents hold nothing relevant. The decision rule:

* a cited legal reference -> in scope (score 1.0);
* at least one *strong* legal term (``contract``, ``concediere``, ``prescripție``,
  ``indemnification``, ``GDPR`` ...) -> in scope, whatever else the question says;
* otherwise *weak* terms (words that are legal only in context: ``termen``,
  ``party``, ``notice``, ``penalty``) count half each; two or more of them -> in
  scope, unless an off-topic marker (weather, recipes, sport, programming, small
  talk) is present;
* otherwise out of scope.

``score`` is the legal evidence in [0, 1]: 1.0 for a reference, else
``min(1, (strong + 0.5 * weak) / 2)``. Reasons name the evidence found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from letadesk.references import locator_of, parse_references
from letadesk.text import fold_diacritics, match_key

__all__ = ["ScopeVerdict", "check_scope"]


@dataclass(frozen=True, slots=True)
class ScopeVerdict:
    """Whether a question is in the legal domain, why, and how strongly."""

    in_scope: bool
    reason: str
    score: float
    legal_terms: tuple[str, ...] = ()  # the legal terms found
    off_topic_terms: tuple[str, ...] = ()  # the off-topic markers found


# Entries are comma-separated; a trailing "*" matches any ending (Romanian inflection,
# English plurals); a space inside an entry matches any run of spaces. Entries are
# diacritic-folded at compile time and matched on a folded, lower-case key.
_STRONG_RO = """
bun comun, bunuri comune, bunurile comune, regim* matrimonial*, angajatul, angajatului,
angajatii, angajatilor, angajata, ore suplimentare, orele suplimentare,
act* administrativ*, actului administrativ, contencios*, lege, legea, legii, legile,
legilor, legal*, ilegal*, legislati*, juridic*, jurisprudent*, doctrin*, contract*, clauz*,
conventi*, instanta, instantei, instantele, instantelor, tribunal*, judecat*, sentint*,
recurs*, contestati*, contesta, contestat*, plangere*, reclamant*, parat*, petent*,
intimatul, intimata, intimatului, litigi*, proces, procesul, procese, procesului,
executor*, prescripti*, decader*, nulitat*, anulabil*, rezolutiun*, rezilier*, rezilia,
rezilie*, denuntar*, preaviz*, obligati*, debitor*, creditor*, creant*, cesiun*,
fidejusiun*, gaj*, ipotec*, vanzator*, cumparator*, chirias*, locatiun*, locatar*,
proprietar*, proprietat*, uzucapiun*, succesiun*, mostenir*, mostenitor*, testament*,
partaj*, divort*, angajator*, salariat*, concedier*, concedia*, concediat*, demisi*,
sindicat*, revisal, impozit*, tva, anaf, contribuabil*, fiscal*, fiscalitat*, infractiun*,
infractor*, penal, penala, penale, penalul, penalului, inselaciun*, contraventi*,
sanctiun*, raspunder*, prejudici*, daun*, despagubir*, culpa, vinovati*, contractant*,
ofertant*, licitati*, cnsc, atribuir*, anspdcp, gdpr, rgpd, confidentialitat*, srl,
actionar*, insolvent*, faliment*, lichidar*, notar*, autentic*, avocat*, jurist*, mandat*,
procur*, imputernicir*, constituti*, ccr, iccj, cedo, reglementar*, reglement*, ordonant*,
oug, autorizati*, urbanism, cadastr*, intabular*, uzufruct*, servitut*, garanti*, vicii*,
dol, comodat*, mandatar*, antecontract*, arvun*, penalitat*, jurisdicti*, arbitraj*,
omor*, ucider*, ucide, ucis, furt*, talhari*, delapidar*, viol, violul, santaj*, mita,
mituir*, evaziun*, pedeaps*, inchisoare, inchisorii, detentie, condamn*, infract*, faptuitor*,
inculpat*, suspectul, suspectului, tentativ*, complicitat*, abuz in serviciu, falsul,
falsificar*, contrafac*, lovire, loveste, lovit*, vatamar*, victim*, cnp,
arbitru, arbitrul, arbitri, mediere, mediator*, achizitii publice, achizitie publica,
achizitia publica, curtea de apel, curtii de apel, curtea constitutionala,
curtii constitutionale, curtea suprema, curtea de justitie, imbogatire fara justa cauza,
administratorul societatii, autoritate parinteasca, dreptul de proprietate,
hotararea guvernului, drept de proprietate, contract individual, perioadei de proba,
hotararea adunarii, pensie alimentara, pensia alimentara, perioada de proba,
caracter personal, consilier juridic, raspunde personal, adunarea generala,
executare silit*, eroare esentiala, plata nedatorata, viciile ascunse, acte normative,
date personale, interes public, carte funciara, dobanda legala, act aditional,
vicii ascunse, act normativ, forta majora, daune morale, caz fortuit, cesionar*, ceda,
cedez, cedeaza, cedeze, cedat, cedata, cedare*, penalizar*
"""
_STRONG_EN = """
hidden defect*, latent defect*, law, laws, lawful*, unlawful*, illegal*, legal*, legislat*,
statut*, regulation*, regulatory, directive*, court, courts, judge*, judgment*, judgement*,
tribunal*, arbitrat*, arbitral, litigat*, lawsuit*, sue, sued, suing, claimant*,
plaintiff*, defendant*, appellate, jurisdiction*, venue, contract*, agreement*, clause*,
covenant*, warrant*, indemn*, liabilit*, liable, damages, breach*, terminat*, rescission,
rescind*, obligation*, counterpart*, assignment*, assignor, assignee, licens*, lease*,
lessor*, lessee*, landlord*, tenan*, sublet*, subleas*, employ*, dismiss*, redundanc*,
severance, wage*, withholding, royalt*, insolven*, bankrupt*, liquidat*, creditor*,
debtor*, mortgage*, lien, liens, collateral, surety, sureties, guarantor*, easement*,
inherit*, heir, heirs, probate, testament*, divorc*, custody, alimony, criminal*, crime,
crimes, offence*, offense*, prosecut*, convict*, misrepresent*, fraud*, negligen*, tort,
torts, compensat*, injunct*, enforceab*, enforcement, procurement, tender, tenders,
tendering, tenderer*, bidder*, privacy, confidential*, nda, ndas, non-compete, noncompete,
non-solicit*, shareholder*, stockholder*, corporate, incorporat*, merger*, acquisition*,
copyright*, trademark*, patent*, infringe*, deed, deeds, notar*, attorney*, lawyer*,
murder*, homicide*, manslaughter, theft, thef*, robber*, burglar*, embezzl*, brib*,
blackmail*, extortion, imprisonment, sentenced, sentencing, felon*, misdemeanor*, misdemeanour*,
counsel, solicitor*, barrister*, complian*, sanction*, regulator*, subpoena*, affidavit*,
testimony, exclusivity, most-favoured, most-favored, escrow, non-disclosure, void,
voidable, nullity, annul*, rescis*, vat, taxes, taxation, taxable, tax, fiduciar*,
insurer*, policyholder*, sow, msa, foia, zoning, constitution*, articles of association,
statute of limitations, freedom of information, contracting authority,
intellectual property, specific performance, planning permission, power of attorney,
limitation period, change of control, statement of work, data protection, building permit,
share purchase, personal data, data subject*, force majeure, governing law, due diligence
"""
_WEAK_RO = """
acord*, sot, sotul, sotului, sotia, sotiei, suspendar*, executar*, drept, drepturi,
dreptul, dreptului, termen*, termenul, actiun*, apel*, hotarar*, decizi*, proced*,
notificar*, datori*, vanzar*, cumpar*, chiri*, munc*, salari*, taxa, taxe, taxei, taxelor,
anula, anular*, anule*, achizit*, autoritat*, asociat*, asociere*, societat*, competent*,
imprumut*, donati*, promisiun*, curtea, curtii, pedeaps*, amend*, furt*, oferta, ofertei,
administrator*, operator*, dispozit*, norma, norme, normele, normelor, cerere, cererea,
document*, semnat*, semnatur*, parte, partea, partile, parti, dobanzi, dobanda,
termenul de plata, onorari*, consimtam*, cookie*, autorizat*, concedi*, angaja*,
prelucr*, risca, riscul, accident*, sofer*, candida*, presedinte*, voie, obligat, obligata,
obligate, ramburs*, restitui*
"""
_WEAK_EN = """
defect*, seller*, buyer*, party, parties, notice, notices, penalty, penalties, fine, fines,
claim, claims, rights, dispute*, liabl*, owner*, ownership, property, tenure, sign, signed,
signing, signator*, signature*, terms, remedy, remedies, directors, officers, insured,
condition*, director*, company, companies, consent, controller*, processor*, authority,
authorities, permit*, evidence, witness*, rent, deposit*, debt*, debts, dividend*, salary,
salaries, insurance, premium, right of, cookie*, consent*, renew*, expir*, allowed,
entitled, permitted, refund*
"""
_OFF_TOPIC = """
vreme, meteo, ploua, ninge, temperatura, grade, weather, forecast, rain, snow, sunny,
reteta, retete, gatesc, gateste, coace, cozonac, ciorba, prajitur*, recipe*, bake, baking,
cook, cooks, cooked, cooking, cookbook*, boil*, oven, meci*, fotbal, gol, goluri, scor*,
campionat*, match, football, soccer,
league, score, tennis, python, java, javascript, css, html, sql, git, linux, windows,
excel, outlook, programare, function*, code, buna, salut, hello, hey, joke*, banc, glum*,
film*, movie*, novel*, roman, song*, calori*, exercit*, workout, diet*, sleep, vacanta,
plaja, plaje, beach, hiking, trail*, travel*, zbor*, flight*, cod sursa, ce faci
"""


def _entry(entry: str) -> str:
    """Regex for one lexicon entry: words joined by spaces, '*' for any ending."""
    words = fold_diacritics(entry.strip()).split()
    parts = [re.escape(w[:-1]) + r"[a-z0-9-]*" if w.endswith("*") else re.escape(w) for w in words]
    return r"\s+".join(parts)


def _compile(*lexicons: str) -> re.Pattern[str]:
    """One regex over whole words for the given comma-separated lexicons."""
    entries = {_entry(e) for lexicon in lexicons for e in lexicon.split(",") if e.strip()}
    body = "|".join(sorted(entries, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{body})(?![a-z0-9])")


_STRONG = _compile(_STRONG_RO, _STRONG_EN)
_WEAK = _compile(_WEAK_RO, _WEAK_EN)
_OFF = _compile(_OFF_TOPIC)


def _key(text: str) -> str:
    return fold_diacritics(match_key(text))


def _hits(pattern: re.Pattern[str], key: str) -> list[str]:
    return [m.group(0) for m in pattern.finditer(key)]


def check_scope(question: str) -> ScopeVerdict:
    """Decide whether ``question`` is a legal question (Romanian or English).

    Never raises. In scope when it cites a legal reference, uses one strong legal
    term, or uses two weak legal terms and no off-topic marker. The reason names
    the evidence (the reference, or up to three terms found).
    """
    refs = parse_references(question)
    if refs:
        shown = locator_of(refs[0]) or refs[0].raw
        return ScopeVerdict(True, f"in scope: the question cites a legal reference ({shown})", 1.0)
    key = _key(question)
    strong = _hits(_STRONG, key)
    weak = _hits(_WEAK, key)
    evidence = len(strong) + 0.5 * len(weak)
    score = min(1.0, evidence / 2)
    if strong:
        return ScopeVerdict(True, f"in scope: legal terms found ({_list(strong + weak)})", score)
    off = _hits(_OFF, key)
    if len(weak) >= 2 and not off:
        return ScopeVerdict(True, f"in scope: legal terms found ({_list(weak)})", score)
    legal, off_topic = tuple(_terms(weak)), tuple(_terms(off))
    if off:
        return ScopeVerdict(
            False,
            "out of scope: the question is not a legal question "
            f"(off-topic terms found: {_list(off)}; legal terms: {_list(weak) or 'none'})",
            score,
            legal,
            off_topic,
        )
    if weak:
        return ScopeVerdict(
            False,
            "out of scope: the question is not a legal question "
            f"(too few legal terms: {_list(weak)})",
            score,
            legal,
        )
    return ScopeVerdict(
        False, "out of scope: the question is not a legal question (no legal terms found)", score
    )


def _terms(terms: list[str]) -> list[str]:
    """The first three distinct terms, in order."""
    return list(dict.fromkeys(terms))[:3]


def _list(terms: list[str]) -> str:
    return ", ".join(_terms(terms))
