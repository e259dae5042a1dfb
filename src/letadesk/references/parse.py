"""``parse_references``: acts and citation groups found, then acts attached to the
citations they belong to (following, preceding, shared along a chain)."""

from __future__ import annotations

import bisect
import re

from letadesk.references.acts import Act, find_acts
from letadesk.references.citations import CHAIN_GAP, FOLLOW_GAP, PRECEDE_GAP, Group, find_groups
from letadesk.references.model import Reference
from letadesk.text import fold_diacritics, match_key


def _attach(groups: list[Group], acts: list[Act], key: str) -> None:
    """Attach following acts, then preceding ones, then share along chains."""
    starts = [a.start for a in acts]  # acts are sorted and non-overlapping
    for group in groups:
        gap = FOLLOW_GAP.match(key, group.end)
        gap_end = gap.end() if gap else group.end
        i = bisect.bisect_left(starts, group.end)
        act = acts[i] if i < len(acts) and acts[i].start <= gap_end else None
        if (
            act is not None
            and act.start != gap_end
            and not PRECEDE_GAP.fullmatch(key, group.end, act.start)
        ):  # "din Legea": the gap ate a word of the act
            act = None
        if act is not None:
            group.act, group.act_follows, act.used = act, True, True
            group.end = act.end
    for group in groups:
        i = bisect.bisect_right(starts, group.start) - 1
        act = acts[i] if i >= 0 and group.act is None else None
        if (
            act is not None
            and not act.used
            and act.end <= group.start
            and PRECEDE_GAP.fullmatch(key, act.end, group.start)
        ):
            group.act, act.used = act, True
            group.start = act.start
    for left, right in zip(reversed(groups[:-1]), reversed(groups[1:]), strict=True):
        if (
            left.act is None
            and right.act is not None
            and right.act_follows
            and CHAIN_GAP.fullmatch(key, left.end, right.start)
        ):
            left.act = right.act
            left.act_follows = True


def _references(groups: list[Group], acts: list[Act], text: str) -> list[Reference]:
    out: list[tuple[int, Reference]] = []
    for group in groups:
        span = (group.start, group.end)
        act = group.act.ref if group.act else None
        for unit in group.units:
            out.append(
                (
                    group.start,
                    Reference(
                        unit.article,
                        unit.paragraph,
                        unit.letter,
                        unit.point,
                        act,
                        span,
                        text[span[0] : span[1]],
                    ),
                )
            )
    for act_hit in acts:
        if act_hit.used or act_hit.weak or act_hit.ref.kind == "agreement":
            continue
        span = (act_hit.start, act_hit.end)
        out.append(
            (
                act_hit.start,
                Reference(None, None, None, None, act_hit.ref, span, text[span[0] : span[1]]),
            )
        )
    out.sort(key=lambda pair: pair[0])
    return [ref for _, ref in out]


_ROMANIAN_LITERA = re.compile(r"(?<![^\W\d_])[șț](?=\))")


def _keep_romanian_litere(unified: str) -> str:
    """``unified`` (:func:`~letadesk.text.match_key`) without diacritics, except a litera
    named by a Romanian letter ("lit. ș)", Codul fiscal), which folded would name
    another ("lit. s)")."""
    kept = {m.start() for m in _ROMANIAN_LITERA.finditer(unified)}
    folded = fold_diacritics(unified)
    return "".join(unified[i] if i in kept else c for i, c in enumerate(folded)) if kept else folded


def parse_references(text: str) -> list[Reference]:
    """Every legal reference in ``text``, in order of appearance.

    Never raises on any string; returns ``[]`` when nothing is cited. See the module
    docstring for the forms understood and how ranges, lists and acts are resolved.
    """
    if not text:
        return []
    key = _keep_romanian_litere(match_key(text))
    cased = fold_diacritics(text)
    if len(key) != len(text) or len(cased) != len(text):  # pragma: no cover - defensive
        return []
    acts = find_acts(key, cased)
    groups = find_groups(key, cased)
    _attach(groups, acts, key)
    return _references(groups, acts, text)
