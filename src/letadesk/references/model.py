"""What the reference parser returns: a cited unit and the act it points into."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ActRef:
    """The act a citation points into.

    ``kind``: "lege" | "oug" | "og" | "hg" | "cod" | "constitutie" | "regulament" |
    "agreement" | "other". ``code`` is the canonical code key ("civil", "fiscal",
    "muncii", "penal", "proc_civ", "proc_pen", "proc_fiscal", "constitutie") when
    the act is, or is named as, a code.
    """

    kind: str
    number: str | None = None
    year: str | None = None
    code: str | None = None
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Reference:
    """One cited unit (article, paragraph, letter, point) with its act, if named."""

    article: str | None
    paragraph: str | None
    letter: str | None
    point: str | None
    act: ActRef | None
    span: tuple[int, int]
    raw: str
