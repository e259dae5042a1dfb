"""Marginal titles: a question that names an article's title finds that article."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import question_topic
from letadesk.answer.titles import TitledScorer
from letadesk.domain import (
    Document,
    DocumentId,
    DocumentStatus,
    Fragment,
    FragmentId,
    MatterId,
    Passage,
    Scores,
)
from letadesk.retrieve.cascade import Retriever
from letadesk.retrieve.titles import (
    DEFINITION_CANDIDATES,
    TITLE_CANDIDATES,
    alternations,
    asked,
    asks_definition,
    defined_term,
    defined_terms,
    heading_title,
    marginal_title,
    names_defined,
    names_title,
    specific_words,
    titled_fragments,
)
from letadesk.verify.support import stem
from letadesk.workspace import Workspace

# A code in the shape of the consolidated Codul penal: the marginal title on its own line
# after "Articolul N", inside the fragment of alin. (1); an article whose text repeats
# "pedeapsa" and "furt" more than the right one does.
CODE = (
    "CODUL PENAL (FICTIV)\n\nCapitolul I Furtul\n\nArticolul 228\n\nFurtul\n"
    "(1) Luarea unui bun mobil din posesia sau detenţia altuia, fără consimţământul "
    "acestuia, în scopul de a şi-l însuşi pe nedrept, se pedepseşte cu închisoare de la "
    "6 luni la 3 ani sau cu amendă.\n"
    "(2) Fapta constituie furt şi dacă bunul aparţine în întregime sau în parte "
    "făptuitorului.\n\n"
    "Articolul 229\n\nFurtul calificat\n"
    "(1) Furtul săvârşit într-un mijloc de transport în comun se pedepseşte cu "
    "închisoarea de la unu la 5 ani.\n"
    "(2) Dacă furtul a fost săvârşit de o persoană având asupra sa o armă, pedeapsa este "
    "închisoarea de la 2 la 7 ani.\n\n"
    "Articolul 230\n\nFurtul în scop de folosinţă\n"
    "(1) Furtul care are ca obiect un vehicul, săvârşit în scopul de a-l folosi pe "
    "nedrept, se sancţionează cu pedeapsa prevăzută pentru furt, ale cărei limite "
    "speciale se reduc cu o treime.\n\n"
    "Articolul 231\n\nNoţiunea\n(1) Pedeapsa pentru furt se execută potrivit legii.\n\n"
    "Articolul 193\n\nLovirea sau alte violenţe\n"
    "(1) Lovirea sau orice acte de violenţă cauzatoare de suferinţe fizice se pedepsesc cu "
    "închisoare de la 3 luni la 2 ani sau cu amendă.\n"
)


def test_a_marginal_title_is_read_from_the_article_head() -> None:
    assert marginal_title("Capitolul I Furtul\n\nArticolul 228\n\nFurtul\n(1) Luarea") == "Furtul"
    assert marginal_title("Articolul 7\n(1) Fără titlu.") == ""
    assert marginal_title("(2) Fapta constituie furt.") == ""
    # an article without alineate: its text follows the title
    assert marginal_title("Articolul 233\n\nTâlhăria\nFurtul săvârşit prin violenţe.") == (
        "Tâlhăria"
    )
    # an article without a title: its first line is its text
    assert marginal_title("Articolul 190\nUciderea săvârşită la cererea victimei.\n") == ""


def test_the_noun_and_the_verb_share_a_stem() -> None:
    assert stem("pedepseste") in alternations("pedeapsa")
    assert stem("pedepseste") in asked("Care este pedeapsa pentru furt?").stems


@pytest.mark.parametrize(
    ("question", "title", "named"),
    [
        ("Care este pedeapsa pentru furt?", "Furtul", True),
        ("Care este pedeapsa pentru furt?", "Furtul în scop de folosinţă", False),
        ("Care este pedeapsa pentru furt?", "Furtul calificat", False),
        ("Ce pedeapsă se dă pentru furtul calificat?", "Furtul calificat", True),
        ("Care este pedeapsa pentru furt?", "Noţiunea", False),  # generic: names nothing
        ("Care este pedeapsa pentru omor?", "Furtul", False),
        ("Ce înseamnă furtul potrivit Codului penal?", "Furtul", True),
        # the title holds too few of the question's own words (Codul penal art. 176)
        ("Ce se înțelege prin informație de interes public?", "Public", False),
        (
            "Ce se înțelege prin informație de interes public?",
            "Interesul public şi interesul privat",
            False,
        ),
        # words joined by "sau" / "ori": either names the title; a verb names its noun
        ("Ce riscă cineva care lovește o altă persoană?", "Lovirea sau alte violenţe", True),
        (
            "Ce pedeapsă are cel care distruge înscrisuri?",
            "Sustragerea sau distrugerea de înscrisuri",
            True,
        ),
        (
            "Ce pedeapsă are cel care distruge probe?",
            "Sustragerea sau distrugerea de înscrisuri",
            False,
        ),
    ],
)
def test_a_title_is_named_only_when_the_question_holds_all_of_it(
    question: str, title: str, named: bool
) -> None:
    text = f"Articolul 1\n\n{title}\n(1) Text."
    assert names_title(asked(question), text) is named


def test_generic_and_question_words_are_left_out_of_the_title_search() -> None:
    assert specific_words("Care este pedeapsa pentru furt?") == "furt"


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("titles")
    write_text(root / "docs", "cod.txt", CODE)
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([root / "docs"], matter="M")
    yield workspace
    workspace.close()


def test_the_titled_article_is_searched_first(ws: Workspace) -> None:
    passages = ws.search("Care este pedeapsa pentru furt?", matter="M", k=5)
    assert passages[0].via == "title"
    assert passages[0].fragment.locator == "art. 228 alin. (1)"


def test_a_verb_finds_the_title_of_its_noun(ws: Workspace) -> None:
    """The question's "lovește" is searched with "lovire" (its family), so "Lovirea sau
    alte violenţe" is among the candidates and named: its article comes first."""
    passages = ws.search("Ce riscă cineva care lovește o altă persoană?", matter="M", k=5)
    assert passages[0].via == "title"
    assert passages[0].fragment.locator == "art. 193 alin. (1)"


def test_a_question_typed_without_diacritics_is_searched_and_read_with_them(
    ws: Workspace,
) -> None:
    found = Retriever(ws.corpus, ws.indexes).search(
        "Ce pedeapsa primeste cel care loveste o alta persoana?", ws.filters("M"), k=5
    )
    assert found.searched == "Ce pedeapsa primește cel care lovește o alta persoana?"
    assert found.passages[0].fragment.locator == "art. 193 alin. (1)"


@pytest.mark.model  # the shipped judge reads the question
def test_the_penalty_for_theft_is_art_228_not_230(ws: Workspace) -> None:
    answer = ws.ask(
        "Care este pedeapsa pentru furt?", matter="M", options=AskOptions(generate=False)
    )
    assert answer.answered
    assert answer.claims[0].citations[0].locator == "art. 228 alin. (1)"
    assert answer.short_answer is not None
    assert answer.short_answer.text == "închisoare de la 6 luni la 3 ani sau cu amendă"


class _Flat:
    """A scorer that finds every sentence equally relevant (scripts the judge's verdict)."""

    name, threshold, clause_types = "flat", 0.2, ()

    def passage(self, passage: Passage) -> float:
        return 0.5

    def sentence(self, passage: Passage, text: str) -> float:
        return 0.5

    def prepare(self, passages: Sequence[Passage]) -> None:
        return None


def _passage(text: str, via: str = "hybrid", fid: int = 1) -> Passage:
    fragment = Fragment(FragmentId(fid), DocumentId(1), 1, 0, len(text), "art. 1", text)
    document = Document(
        DocumentId(1), MatterId(1), "c.txt", "Cod", "text", "ro", "", 0, DocumentStatus.INDEXED
    )
    return Passage(fragment, document, Scores(), via)


def test_a_source_holding_too_little_of_the_question_answers_nothing() -> None:
    question = "Care este termenul general de prescripție în materie civilă?"
    scorer = TitledScorer(_Flat(), question, topic=question_topic(question), floor=0.5)
    labour = _passage("Dreptul la acţiune se prescrie în termen de 3 ani de la naştere.")
    civil = _passage("Termenul general de prescripţie în materie civilă este de 3 ani.", fid=2)
    assert scorer.passage(labour) == 0.0 and scorer.sentence(labour, labour.fragment.text) == 0.0
    assert scorer.passage(civil) >= 0.5
    # a provision the question names is never held to the floor
    assert scorer.passage(_passage(labour.fragment.text, via="reference", fid=3)) >= 0.5
    # without a floor (English), the wrapped scorer decides
    assert TitledScorer(_Flat(), question).passage(labour) >= 0.5


def test_a_sentence_stating_the_value_asked_for_comes_first_but_passes_no_bar() -> None:
    question = "În ce termen se soluționează plângerea prealabilă?"
    scorer = TitledScorer(_Flat(), question, topic=question_topic(question))
    timed = _passage("Plângerea prealabilă se soluționează în termen de 30 de zile.", fid=4)
    plain = _passage("Plângerea prealabilă se soluționează de autoritatea emitentă.", fid=5)
    assert scorer.passage(timed) > scorer.passage(plain) == 0.5
    assert scorer.sentence(timed, timed.fragment.text) > scorer.sentence(plain, "x")

    class _Low(_Flat):
        def sentence(self, passage: Passage, text: str) -> float:
            return 0.1  # under the bar (0.2): a value lifts nothing over it

        def passage(self, passage: Passage) -> float:
            return 0.1

    low = TitledScorer(_Low(), question, topic=question_topic(question))
    assert low.passage(timed) == 0.1 and low.sentence(timed, timed.fragment.text) == 0.1


# A definition list in the shape of Legea 190/2018 art. 2: the lead-in ("se definesc după
# cum urmează:") and each entry, "a) term - definition".
ENTRIES = (
    "a) autorități și organisme publice - Camera Deputaților și Senatul, Guvernul, "
    "ministerele. În sensul prezentei legi, sunt asimilate autorităților/organismelor "
    "publice și unitățile de cult.",
    "c) plan de remediere - anexă la procesul-verbal de constatare și sancționare a "
    "contravenției, prin care autoritatea stabilește măsuri și un termen de remediere;",
)


def test_a_definition_list_entry_is_titled_by_its_term() -> None:
    assert defined_term(ENTRIES[0]) == "autorități și organisme publice"
    assert defined_term("1. acord-cadru – acordul încheiat între una sau mai multe") == (
        "acord-cadru"
    )
    # an alineat, a header, a long clause before a dash: no entry
    assert defined_term("(2) Prelucrarea datelor - în condițiile legii") == ""
    assert defined_term("Art. 5. - Titlu (1) Textul articolului") == ""
    long = "b) în cazul în care autoritatea contractantă a decis, în condițiile legii, să - x"
    assert defined_term(long) == ""


def test_an_entry_may_define_its_term_with_a_verb() -> None:
    """Legea 85/2014 art. 5: "29. insolvența este acea stare a patrimoniului …"."""
    assert defined_term("29. insolvența este acea stare a patrimoniului debitorului") == (
        "insolvența"
    )
    entries = "x; 16^1. creanțele în litigiu reprezintă creanțele contestate; 17. Abrogat."
    assert defined_terms(entries) == ["creanțele în litigiu"]
    # a sentence of a numbered list, or a clause that opens with a condition: no entry
    assert defined_term("1. Contractul este încheiat în scris.") == ""
    assert defined_term("2. în cazul în care contractul este reziliat, părțile") == ""


def test_entries_are_read_inside_a_fragment_too() -> None:
    """A portal's consolidated text runs several entries on one line, after a note."""
    line = (
        "(la 13-07-2020, Alineatul (1) a fost completat de OUG nr. 114/2020) ff) mijloace "
        "electronice - echipamente; gg) ofertant - orice operator economic care a depus o "
        "ofertă; jj) operator economic - orice persoană fizică sau juridică"
    )
    assert defined_terms(line) == ["mijloace electronice", "ofertant", "operator economic"]
    assert names_defined(asked("Ce este un operator economic?"), line)
    assert not names_defined(asked("Ce este un contractant?"), line)


def test_only_a_question_asking_a_meaning_is_answered_by_an_entry() -> None:
    assert asks_definition("Ce înseamnă plan de remediere?")
    assert asks_definition("Ce este un plan de remediere?")
    assert asks_definition("What is a remediation plan?")
    assert asks_definition("Ce se înțelege prin autorități publice?")
    assert not asks_definition("Cine întocmește planul de remediere?")
    # asked after a clause that names the act, or around one
    assert asks_definition("Potrivit Legii nr. 98/2016, ce este un ofertant?")
    assert asks_definition("Ce este, conform legii, un subcontractant?")
    assert asks_definition("Under this Agreement, what is a Change of Control?")
    assert not asks_definition("Cine este ofertantul?")
    meaning = asked("Ce înseamnă autorități și organisme publice în legea de aplicare a GDPR?")
    assert names_defined(meaning, ENTRIES[0]) and not names_defined(meaning, ENTRIES[1])
    # the same words, not asking what they mean: the entry is no title
    assert not names_defined(asked("Cine numește autorități și organisme publice?"), ENTRIES[0])


def test_the_entry_of_the_asked_term_leads_not_its_fragment_s_other_sentences() -> None:
    """The entry's fragment is lifted over the others (Gate 2 reads it) and, within it,
    the entry itself, not the sentence after it, is the first claim."""
    question = "Ce înseamnă autorități și organisme publice?"
    scorer = TitledScorer(_Flat(), question, topic=question_topic(question))
    entry = _passage(ENTRIES[0], fid=6)
    cited = _passage("Un organism public poate desemna un responsabil comun.", fid=7)
    assert scorer.passage(entry) > scorer.passage(cited) == 0.5
    first, second = ENTRIES[0].split(". În ")
    assert scorer.sentence(entry, first + ".") > scorer.sentence(entry, "În " + second) == 0.5


def test_the_parties_and_a_split_preposition_are_not_what_a_title_must_name() -> None:
    """ "Părțile" is the Romanian "parties" (no topic); "într-un" splits into "într"."""
    question = "Când se pot împăca părțile într-un proces penal?"
    assert specific_words(question) == "impaca proces"
    assert names_title(asked(question), "Articolul 159\n\nÎmpăcarea\n(1) Împăcarea poate")


def test_a_slash_joins_the_alternatives_of_a_defined_term() -> None:
    entry = "yy) subcontractant/subantreprenor - orice operator economic care execută"
    assert defined_terms(entry) == ["subcontractant/subantreprenor"]
    assert names_defined(asked("Ce înseamnă subcontractant?"), entry)
    assert names_defined(asked("Ce este un subantreprenor?"), entry)
    assert not names_defined(asked("Ce este un operator economic?"), entry)


# Two entries a question about a "contract de achiziție publică" names: one holds two of
# its three specific words, the other all three.
PARTIAL = "b) achiziție sau achiziție publică - achiziția de lucrări, de produse sau de servicii;"
WHOLE = "l) contract de achiziție publică - contractul cu titlu oneros încheiat în scris;"


def _titled(question: str, texts: Sequence[str]) -> tuple[list[str], list[int]]:
    asked_for: list[int] = []

    def lexical(words: str, k: int) -> list[int]:
        asked_for.append(k)
        return list(range(len(texts)))

    def fragments(ids: Sequence[int]) -> list[Fragment]:
        return [_passage(texts[i], fid=i).fragment for i in ids]

    found = titled_fragments(question, lexical, fragments)
    return [f.text for f in found], asked_for


def test_the_entry_naming_most_of_the_question_comes_first() -> None:
    found, asked_for = _titled("Ce este un contract de achiziție publică?", [PARTIAL, WHOLE])
    assert found == [WHOLE, PARTIAL]  # the lexical order put the partial entry first
    assert asked_for == [DEFINITION_CANDIDATES]
    # a question not asking a meaning reads the usual candidates, in their order
    _, asked_for = _titled("Care este pedeapsa pentru furt?", [CODE])
    assert asked_for == [TITLE_CANDIDATES]


def test_the_entry_of_a_term_in_every_article_is_found(tmp_path: Path) -> None:
    """A term the act names everywhere: its long entry lies below the title search's
    usual candidates by BM25 (short articles naming it rank higher); asked what it means,
    the entry still answers (real tantivy and SQLite)."""
    entry = (
        "Articolul 1\n(1) În sensul prezentei legi, termenii se definesc după cum urmează: "
        "a) ofertă - actul juridic prin care un participant își manifestă voința; "
        + " ".join(
            f"{chr(98 + i)}) termen {i} - o noțiune a legii de înțeles ca atare;" for i in range(20)
        )
        + " v) operator economic - orice persoană fizică sau juridică, de drept public ori "
        "privat, care oferă în mod licit pe piață executarea de lucrări, furnizarea de "
        "produse ori prestarea de servicii;"
    )
    articles = "\n\n".join(
        f"Articolul {n}\n(1) Un operator economic depune documentul {n}."
        for n in range(2, 2 + TITLE_CANDIDATES + 20)
    )
    write_text(
        tmp_path / "docs", "lege.txt", f"LEGE privind achizițiile\n\n{entry}\n\n{articles}\n"
    )
    ws = Workspace.open(tmp_path / "profile")
    try:
        ws.documents.ingest([tmp_path / "docs"], matter="M")
        plain = ws.search("Cine depune documentul operator economic?", matter="M", k=5)
        assert all(p.via != "title" for p in plain)
        found = ws.search("Ce este un operator economic?", matter="M", k=5)
        assert found[0].via == "title"
        assert found[0].fragment.locator.startswith("art. 1")
        assert "v) operator economic -" in found[0].fragment.text
    finally:
        ws.close()


def test_the_act_a_question_names_is_not_what_a_title_must_name() -> None:
    """ "Potrivit Legii nr. 98/2016, ce este un ofertant?": the act's number and the
    frame ("potrivit", "conform", "în sensul") are no words of the defined term."""
    assert specific_words("Potrivit Legii nr. 98/2016, ce este un ofertant?") == "ofertant"
    assert specific_words("Ce se înțelege, în sensul Legii 98/2016, prin ofertant?") == ("ofertant")
    assert specific_words("Conform Codului penal, care este pedeapsa pentru furt?") == "furt"
    entry = "gg) ofertant - orice operator economic care a depus o ofertă;"
    assert names_defined(asked("Potrivit Legii nr. 98/2016, ce este un ofertant?"), entry)


# An act without marginal titles, in the shape of Codul muncii as first published: a
# section's heading opens the fragment of its first article.
LABOUR = (
    "CODUL MUNCII (FICTIV)\n\n"
    "Secţiunea a 3-a Concedierea pentru motive care ţin de persoana salariatului\n\n\n"
    "Articolul 61\n\nAngajatorul poate dispune concedierea pentru motive care ţin de "
    "persoana salariatului în următoarele situaţii: a) în cazul în care salariatul a "
    "săvârşit o abatere gravă; b) în cazul în care salariatul este arestat preventiv.\n\n"
    "Secţiunea a 4-a Concedierea pentru motive care nu ţin de persoana salariatului\n\n\n"
    "Articolul 65\n\n(1) Concedierea pentru motive care nu ţin de persoana salariatului "
    "reprezintă încetarea contractului individual de muncă determinată de desfiinţarea "
    "locului de muncă ocupat de salariat, din unul sau mai multe motive fără legătură cu "
    "persoana acestuia.\n\n"
    "Secţiunea a 6-a Dreptul la preaviz\n\n\n"
    "Articolul 73\n\n(1) Persoanele concediate în temeiul art. 61 lit. c) şi d), al art. "
    "65 şi 66 beneficiază de dreptul la un preaviz ce nu poate fi mai mic de 15 zile "
    "lucrătoare.\n\n"
    "Articolul 74\n\n(1) Decizia de concediere se comunică salariatului în scris.\n"
)


def test_a_section_heading_titles_the_article_it_opens() -> None:
    assert heading_title("Secţiunea a 6-a Dreptul la preaviz\n\n\nArticolul 73\n\n(1) x") == (
        "Dreptul la preaviz"
    )
    crumbs = (
        "## Capitolul IV - Organizarea procedurii | Secţiunea a 13-a - Informarea "
        "candidaților și ofertanților\nArticolul 214\n(1) Autoritatea contractantă …"
    )
    assert heading_title(crumbs) == "Informarea candidaților și ofertanților"
    assert heading_title("Secţiunea 1\nDispoziţii generale\nArticolul 1\nText") == (
        "Dispoziţii generale"
    )
    # a chapter's heading names what all its articles are about, not its first one
    assert heading_title("Capitolul 2 Greva\n\n\nArticolul 250\n\nText.") == ""
    assert heading_title("Articolul 5\n(1) Text.") == ""  # no heading
    assert heading_title("(2) Text.\nSecţiunea 2 Alta\nArticolul 6\nText") == ""  # text first
    assert heading_title("Secţiunea a 2-a\nArticolul 7\nText") == ""  # a bare label: nothing
    # a marginal title is the article's own; the heading is used only without one
    head = "Capitolul I Infracţiuni contra vieţii\n\nArticolul 188\n\nOmorul\n(1) Uciderea"
    assert names_title(asked("Care este pedeapsa pentru omor?"), head)


def test_a_heading_chooses_its_article_only_when_it_holds_most_of_the_question() -> None:
    head = "## Capitolul IV | Secţiunea a 3-a - Reguli de publicitate și transparență\n"
    text = f"{head}Articolul 142\nAutoritatea contractantă asigură transparența."
    assert names_title(asked("Care sunt regulile de publicitate și transparență?"), text)
    fine = asked("Ce amendă se aplică pentru încălcarea regulilor de publicitate și transparență?")
    assert not names_title(fine, text)  # the fine is asked: half the question


def test_a_heading_that_denies_is_not_named_by_a_question_that_does_not() -> None:
    question = asked("Când poate fi concediat un salariat pentru motive ce țin de persoana lui?")
    reasons = "Secţiunea a 3-a Concedierea pentru motive care ţin de persoana salariatului"
    other = "Secţiunea a 4-a Concedierea pentru motive care nu ţin de persoana salariatului"
    assert names_title(question, f"{reasons}\n\nArticolul 61\n\nText.")
    assert not names_title(question, f"{other}\n\nArticolul 65\n\n(1) Text.")
    denied = asked("Când se poate concedia pentru motive care nu țin de persoana salariatului?")
    assert names_title(denied, f"{other}\n\nArticolul 65\n\n(1) Text.")


def test_the_article_a_section_heading_names_is_searched_first(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "codul_muncii.txt", LABOUR)
    with Workspace.open(tmp_path / "ws") as ws:
        ws.documents.ingest([tmp_path / "docs"], matter="M")
        found = ws.search("Ce prevede codul despre dreptul la preaviz?", matter="M", k=5)
        assert found[0].via == "title"
        assert found[0].fragment.locator == "art. 73 alin. (1)"
        found = ws.search(
            "În ce situații poate fi concediat un salariat pentru motive ce țin de persoana lui?",
            matter="M",
            k=5,
        )
        assert found[0].via == "title"
        assert found[0].fragment.locator == "art. 61"
