"""The lexical (BM25) index: a tantivy index of fragments on disk.

This is the only module that imports :mod:`tantivy`.

Promises:

* Romanian text matches whatever way the lawyer typed it: with comma-below ș/ț,
  with cedilla ş/ţ, or with no diacritics at all. Text is folded with
  :func:`letadesk.text.fold_diacritics` *before* analysis (index and query alike),
  so the Romanian stemmer always sees the same spelling. (Stemming first and
  ascii-folding after does not give that: "societăţile" stems to ``societat`` but
  "societatile" to ``societ``.)
* Every text is indexed twice, once with a Romanian and once with an English
  stemmer; a query searches both, plus ``title`` and ``locator``.
* Every :class:`SearchFilters` restriction is a MUST clause inside the tantivy
  query, with one exact exception for speed: a search limited only to a matter that
  holds most of the index first asks for the best hits of the whole index and keeps
  the matter's (:meth:`LexicalIndex._search_most`). A MUST clause over a term that
  nearly every entry has costs tantivy its top-k pruning (a third of a 1M-fragment
  search); the best ``k`` of the matter's hits in the index's own ranking are its
  best ``k`` (the filter scores 0), and when there are fewer than ``k`` of them the
  filtered query runs after all.
* User text never raises: queries are built from analysed tokens as term queries,
  never through the query parser. An empty (or all-punctuation) query returns ``[]``.
* Unusable index directories raise :class:`letadesk.errors.IndexError_`.
"""

from __future__ import annotations

import itertools
import logging
import shutil
import time
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import tantivy

from letadesk.domain import LexicalRow, SearchFilters
from letadesk.errors import IndexError_
from letadesk.families import with_family_forms
from letadesk.text import fold_diacritics, unify_diacritics

log = logging.getLogger(__name__)
_EPOCH = date(1970, 1, 1)
OPEN_FROM = -(2**40)  # day number used for "valid since forever"
OPEN_TO = 2**40  # day number used for "valid until further notice"
_HEAP_BYTES = 64_000_000  # split over the writer threads (tantivy wants >= 15 MB each)
_WRITER_THREADS = 2  # the target machines have two cores
_TEXT_FIELDS = {"text_ro": "ro", "text_en": "en", "title": "ro", "locator": "ro"}
_FIELD_BOOST = {"text_ro": 1.0, "text_en": 0.7, "title": 0.5, "locator": 0.5}
_MAX_QUERY_TOKENS = 64
ADD_CHUNK = 1000  # rows staged at a time
# How long a writer waits for another process's writer (an ingest of another matter, a
# doctor) to commit before giving up: its turn comes when that commit ends.
WRITER_WAIT_S = 600.0
_WRITER_POLL_S = 0.2


class LexicalIndexBusy(IndexError_):
    """Another writer (this process or another one) holds the index lock.

    The index itself is fine: retry later, do not rebuild."""


def _ints(values: Iterable[object]) -> list[int]:
    """Fast-field values as ints; a missing value means the index is damaged."""
    out = []
    for v in values:
        if not isinstance(v, int):
            raise IndexError_(f"lexical index entry without an integer id ({v!r})")
        out.append(v)
    return out


def day_number(d: date | None, default: int) -> int:
    """Days since 1970-01-01, or ``default`` when ``d`` is None (open validity)."""
    return default if d is None else (d - _EPOCH).days


def normalise(text: str) -> str:
    """What every analyser sees: cedilla unified to comma-below, then folded."""
    return fold_diacritics(unify_diacritics(text))


def _analyzer(language: str) -> tantivy.TextAnalyzer:
    stemmer = "romanian" if language == "ro" else "english"
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(64))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.stemmer(stemmer))
        .filter(tantivy.Filter.ascii_fold())
        .build()
    )


def _schema() -> tantivy.Schema:
    sb = tantivy.SchemaBuilder()
    sb.add_unsigned_field("fragment_id", stored=True, indexed=True, fast=True)
    sb.add_unsigned_field("matter_id", indexed=True, fast=True)
    sb.add_unsigned_field("document_id", indexed=True, fast=True)
    sb.add_unsigned_field("sig", fast=True)
    sb.add_text_field("jurisdiction", tokenizer_name="raw", index_option="basic")
    sb.add_text_field("legal_force", tokenizer_name="raw", index_option="basic")
    sb.add_integer_field("valid_from", indexed=True, fast=True)
    sb.add_integer_field("valid_to", indexed=True, fast=True)
    for field, language in _TEXT_FIELDS.items():
        sb.add_text_field(field, tokenizer_name=f"letadesk_{language}", index_option="position")
    return sb.build()


class LexicalIndex:
    """A BM25 index of fragments kept in the directory ``path``.

    A missing or empty directory is created as a fresh index. A directory that
    holds something else, or an index that cannot be read, raises
    :class:`IndexError_` (the caller may :meth:`clear` and rebuild).
    Writes are buffered until :meth:`commit`; searches see committed data only.
    Not thread-safe: one writer per process.
    """

    def __init__(self, path: Path, *, writer_wait_s: float = WRITER_WAIT_S) -> None:
        self.path = Path(path)
        self.writer_wait_s = writer_wait_s
        self._schema = _schema()
        self._analyzers = {lang: _analyzer(lang) for lang in ("ro", "en")}
        self._index = self._open()
        self._writer: tantivy.IndexWriter | None = None

    # -- opening -----------------------------------------------------------------

    def _open(self) -> tantivy.Index:
        fresh = not self.path.exists() or not any(self.path.iterdir())
        if not fresh and not (self.path / "meta.json").is_file():
            raise IndexError_(f"{self.path}: not a LetaDesk lexical index (no meta.json)")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            index = tantivy.Index(self._schema, str(self.path), reuse=not fresh)
            for lang, analyzer in self._analyzers.items():
                index.register_tokenizer(f"letadesk_{lang}", analyzer)
            index.reload()
            searcher = index.searcher()
            if searcher.num_docs:  # touch the stores so missing segment files show now
                hits = searcher.search(tantivy.Query.all_query(), limit=1).hits
                searcher.fast_field_values("fragment_id", [hits[0][1]])
                searcher.doc(hits[0][1])
        except (OSError, ValueError, RuntimeError) as exc:
            raise IndexError_(f"{self.path}: lexical index unusable ({exc})") from exc
        return index

    def _writer_handle(self) -> tantivy.IndexWriter:
        """The index's one writer; while another process holds it, wait for its commit
        (polling, up to ``writer_wait_s``; said once in the log), then
        :class:`LexicalIndexBusy`."""
        deadline = time.monotonic() + self.writer_wait_s
        waiting = False
        while self._writer is None:
            try:
                self._writer = self._index.writer(_HEAP_BYTES, _WRITER_THREADS)
            except (OSError, ValueError, RuntimeError) as exc:
                if "LockBusy" not in str(exc):
                    raise IndexError_(
                        f"{self.path}: cannot write the lexical index ({exc})"
                    ) from exc
                if time.monotonic() >= deadline:
                    raise LexicalIndexBusy(
                        f"{self.path}: another LetaDesk has been writing the lexical index "
                        f"for over {self.writer_wait_s:.0f} s; try again when it has finished"
                    ) from exc
                if not waiting:
                    log.warning("another LetaDesk is writing the lexical index; waiting for it")
                    waiting = True
                time.sleep(_WRITER_POLL_S)
        return self._writer

    # -- writing -----------------------------------------------------------------

    def add(self, rows: Iterable[LexicalRow]) -> int:
        """Add (or replace, by ``fragment_id``) fragments; visible after :meth:`commit`.

        ``rows`` is consumed in chunks, so a generator over a large corpus is fine.
        Returns the number of rows added."""
        count = 0
        it = iter(rows)
        while batch := list(itertools.islice(it, ADD_CHUNK)):
            self._delete_where("fragment_id", [row.fragment_id for row in batch])
            writer = self._writer_handle()
            for row in batch:
                writer.add_document(self._document(row))
            count += len(batch)
        return count

    def _delete_where(self, field: str, values: Iterable[int]) -> None:
        # delete_documents_by_term silently ignores u64 terms in tantivy-py 0.27;
        # a term-set query deletes reliably.
        ids = sorted({int(v) for v in values})
        if ids:
            query = tantivy.Query.term_set_query(self._schema, field, ids)
            self._writer_handle().delete_documents_by_query(query)

    def _document(self, row: LexicalRow) -> tantivy.Document:
        doc = tantivy.Document()
        doc.add_unsigned("fragment_id", row.fragment_id)
        doc.add_unsigned("matter_id", row.matter_id)
        doc.add_unsigned("document_id", row.document_id)
        doc.add_unsigned("sig", int(row.signature, 16))
        doc.add_text("jurisdiction", row.jurisdiction)
        doc.add_text("legal_force", row.legal_force)
        doc.add_integer("valid_from", day_number(row.valid_from, OPEN_FROM))
        doc.add_integer("valid_to", day_number(row.valid_to, OPEN_TO))
        text = normalise(row.text)
        doc.add_text("text_ro", text)
        doc.add_text("text_en", text)
        doc.add_text("title", normalise(row.title))
        doc.add_text("locator", normalise(row.locator))
        return doc

    def delete_documents(self, document_ids: Iterable[int]) -> None:
        """Remove every fragment of these documents; effective after :meth:`commit`."""
        self._delete_where("document_id", document_ids)

    def holds_documents(self, document_ids: Iterable[int]) -> bool:
        """Whether a committed entry is of one of these documents (read alone: no
        writer is taken)."""
        ids = sorted({int(v) for v in document_ids})
        if not ids:
            return False
        query = tantivy.Query.term_set_query(self._schema, "document_id", ids)
        result = self._index.searcher().search(query, limit=1, count=True)
        return int(result.count) > 0  # type: ignore[attr-defined]  # the stub omits count

    def delete_fragments(self, fragment_ids: Iterable[int]) -> None:
        """Remove these fragments; effective after :meth:`commit`."""
        self._delete_where("fragment_id", fragment_ids)

    def commit(self) -> None:
        """Persist pending changes and make them visible to :meth:`search`."""
        if self._writer is None:
            return
        try:
            self._writer.commit()
            self._writer.wait_merging_threads()
        except (OSError, ValueError, RuntimeError) as exc:
            raise IndexError_(f"{self.path}: commit failed ({exc})") from exc
        finally:
            self._writer = None  # wait_merging_threads consumes the writer
        self._index.reload()

    def rollback(self) -> None:
        """Drop changes made since the last commit."""
        if self._writer is not None:
            self._writer.rollback()

    def clear(self) -> None:
        """Delete every entry (committed immediately)."""
        writer = self._writer_handle()
        writer.delete_all_documents()
        self.commit()

    @classmethod
    def destroy(cls, path: Path) -> LexicalIndex:
        """Remove the directory (however broken) and return a fresh, empty index."""
        shutil.rmtree(path, ignore_errors=True)
        return cls(path)

    # -- reading -----------------------------------------------------------------

    def search(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """Up to ``k`` ``(fragment_id, bm25 score)`` pairs, best first, all filters applied."""
        text_query = self._text_query(query)
        if text_query is None or k <= 0:
            return []
        searcher = self._index.searcher()
        hits = self._search_most(searcher, text_query, filters, k)
        if hits is None:
            clauses = [(tantivy.Occur.Must, text_query)]
            clauses += [
                (tantivy.Occur.Must, tantivy.Query.const_score_query(q, 0.0))
                for q in self._filter_queries(filters)
            ]
            filtered = tantivy.Query.boolean_query(clauses)
            hits = searcher.search(filtered, limit=k, count=False).hits
        if not hits:
            return []
        ids = _ints(searcher.fast_field_values("fragment_id", [addr for _, addr in hits]))
        return [(fid, float(score)) for (score, _), fid in zip(hits, ids, strict=True)]

    def _search_most(
        self, searcher: tantivy.Searcher, text_query: tantivy.Query, filters: SearchFilters, k: int
    ) -> list[tuple[float, tantivy.DocAddress]] | None:
        """The best ``k`` hits of a search limited only to a matter holding at least half
        of the index's entries, found among the whole index's best ``4k`` (see the module
        docstring); None when the search has other limits, the matter is smaller, or
        fewer than ``k`` of those hits are the matter's while more may exist."""
        narrower = (filters.document_id, filters.jurisdiction, filters.legal_force, filters.as_of)
        if any(x is not None for x in narrower):
            return None
        matter = int(filters.matter_id)
        if 2 * searcher.doc_freq("matter_id", matter) < searcher.num_docs:
            return None  # doc_freq counts deleted entries too: a guess, made exact below
        limit = 4 * k
        hits = searcher.search(text_query, limit=limit, count=False).hits
        matters = _ints(searcher.fast_field_values("matter_id", [addr for _, addr in hits]))
        kept = [hit for hit, m in zip(hits, matters, strict=True) if m == matter]
        if len(kept) < k and len(hits) == limit:
            return None
        return kept[:k]

    def count(self, filters: SearchFilters, text: str | None = None) -> int:
        """How many fragments admissible under ``filters`` hold a term of ``text`` in
        their own text (title and locator aside), or how many there are when ``text``
        is None."""
        clauses = [
            (tantivy.Occur.Must, tantivy.Query.const_score_query(q, 0.0))
            for q in self._filter_queries(filters)
        ]
        if text is not None:
            text_query = self._text_query(text, fields=("text_ro", "text_en"))
            if text_query is None:
                return 0
            clauses.append((tantivy.Occur.Must, text_query))
        result = self._index.searcher().search(
            tantivy.Query.boolean_query(clauses), limit=1, count=True
        )
        return int(result.count)  # type: ignore[attr-defined]  # the stub omits count

    def analyse(self, text: str, language: str = "ro") -> list[str]:
        """The terms ``text`` becomes in the index (for tests and diagnostics)."""
        return list(self._analyzers[language].analyze(normalise(text)))

    def _text_query(
        self, query: str, fields: Iterable[str] = tuple(_TEXT_FIELDS)
    ) -> tantivy.Query | None:
        should: list[tuple[tantivy.Occur, tantivy.Query]] = []
        query = with_family_forms(query)  # "lovește" finds "lovirea" (letadesk.families)
        for field in fields:
            language = _TEXT_FIELDS[field]
            terms = list(dict.fromkeys(self.analyse(query, language)))[:_MAX_QUERY_TOKENS]
            for term in terms:
                q = tantivy.Query.term_query(self._schema, field, term, index_option="freq")
                boost = _FIELD_BOOST[field]
                should.append(
                    (
                        tantivy.Occur.Should,
                        q if boost == 1.0 else tantivy.Query.boost_query(q, boost),
                    )
                )
        return tantivy.Query.boolean_query(should) if should else None

    def _filter_queries(self, filters: SearchFilters) -> list[tantivy.Query]:
        s = self._schema
        out = [tantivy.Query.term_query(s, "matter_id", int(filters.matter_id))]
        if filters.document_id is not None:
            out.append(tantivy.Query.term_query(s, "document_id", int(filters.document_id)))
        if filters.jurisdiction is not None:
            out.append(tantivy.Query.term_query(s, "jurisdiction", filters.jurisdiction))
        if filters.legal_force is not None:
            out.append(tantivy.Query.term_query(s, "legal_force", filters.legal_force))
        if filters.as_of is not None:
            day = day_number(filters.as_of, 0)
            integer = tantivy.FieldType.Integer
            out.append(tantivy.Query.range_query(s, "valid_from", integer, None, day))
            out.append(tantivy.Query.range_query(s, "valid_to", integer, day, None))
        return out

    def _columns(self, query: tantivy.Query, *fields: str) -> list[list[int]]:
        """For every committed entry matching ``query``, the values of ``fields``."""
        searcher = self._index.searcher()
        n = searcher.num_docs
        if n == 0:
            return [[] for _ in fields]
        addrs = [a for _, a in searcher.search(query, limit=n, count=False).hits]
        return [_ints(searcher.fast_field_values(f, addrs)) for f in fields]

    def fragment_ids_for_matter(self, matter_id: int) -> set[int]:
        """Committed fragment ids of one matter."""
        q = tantivy.Query.term_query(self._schema, "matter_id", int(matter_id))
        return set(self._columns(q, "fragment_id")[0])

    def all_fragment_ids(self) -> set[int]:
        """Every committed fragment id."""
        return set(self._columns(tantivy.Query.all_query(), "fragment_id")[0])

    def signatures(self) -> dict[int, str]:
        """``fragment_id -> signature`` of every committed entry; compare with
        :attr:`LexicalRow.signature` to find stale entries."""
        ids, sigs = self._columns(tantivy.Query.all_query(), "fragment_id", "sig")
        return {fid: f"{sig:016x}" for fid, sig in zip(ids, sigs, strict=True)}

    def __len__(self) -> int:
        return int(self._index.searcher().num_docs)


if TYPE_CHECKING:  # mypy holds the class to the port the layers above use
    from letadesk.ports import LexicalIndexPort

    _PORT: type[LexicalIndexPort] = LexicalIndex
