"""Presuppositions on a small real corpus: a question naming a provision the matter's
act lacks (article, alineat, litera, act, version in force) is refused with that fact."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.presupposition import (
    Missing,
    describe,
    missing_provision,
    unmet_presupposition,
)
from letadesk.references import parse_references
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace

CODUL_PENAL = """CODUL PENAL

Articolul 1
Legalitatea incriminării
(1) Legea penală prevede faptele care constituie infracţiuni.
(2) Nicio persoană nu poate fi sancţionată penal pentru o faptă care nu era prevăzută de
legea penală la data când a fost săvârşită.

Articolul 2
Legalitatea sancţiunilor de drept penal
Legea penală prevede pedepsele aplicabile şi măsurile educative ce se pot lua faţă de
persoanele care au săvârşit infracţiuni.

Articolul 3
Circumstanţe atenuante
(1) Următoarele împrejurări constituie circumstanţe atenuante legale:
a) săvârşirea infracţiunii sub stăpânirea unei puternice tulburări sau emoţii;
b) depăşirea limitelor legitimei apărări;
c) depăşirea limitelor stării de necesitate.
(2) Pot constitui circumstanţe atenuante judiciare eforturile depuse de infractor pentru
înlăturarea consecinţelor infracţiunii.

Articolul 3^1
Circumstanţe agravante
Constituie circumstanţă agravantă săvârşirea faptei de trei sau mai multe persoane.

Articolul 4
Intrarea în vigoare
Prezentul cod intră în vigoare la data stabilită prin legea de punere în aplicare.
"""

LEGEA_2017 = """LEGEA nr. 98 din 19 mai 2016 privind achiziţiile publice

Articolul 1
Prezenta lege reglementează modul de realizare a achiziţiilor publice.

Articolul 2
(1) Principiile care stau la baza atribuirii contractelor sunt nediscriminarea şi
transparenţa.
(2) Autoritatea contractantă asigură tratamentul egal al operatorilor economici.

Articolul 3
Garanţia de participare nu poate depăşi 1% din valoarea estimată a contractului.
"""

LEGEA_2020 = """LEGEA nr. 98 din 19 mai 2016 privind achiziţiile publice

Articolul 1
Prezenta lege reglementează modul de realizare a achiziţiilor publice.

Articolul 2
(1) Principiile care stau la baza atribuirii contractelor sunt nediscriminarea şi
transparenţa.
(2) Autoritatea contractantă asigură tratamentul egal al operatorilor economici.
(3) Autoritatea contractantă publică anual programul achiziţiilor publice.

Articolul 2^1
Achiziţiile directe se publică în catalogul electronic.

Articolul 3
Garanţia de participare nu poate depăşi 1% din valoarea estimată a contractului.
"""

V2017 = (date(2016, 5, 26), date(2020, 7, 12))
V2020 = (date(2020, 7, 13), None)


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("presup")
    docs = root / "docs"
    workspace = Workspace.open(root / "ws")
    # The check reads locators only; MiniLM embeds these few fragments fastest.
    workspace.settings = replace(workspace.settings, embedder="minilm")
    workspace.documents.ingest([write_text(docs, "codul_penal.txt", CODUL_PENAL)], matter="M")
    for name, text, (start, end) in [
        ("legea_98-2016_v2017.txt", LEGEA_2017, V2017),
        ("legea_98-2016_v2020.txt", LEGEA_2020, V2020),
    ]:
        workspace.documents.ingest(
            [write_text(docs, name, text)],
            matter="M",
            meta=LegalMeta(valid_from=start, valid_to=end),
        )
    yield workspace
    workspace.close()


def missing(ws: Workspace, question: str, as_of: date | None = None) -> Missing | None:
    return missing_provision(
        ws.corpus, parse_references(question), matter_id=ws.matters.named("M").id, as_of=as_of
    )


# ---- (a) the act has no such article ----------------------------------------------------


def test_an_article_beyond_the_act_names_its_range(ws: Workspace) -> None:
    found = missing(ws, "Care sunt condițiile prevăzute de art. 532 din Codul penal?")
    assert found is not None and found.kind == "article"
    assert describe(found, "ro") == (
        "Prevedere inexistentă: Codul penal nu are art. 532; "
        "articolele sale sunt 1–4 (inclusiv 3^1)"
    )
    assert describe(found, "en") == (
        "No such provision: Codul penal has no art. 532; its articles are 1–4 (including 3^1)"
    )


def test_inserted_articles_are_articles(ws: Workspace) -> None:
    assert missing(ws, "Ce prevede art. 3^1 din Codul penal?") is None
    found = missing(ws, "Ce prevede art. 3 ind. 2 C. pen.?")
    assert found is not None and found.kind == "article" and found.provision == "art. 3^2"


# ---- (b) the article exists, not the alineat or the litera -----------------------------


def test_a_missing_alineat_lists_those_the_article_has(ws: Workspace) -> None:
    found = missing(ws, "art. 1 alin. (5) din codul penal")
    assert found is not None and found.kind == "paragraph"
    assert describe(found, "ro") == (
        "Prevedere inexistentă: art. 1 din Codul penal nu are "
        "alin. (5); alineatele sale sunt (1), (2)"
    )


def test_an_article_without_alineate_says_so(ws: Workspace) -> None:
    found = missing(ws, "Ce prevede art. 2 alin. (2) din Codul penal?")
    assert found is not None
    assert describe(found, "en") == (
        "No such provision: art. 2 of Codul penal has no alin. (2): "
        "it is not divided into numbered paragraphs"
    )
    # a single-paragraph article is its own first alineat
    assert missing(ws, "Ce prevede art. 2 alin. (1) din Codul penal?") is None


def test_a_missing_litera_lists_the_letters_written_in_the_alineat(ws: Workspace) -> None:
    assert missing(ws, "art. 3 alin. (1) lit. b) din Codul penal") is None
    found = missing(ws, "Ce prevede art. 3 alin. (1) lit. f) din Codul penal?")
    assert found is not None and found.kind == "letter"
    assert describe(found, "ro") == (
        "Prevedere inexistentă: art. 3 alin. (1) din Codul penal "
        "nu are lit. f); literele sale sunt a)–c)"
    )
    none = missing(ws, "art. 4 lit. a) din Codul penal")
    assert none is not None and describe(none, "ro").endswith("nu are lit. a): nu are litere")


# ---- (c) the act is not in the matter ---------------------------------------------------


def test_an_act_the_matter_does_not_hold(ws: Workspace) -> None:
    found = missing(ws, "Ce prevede art. 8 din Legea nr. 554/2004?")
    assert found is not None and found.kind == "act"
    assert describe(found, "ro") == (
        "Prevedere inexistentă: Legea nr. 554/2004 nu se află "
        "printre documentele acestui dosar, deci prevederea art. 8 nu poate fi verificată"
    )


# ---- (d) not in the version in force on the date ----------------------------------------


def test_an_article_only_a_later_version_has(ws: Workspace) -> None:
    question = "Ce prevede art. 2^1 din Legea nr. 98/2016?"
    assert missing(ws, question) is None  # some version has it
    assert missing(ws, question, date(2021, 3, 1)) is None
    found = missing(ws, question, date(2018, 3, 1))
    assert found is not None and found.kind == "not_in_force"
    assert describe(found, "en") == (
        "No such provision: Legea nr. 98/2016 as in force on 2018-03-01 has no art. 2^1: the "
        "version then in force (2016-05-26 – 2020-07-12) does not hold it; art. 2^1 is in the "
        "text in force since 2020-07-13"
    )
    assert describe(found, "ro") == (
        "Prevedere inexistentă: Legea nr. 98/2016 în vigoare la 01.03.2018 nu are art. 2^1: "
        "versiunea în vigoare atunci (26.05.2016 – 12.07.2020) nu conține această prevedere; "
        "art. 2^1 apare în textul în vigoare din 13.07.2020"
    )


def test_an_alineat_added_later_and_no_version_in_force(ws: Workspace) -> None:
    found = missing(ws, "art. 2 alin. (3) din Legea 98/2016", date(2019, 1, 1))
    assert found is not None and found.kind == "not_in_force"
    early = missing(ws, "art. 2 alin. (1) din Legea 98/2016", date(2010, 1, 1))
    assert early is not None and early.kind == "not_in_force" and not early.in_force
    assert describe(early, "en").startswith(
        "No such provision: no version of Legea nr. 98/2016 in this matter is in force on "
        "2010-01-01; art. 2 alin. (1) is in the text in force 2016-05-26 – 2020-07-12 and "
        "since 2020-07-13"
    )


def test_missing_everywhere_names_the_range_in_force(ws: Workspace) -> None:
    found = missing(ws, "art. 9 din Legea nr. 98/2016", date(2018, 3, 1))
    assert found is not None and found.kind == "article" and found.have == ("1", "2", "3")


# ---- what is not decided ----------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Ce prevede art. 3 alin. (2) din Codul penal?",  # exists
        "Ce prevede art. 532?",  # no act named: today's behaviour
        "Ce prevede art. 532 din Legea nr?",  # an act without a number
        "What does Section 9.9 of the Agreement say?",  # a contract's clause
        "Ce spune Legea nr. 554/2004 despre termene?",  # an act without a provision
    ],
)
def test_nothing_is_decided_without_a_named_provision_of_an_identified_act(
    ws: Workspace, question: str
) -> None:
    assert missing(ws, question) is None


def test_ranges_with_gaps_and_many_insertions() -> None:
    units = ("1", "2", "3", "5", "7", "8", "9", "2^1", "2^2", "3^1", "7^1", "8^1", "9^1")
    text = describe(Missing("article", "Legea nr. 1/2000", "art. 12", have=units), "en")
    assert text.endswith("its articles are 1–3, 5, 7–9 (including 2^1, 2^2, 3^1, 7^1, 8^1, …)")


# ---- through Workspace.ask --------------------------------------------------------------


def test_ask_refuses_with_the_reason_in_the_interface_language(ws: Workspace) -> None:
    question = "Care sunt condițiile prevăzute de art. 532 din Codul penal?"
    answer = ws.ask(question, matter="M", options=AskOptions(generate=False, language="ro"))
    assert answer.disposition == "refused" and not answer.claims
    assert answer.reason == unmet_presupposition(
        ws.corpus, question, matter_id=ws.matters.named("M").id, as_of=None, language="ro"
    )
    assert answer.reason.startswith("Prevedere inexistentă: Codul penal nu are art. 532")


def test_ask_on_a_date_before_the_provision(ws: Workspace) -> None:
    answer = ws.ask(
        "Ce prevede art. 2^1 din Legea nr. 98/2016?",
        matter="M",
        options=AskOptions(as_of=date(2018, 3, 1), generate=False),
    )
    assert answer.disposition == "refused"
    assert answer.reason.startswith(  # in the question's language
        "Prevedere inexistentă: Legea nr. 98/2016 în vigoare la 01.03.2018"
    )


def test_ask_about_an_existing_provision_is_not_refused_for_it(ws: Workspace) -> None:
    answer = ws.ask(
        "Ce prevede art. 3 alin. (1) din Codul penal?",
        matter="M",
        options=AskOptions(generate=False, language="ro"),
    )
    assert not answer.reason.startswith("Prevedere inexistentă")
    assert answer.disposition == "answered", answer.reason


# ---- puncte: written on one line, cited with or without their alineat -------------------

INSOLVENTA = (
    "LEGE nr. 85 din 25 iunie 2014 privind procedurile de insolvență\n\n"
    "Articolul 5\n"
    "(1) În înțelesul prezentei legi, termenii au următoarele semnificații: 1. acord de "
    "compensare reprezintă:\n"
    "a) orice acord master de netting;\n"
    "b) orice acord de garantare; 2. activități curente reprezintă activitățile obișnuite; "
    "3. Abrogat.\n"
    "(la 14-12-2015, Pct. 3 al alin. (1) al art. 5 a fost abrogat de pct. 1 al art. 630 din "
    "LEGEA nr. 312 din 4 decembrie 2015.) 4. administrator special este persoana desemnată "
    "de adunarea generală a asociaților; 4^1. ansamblu independent reprezintă un grup de "
    "bunuri ale debitorului.\n"
    "(2) Termenii se completează cu cei din Codul civil.\n"
)


@pytest.fixture(scope="module")
def law(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("puncte")
    workspace = Workspace.open(root / "ws")
    workspace.settings = replace(workspace.settings, embedder="minilm")
    workspace.documents.ingest([write_text(root / "docs", "legea_85.txt", INSOLVENTA)], matter="M")
    yield workspace
    workspace.close()


def test_a_punct_is_found_with_or_without_its_alineat(law: Workspace) -> None:
    assert missing(law, "Ce prevede art. 5 pct. 4^1 din Legea nr. 85/2014?") is None
    assert missing(law, "art. 5 alin. (1) pct. 2 din Legea nr. 85/2014") is None
    assert missing(law, "art. 5 pct. 1 lit. b) din Legea nr. 85/2014") is None
    found = missing(law, "Ce prevede art. 5 pct. 9 din Legea nr. 85/2014?")
    assert found is not None and found.kind == "point"
    assert describe(found, "ro") == (
        "Prevedere inexistentă: art. 5 din Legea nr. 85/2014 nu are pct. 9; "
        "punctele sale sunt 1–4 (inclusiv 4^1)"
    )
    litera = missing(law, "art. 5 alin. (1) pct. 1 lit. c) din Legea nr. 85/2014")
    assert litera is not None and describe(litera, "en") == (
        "No such provision: art. 5 alin. (1) pct. 1 of Legea nr. 85/2014 has no lit. c); "
        "its letters are a), b)"
    )


def test_a_punct_asked_without_its_alineat_is_answered_by_it(law: Workspace) -> None:
    answer = law.ask(
        "Ce prevede art. 5 pct. 4^1 din Legea nr. 85/2014?",
        matter="M",
        options=AskOptions(generate=False, judge=False),
    )
    cited = [(c.citations[0].locator, c.text[:40]) for c in answer.claims]
    assert answer.answered, answer.reason
    assert answer.claims[0].citations[0].locator == "art. 5 alin. (1) pct. 4^1", cited
    assert answer.claims[0].text.startswith("4^1. ansamblu independent")
