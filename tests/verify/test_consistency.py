"""Gate 3 consistency: quantities and polarity of a claim against its quote."""

from __future__ import annotations

import pytest

from letadesk.verify.consistency import check_consistency
from letadesk.verify.quantities import quantities

PASSING = [
    # (claim, quote) -- English
    (
        "The tenant may terminate the lease on 30 days' notice.",
        "The Tenant may terminate this Lease by giving thirty (30) days written notice.",
    ),
    ("The notice period is thirty days.", "Notice shall be given 30 (thirty) days in advance."),
    ("The agreement was signed on 2016-05-19.", "Signed in London on May 19, 2016."),
    ("The agreement was signed on 19 May 2016.", "Dated: 19.05.2016"),
    ("The fee is $1,500.", "The Client shall pay a fee of USD 1500 within 10 days."),
    ("Interest accrues at 5% per year.", "Late payments bear interest of five (5) percent."),
    ("The term is one year.", "This Agreement has a term of twelve (12) months."),
    (
        "The Recipient must not disclose Confidential Information.",
        "The Recipient shall not disclose any Confidential Information to third parties.",
    ),
    (
        "The Recipient may keep one archival copy.",  # "shall" supports "may"
        "The Recipient shall keep one archival copy.",
    ),
    (
        "The Recipient is not required to return the materials.",
        "The Recipient need not return the materials.",
    ),
    (
        "Either party may end the contract early.",  # paraphrase, no numbers
        "Either Party may terminate this Agreement for convenience.",
    ),
    (
        "The tenant must pay rent.",  # numbers in the quote only are fine
        "The Tenant shall pay rent of 1,000 EUR on the 1st day of each month.",
    ),
    (
        "The Recipient may disclose information to its employees.",  # exception: not judged
        "The Recipient shall not disclose information except to its employees.",
    ),
    (
        "The Recipient shall use the information only for the Purpose.",
        "The Recipient shall not use the information for any other purpose.",
    ),
    (
        "Confidential Information includes oral information.",
        "Confidential Information includes information disclosed orally or in writing.",
    ),
    (
        "The Recipient may acquire information from a third party.",  # "apply to" is not "for X to"
        "The obligations shall not apply to information received from a third party.",
    ),
    ("The Recipient shall comply with the law.", "The Recipient shall comply with all laws."),
    # Romanian
    (
        "Chiriașul poate rezilia contractul cu un preaviz de 30 de zile.",
        "Chiriaşul poate rezilia contractul cu un preaviz de treizeci (30) de zile.",
    ),
    ("Termenul de plată este de doisprezece luni.", "Plata se face în termen de 12 luni."),
    ("Contractul a fost semnat la 19 mai 2016.", "Încheiat astăzi, 19.05.2016."),
    ("Penalitatea este de 1.000 lei.", "Penalitatea este de 1000 RON pe zi de întârziere."),
    ("Dobânda este de 10,5%.", "Dobânda este de 10,5 la sută pe an."),
    ("Termenul este de douăzeci și cinci de zile.", "Termenul este de 25 de zile."),
    (
        "Chiriașul nu poate subînchiria imobilul.",
        "Chiriaşul nu poate subînchiria imobilul fără acordul proprietarului.",
    ),
    ("Este interzisă cesiunea contractului.", "Cesiunea contractului este interzisă."),
    ("Nicio parte nu poate cesiona contractul.", "Părțile nu pot cesiona contractul."),
    ("Vânzătorul trebuie să predea bunul.", "Vânzătorul este obligat să predea bunul."),
]


@pytest.mark.parametrize(("claim", "quote"), PASSING)
def test_consistent_claims_pass(claim: str, quote: str) -> None:
    result = check_consistency(claim, quote)
    assert result.check == "consistency"
    assert result.passed, result.reason


FAILING = [
    # (claim, quote, reason substring) -- English
    (
        "The tenant may terminate the lease.",
        "The Tenant may not terminate the Lease.",
        'claim says "may terminate" but the quote says "may not terminate"',
    ),
    (
        "The tenant may sublet the premises.",
        "The Tenant shall not sublet the Premises.",
        'claim says "may sublet" but the quote says "shall not sublet"',
    ),
    (
        "The tenant shall not sublet the premises.",
        "The Tenant may sublet the Premises.",
        'claim says "shall not sublet" but the quote says "may sublet"',
    ),
    (
        "The landlord must repair the roof.",
        "The Landlord may repair the roof.",
        'claim says "must repair" but the quote says "may repair"',
    ),
    (
        "The Recipient must return the materials.",
        "The Recipient is not required to return the materials.",
        'the quote says "is not required to return"',
    ),
    (
        "Confidential information includes oral information.",
        "Confidential Information does not include oral information.",
        'claim says "includes" but the quote says "does not include"',
    ),
    (
        "The notice period is 60 days.",
        "Notice of thirty (30) days shall be given.",
        'claim says "60 days" but the quote has no matching duration (quote has: '
        '"thirty (30) days")',
    ),
    (
        "The notice period is 30 business days.",
        "Notice of thirty (30) days shall be given.",
        'claim says "30 business days"',
    ),
    (
        "The agreement was signed on May 20, 2016.",
        "Signed on 19 May 2016.",
        'claim says "May 20, 2016" but the quote has no matching date',
    ),
    ("The fee is EUR 1,500.", "The fee is USD 1,500.", "no matching amount"),
    ("Interest is 7%.", "Interest is five (5) percent.", "no matching percent"),
    (
        "See article 12 of the Agreement.",
        "See article 21 of the Agreement.",
        'claim says "12" but the quote has no matching number (quote has: "21")',
    ),
    # Romanian
    (
        "Chiriașul poate rezilia contractul.",
        "Chiriaşul nu poate rezilia contractul.",
        'claim says "poate rezilia" but the quote says "nu poate rezilia"',
    ),
    (
        "Cumpărătorul nu trebuie să plătească avansul.",
        "Cumpărătorul trebuie să plătească avansul.",
        'claim says "nu trebuie să plătească"',
    ),
    (
        "The tenant may sublet the flat.",
        "It is forbidden for the Tenant to sublet the flat.",
        'claim says "may sublet" but the quote says "is forbidden for the Tenant to sublet"',
    ),
    (
        "Chiriașul poate cesiona contractul.",
        "Este interzis chiriașului să cesioneze contractul.",
        'but the quote says "Este interzis chiriașului să cesioneze"',
    ),
    (
        "Termenul de preaviz este de 60 de zile.",
        "Termenul de preaviz este de treizeci de zile.",
        'claim says "60 de zile" but the quote has no matching duration',
    ),
    (
        "Contractul a fost semnat la 20 mai 2016.",
        "Încheiat la 19.05.2016.",
        'claim says "20 mai 2016"',
    ),
    (
        "Penalitatea este de 2.000 lei.",
        "Penalitatea este de 1.000 lei.",
        'claim says "2.000 lei" but the quote has no matching amount (quote has: "1.000 lei")',
    ),
]


@pytest.mark.parametrize(("claim", "quote", "reason"), FAILING)
def test_inconsistent_claims_fail(claim: str, quote: str, reason: str) -> None:
    result = check_consistency(claim, quote)
    assert result.check == "consistency"
    assert not result.passed
    assert reason in result.reason


QUANTITIES = [
    # (text, [(kind, value, unit)])
    ("thirty (30) days", [("duration", "30", "day")]),
    ("30 (thirty) calendar days", [("duration", "30", "day")]),
    ("one hundred and twenty days", [("duration", "120", "day")]),
    ("two weeks", [("duration", "14", "day")]),
    ("treizeci de zile lucrătoare", [("duration", "30", "business day")]),
    ("un an", [("duration", "12", "month")]),
    (
        "2016-05-19, 19 mai 2016, May 19, 2016, 19.05.2016, 05/19/2016",
        [("date", "2016-05-19", "")] * 5,
    ),
    ("1.000,50 lei", [("amount", "1000.5", "RON")]),
    ("$1,000.50", [("amount", "1000.5", "USD")]),
    ("EUR 2 million", [("amount", "2000000", "EUR")]),
    ("15 la sută", [("percent", "15", "%")]),
    ("Legea nr. 287/2009", [("number", "287", ""), ("number", "2009", "")]),
    ("one party may terminate", []),  # bare number words are not quantities
]


@pytest.mark.parametrize(("text", "expected"), QUANTITIES)
def test_quantities(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(q.kind, q.value, q.unit) for q in quantities(text)] == expected
