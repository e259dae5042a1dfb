"""What the answer view says of a rejected claim: which check it failed, in plain words
and in the interface language, once per claim however many drafting attempts proposed it.
The engine's own reason ("quote not found in fragment 12 (best similarity 0.70 < 0.95)")
stays in the tooltip, in English, as the audit record has it. Translated in the answer
view's context ("AnswerView")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from letadesk.domain import RejectedClaim


@dataclass(frozen=True, slots=True)
class RejectedLine:
    text: str  # the claim and why it was rejected, in plain words
    detail: str  # the engine's reasons, one per attempt that proposed it


def plain_reason(check: str, reason: str) -> str:
    """Why a claim failed ``check``, for a lawyer; the engine's ``reason`` for a check
    this does not know."""
    plain = {
        "quote": QCoreApplication.translate(
            "AnswerView", "Its quote is not, word for word, in the cited source."
        ),
        "citation": QCoreApplication.translate(
            "AnswerView", "It cites a provision that is not in this matter's documents."
        ),
        "temporal": QCoreApplication.translate(
            "AnswerView", "It cites a provision that is not in force on the date asked."
        ),
        "consistency": QCoreApplication.translate(
            "AnswerView", "Its numbers, dates or wording (must, may, not) differ from its quote."
        ),
        "support": QCoreApplication.translate(
            "AnswerView", "Its quote does not say what the claim says."
        ),
        "coherence": QCoreApplication.translate(
            "AnswerView", "It contradicts another claim of this answer."
        ),
    }
    return plain.get(check, reason)


def rejected_lines(rejected: Sequence[RejectedClaim]) -> list[RejectedLine]:
    """One line per distinct (claim, check), in the order first rejected."""
    groups: dict[tuple[str, str], list[RejectedClaim]] = {}
    for item in rejected:
        groups.setdefault((" ".join(item.text.split()), item.check), []).append(item)
    lines = []
    for (text, check), items in groups.items():
        why = plain_reason(check, items[0].reason)
        if len(items) > 1:
            why += " " + QCoreApplication.translate(
                "AnswerView", "(proposed and rejected {n} times)"
            ).format(n=len(items))
        detail = "\n".join(dict.fromkeys(f"{check}: {i.reason}" for i in items))
        lines.append(RejectedLine(f"\u2717 {text}\n    {why}", detail))
    return lines
