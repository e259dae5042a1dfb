"""Whether a question means something in law (Gate 1's last word before refusing it as
off-topic): the lexicon found it legal, or it holds a legal term and nothing off-topic,
or e5's reading of it does (:mod:`letadesk.verify.legal_meaning`). A question with legal
meaning is never refused as off-topic: when the matter cannot answer it, Gate 2 says so.
"""

from __future__ import annotations

import logging

from letadesk.errors import ModelError
from letadesk.retrieve.cascade import Retriever
from letadesk.verify.legal_meaning import legal_meaning_head
from letadesk.verify.scope import ScopeVerdict

log = logging.getLogger(__name__)


def has_legal_meaning(scope: ScopeVerdict, question: str, retriever: Retriever) -> bool:
    """Whether ``question`` (Gate 1's ``scope`` of it) means something in law."""
    if scope.in_scope or (scope.legal_terms and not scope.off_topic_terms):
        return True
    head = legal_meaning_head()
    if head is None:
        return False
    try:
        read = retriever.query_vector(question)
    except ModelError as exc:
        log.warning("embedder unavailable, Gate 1 reads words alone: %s", exc)
        return False
    return read is not None and bool(head.means_law(*read))
