"""The router's phrasings: questions lawyers ask about each clause type, each kept whole.

The router (:meth:`letadesk.judge.clauses.ClauseModel.router_scores`) weighs the words a
question shares with a type's *profile*, the union of its name, description and
phrasings. A union cannot grow much: add ten phrasings to every type and a question's
every word lies in some large profile ("Is the quantity of products limited?" was
wholly held by the unlimited-licence type's). Kept whole, the phrasings answer another
question: how near is this question to *one* way of asking about the type ("Can a party
walk away without giving a reason?" to "Can either side end the contract whenever it
likes?"). :class:`Phrasings` gives each type the cosine of the question to its nearest
phrasing, words weighted by their rarity among all the phrasings (idf), so that a
question must share the rare words of a phrasing, not its "contract" and "party".

The phrasings file (``weights/router_phrasings.json``, pinned in the judge's card) is
written by ``training/router.py``: the training phrasings of each CUAD category and
more, written for the router from the categories' descriptions alone.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from letadesk.errors import ModelError


class Phrasings:
    """Each type's phrasings as sets of router stems, and their words' rarity."""

    def __init__(self, by_type: Mapping[str, Sequence[frozenset[str]]]) -> None:
        entries = [(key, stems) for key, each in by_type.items() for stems in each if stems]
        count = len(entries)
        df = Counter(s for _, stems in entries for s in stems)
        self._idf = {s: math.log(count / n) for s, n in df.items()}
        self._unknown = math.log(count) if count else 0.0
        self._entries = [(key, stems, _norm(self._idf, stems)) for key, stems in entries]

    @classmethod
    def load(cls, path: Path, stems: Callable[[str], Iterable[str]]) -> Phrasings:
        """The phrasings of ``path`` (``{"phrasings": {type key: [question, ...]}}``),
        each read into stems by ``stems``; ModelError when it cannot be read."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))["phrasings"]
            by_type = {
                str(key): [frozenset(stems(str(q))) for q in questions]
                for key, questions in data.items()
            }
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ModelError(f"router phrasings {path} cannot be read: {exc}") from exc
        return cls(by_type)

    def nearest(self, stems: Iterable[str]) -> dict[str, float]:
        """Each type's cosine of the question's ``stems`` to its nearest phrasing (types
        none of whose phrasings shares a word are left out)."""
        asked = frozenset(stems)
        norm = math.sqrt(sum(self._idf.get(s, self._unknown) ** 2 for s in asked))
        best: dict[str, float] = {}
        if not norm:
            return best
        for key, phrasing, phrasing_norm in self._entries:
            shared = asked & phrasing
            if not shared or not phrasing_norm:
                continue
            cosine = sum(self._idf[s] ** 2 for s in shared) / (norm * phrasing_norm)
            if cosine > best.get(key, 0.0):
                best[key] = cosine
        return best


def _norm(idf: Mapping[str, float], stems: frozenset[str]) -> float:
    return math.sqrt(sum(idf[s] ** 2 for s in stems))
