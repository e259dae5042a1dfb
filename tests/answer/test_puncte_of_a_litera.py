"""A punct written inside the litera that introduces it (Codul fiscal, art. 278 alin.
(5): "d) ... în cazul următoarelor:" then "1. ...", "2. ...") is found, quoted and cited
under that litera, whether the litera has a fragment of its own or not; a litera named
by a Romanian letter ("ș)", after "s)") is asked and cited as itself."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from corpus_factory import write_text
from letadesk.answer.ask import AskOptions
from letadesk.answer.presupposition import missing_provision
from letadesk.references import parse_references
from letadesk.workspace import Workspace

CODUL_FISCAL = """LEGE nr. 227 din 8 septembrie 2015 privind Codul fiscal

Articolul 278
Locul prestării de servicii
(5) Locul următoarelor servicii este considerat a fi:
a) locul în care este efectuată operațiunea principală;
d) locul în care se prestează efectiv serviciile, în cazul următoarelor:
1. servicii constând în activități accesorii transportului;
2. evaluări ale bunurilor mobile corporale;
e) locul unde beneficiarul este stabilit, în cazul următoarelor servicii:
1. închirierea bunurilor mobile corporale;
2. serviciile de publicitate;
(6) Locul prestării serviciilor de transport de pasageri este locul unde se efectuează transportul.

Articolul 279
Venituri neimpozabile
Sunt neimpozabile următoarele venituri:
s) veniturile din dividende primite de la o persoană juridică română;
ș) veniturile realizate din transferul masei patrimoniale fiduciare;
t) veniturile din despăgubiri pentru pagube suportate.
"""


@pytest.fixture(scope="module")
def fiscal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("fiscal")
    workspace = Workspace.open(root / "ws")
    workspace.settings = replace(workspace.settings, embedder="minilm")
    doc = write_text(root / "docs", "codul_fiscal.txt", CODUL_FISCAL)
    workspace.documents.ingest([doc], matter="M")
    yield workspace
    workspace.close()


@pytest.mark.parametrize(
    ("question", "locator", "text"),
    [
        (
            "Ce prevede art. 278 alin. (5) lit. d) pct. 2 din Codul fiscal?",
            "art. 278 alin. (5) lit. d) pct. 2",
            "2. evaluări ale bunurilor mobile corporale;",
        ),
        (
            "Ce prevede art. 278 alin. (5) lit. e) pct. 1 din Codul fiscal?",
            "art. 278 alin. (5) lit. e) pct. 1",
            "1. închirierea bunurilor mobile corporale;",
        ),
        (
            "Ce prevede art. 279 lit. ș) din Codul fiscal?",  # not lit. s)
            "art. 279 lit. ș)",
            "ș) veniturile realizate din transferul masei patrimoniale",
        ),
        (
            "Ce prevede art. 278 alin. (5) lit. e) din Codul fiscal?",
            "art. 278 alin. (5) lit. e)",
            "e) locul unde beneficiarul este stabilit",
        ),
    ],
)
def test_a_punct_of_a_litera_is_quoted_and_cited_as_itself(
    fiscal: Workspace, question: str, locator: str, text: str
) -> None:
    answer = fiscal.ask(question, matter="M", options=AskOptions(generate=False, judge=False))
    assert answer.answered, answer.reason
    first = answer.claims[0]
    assert first.citations[0].locator == locator
    assert first.text.startswith(text)
    assert "serviciile de publicitate" not in first.text or locator.endswith("lit. e)")


def test_a_punct_the_litera_lacks_is_missing(fiscal: Workspace) -> None:
    matter = fiscal.matters.named("M").id

    def missing(text: str) -> object:
        refs = parse_references(text)
        return missing_provision(fiscal.corpus, refs, matter_id=matter, as_of=None)

    assert missing("art. 278 alin. (5) lit. d) pct. 2 din Codul fiscal") is None
    assert missing("art. 278 alin. (5) lit. d) pct. 7 din Codul fiscal") is not None
