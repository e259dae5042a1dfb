"""Rule before exception: an exception never answers a general question alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.exceptions import (
    asks_about_exceptions,
    corpus_rules,
    is_exception,
    named_rule,
    points_back,
    rule_first,
    unconditional_first,
)
from letadesk.domain import (
    DocumentId,
    DraftClaim,
    Evidence,
    Fragment,
    FragmentId,
    Passage,
    Scores,
    SearchFilters,
)
from letadesk.workspace import Workspace

LAW = (
    "LEGE nr. 7/2004 a contenciosului administrativ (FICTIVĂ)\n\n"
    "Articolul 7\nProcedura prealabilă\n"
    "(1) Înainte de a se adresa instanței de contencios administrativ competente, persoana "
    "care se consideră vătămată într-un drept al său trebuie să solicite autorității publice "
    "emitente, în termen de 30 de zile de la comunicarea actului, revocarea acestuia.\n"
    "(2) Plângerea prealabilă se soluționează în termen de 30 de zile de la înregistrare.\n"
    "(3) Pentru actele administrative ale căror efecte s-au epuizat, plângerea se poate "
    "formula oricând. În acest caz nu este obligatorie plângerea prealabilă pentru a sesiza "
    "instanța de contencios administrativ.\n\n"
    "Articolul 8\nObiectul acțiunii\n"
    "(1) Persoana vătămată poate sesiza instanța de contencios administrativ competentă.\n"
)


@pytest.mark.parametrize(
    "sentence",
    [
        "În acest caz nu este obligatorie plângerea prealabilă.",
        "(2) Prin derogare de la alin. (1), termenul este de 60 de zile.",
        "Cu excepția cazurilor prevăzute de lege, contractul se încheie în scris.",
        "Notwithstanding the foregoing, either party may disclose such information.",
        "(3) Dispozițiile alin. (1) nu se aplică actelor normative.",
    ],
)
def test_an_exception_is_recognised(sentence: str) -> None:
    assert is_exception(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "(1) Înainte de a se adresa instanței, persoana trebuie să solicite revocarea actului.",
        "Either party may terminate this Agreement, except for cause.",
        # a contract's rule whose carve-outs are elsewhere
        "5.2 Unless otherwise agreed, the fee is payable monthly.",
        "Unless earlier terminated, this Agreement continues for five (5) years.",
        "Except as provided in Section 9, neither party may assign this Agreement.",
        "Notwithstanding anything to the contrary, liability shall not exceed the fees paid.",
        "Salariatul are dreptul la concediu, cu excepția situațiilor prevăzute la alin. (2).",
    ],
)
def test_a_rule_is_not_an_exception(sentence: str) -> None:
    assert not is_exception(sentence)


def test_a_question_about_the_exceptions_asks_for_them() -> None:
    assert asks_about_exceptions("În ce cazuri nu este obligatorie plângerea prealabilă?")
    assert asks_about_exceptions("Are there exceptions to the non-compete?")
    assert not asks_about_exceptions("Este obligatorie plângerea prealabilă?")


def _passage(fid: int, text: str) -> Passage:
    fragment = Fragment(FragmentId(fid), DocumentId(1), 1, 0, len(text), f"art. {fid}", text)
    return Passage(fragment, mock.Mock(), Scores())


def test_the_rule_is_put_before_the_exception() -> None:
    rule, exception = "(1) Regula generală se aplică.", "În acest caz nu se cere nimic."
    passage = _passage(1, f"{rule} {exception}")
    drafts = [DraftClaim(exception, (Evidence(FragmentId(1), exception),))]
    ordered, added = rule_first("Se cere ceva?", drafts, [passage], lambda p, s: (p, rule))
    assert [d.text for d in ordered] == [rule, exception] and added == []
    # a rule already among the drafts moves up; nothing doubles
    both = [*drafts, DraftClaim(rule, (Evidence(FragmentId(1), rule),))]
    ordered, _ = rule_first("Se cere ceva?", both, [passage], lambda p, s: (p, rule))
    assert [d.text for d in ordered] == [rule, exception]
    # asked about the exception itself: unchanged
    ordered, _ = rule_first("Când nu se cere nimic?", drafts, [passage], lambda p, s: (p, rule))
    assert [d.text for d in ordered] == [exception]


def _alineat(fid: int, article: str, start: int, text: str) -> Passage:
    fragment = Fragment(FragmentId(fid), DocumentId(1), 1, start, start + len(text), article, text)
    return Passage(fragment, mock.Mock(), Scores())


def test_a_provision_stated_under_a_condition_follows_the_one_stated_without() -> None:
    term = "(1) Contractul se încheie pe o durată de 12 luni."
    renewal = (
        "(2) Durata contractului se prelungește cu încă 12 luni dacă nu se notifică încetarea."
    )
    price = "(1) Prețul este de 5.000 lei."
    passages = [
        _alineat(1, "art. 3 alin. (1)", 100, term),
        _alineat(2, "art. 3 alin. (2)", 160, renewal),
        _alineat(3, "art. 4 alin. (1)", 300, price),
    ]
    by_fragment = {p.fragment.id: p for p in passages}

    def drafts(*texts: str) -> list[DraftClaim]:
        ids = {term: 1, renewal: 2, price: 3}
        return [DraftClaim(t, (Evidence(FragmentId(ids[t]), t),)) for t in texts]

    def order(question: str, *texts: str) -> list[str]:
        return [d.text for d in unconditional_first(question, drafts(*texts), by_fragment)]

    asked = "Care este durata contractului?"
    assert order(asked, renewal, price, term) == [term, renewal, price]
    # asked about the condition, or with no earlier alineat of its article: as drafted
    assert order("Când se prelungește contractul?", renewal, term) == [renewal, term]
    assert order(asked, renewal, price) == [renewal, price]
    # an earlier alineat of another article, or a later one of its own, is no rule of it
    assert order(asked, price, term) == [price, term]
    later = "(3) Contractul poate fi reziliat dacă o parte nu își execută obligațiile."
    assert unconditional_first(
        asked,
        [
            DraftClaim(later, (Evidence(FragmentId(4), later),)),
            DraftClaim(renewal, (Evidence(FragmentId(2), renewal),)),
        ],
        {**by_fragment, FragmentId(4): _alineat(4, "art. 3 alin. (3)", 220, later)},
    ) == [
        DraftClaim(later, (Evidence(FragmentId(4), later),)),
        DraftClaim(renewal, (Evidence(FragmentId(2), renewal),)),
    ]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("exceptions")
    write_text(root / "docs", "lege.txt", LAW)
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([root / "docs"], matter="M")
    yield workspace
    workspace.close()


QUESTION = "Este obligatorie plângerea prealabilă înainte de a sesiza instanța de contencios?"


@pytest.mark.model  # the shipped judge reads the question
def test_a_general_question_is_answered_with_the_rule_first(ws: Workspace) -> None:
    answer = ws.ask(QUESTION, matter="M", options=AskOptions(generate=False))
    assert answer.answered
    texts = [c.text for c in answer.claims]
    assert texts[0].startswith("(1) Înainte de a se adresa instanței"), texts
    assert answer.claims[0].citations[0].locator == "art. 7 alin. (1)"
    assert not is_exception(texts[0])


@pytest.mark.model  # the shipped judge reads the question
def test_without_the_rule_the_exception_would_answer_alone(ws: Workspace) -> None:
    # the defect this guards against: the extracted answer leads with the exception
    with mock.patch("letadesk.answer.ask.rule_first", lambda q, d, p, r: (list(d), [])):
        answer = ws.ask(QUESTION, matter="M", options=AskOptions(generate=False))
    assert answer.answered and is_exception(answer.claims[0].text.split(". ")[-1])


@pytest.mark.model  # the shipped judge reads the question
def test_all_claims_hold_their_quotes(ws: Workspace) -> None:
    answer = ws.ask(QUESTION, matter="M", options=AskOptions(generate=False))
    for claim in answer.claims:
        cite = claim.citations[0]
        assert (
            ws.documents.text(ws.documents.find(str(cite.document_id)))[cite.start : cite.end]
            == claim.text
        )


def test_a_sentence_that_points_back_follows_the_one_it_points_to() -> None:
    """ "Such examination …" alone does not say who may examine what: the sentence before
    it in its fragment comes first, whatever the question asks."""
    right = (
        "Smith shall have the right to engage an independent accounting firm to examine "
        "the Licensee's books and records."
    )
    such = (
        "Such examination shall be at the premises of Licensee on ten (10) working days "
        "written notice and during normal business hours."
    )
    passage = _passage(3, f"{right} {such}")
    drafts = [DraftClaim(such, (Evidence(FragmentId(3), such),))]
    never = mock.Mock(side_effect=AssertionError("not an exception"))
    ordered, added = rule_first("Can one party audit the other?", drafts, [passage], never)
    assert [d.text for d in ordered] == [right, such] and added == []
    assert points_back("b) Said notice shall be in writing.")
    assert not points_back("This Agreement shall be governed by the laws of Delaware.")


@pytest.mark.parametrize(
    ("sentence", "locator", "named"),
    [
        (
            "(1) Prin excepție de la prevederile art. 195, dacă membrul grupului …",
            "art. 196^1 alin. (1)",
            ("195", None),
        ),
        (
            "În vederea evitării, prin excepție de la prevederile art. 66 alin. (1), un membru …",
            "art. 196",
            ("66", "1"),
        ),
        (
            "(5) Prin derogare de la alin. (1), termenul este de 60 de zile.",
            "art. 7 alin. (5)",
            ("7", "1"),
        ),
        (
            "Prin derogare de la art. 5 din Legea nr. 10/1995, autorizația nu se cere.",
            "art. 3",
            None,
        ),
        ("Prin derogare de la dispozițiile legale, autorizația nu se cere.", "art. 3", None),
    ],
)
def test_an_exception_names_the_provision_it_departs_from(
    sentence: str, locator: str, named: tuple[str, str | None] | None
) -> None:
    ref = named_rule(sentence, locator)
    assert (ref and (ref.article, ref.paragraph)) == named
    assert is_exception(sentence)  # even where the marker is not its first words


INSOLVENCY = (
    "LEGE nr. 85/2014 privind procedurile de insolvență (FICTIVĂ)\n\n"
    "Articolul 66\nCererea debitorului\n"
    "(1) Debitorul aflat în stare de insolvență este obligat să adreseze tribunalului o "
    "cerere pentru a fi supus dispozițiilor prezentei legi, în termen de 45 de zile.\n"
    "(2) Cererea se depune la tribunal.\n\n"
    "Articolul 196\nCererea comună\n"
    "În vederea evitării deschiderii ulterioare a procedurii insolvenței, prin excepție de la "
    "prevederile art. 66 alin. (1), un membru al unui grup poate subscrie la o cerere "
    "comună de deschidere a procedurii insolvenței.\n"
)


def test_the_named_provision_is_the_rule(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "insolventa.txt", INSOLVENCY)
    with Workspace.open(tmp_path / "profile") as workspace:
        workspace.documents.ingest([tmp_path / "docs"], matter="I")
        document = workspace.documents.find("insolventa.txt", matter="I")
        filters = SearchFilters(matter_id=document.matter_id)
        (exception,) = workspace.corpus.fragments_by_locator(filters, "art. 196")
        sentence = exception.text.split("\n")[-1]
        found = corpus_rules(workspace.corpus, filters)(
            Passage(exception, document, Scores()), sentence
        )
    assert found is not None
    passage, rule = found
    assert passage.fragment.locator == "art. 66 alin. (1)"
    assert rule.startswith("(1) Debitorul aflat în stare de insolvență este obligat")


SECOND_LAW = (
    "LEGE nr. 9/2010 privind petițiile (FICTIVĂ)\n\n"
    "Articolul 3\nPlângerea\n"
    "(1) Petentul trebuie să formuleze plângerea prealabilă la organul emitent înainte de a "
    "sesiza instanța de contencios administrativ.\n\n"
    "Articolul 12\nPetițiile urgente\n"
    "Pentru petițiile urgente, prin derogare de la art. 3 alin. (1), plângerea prealabilă nu "
    "este obligatorie pentru a sesiza instanța de contencios administrativ.\n"
)
# The same rule and exception in a firm's own procedure: a document that is no act of law
PROCEDURE = SECOND_LAW.replace(
    "LEGE nr. 9/2010 privind petițiile", "PROCEDURA INTERNĂ a petițiilor"
)


@pytest.mark.model  # the shipped judge reads the question
def test_each_document_of_a_matter_answers_with_its_rule_first(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "lege.txt", LAW)
    write_text(tmp_path / "docs", "procedura.txt", PROCEDURE)
    with Workspace.open(tmp_path / "profile") as workspace:
        workspace.documents.ingest([tmp_path / "docs"], matter="Two")
        answer = workspace.ask(QUESTION, matter="Two", options=AskOptions(generate=False))
    assert answer.answered and len(answer.groups) == 2  # asked of the law and the procedure
    for group in answer.groups:
        first = answer.claims[group.claims[0]]
        assert not is_exception(first.text), [answer.claims[i].text for i in group.claims]


@pytest.mark.model  # the shipped judge reads the question
def test_a_matter_of_laws_answers_once_with_the_rule_first(tmp_path: Path) -> None:
    """A question put to a matter of acts of law asks the law: one answer, not a group
    from each act (across.asked_of_several)."""
    write_text(tmp_path / "docs", "lege.txt", LAW)
    write_text(tmp_path / "docs", "petitii.txt", SECOND_LAW)
    with Workspace.open(tmp_path / "profile") as workspace:
        workspace.documents.ingest([tmp_path / "docs"], matter="Laws")
        answer = workspace.ask(QUESTION, matter="Laws", options=AskOptions(generate=False))
    assert answer.answered and answer.groups == ()
    assert not is_exception(answer.claims[0].text), [c.text for c in answer.claims]
