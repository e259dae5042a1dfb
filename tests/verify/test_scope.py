"""Tests for Gate 1 (scope): letadesk.verify.scope.check_scope.

DEV is the development list the lexicon was written against. It is separate from the
held-out set in benchmarks/data/scope_questions.jsonl, which is only measured (by
benchmarks/bench_scope.py), never used to tune the lexicon.
"""

from __future__ import annotations

import pytest

from letadesk.verify.scope import ScopeVerdict, check_scope

DEV_LEGAL: list[str] = [
    # Romanian, with and without diacritics
    "Care este termenul de plată a onorariului?",  # the sample matter holds the answer
    "Care este termenul de preaviz în cazul demisiei?",
    "Poate fi redusă clauza penală de judecător?",
    "Ce documente trebuie depuse pentru intabularea unui apartament?",
    "Cine suportă cheltuielile de judecată dacă pierd procesul?",
    "Cand se prescrie dreptul de a cere executarea silita a unei hotarari?",
    "Este obligatoriu acordul soțului pentru vânzarea unui bun comun?",
    "Ce amendă riscă firma pentru încălcarea GDPR?",
    "Pot cere despăgubiri pentru zborul anulat?",
    "Ce spune art. 1270 Cod civil?",
    "Legea 31/1990 permite SRL cu asociat unic persoană juridică?",
    "Angajatul poate refuza orele suplimentare?",
    "Cum se împarte moștenirea dacă nu există testament?",
    "Mi-a expirat termenul de apel, ce pot face?",
    "Care sunt condițiile pentru suspendarea executării actului administrativ?",
    "Ofertantul poate depune contestatie direct la instanta?",
    # English
    "Can the supplier suspend deliveries for late payment under the contract?",
    "Is an oral agreement binding for the sale of land?",
    "What is the penalty for late filing of the corporate tax return?",
    "Who is liable if a subcontractor causes damage on site?",
    "Can I terminate the lease early if the landlord does not fix the heating?",
    "What does Clause 14.3 say about termination for cause?",
    "How long must an employer keep payroll records?",
    "Is a shareholder loan subordinated in bankruptcy?",
    "Does the buyer have a claim against the seller for hidden defects?",
    "What notice must be given to the other party before invoking force majeure?",
]

DEV_OFF_TOPIC: list[str] = [
    "Cum se face o pizza în cuptorul de acasă?",
    "Ce echipă a câștigat campionatul anul trecut?",
    "cum instalez python pe windows",
    "Salut! Ce mai faci azi?",
    "Va ploua în weekend la Iași?",
    "Care e cel mai bun film cu Tom Hanks?",
    "Ce exerciții fac pentru abdomen?",
    "Will it snow in Vienna next week?",
    "How do I write a SQL query that joins two tables?",
    "Give me a recipe for banana bread.",
    "Who scored in the match last night?",
    "hello there",
    "What's a good movie to watch tonight?",
    "How many calories are in an avocado?",
]


@pytest.mark.parametrize("question", DEV_LEGAL)
def test_dev_legal_questions_are_in_scope(question: str) -> None:
    verdict = check_scope(question)
    assert verdict.in_scope, verdict.reason
    assert verdict.reason.startswith("in scope")


@pytest.mark.parametrize("question", DEV_OFF_TOPIC)
def test_dev_off_topic_questions_are_refused(question: str) -> None:
    verdict = check_scope(question)
    assert not verdict.in_scope, verdict.reason
    assert verdict.reason.startswith("out of scope: the question is not a legal question")


@pytest.mark.parametrize(
    ("question", "reason_part"),
    [
        ("ce vreme va fi mâine în Cluj?", "off-topic terms found: vreme"),
        ("Tell me something nice", "(no legal terms found)"),
        ("", "(no legal terms found)"),
        ("the party", "too few legal terms: party"),
    ],
)
def test_refusal_reasons_name_the_evidence(question: str, reason_part: str) -> None:
    verdict = check_scope(question)
    assert not verdict.in_scope
    assert reason_part in verdict.reason


@pytest.mark.parametrize(
    "question",
    [
        "Ce prevede art. 7 alin. (1) din Legea nr. 98/2016?",
        "What does Section 5.2 of the Distribution Agreement require?",
        "Explică OUG nr. 195/2002",
    ],
)
def test_a_cited_reference_is_always_in_scope(question: str) -> None:
    verdict = check_scope(question)
    assert verdict == ScopeVerdict(True, verdict.reason, 1.0)
    assert "cites a legal reference" in verdict.reason


@pytest.mark.parametrize(
    "variant",
    [
        "Care este termenul de prescripție?",
        "Care este termenul de prescripţie?",
        "Care este termenul de prescriptie?",
        "CARE ESTE TERMENUL DE PRESCRIPȚIE?",
    ],
)
def test_diacritics_and_case_do_not_matter(variant: str) -> None:
    assert check_scope(variant).in_scope


def test_strong_legal_term_wins_over_off_topic_words() -> None:
    # Generous by design: a legal question about a football club is still legal.
    assert check_scope("Can the football club terminate the player's contract?").in_scope


def test_two_weak_terms_need_no_off_topic_marker() -> None:
    assert check_scope("Who is the party entitled to the notice?").in_scope
    assert not check_scope("party notice for the football match").in_scope


@pytest.mark.parametrize("question", DEV_LEGAL[:5] + DEV_OFF_TOPIC[:5])
def test_score_is_in_unit_interval_and_deterministic(question: str) -> None:
    first, second = check_scope(question), check_scope(question)
    assert first == second
    assert 0.0 <= first.score <= 1.0


@pytest.mark.parametrize(
    "question",
    [
        "Care este pedeapsa pentru omor?",
        "Cum se pedepsește delapidarea?",
        "Ce riscă cineva care lovește o altă persoană?",
        "Pot folosi cookie-uri fără consimțământul vizitatorului?",
        "What is the sentence for embezzlement?",
    ],
)
def test_criminal_law_and_cookies_are_legal(question: str) -> None:
    verdict = check_scope(question)
    assert verdict.in_scope, verdict.reason
    assert not verdict.off_topic_terms  # "cookie-uri" is no cooking term


def test_cooking_is_still_off_topic() -> None:
    verdict = check_scope("How long should I cook the chicken?")
    assert not verdict.in_scope and "cook" in verdict.off_topic_terms


@pytest.mark.parametrize(
    "question",
    [
        "Pot să cedez excursia altcuiva?",  # a transfer of the contract
        "Sunt obligat să plătesc penalizarea?",
        "Cât se rambursează dacă clientul anulează cu 40 de zile înainte de plecare?",
        "Am I allowed to get a refund if I cancel?",
    ],
)
def test_rights_refunds_and_transfers_asked_plainly_are_legal(question: str) -> None:
    assert check_scope(question).in_scope, check_scope(question).reason


def test_permission_alone_is_no_legal_question() -> None:
    verdict = check_scope("Am voie să mănânc după ora 8 seara?")
    assert not verdict.in_scope and verdict.legal_terms == ("voie",)
