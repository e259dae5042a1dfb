"""Term statistics of each matter on the firm server, and the terms a search starts from.

PostgreSQL's full-text search ranks every row that matches its query: an OR of a
question's words matches nearly every fragment (97% on the 100k-fragment benchmark:
"the", "agreement", "party"), so ranking them all took seconds. Tantivy prunes the same
query to its top k exactly (block-max WAND); here the statistics stand in for that:

* ``lexeme_stats`` holds, per matter, how many fragments hold each lexeme, refreshed by
  the push after it changed the matter (:func:`refresh`);
* a search takes the question's lexemes from the rarest up while the fragments holding
  them stay within :data:`CANDIDATE_BUDGET`, and ranks those fragments only; when even
  the rarest is in more, the fragments holding the two rarest together (and, when fewer
  than k do, those of the rarest);
* it ranks them by the lexemes that at most :data:`COMMON_SHARE` of the matter's fragments
  hold (``ts_rank`` has no inverse document frequency: a word in every fragment would
  otherwise weigh as much as a rare one).

Whatever the plan, a search ranks at most :data:`RANKED_MAX` fragments: the first the
index finds, not the best (at 1M fragments, "who" and "are" together were in 20,957,
and ranking them all took 0.3-0.5 s).

This is an approximation, unlike tantivy's pruning: a fragment that holds none of the
rarer terms is not a candidate. Without statistics (a matter pushed before they
existed) every matching fragment is ranked, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from letadesk.server.connect import SCHEMA

CANDIDATE_BUDGET = 3000  # fragments ranked by one lexical search, at most (but see above)
RANKED_MAX = 3000  # fragments ranked by one lexical search over a matter, whatever the plan
COMMON_SHARE = 0.5  # lexemes in more than this share of a matter do not rank


def refresh(conn: psycopg.Connection[Any], matter_id: int) -> None:
    """Recount the matter's lexemes (``ts_stat`` over its fragments), in one transaction."""
    inner = f"SELECT tsv FROM {SCHEMA}.fragments WHERE matter_id = {int(matter_id)}"
    with conn.transaction():
        conn.execute("DELETE FROM lexeme_stats WHERE matter_id = %s", (matter_id,))
        conn.execute(
            "INSERT INTO lexeme_stats(matter_id, lexeme, fragments) "
            "SELECT %s, word, ndoc FROM ts_stat(%s)",
            (matter_id, inner),
        )
        conn.execute(
            "INSERT INTO matter_stats(matter_id, fragments) "
            "SELECT %(m)s, count(*) FROM fragments WHERE matter_id = %(m)s "
            "ON CONFLICT (matter_id) DO UPDATE SET fragments = excluded.fragments",
            {"m": matter_id},
        )


def _quoted(lexemes: list[str], joiner: str = " | ") -> str:
    return joiner.join("'" + lexeme.replace("'", "''") + "'" for lexeme in lexemes)


@dataclass(frozen=True, slots=True)
class Plan:
    """tsquery texts over already-stemmed lexemes (the ``simple`` configuration)."""

    candidates: str  # the fragments ranked
    ranking: str  # what ranks them
    # when even the rarest term is in more than CANDIDATE_BUDGET fragments, the candidates
    # are those holding the two rarest together; fewer than k of them: ``fallback`` instead
    fallback: str = ""


def plan(conn: psycopg.Connection[Any], matter_id: int, folded_query: str) -> Plan | None:
    """The candidates and the ranking of a search over the matter; None when it has no
    statistics or the question no known lexeme (then the whole query runs)."""
    rows = conn.execute(
        "SELECT lexeme, fragments, total FROM plan_lexemes(%s, %s)", (matter_id, folded_query)
    ).fetchall()
    if not rows:
        return None
    total = max(1, int(rows[0][2]))
    held = [(str(r[0]), int(r[1])) for r in rows]  # (lexeme, fragments), rarest first
    uncommon = [lexeme for lexeme, n in held if n <= COMMON_SHARE * total]
    ranking = _quoted(uncommon or [held[0][0]])
    if held[0][1] > CANDIDATE_BUDGET and len(held) > 1:
        return Plan(_quoted([held[0][0], held[1][0]], " & "), ranking, _quoted([held[0][0]]))
    candidates: list[str] = []
    budget = CANDIDATE_BUDGET
    for lexeme, n in held:
        if candidates and n > budget:
            break
        candidates.append(lexeme)
        budget -= n
    return Plan(_quoted(candidates), ranking)
