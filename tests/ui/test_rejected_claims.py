"""Rejected claims read in plain words, in the interface language, once each: before,
the answer view showed the engine's reason ("check: quote — quote not found in fragment
7 (best similarity 0.70 < 0.95)"), in English, once per drafting attempt (issue 10)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from letadesk.domain import Answer, RejectedClaim
from letadesk.ui.answer_view import AnswerView

pytestmark = pytest.mark.ui

INVENTED = "The agreement can never be terminated."
JARGON = "quote not found in fragment 7 (best similarity 0.70 < 0.95)"
REJECTED = (
    RejectedClaim(INVENTED, "quote", JARGON),
    RejectedClaim("Payment is due in 10 days.", "consistency", "claim has 10, quote has 30"),
    RejectedClaim(INVENTED, "quote", "quote not found in fragment 7 (best similarity 0.71 < 0.95)"),
)


def _rejected_view(qtbot) -> AnswerView:
    view = AnswerView()
    qtbot.addWidget(view)
    view.show_answer(Answer("Q?", "refused", "no claim could be grounded", (), REJECTED))
    return view


def test_each_rejected_claim_once_with_its_check_in_plain_words(qtbot) -> None:
    from letadesk.ui.app import application

    application("en")
    view = _rejected_view(qtbot)
    assert [label.text() for label in view.rejected_labels] == [
        f"\u2717 {INVENTED}\n    Its quote is not, word for word, in the cited source. "
        "(proposed and rejected 2 times)",
        "\u2717 Payment is due in 10 days.\n    Its numbers, dates or wording (must, may, "
        "not) differ from its quote.",
    ]
    assert view.show_rejected.text() == "Show rejected claims (2)"
    assert "similarity" not in " ".join(label.text() for label in view.rejected_labels)
    # the engine's reasons are kept, for whoever wants them
    assert view.rejected_labels[0].toolTip() == (
        f"quote: {JARGON}\nquote: quote not found in fragment 7 (best similarity 0.71 < 0.95)"
    )


def test_rejected_claims_in_romanian(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    app = application("ro")
    try:
        view = _rejected_view(qtbot)
        assert [label.text().split("\n")[1].strip() for label in view.rejected_labels] == [
            "Citatul său nu apare, cuvânt cu cuvânt, în sursa citată. "
            "(propusă și respinsă de 2 ori)",
            "Numerele, datele sau formularea sa (trebuie, poate, nu) diferă de citatul său.",
        ]
    finally:
        install_translator(QApplication.instance() or app, "en")
