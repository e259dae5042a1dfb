"""Gate 3 reads a quote after its article's marginal title (real SQLite, tantivy and the
shipped judge): "Furtul" is what alin. (1) is about, though never part of the quote."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import write_text
from letadesk.answer.grounding import ClaimVerifier
from letadesk.domain import DraftClaim, Evidence, Passage, Scores
from letadesk.judge import default_judge
from letadesk.workspace import Workspace

QUOTE = (
    "(1) Luarea unui bun mobil din posesia sau detenţia altuia, fără consimţământul "
    "acestuia, în scopul de a şi-l însuşi pe nedrept, se pedepseşte cu închisoare de la 6 "
    "luni la 3 ani sau cu amendă."
)
CODE = (
    "CODUL PENAL\n\nArticolul 228\n\nFurtul\n"
    + QUOTE
    + "\n(2) Fapta constituie furt chiar dacă bunul aparţine în întregime sau în parte "
    "făptuitorului.\n\nArticolul 233\n\nTâlhăria\n"
    "Furtul săvârşit prin întrebuinţare de violenţe sau ameninţări se pedepseşte cu "
    "închisoarea de la 2 la 7 ani.\n"
)


@pytest.mark.model  # the shipped judge reads the claim against the quote
def test_the_articles_title_lets_a_claim_name_what_the_quote_is_about(tmp_path: Path) -> None:
    """A restatement that names the offence ("furt") is supported by alin. (1), read after
    its title; a wrong penalty still is not."""
    folder = tmp_path / "docs"
    write_text(folder, "codul_penal.txt", CODE)
    ws = Workspace.open(tmp_path / "ws")
    try:
        ws.documents.ingest([folder], matter="M")
        filters = ws.filters("M")
        [fragment] = ws.corpus.fragments_by_locator(filters, "art. 228 alin. (1)")
        passage = Passage(fragment, ws.corpus.document(fragment.document_id), Scores(), "hybrid")
        verifier = ClaimVerifier(
            ws.corpus,
            {fragment.id: passage},
            matter_id=filters.matter_id,
            as_of=None,
            judge=default_judge(),
        )

        def verdict(claim: str) -> tuple[bool, str]:
            checked = verifier.verify(DraftClaim(claim, (Evidence(fragment.id, QUOTE),)))
            [citation] = checked.citations
            assert citation.quote == QUOTE  # the title is read, never quoted
            return checked.passed, citation.locator

        # both are *insufficient* against the quote alone (the judge never sees "furt")
        for claim in (
            "Pedeapsa pentru furt este închisoarea de la 6 luni la 3 ani sau amenda.",
            "Pentru furt, pedeapsa este închisoarea de la 6 luni la 3 ani sau amenda.",
        ):
            assert verdict(claim) == (True, "art. 228 alin. (1)")
        assert not verdict("Pedeapsa pentru furt este închisoarea de la 2 la 7 ani.")[0]
    finally:
        ws.close()
