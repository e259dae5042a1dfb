"""What the answer view says of the model's draft, in the question's language (an
answer's ``language``; the interface language for a record without one): which mode
answered, why none of a draft's claims was kept, and each rejected claim with the check
it failed in plain words, once per claim however many drafting attempts proposed it.
The engine's own reason ("quote not found in fragment 12 (best similarity 0.70 < 0.95)")
stays in the tooltip, in English, as the audit record has it. Translated in the answer
view's context ("AnswerView")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP

from letadesk.domain import DRAFT_FAILED, Answer, RejectedClaim
from letadesk.ui.i18n import translate_in


@dataclass(frozen=True, slots=True)
class RejectedLine:
    text: str  # the claim and why it was rejected, in plain words
    detail: str  # the engine's reasons, one per attempt that proposed it


def _tr(language: str, text: object) -> str:
    """``text`` (marked for pyside6-lupdate by ``QT_TRANSLATE_NOOP``) in ``language``."""
    return translate_in(language, "AnswerView", str(text))


def plain_reason(check: str, reason: str, language: str = "") -> str:
    """Why a claim failed ``check``, for a lawyer, in ``language``; the engine's
    ``reason`` for a check this does not know."""
    plain = {
        "quote": QT_TRANSLATE_NOOP(
            "AnswerView", "Its quote is not, word for word, in the cited source."
        ),
        "citation": QT_TRANSLATE_NOOP(
            "AnswerView", "It cites a provision that is not in this matter's documents."
        ),
        "temporal": QT_TRANSLATE_NOOP(
            "AnswerView", "It cites a provision that is not in force on the date asked."
        ),
        "consistency": QT_TRANSLATE_NOOP(
            "AnswerView", "Its numbers, dates or wording (must, may, not) differ from its quote."
        ),
        "support": QT_TRANSLATE_NOOP("AnswerView", "Its quote does not say what the claim says."),
        "coherence": QT_TRANSLATE_NOOP(
            "AnswerView", "It contradicts another claim of this answer."
        ),
    }
    return _tr(language, plain[check]) if check in plain else reason


def rejected_lines(rejected: Sequence[RejectedClaim], language: str = "") -> list[RejectedLine]:
    """One line per distinct (claim, check), in the order first rejected."""
    groups: dict[tuple[str, str], list[RejectedClaim]] = {}
    for item in rejected:
        groups.setdefault((" ".join(item.text.split()), item.check), []).append(item)
    lines = []
    for (text, check), items in groups.items():
        why = plain_reason(check, items[0].reason, language)
        if len(items) > 1:
            times = _tr(
                language, QT_TRANSLATE_NOOP("AnswerView", "(proposed and rejected {n} times)")
            )
            why += " " + times.format(n=len(items))
        detail = "\n".join(dict.fromkeys(f"{check}: {i.reason}" for i in items))
        lines.append(RejectedLine(f"\u2717 {text}\n    {why}", detail))
    return lines


def mode_line(answer: Answer) -> str:
    """How ``answer`` was made, in its language; "" for a refusal that drafted nothing
    and for a record older than the ``mode`` field (an answer then shows its reason)."""
    language, answered = answer.language, answer.answered
    if answer.mode == DRAFT_FAILED:
        then = (
            QT_TRANSLATE_NOOP("AnswerView", "Showing verbatim passages from the sources instead.")
            if answered
            else QT_TRANSLATE_NOOP("AnswerView", "No verbatim passage answers the question either.")
        )
        return f"{draft_failure_line(answer)} {_tr(language, then)}"
    if not answered:
        return ""
    said = {
        "generated": QT_TRANSLATE_NOOP(
            "AnswerView",
            "Drafted by the language model; every claim was checked against its quoted source.",
        ),
        "extracted": QT_TRANSLATE_NOOP(
            "AnswerView", "Verbatim passages from the sources (the language model was not used)."
        ),
    }
    return _tr(language, said[answer.mode]) if answer.mode in said else ""


def draft_failure_line(answer: Answer) -> str:
    """Why none of the model's claims was kept (:attr:`Answer.draft_failure`), plainly:
    each was rejected (and is listed), it proposed none, or its output could not be read
    as claims; for a record that does not say, that its draft could not be verified."""
    said = {
        "rejected": QT_TRANSLATE_NOOP(
            "AnswerView",
            "None of the language model's claims passed the checks; each is listed as "
            "rejected, with why.",
        ),
        "empty": QT_TRANSLATE_NOOP(
            "AnswerView",
            "The language model proposed no claim from these sources, so none was checked "
            "or rejected.",
        ),
        "unreadable": QT_TRANSLATE_NOOP(
            "AnswerView",
            "The language model's draft could not be read as claims, so none was checked "
            "or rejected.",
        ),
    }
    unknown = QT_TRANSLATE_NOOP("AnswerView", "The language model's draft could not be verified.")
    return _tr(answer.language, said.get(answer.draft_failure, unknown))
