"""Term statistics of each matter on the firm server, and the terms a search starts from.

PostgreSQL's full-text search ranks every row that matches its query: an OR of a
question's words matches nearly every fragment (97% on the 100k-fragment benchmark:
"the", "agreement", "party"), so ranking them all took seconds. Tantivy prunes the same
query to its top k exactly (block-max WAND); here the statistics stand in for that:

* ``lexeme_stats`` holds, per matter, how many fragments hold each lexeme, refreshed by
  the push after it changed the matter (:func:`refresh`);
* a search takes the question's words (each by all its stems) from the rarest up while
  the fragments holding them stay within :data:`CANDIDATE_BUDGET`, and ranks those
  fragments only; when even the rarest word is in more, the fragments holding the rarest
  words together (see :func:`plan`);
* it ranks them by the lexemes that at most :data:`COMMON_SHARE` of the matter's fragments
  hold (``ts_rank`` has no inverse document frequency: a word in every fragment would
  otherwise weigh as much as a rare one).

This is an approximation, unlike tantivy's pruning: a fragment that holds none of the
rarer terms is not a candidate. Without statistics (a matter pushed before they
existed) every matching fragment is ranked, as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import psycopg

from letadesk.server.connect import SCHEMA

CANDIDATE_BUDGET = 3000  # fragments ranked by one lexical search, at most (but see above)
_MAX_WORDS = 64  # as the tantivy query
_WORD = re.compile(r"[^\W_]+")
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
    # when even the rarest word is in more than CANDIDATE_BUDGET fragments, the candidates
    # hold several rare words together; fewer than k of them: ``fallback`` (one word fewer)
    fallback: str = ""


def query_words(folded_query: str) -> list[str]:
    """The word tokens of a folded question, each once, at most :data:`_MAX_WORDS`: what
    a search's tsquery is made of (:func:`letadesk.server.search.tsquery_text`)."""
    return list(dict.fromkeys(_WORD.findall(folded_query)))[:_MAX_WORDS]


def plan(conn: psycopg.Connection[Any], matter_id: int, folded_query: str) -> Plan | None:
    """The candidates and the ranking of a search over the matter; None when it has no
    statistics or the question no known lexeme (then the whole query runs).

    Candidates are chosen by *word*: a word of the question stands for all its lexemes
    (its Romanian and its English stem: "books" is 'books' and 'book') and is in at most
    the sum of their counts; a stop word of either language ("who", "are"; "care",
    "este") chooses nothing while another word can. Taken lexeme by lexeme, the "two
    rarest" had most often been one word's two stems, or two English stop words, whose
    AND narrows nothing: at 1M fragments such questions ranked tens of thousands of
    fragments (0.3-0.8 s each). When even the rarest word is in more than the budget,
    the candidates hold the rarest words together, as many as it takes for their
    expected overlap (as if independent) to fit the budget; when fewer than k do, those
    holding one word fewer."""
    rows = conn.execute(
        "SELECT w.word, s.lexeme, s.fragments, m.fragments, "
        "length(to_tsvector('romanian', w.word)) = 0 "
        "OR length(to_tsvector('english', w.word)) = 0 "
        "FROM unnest(%(w)s::text[]) AS w(word) CROSS JOIN LATERAL unnest(tsvector_to_array("
        "to_tsvector('romanian', w.word) || to_tsvector('english', w.word))) AS l(lexeme) "
        "JOIN lexeme_stats s ON s.matter_id = %(m)s AND s.lexeme = l.lexeme "
        "JOIN matter_stats m ON m.matter_id = s.matter_id",
        {"m": matter_id, "w": query_words(folded_query)},
    ).fetchall()
    if not rows:
        return None
    total = max(1, int(rows[0][3]))
    counts = {str(r[1]): int(r[2]) for r in rows}  # lexeme -> fragments holding it
    stems: dict[str, list[str]] = {}  # word -> its lexemes
    stop: set[str] = set()
    for word, lexeme, _n, _total, is_stop in rows:
        stems.setdefault(str(word), [])
        if lexeme not in stems[str(word)]:
            stems[str(word)].append(str(lexeme))
        if is_stop:
            stop.add(str(word))
    choosing = [w for w in stems if w not in stop] or list(stems)
    held = sorted((sum(counts[x] for x in stems[w]), sorted(stems[w])) for w in choosing)
    by_count = sorted(counts, key=lambda x: (counts[x], x))
    uncommon = [x for x in by_count if counts[x] <= COMMON_SHARE * total]
    ranking = _quoted(uncommon or held[0][1])
    if held[0][0] > CANDIDATE_BUDGET and len(held) > 1:
        together, expected = 1, float(held[0][0])
        while together < len(held) and (together < 2 or expected > CANDIDATE_BUDGET):
            expected *= held[together][0] / total
            together += 1
        words = [f"({_quoted(lexemes)})" for _n, lexemes in held[:together]]
        return Plan(" & ".join(words), ranking, " & ".join(words[:-1]))
    candidates: list[str] = []
    budget = CANDIDATE_BUDGET
    for n, lexemes in held:
        if candidates and n > budget:
            break
        candidates += [x for x in lexemes if x not in candidates]
        budget -= n
    return Plan(_quoted(candidates), ranking)
