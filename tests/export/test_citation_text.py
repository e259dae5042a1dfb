"""Citations in the conventional form, for the viewer's Copy citation / Copy quote."""

from __future__ import annotations

from letadesk.export.citation_text import act_name, conventional_citation, quote_with_citation


def test_short_names_of_romanian_acts() -> None:
    assert act_name("Legea nr. 98/2016 privind achizițiile publice") == "Legea nr. 98/2016"
    assert act_name("Legea contenciosului administrativ nr. 554/2004") == (
        "Legea contenciosului administrativ nr. 554/2004"
    )
    assert act_name("Ordonanța de urgență a Guvernului nr. 34/2006 privind…") == (
        "Ordonanța de urgență a Guvernului nr. 34/2006"
    )
    assert act_name("Codul civil din 17 iulie 2009, republicat") == "Codul civil"
    assert act_name("Codul de procedură civilă") == "Codul de procedură civilă"
    assert act_name("Distribution Agreement") == "Distribution Agreement"


def test_a_romanian_article_cites_its_act() -> None:
    source = {
        "document": "Legea nr. 98/2016 privind achizițiile publice",
        "locator": "art. 57 alin. (1)",
        "page": 12,
    }
    assert conventional_citation(source) == "art. 57 alin. (1) din Legea nr. 98/2016"


def test_a_contract_section_and_a_document_without_provision() -> None:
    section = {"document": "Distribution Agreement", "locator": "Section 5.2", "page": 3}
    assert conventional_citation(section) == "Section 5.2 of the Distribution Agreement"
    page_only = {"document": "NDA", "locator": "", "page_label": "iii", "page": 3}
    assert conventional_citation(page_only) == "NDA, p. iii"


def test_the_quote_in_its_languages_marks_with_its_citation() -> None:
    ro = {
        "document": "Codul muncii",
        "locator": "art. 5",
        "quote": "În cadrul relațiilor de muncă funcționează principiul egalității de tratament.",
    }
    assert quote_with_citation(ro) == (
        "„În cadrul relațiilor de muncă funcționează principiul egalității de tratament.” "
        "(art. 5 din Codul muncii)"
    )
    en = {
        "document": "The Licence Agreement",
        "locator": "Section 9",
        "quote": "This Agreement is governed by the laws of\nthe State of New York.",
    }
    assert quote_with_citation(en) == (
        "“This Agreement is governed by the laws of the State of New York.” "
        "(Section 9 of The Licence Agreement)"
    )
