"""Who does what a question asks (letadesk.answer.who): the party before the question's
verb in the quote, and nothing where the words there name no party (on the sample
matter: tests/answer/test_parties.py)."""

from __future__ import annotations

import pytest

from letadesk.answer.who import acting_party


@pytest.mark.parametrize(
    ("question", "quote", "party"),
    [
        (
            "Cine plătește serviciile?",
            "(1) Beneficiarul plătește Prestatorului un onorariu lunar de 5.000 lei.",
            "Beneficiarul",
        ),
        (
            "Cine datorează penalități?",
            "(3) Pentru întârzierea la plată, Beneficiarul datorează penalități de 0,1% pe zi.",
            "Beneficiarul",
        ),
        (
            "Who must return the confidential information?",
            "4.1 Upon written request, the receiving party shall return or destroy all "
            "Confidential Information within ten (10) days.",
            "the receiving party",
        ),
        (
            "Who can terminate the agreement?",
            "Either party may terminate this Agreement upon thirty (30) days notice.",
            "Either party",
        ),
        (
            "Cine trebuie să răspundă la solicitare?",
            "(1) Autoritățile și instituțiile publice au obligația să răspundă în scris la "
            "solicitarea informațiilor de interes public în termen de 10 zile.",
            "Autoritățile și instituțiile publice",
        ),
        (
            "Who pays the late fee?",  # "fails to pay" is not who pays
            "If Licensee fails to pay on time, Licensee shall pay a late fee of 1.5%.",
            "Licensee",
        ),
    ],
)
def test_the_party_before_the_verb(question: str, quote: str, party: str) -> None:
    found = acting_party(question, quote)
    assert found is not None and quote[found[0] : found[1]] == party


@pytest.mark.parametrize(
    ("question", "quote"),
    [
        # a sentence's first word is no party ("Plata"), nor is what a passive does
        ("Cine face plata?", "(2) Plata se face în termen de 15 zile de la emiterea facturii."),
        ("Cine emite autorizațiile?", "Autorizațiile de construire se emit de primari."),
        ("Who issues the permits?", "The building permits are issued by the mayor."),
        # a relative clause before the verb, and a quote without the question's verb
        (
            "Cine răspunde pentru paguba produsă de un animal?",
            "Proprietarul unui animal sau cel care se serveşte de el răspunde de prejudiciu.",
        ),
        ("Who pays the late fee?", "Late payments bear interest at 1.5% per month."),
        ("What is the late fee?", "Licensee shall pay a late fee of 1.5% per month."),
    ],
)
def test_nothing_where_no_party_is_named(question: str, quote: str) -> None:
    assert acting_party(question, quote) is None
