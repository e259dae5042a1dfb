"""Hand-written facts as contracts and laws state them, and as lawyers restate them.

Each :class:`Frame` is one kind of provision (a notice period, a payment deadline, a
penalty, a definition, an obligation, an exception …) in one language: how a source
states it (``quotes``), faithful restatements in two DISJOINT sets of phrasings (``train``
and ``held``: the judge may learn from the first only; the second measures phrasings it
never saw), and restatements that negate it (``negated_train`` / ``negated_held``).
Slots: ``{Q}`` a duration, ``{N}``/``{M}`` bare numbers, ``{P}`` a percentage, ``{A}`` an
amount, ``{X}``/``{Y}`` the two parties (``{Xg}``/``{Yg}``: Romanian genitive-dative),
``{E}`` an entity (a state, a law, a court) from ``entities``. Frames with ``held_out`` set
are never trained on at all (leave-types-out).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Frame:
    key: str
    lang: str
    kind: str
    quotes: tuple[str, ...]
    train: tuple[str, ...]
    held: tuple[str, ...]
    negated_train: tuple[str, ...] = ()
    negated_held: tuple[str, ...] = ()
    durations: tuple[tuple[int, str], ...] = ()
    entities: tuple[str, ...] = ()
    held_out: bool = False
    numbers: tuple[int, ...] = field(default=(1, 2, 3, 5, 7, 10))


EN_PARTIES = (
    ("Licensor", "Licensee"),
    ("Supplier", "Customer"),
    ("Company", "Distributor"),
    ("Seller", "Buyer"),
    ("Franchisor", "Franchisee"),
    ("Provider", "Client"),
)
RO_PARTIES = (  # (nominative, genitive-dative)
    (("Prestatorul", "Prestatorului"), ("Beneficiarul", "Beneficiarului")),
    (("Vânzătorul", "Vânzătorului"), ("Cumpărătorul", "Cumpărătorului")),
    (("Locatorul", "Locatorului"), ("Locatarul", "Locatarului")),
    (("Furnizorul", "Furnizorului"), ("Clientul", "Clientului")),
    (("Antreprenorul", "Antreprenorului"), ("Investitorul", "Investitorului")),
)
DAYS = ((10, "day"), (14, "day"), (15, "day"), (30, "day"), (45, "day"), (60, "day"), (90, "day"))
MONTHS = ((3, "month"), (6, "month"), (12, "month"), (18, "month"), (24, "month"))
YEARS = ((2, "year"), (3, "year"), (5, "year"), (10, "year"))
STATES = ("Delaware", "New York", "California", "Texas", "Illinois", "Florida", "Nevada")

EN_FRAMES = (
    Frame(
        "en_notice",
        "en",
        "termination notice",
        (
            "Either party may terminate this Agreement upon {Q} written notice to the other party.",
            "This Agreement may be terminated by either party at any time by giving the other "
            "party not less than {Q} prior written notice.",
            "Either party shall have the right to terminate this Agreement for convenience on "
            "{Q} written notice.",
        ),
        (
            "The notice period is {Q}.",
            "Either party can end the agreement by giving {Q} notice.",
            "A party may terminate the contract with {Q} written notice.",
        ),
        (
            "Termination requires {Q} written notice.",
            "Each party has the right to terminate on {Q} notice in writing.",
            "The notice needed to terminate the agreement is {Q}.",
        ),
        ("Neither party may terminate the agreement on notice.",),
        ("The agreement cannot be terminated by either party on notice.",),
        durations=DAYS,
    ),
    Frame(
        "en_payment",
        "en",
        "payment deadline",
        (
            "{Y} shall pay each invoice within {Q} of its receipt.",
            "All invoices issued by {X} are payable by {Y} within {Q} after the date of receipt.",
        ),
        (
            "{Y} must pay invoices within {Q} of receiving them.",
            "Invoices are payable within {Q} of receipt.",
            "{Y} has {Q} to pay each invoice.",
        ),
        (
            "Payment of an invoice is due {Q} after {Y} receives it.",
            "{Y} must settle an invoice within {Q} from receiving it.",
            "Each invoice is to be paid by {Y} no later than {Q} after receipt.",
        ),
        ("{Y} is not required to pay invoices within a fixed period.",),
        ("{Y} need not pay an invoice within any set time.",),
        durations=DAYS,
    ),
    Frame(
        "en_late_interest",
        "en",
        "penalty",
        (
            "Any amount not paid when due shall bear interest at the rate of {P} per month.",
            "Late payments shall accrue interest at {P} per month until paid in full.",
        ),
        (
            "Overdue amounts bear interest of {P} per month.",
            "Interest of {P} per month applies to late payments.",
        ),
        (
            "A late payment accrues {P} monthly interest.",
            "The interest charged on late payments is {P} per month.",
            "The penalty for paying late is interest at {P} each month.",
        ),
        ("No interest is charged on late payments.",),
        ("Late payments do not bear any interest.",),
    ),
    Frame(
        "en_governing_law",
        "en",
        "governing law",
        (
            "This Agreement shall be governed by and construed in accordance with the laws of "
            "the State of {E}, without regard to its conflict of laws principles.",
            "The validity and interpretation of this Agreement shall be governed by the laws of "
            "the State of {E}.",
        ),
        (
            "{E} law governs the agreement.",
            "The contract is governed by the laws of {E}.",
        ),
        (
            "The agreement is subject to the law of the State of {E}.",
            "The law that applies to this contract is that of {E}.",
            "The laws of {E} apply to the interpretation of the agreement.",
        ),
        entities=STATES,
    ),
    Frame(
        "en_noncompete",
        "en",
        "obligation",
        (
            "During the term of this Agreement and for {Q} thereafter, {X} shall not, directly "
            "or indirectly, compete with {Y} in the Territory.",
            "{X} agrees that it will not engage in any business competitive with {Y} during the "
            "term and for a period of {Q} following its termination.",
        ),
        (
            "{X} may not compete with {Y} for {Q} after the agreement ends.",
            "{X} is bound by a non-compete for {Q} after termination.",
        ),
        (
            "For {Q} after termination, {X} is barred from competing with {Y}.",
            "{X}'s non-compete obligation lasts {Q} after the end of the agreement.",
            "The non-compete bars {X} from competing with {Y} for {Q} post-termination.",
        ),
        ("{X} is free to compete with {Y} after the agreement ends.",),
        ("Nothing prevents {X} from competing with {Y} once the agreement terminates.",),
        durations=MONTHS + YEARS,
    ),
    Frame(
        "en_definition",
        "en",
        "definition",
        (
            '"Confidential Information" means all information disclosed by {X} to {Y} that is '
            "marked as confidential at the time of disclosure.",
            '"Confidential Information" shall mean any information that {X} discloses to {Y} '
            "and designates in writing as confidential.",
        ),
        (
            "Confidential Information is information disclosed by {X} to {Y} and marked "
            "confidential.",
            "Information {X} discloses to {Y} as confidential counts as Confidential Information.",
        ),
        (
            "Information that {X} gives {Y} and labels as confidential is Confidential "
            "Information.",
            "Confidential Information covers what {X} discloses to {Y} designated as confidential.",
        ),
    ),
    Frame(
        "en_assignment",
        "en",
        "exception",
        (
            "{X} may not assign this Agreement without the prior written consent of {Y}, except "
            "to an Affiliate.",
            "Neither this Agreement nor any rights hereunder may be assigned by {X} without {Y}'s "
            "prior written consent, other than to an Affiliate of {X}.",
        ),
        (
            "{X} needs {Y}'s written consent to assign the agreement, unless it assigns to an "
            "Affiliate.",
            "Except for assignments to Affiliates, {X} cannot assign the agreement without {Y}'s "
            "consent.",
        ),
        (
            "Assignment by {X}, other than to an Affiliate, requires the prior written consent "
            "of {Y}.",
            "The contract can be assigned by {X} only with {Y}'s written consent, unless to "
            "an Affiliate.",
        ),
        ("{X} may assign the agreement to anyone without {Y}'s consent.",),
        ("{X} is free to assign the agreement without asking {Y}.",),
    ),
    Frame(
        "en_confidentiality_term",
        "en",
        "deadline",
        (
            "The obligations of {Y} under this Section shall survive the termination of this "
            "Agreement for a period of {Q}.",
            "{Y}'s duty of confidentiality shall continue for {Q} after the expiration or "
            "termination of this Agreement.",
        ),
        (
            "{Y}'s confidentiality obligations last {Q} after termination.",
            "The duty of confidentiality survives termination for {Q}.",
        ),
        (
            "For {Q} after the agreement ends, {Y} must keep the information confidential.",
            "Confidentiality lasts for {Q} after the agreement ends.",
            "Confidentiality continues to bind {Y} for {Q} post-termination.",
        ),
        ("{Y}'s confidentiality obligations end when the agreement terminates.",),
        ("The duty of confidentiality does not survive termination.",),
        durations=YEARS + MONTHS,
    ),
    # ---- types never trained on (leave-types-out) ----
    Frame(
        "en_warranty",
        "en",
        "obligation",
        (
            "{X} warrants that the Products will be free from defects in materials and "
            "workmanship for a period of {Q} from the date of delivery.",
            "{X} warrants to {Y} that each Product shall conform to its specifications for {Q} "
            "after delivery.",
        ),
        (
            "The warranty period is {Q} from delivery.",
            "{X} gives a warranty of {Q} from delivery.",
        ),
        (
            "Products are under warranty by {X} for {Q} after they are delivered.",
            "The warranty lasts {Q} from delivery.",
            "{X}'s warranty covers the Products for {Q} following delivery.",
        ),
        ("{X} gives no warranty on the Products.",),
        ("The Products are not covered by any warranty from {X}.",),
        durations=MONTHS + YEARS,
        held_out=True,
    ),
    Frame(
        "en_liability_cap",
        "en",
        "liability",
        (
            "In no event shall {X}'s aggregate liability under this Agreement exceed {A}.",
            "{X}'s total liability arising out of or relating to this Agreement shall not "
            "exceed {A}.",
        ),
        (
            "{X}'s liability is capped at {A}.",
            "The maximum amount {X} can be liable for is {A}.",
        ),
        (
            "{X} is liable for no more than {A} in total.",
            "The cap on {X}'s liability is {A}.",
            "Liability of {X} under the agreement is limited to {A}.",
        ),
        ("{X}'s liability under the agreement is unlimited.",),
        ("There is no cap on {X}'s liability.",),
        held_out=True,
    ),
    Frame(
        "en_audit",
        "en",
        "right",
        (
            "{X} may, upon {Q} prior written notice, audit the books and records of {Y} relating "
            "to this Agreement.",
            "{Y} shall permit {X}, on not less than {Q} notice, to inspect and audit its records.",
        ),
        (
            "{X} can audit {Y}'s records after giving {Q} notice.",
            "{X} has an audit right on {Q} prior notice.",
        ),
        (
            "With {Q} notice, {X} is entitled to inspect {Y}'s books.",
            "{X} is allowed to audit {Y} on {Q} written notice.",
            "{Y}'s records may be audited by {X} with {Q} advance notice.",
        ),
        ("{X} has no right to audit {Y}'s records.",),
        ("{Y}'s books cannot be audited by {X}.",),
        durations=DAYS,
        held_out=True,
    ),
)

RO_FRAMES = (
    Frame(
        "ro_preaviz",
        "ro",
        "termination notice",
        (
            "Oricare parte poate denunța contractul cu un preaviz de {Q}.",
            "Contractul poate fi denunțat unilateral de oricare dintre părți, cu notificarea "
            "scrisă a celeilalte părți cu {Q} înainte.",
            "Fiecare parte are dreptul de a denunța prezentul contract, cu condiția notificării "
            "celeilalte părți cu cel puțin {Q} înainte.",
        ),
        (
            "Termenul de preaviz este de {Q}.",
            "Oricare dintre părți poate înceta contractul cu un preaviz de {Q}.",
            "Denunțarea contractului se face cu un preaviz de {Q}.",
        ),
        (
            "Preavizul pentru denunțarea contractului este de {Q}.",
            "O parte poate denunța contractul dacă o anunță pe cealaltă cu {Q} înainte.",
            "Contractul se poate denunța unilateral, cu {Q} de preaviz.",
        ),
        ("Contractul nu poate fi denunțat unilateral.",),
        ("Niciuna dintre părți nu poate denunța contractul.",),
        durations=DAYS,
    ),
    Frame(
        "ro_plata",
        "ro",
        "payment deadline",
        (
            "{Y} va achita factura în termen de {Q} de la data primirii acesteia.",
            "Plata facturilor emise de {X} se face de către {Y} în termen de {Q} de la primire.",
        ),
        (
            "{Y} plătește factura în {Q} de la primire.",
            "Termenul de plată a facturii este de {Q} de la primire.",
        ),
        (
            "Facturile se achită de {Y} în cel mult {Q} de la primirea lor.",
            "{Y} are la dispoziție {Q} de la primire pentru plata facturii.",
            "Factura trebuie plătită de {Y} în {Q} de la data la care o primește.",
        ),
        ("{Y} nu are un termen de plată a facturii.",),
        ("Plata facturii nu este supusă niciunui termen.",),
        durations=DAYS,
    ),
    Frame(
        "ro_penalitati",
        "ro",
        "penalty",
        (
            "Pentru fiecare zi de întârziere, {Y} datorează penalități de {P} din suma restantă.",
            "Neplata la termen atrage penalități de întârziere de {P} pe zi din valoarea "
            "neachitată.",
        ),
        (
            "Întârzierea la plată atrage penalități de {P} pe zi.",
            "Penalitatea de întârziere este de {P} pe zi din suma datorată.",
        ),
        (
            "Pentru plata cu întârziere se datorează {P} pe zi din restul de plată.",
            "Suma neachitată la termen produce penalități zilnice de {P}.",
            "Fiecare zi de întârziere costă {P} din suma neplătită.",
        ),
        ("Întârzierea la plată nu atrage penalități.",),
        ("Nu se datorează penalități pentru plata cu întârziere.",),
    ),
    Frame(
        "ro_lege",
        "ro",
        "governing law",
        (
            "Prezentul contract este guvernat de legea {E}.",
            "Contractul se interpretează și se execută în conformitate cu legea {E}.",
        ),
        (
            "Contractului i se aplică legea {E}.",
            "Legea aplicabilă contractului este legea {E}.",
        ),
        (
            "Contractul este supus legii {E}.",
            "Legea care guvernează contractul este legea {E}.",
        ),
        entities=("română", "franceză", "germană", "italiană", "engleză", "austriacă"),
    ),
    Frame(
        "ro_confidentialitate",
        "ro",
        "deadline",
        (
            "Obligația de confidențialitate a {Yg} subzistă o perioadă de {Q} de la încetarea "
            "contractului.",
            "{Y} este ținut de obligația de confidențialitate timp de {Q} după încetarea "
            "prezentului contract.",
        ),
        (
            "Obligația de confidențialitate durează {Q} după încetarea contractului.",
            "{Y} trebuie să păstreze confidențialitatea {Q} după încetarea contractului.",
        ),
        (
            "Confidențialitatea se menține {Q} de la încetarea contractului.",
            "După încetarea contractului, {Y} rămâne obligat la confidențialitate timp de {Q}.",
        ),
        ("Obligația de confidențialitate încetează odată cu contractul.",),
        ("{Y} nu mai are obligații de confidențialitate după încetarea contractului.",),
        durations=YEARS + MONTHS,
    ),
    Frame(
        "ro_concediu",
        "ro",
        "obligation",
        (
            "Angajatorul are obligația de a acorda salariaților concediu de odihnă de cel puțin "
            "{Q} lucrătoare pe an.",
            "Durata minimă a concediului de odihnă anual este de {Q} lucrătoare.",
        ),
        (
            "Salariații au dreptul la cel puțin {Q} lucrătoare de concediu de odihnă pe an.",
            "Concediul de odihnă anual este de minimum {Q} lucrătoare.",
        ),
        (
            "Fiecare salariat beneficiază anual de un concediu de odihnă de minimum {Q} "
            "lucrătoare.",
            "Concediul anual de odihnă nu poate fi mai mic de {Q} lucrătoare.",
        ),
        ("Salariații nu au dreptul la concediu de odihnă.",),
        ("Angajatorul nu este obligat să acorde concediu de odihnă.",),
        durations=((20, "day"), (21, "day"), (25, "day")),
    ),
    Frame(
        "ro_cesiune",
        "ro",
        "exception",
        (
            "{X} nu poate cesiona drepturile din prezentul contract fără acordul scris al "
            "{Yg}, cu excepția cesiunii către o societate afiliată.",
            "Cesiunea contractului de către {X} este permisă numai cu acordul prealabil scris "
            "al {Yg}, exceptând cesiunea către afiliați.",
        ),
        (
            "{X} are nevoie de acordul scris al {Yg} pentru a cesiona contractul, cu excepția "
            "cesiunii către afiliați.",
            "Cu excepția afiliaților, {X} poate cesiona contractul doar cu acordul scris al {Yg}.",
        ),
        (
            "Pentru cesiunea contractului, altfel decât către o societate afiliată, {X} "
            "trebuie să obțină acordul scris al {Yg}.",
            "Contractul poate fi cesionat de {X} numai cu acordul scris al {Yg}, cu excepția "
            "afiliaților.",
        ),
        ("{X} poate cesiona contractul fără acordul {Yg}.",),
        ("{X} este liber să cesioneze contractul oricui, fără acord.",),
    ),
    # ---- types never trained on (leave-types-out) ----
    Frame(
        "ro_pedeapsa",
        "ro",
        "penalty",
        (
            "Fapta se pedepsește cu închisoare de la {N} la {M} ani.",
            "Săvârșirea faptei se pedepsește cu închisoare de la {N} la {M} ani și interzicerea "
            "exercitării unor drepturi.",
        ),
        (
            "Pedeapsa pentru această faptă este închisoarea de la {N} la {M} ani.",
            "Fapta este sancționată cu închisoare între {N} și {M} ani.",
        ),
        (
            "Pentru această faptă se aplică o pedeapsă cu închisoarea de la {N} la {M} ani.",
            "Cine săvârșește fapta riscă închisoare de la {N} până la {M} ani.",
        ),
        ("Fapta nu se pedepsește cu închisoare.",),
        ("Pentru această faptă nu se aplică pedeapsa închisorii.",),
        numbers=(1, 2, 3, 5, 7, 10),
        held_out=True,
    ),
    Frame(
        "ro_proba",
        "ro",
        "deadline",
        (
            "Pentru funcțiile de execuție, durata perioadei de probă nu poate depăși {Q} "
            "calendaristice.",
            "Perioada de probă pentru funcțiile de execuție este de cel mult {Q} calendaristice.",
        ),
        (
            "Perioada de probă pentru funcțiile de execuție este de maximum {Q} calendaristice.",
            "La funcțiile de execuție, perioada de probă are cel mult {Q} calendaristice.",
        ),
        (
            "Durata maximă a perioadei de probă la funcțiile de execuție este de {Q} "
            "calendaristice.",
            "Salariații cu funcții de execuție au o perioadă de probă de până la {Q} "
            "calendaristice.",
        ),
        durations=((30, "day"), (60, "day"), (90, "day"), (120, "day")),
        held_out=True,
    ),
    Frame(
        "ro_prescriptie",
        "ro",
        "deadline",
        (
            "Termenul general de prescripție este de {Q}, dacă legea nu prevede un alt termen.",
            "Dreptul la acțiune se prescrie în termen de {Q}, dacă prin lege nu se prevede altfel.",
        ),
        (
            "Dacă legea nu prevede altfel, dreptul la acțiune se prescrie în {Q}.",
            "Termenul de prescripție general este de {Q}, în lipsa altei prevederi legale.",
        ),
        (
            "În lipsa unui alt termen legal, prescripția intervine după {Q}.",
            "Termenul obișnuit în care se prescrie dreptul la acțiune este de {Q}, dacă legea "
            "nu dispune altfel.",
        ),
        ("Dreptul la acțiune nu se prescrie.",),
        ("Dreptul la acțiune este imprescriptibil.",),
        durations=YEARS,
        held_out=True,
    ),
)

FRAMES = EN_FRAMES + RO_FRAMES
