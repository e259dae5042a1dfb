"""Short answers: the value a question asks for, verbatim from the quote, with offsets."""

from __future__ import annotations

import pytest

from letadesk.answer.short import asked_kinds, chosen, find_value, offered, short_answer
from letadesk.domain import Citation, Claim, DocumentId, FragmentId


def choice(question: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` names the alternative ``question`` offers (as short_answer reads)."""
    return chosen(offered(question), quote)


PENAL = (
    "(1) Luarea unui bun mobil din posesia sau detenţia altuia, fără consimţământul "
    "acestuia, în scopul de a şi-l însuşi pe nedrept, se pedepseşte cu închisoare de la "
    "6 luni la 3 ani sau cu amendă."
)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Care este pedeapsa pentru furt?", "penalty"),
        ("Cum se pedepsește delapidarea?", "penalty"),
        ("Care este termenul de preaviz?", "duration"),
        ("How long is the notice period?", "duration"),
        ("Which state's law governs this contract?", "law"),
        ("Which courts have jurisdiction?", "court"),
        ("Cât se rambursează dacă clientul anulează?", "amount"),
        ("Până când trebuie plătit soldul?", "date"),
        ("When does the agreement expire?", "date"),
        ("La cât se ridică pensia de serviciu?", "percent"),
        ("Cu cât trebuie plătite orele suplimentare?", "percent"),
        ("Câți ani de închisoare riscă?", "duration"),
        ("Ce riscă cineva care lovește o altă persoană?", "penalty"),
        ("Ce risc dacă nu plătesc pensia de întreținere?", "penalty"),
        ("Cum este sancționat șantajul?", "penalty"),
        ("Câți viceprimari are un municipiu?", "count:viceprim"),
        ("How many directors may each party appoint?", "count:direct"),
        ("Cât de des trebuie plătit salariul?", "frequency"),
        ("How often must the royalty reports be delivered?", "frequency"),
        ("Ce suprafață poate avea terenul concesionat?", "area"),
        ("Ce vechime minimă trebuie să aibă un judecător?", "duration"),
        ("Care este prețul total?", "amount"),
        ("Cât este avansul?", "percent"),
        ("What is the deposit?", "percent"),
    ],
)
def test_the_kind_a_question_asks_for(question: str, kind: str) -> None:
    assert asked_kinds(question)[0] == kind


def test_a_deposit_is_a_share_of_the_price_or_a_sum() -> None:
    quote = "La semnarea contractului, Călătorul achită un avans de 30% din prețul total."
    found = find_value(asked_kinds("Cât este avansul?"), quote)
    assert found is not None and quote[found[1] : found[2]] == "30%"
    quote = "Licensee shall pay a deposit of $5,000 upon signature."
    found = find_value(asked_kinds("What is the deposit?"), quote)
    assert found is not None and quote[found[1] : found[2]] == "$5,000"


def test_a_question_asking_for_no_value_has_no_kind() -> None:
    assert asked_kinds("Ce obligații are prestatorul?") == ()
    assert asked_kinds("Can a party assign this agreement?") == ()
    assert asked_kinds("Ce riscuri acoperă asigurarea?") == ()  # risks, not a sanction
    # who pays, not how much
    assert asked_kinds("Cine plătește penalitățile dacă plata întârzie?") == ()
    assert asked_kinds("Who pays the late fee?") == ()
    assert asked_kinds("Cine judecă în primă instanță litigiile?") == ("court",)
    # "when" of a condition, not of a date
    assert asked_kinds("Când există violare de domiciliu?") == ()


@pytest.mark.parametrize(
    ("kinds", "text", "value"),
    [
        (("penalty",), PENAL, "închisoare de la 6 luni la 3 ani sau cu amendă"),
        (
            ("penalty",),
            "Uciderea unei persoane se pedepseşte cu închisoarea de la 10 la 20 de ani şi "
            "interzicerea exercitării unor drepturi.",
            "închisoarea de la 10 la 20 de ani şi interzicerea exercitării unor drepturi",
        ),
        (
            ("penalty",),
            "se pedepseşte cu închisoarea de la 2 la 7 ani şi interzicerea exercitării "
            "dreptului de a ocupa o funcţie publică.",
            "închisoarea de la 2 la 7 ani şi interzicerea exercitării dreptului de a ocupa o "
            "funcţie publică",
        ),
        (
            ("duration",),
            "Oricare parte poate denunţa contractul cu un preaviz de 30 de zile, comunicat.",
            "30 de zile",
        ),
        (
            ("duration",),
            "This Agreement may be terminated by either party upon thirty (30) days notice.",
            "thirty (30) days",
        ),
        (("amount",), "Preţul serviciilor este de 5.000 lei pe lună.", "5.000 lei"),
        (("amount",), "liability shall not exceed $1,000,000 in the aggregate.", "$1,000,000"),
        (
            ("law",),
            "This Agreement is governed by the laws of the State of New York, without regard "
            "to conflicts of law.",
            "the laws of the State of New York",
        ),
        (
            ("law",),
            "5.1 This Agreement is governed by the laws of England and Wales.",
            "the laws of England and Wales",
        ),
        (
            ("law",),
            "governed by the laws of the State of Delaware and the federal laws of the "
            "United States",
            "the laws of the State of Delaware",
        ),
        (
            ("court",),
            "Litigiile se soluţionează de instanţele competente de la sediul Prestatorului.",
            "instanţele competente de la sediul Prestatorului",
        ),
        (("date",), "Contractul intră în vigoare la 1 martie 2024.", "1 martie 2024"),
        (("percent",), "cota standard de TVA este de 19%.", "19%"),
        (
            ("frequency",),
            "Salariul se plătește în bani cel puțin o dată pe lună, la data stabilită.",
            "cel puțin o dată pe lună",
        ),
        (("frequency",), "Licensee shall deliver such reports quarterly.", "quarterly"),
        (("area",), "Terenul concesionat are o suprafață de până la 250 mp.", "250 mp"),
    ],
)
def test_the_value_is_found_verbatim(kinds: tuple[str, ...], text: str, value: str) -> None:
    found = find_value(kinds, text)
    assert found is not None
    _, start, end = found
    assert text[start:end] == value


SAMPLE_RENEWAL = (
    "(2) Durata contractului se prelungește automat cu încă 12 luni dacă niciuna dintre "
    "părți nu notifică încetarea cu cel puțin 30 de zile înainte de expirare."
)


@pytest.mark.parametrize(
    ("question", "quote", "value"),
    [
        (
            "Până când trebuie notificată încetarea ca să nu se prelungească contractul?",
            SAMPLE_RENEWAL,
            "cu cel puțin 30 de zile înainte de expirare",
        ),
        (
            "Cu cât timp înainte trebuie notificată încetarea?",
            SAMPLE_RENEWAL,
            "cu cel puțin 30 de zile înainte de expirare",
        ),
        (
            "When must notice of non-renewal be given?",
            "This Agreement renews unless either party gives notice at least thirty (30) days "
            "prior to the end of the then-current term.",
            "at least thirty (30) days prior to the end",
        ),
        (
            "When does the agreement expire?",
            "This Agreement shall expire five (5) years after the Effective Date.",
            "five (5) years after the Effective Date",
        ),
        (
            "Până când se poate depune contestația?",
            "Contestația se depune în termen de 10 zile de la data comunicării actului.",
            "10 zile de la data comunicării",
        ),
        (
            "By when must the invoice be paid?",
            "Each invoice shall be paid within thirty (30) days of receipt by Licensee.",
            "thirty (30) days of receipt",
        ),
        (
            "Cât este penalitatea de întârziere la plată?",
            "Pentru întârzierea la plată, Beneficiarul datorează penalități de 0,1% pe zi.",
            "0,1%",
        ),
    ],
)
def test_a_deadline_set_by_another_date_and_a_contractual_penalty(
    question: str, quote: str, value: str
) -> None:
    """A question asking by when is answered by the time before the date it hangs on
    ("12 luni" is how long the renewal runs, not the notice's deadline); a contract's
    late-payment penalty is a share."""
    found = find_value(asked_kinds(question), quote)
    assert found is not None
    assert quote[found[1] : found[2]] == value


def citation(quote: str, start: int, locator: str) -> Citation:
    return Citation(FragmentId(1), DocumentId(1), "Codul penal", 1, "1", locator, quote, start, 0)


def test_the_short_answer_comes_from_the_first_claim_stating_one() -> None:
    claims = (
        Claim("Furtul se pedepseşte.", "extracted", (citation("Furtul.", 10, "art. 228"),)),
        Claim(PENAL, "extracted", (citation(PENAL, 500, "art. 228 alin. (1)"),)),
    )
    short = short_answer("Care este pedeapsa pentru furt?", claims)
    assert short is not None
    assert (short.claim, short.citation, short.kind) == (1, 0, "penalty")
    assert PENAL[short.start : short.end] == short.text
    assert short.text.startswith("închisoare de la 6 luni la 3 ani")
    assert short.locator == "art. 228 alin. (1)"
    # only the claims of a group, by their indices in the answer
    assert short_answer("Care este pedeapsa pentru furt?", claims, (0,)) is None
    assert short_answer("Ce prevede art. 228?", claims) is None  # no value asked


@pytest.mark.parametrize(
    ("question", "quote", "value"),
    [
        (
            "Câți viceprimari are Primăria Generală a Capitalei?",
            "Municipiul București are un primar general și 2 viceprimari.",
            "2 viceprimari",
        ),
        (
            "Câți cetățeni trebuie să ceară organizarea referendumului?",
            "Referendumul se organizează la cererea a cel puțin 25% din numărul cetățenilor.",
            "25%",
        ),
        (
            "La cât se ridică pensia de serviciu a unui judecător?",
            "Judecătorii beneficiază de pensie de serviciu în cuantum de 80% din baza de calcul.",
            "80%",
        ),
        (
            "How many directors may each party appoint?",
            "Each party may appoint two (2) directors to the Board.",
            "two (2) directors",
        ),
    ],
)
def test_a_count_is_the_number_of_what_the_question_names(
    question: str, quote: str, value: str
) -> None:
    """A count is a number of the thing asked about, not the first number in the quote
    ("un primar general" is not how many viceprimari); where the quote states a share
    instead ("25% din numărul cetățenilor"), the share answers."""
    found = find_value(asked_kinds(question), quote)
    assert found is not None
    kind, start, end = found
    assert quote[start:end] == value and ":" not in kind


COUNTY = (
    "(1) Președintele consiliului județean reprezintă județul în relațiile cu celelalte "
    "autorități publice, precum și în justiție."
)


def test_a_choice_is_answered_by_the_one_alternative_the_quote_names() -> None:
    question = (
        "Cine reprezintă județul în justiție, prefectul sau președintele consiliului județean?"
    )
    claims = (Claim(COUNTY, "extracted", (citation(COUNTY, 0, "art. 102 alin. (1)"),)),)
    short = short_answer(question, claims)
    assert short is not None and short.kind == "choice"
    assert short.text == "Președintele consiliului județean" == COUNTY[short.start : short.end]
    law = "This Agreement shall be governed by the laws of the State of Delaware."
    start, end = choice("Which law governs this agreement, New York or Delaware?", law) or (0, 0)
    assert law[start:end] == "Delaware"


def test_no_choice_when_none_is_offered_or_the_quote_does_not_decide() -> None:
    # a yes/no question's "or" offers no choice
    pregnant = "Salariata însărcinată nu poate fi concediată."
    assert choice("Poate fi concediat un salariat bolnav sau însărcinată?", pregnant) is None
    # "sau nu" names nothing to choose
    assert (
        choice("Cine reprezintă județul, președintele consiliului județean sau nu?", COUNTY) is None
    )
    # a quote that names both alternatives, or neither, does not decide
    both = COUNTY + " Prefectul ia act de hotărâre."
    asked = "Cine reprezintă județul, prefectul sau președintele consiliului județean?"
    assert choice(asked, both) is None
    assert choice(asked, "Consiliul local se întrunește lunar.") is None
