"""The lexical index of a profile: one tantivy index per matter.

BM25 weighs a word by how rare it is among the entries its index counts. One index for
the whole profile counted every matter's text: a matter's ranking, and so its answers,
changed when another client's matter was loaded, and one matter's statistics shaped
another's results. Each matter has its own index, the folder ``m<matter id>`` inside the
profile's ``tantivy`` folder, as the firm server ranks by each matter's own statistics
(:mod:`letadesk.server.stats`). Purging a matter removes its folder, segments and all.

A ``tantivy`` folder of the former layout (one index for every matter, its
``meta.json`` at the top) raises :class:`FormerLayout`; the index set then rebuilds it
from the database (:meth:`letadesk.index.sync.IndexSet.rebuild_lexical`)."""

from __future__ import annotations

import itertools
import re
import shutil
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from letadesk.domain import LexicalRow, SearchFilters
from letadesk.errors import IndexError_
from letadesk.index.tantivy_index import ADD_CHUNK, WRITER_WAIT_S, LexicalIndex

MATTER_FOLDER = re.compile(r"m([0-9]{1,12})")  # a matter's index: "m<matter id>"


class FormerLayout(IndexError_):
    """The ``tantivy`` folder holds one index for every matter: rebuild it."""


def matter_folder(root: Path, matter_id: int) -> Path:
    """The folder of ``matter_id``'s index inside the profile's ``tantivy`` folder."""
    return root / f"m{int(matter_id)}"


class MatterLexicalIndexes:
    """The lexical indexes of a profile's matters, under ``root``, as one index.

    Each matter's index opens with the set (an unusable one raises
    :class:`IndexError_`, as :class:`LexicalIndex` does); a matter's first fragment
    creates its index. Searches and counts read the index of their filters' matter
    alone. Writes are staged per matter until :meth:`commit`."""

    def __init__(self, root: Path, *, writer_wait_s: float = WRITER_WAIT_S) -> None:
        self.path = Path(root)
        if (self.path / "meta.json").exists():
            raise FormerLayout(
                f"{self.path}: a lexical index of the former layout (one for every matter)"
            )
        self.writer_wait_s = writer_wait_s
        self._indexes: dict[int, LexicalIndex] = {}
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            folders = list(self.path.iterdir())
        except OSError as exc:
            raise IndexError_(f"{self.path}: lexical index unusable ({exc})") from exc
        for folder in folders:
            found = MATTER_FOLDER.fullmatch(folder.name)
            if found and folder.is_dir():
                self._index(int(found.group(1)))

    def _index(self, matter_id: int) -> LexicalIndex:
        if matter_id not in self._indexes:
            self._indexes[matter_id] = LexicalIndex(
                matter_folder(self.path, matter_id), writer_wait_s=self.writer_wait_s
            )
        return self._indexes[matter_id]

    # -- writing -----------------------------------------------------------------

    def add(self, rows: Iterable[LexicalRow]) -> int:
        """Add (or replace, by ``fragment_id``) fragments, each in its matter's index;
        visible after :meth:`commit`. Returns how many were added."""
        count = 0
        it = iter(rows)
        while batch := list(itertools.islice(it, ADD_CHUNK)):
            by_matter: dict[int, list[LexicalRow]] = defaultdict(list)
            for row in batch:
                by_matter[row.matter_id].append(row)
            for matter_id, part in by_matter.items():
                count += self._index(matter_id).add(part)
        return count

    def delete_documents(self, document_ids: Iterable[int]) -> None:
        """Remove every fragment of these documents from the indexes holding any of
        them (no other index is opened for writing); effective after :meth:`commit`."""
        ids = sorted({int(i) for i in document_ids})
        for index in self._indexes.values():
            if index.holds_documents(ids):
                index.delete_documents(ids)

    def commit(self) -> None:
        """Persist every matter's pending changes."""
        for index in self._indexes.values():
            index.commit()

    def drop_matter(self, matter_id: int) -> None:
        """Remove ``matter_id``'s index, its folder and every segment in it."""
        self._indexes.pop(int(matter_id), None)
        folder = matter_folder(self.path, matter_id)
        try:
            shutil.rmtree(folder)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise IndexError_(f"{folder}: cannot remove the matter's index ({exc})") from exc

    @classmethod
    def destroy(cls, path: Path) -> MatterLexicalIndexes:
        """Remove the folder (however broken, whatever its layout); a fresh, empty set."""
        shutil.rmtree(path, ignore_errors=True)
        return cls(path)

    # -- reading -----------------------------------------------------------------

    def search(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """:meth:`LexicalIndex.search` in the index of ``filters``' matter alone."""
        index = self._indexes.get(int(filters.matter_id))
        return [] if index is None else index.search(query, filters, k)

    def count(self, filters: SearchFilters, text: str | None = None) -> int:
        """:meth:`LexicalIndex.count` in the index of ``filters``' matter alone."""
        index = self._indexes.get(int(filters.matter_id))
        return 0 if index is None else index.count(filters, text)

    def signatures(self) -> dict[int, str]:
        """``fragment_id -> signature`` of every committed entry of every matter."""
        found: dict[int, str] = {}
        for index in self._indexes.values():
            found.update(index.signatures())
        return found

    def matters(self) -> list[int]:
        """The matters that have an index."""
        return sorted(self._indexes)

    def __len__(self) -> int:
        return sum(len(index) for index in self._indexes.values())


if TYPE_CHECKING:  # mypy holds the class to the port the layers above use
    from letadesk.ports import LexicalIndexPort

    _PORT: type[LexicalIndexPort] = MatterLexicalIndexes
