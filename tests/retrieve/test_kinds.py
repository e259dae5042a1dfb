"""A contract named by its kind ("the services contract", "contractul de închiriere"):
the words read from the question, the documents they name in a real workspace, and the
answer on the sample matter, whose services contract states no governing law while the
NDA beside it does."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from corpus_factory import ingested_matter
from letadesk.answer.ask import AskOptions
from letadesk.assets import resource
from letadesk.retrieve.cascade import Retriever
from letadesk.retrieve.kinds import kind_words, without_kind
from letadesk.workspace import Workspace


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What law governs the services contract?", ("services",)),
        ("What is the term of the Mutual Non-Disclosure Agreement?", ("mutual", "non-disclosure")),
        ("Can the lease agreement be renewed?", ("lease",)),
        ("Care este durata contractului de prestări servicii?", ("prestari", "servicii")),
        ("Cine plătește chiria din contractul de închiriere a casei?", ("inchiriere",)),
        ("Când încetează contractul individual de muncă?", ("munca",)),
        ("Poate fi denunțat acordul de confidențialitate?", ("confidentialitate",)),
        # no kind: the agreement itself, words that name none, a contract in general
        ("Which law governs this agreement?", ()),
        ("Under the terms of the agreement, who pays?", ()),
        ("Is the same agreement still in force?", ()),
        ("Pe ce durată se poate încheia un contract de muncă?", ()),
    ],
)
def test_the_kind_a_question_names(question: str, kind: tuple[str, ...]) -> None:
    assert kind_words(question) == kind


@pytest.mark.parametrize(
    ("question", "without"),
    [
        (
            "What is the term of the Mutual Non-Disclosure Agreement?",
            "What is the term of the Agreement?",
        ),
        ("Which law governs the services contract?", "Which law governs the contract?"),
        # nothing named by its kind: as asked (a contract in general names none)
        ("Which law governs this agreement?", "Which law governs this agreement?"),
        ("Is the same agreement still in force?", "Is the same agreement still in force?"),
        ("Care este durata contractului de prestări servicii?", "Care este durata contractului?"),
        ("Poate fi denunțat acordul de confidențialitate?", "Poate fi denunțat acordul?"),
        (
            "Pe ce durată se poate încheia un contract de muncă?",
            "Pe ce durată se poate încheia un contract de muncă?",
        ),
        # from the first kind word: "of" before it is the question's
        ("What is the term of lease agreement?", "What is the term of agreement?"),
        # typed in decomposed letters (a letter and its mark): read as composed
        (
            unicodedata.normalize("NFD", "Care este durata contractului de prestări servicii?"),
            "Care este durata contractului?",
        ),
    ],
)
def test_a_question_without_the_words_naming_its_contract(question: str, without: str) -> None:
    assert without_kind(question) == without


SERVICES = """CONTRACT DE PRESTĂRI SERVICII nr. 3/2025

Articolul 1 - Obiectul contractului
(1) Prestatorul furnizează Beneficiarului servicii de contabilitate.

Articolul 2 - Durata
(1) Contractul se încheie pe o durată de 24 de luni.
"""

LEASE = """CONTRACT DE ÎNCHIRIERE nr. 8/2025
încheiat între Popescu Ion, locator, și Ionescu Maria, locatar

Articolul 1 - Obiectul
(1) Locatorul dă în folosință Locatarului apartamentul din strada Exemplu nr. 1.

Articolul 2 - Durata
(1) Contractul se încheie pe o durată de 12 luni.
"""

NDA = """MUTUAL NON-DISCLOSURE AGREEMENT

1. Term. This Agreement remains in force for three (3) years.

2. Law. This Agreement is governed by the laws of the State of New York.
"""

CODE = """CODUL MUNCII din 24 ianuarie 2003

Articolul 82
(1) Contractul individual de muncă pe durată determinată nu poate fi încheiat pe o
perioadă mai mare de 36 de luni.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    root = tmp_path_factory.mktemp("kinds")
    return ingested_matter(
        root,
        {
            "contract_servicii.txt": SERVICES,
            "contract_inchiriere.txt": LEASE,
            "nda.txt": NDA,
            "codul_muncii.txt": CODE,
        },
    )


def _named(ws: Workspace, question: str) -> list[str]:
    retrieved = Retriever(ws.corpus, ws.indexes).search(question, ws.filters("M"), k=5)
    return [Path(ws.documents.find(str(d)).path).name for d in retrieved.named]


def test_a_contract_is_named_by_its_kind_in_either_language(ws: Workspace) -> None:
    # "services" shares its root with "servicii"; "lease" is translated
    assert _named(ws, "How long does the services contract last?") == ["contract_servicii.txt"]
    assert _named(ws, "What is the term of the lease agreement?") == ["contract_inchiriere.txt"]
    assert _named(ws, "Care este durata contractului de închiriere?") == ["contract_inchiriere.txt"]
    assert _named(ws, "Which law governs the non-disclosure agreement?") == ["nda.txt"]


def test_an_act_of_law_and_an_unknown_kind_name_nothing(ws: Workspace) -> None:
    # Codul muncii is an act: "contractul individual de muncă" asks the law, not one act
    assert _named(ws, "Cât poate dura contractul individual de muncă?") == []
    assert _named(ws, "What is the term of the distribution agreement?") == []


def test_the_named_contract_is_searched_first_and_no_other(ws: Workspace) -> None:
    retrieved = Retriever(ws.corpus, ws.indexes).search(
        "Care este durata contractului de închiriere?", ws.filters("M"), k=8
    )
    first = retrieved.passages[0]
    assert first.via == "named" and first.document.title.startswith("CONTRACT DE ÎNCHIRIERE")
    files = {Path(p.document.path).name for p in retrieved.passages}
    # the other contracts' durations are not this one's; the law may still answer
    assert not files & {"contract_servicii.txt", "nda.txt"}
    assert "codul_muncii.txt" in files
    assert retrieved.by_kind  # Gate 2 then reads the question without "de închiriere"


def test_an_act_named_is_not_a_contract_named(ws: Workspace) -> None:
    retrieved = Retriever(ws.corpus, ws.indexes).search(
        "Cât poate dura contractul individual de muncă potrivit Codului muncii?", ws.filters("M")
    )
    assert retrieved.named and not retrieved.by_kind


def test_a_contract_named_by_its_parties_keeps_the_kind_words_it_asks_about(
    ws: Workspace,
) -> None:
    # its parties name the lease; "contractul de muncă" is what is asked of it
    retrieved = Retriever(ws.corpus, ws.indexes).search(
        "Ce prevede contractul dintre Popescu și Ionescu despre contractul de muncă?",
        ws.filters("M"),
    )
    assert [Path(ws.documents.find(str(d)).path).name for d in retrieved.named] == [
        "contract_inchiriere.txt"
    ]
    assert not retrieved.by_kind


@pytest.mark.model
def test_the_law_of_a_contract_that_states_none_is_not_the_ndas(tmp_path: Path) -> None:
    """On the sample matter: the services contract states no governing law, the NDA
    does ("the laws of England and Wales"); asked of the services contract, the answer
    is a refusal with the contract's own provisions, and its parties are its own."""
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([resource("sample_matter")], matter="S")
        options = AskOptions(generate=False)
        law = ws.ask("What law governs the services contract?", matter="S", options=options)
        assert law.disposition == "refused"
        assert law.nearest_sources
        assert all("prestări servicii" in p.document.title for p in law.nearest_sources)
        parties = ws.ask(
            "Who are the parties to the services contract?", matter="S", options=options
        )
        assert parties.disposition == "answered"
        quotes = [c.citations[0].quote for c in parties.claims]
        assert any("SC Exemplu Consult SRL" in q for q in quotes)
        assert not any("Example Holdings" in q for q in quotes)  # the NDA's parties


@pytest.mark.model
def test_the_words_naming_the_contract_are_not_what_is_asked(tmp_path: Path) -> None:
    """ "non-disclosure" chose the NDA; read as part of the question, its "non" routed
    it to a renewal notice's "non-renewal", and the answer was refused."""
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([resource("sample_matter")], matter="S")
        term = ws.ask(
            "What is the term of the non-disclosure agreement?",
            matter="S",
            options=AskOptions(generate=False),
        )
        assert term.answered
        assert term.claims[0].citations[0].locator == "Section 3.1"
        assert term.short_answer is not None and term.short_answer.text == "two (2) years"
