"""Export the trained judge to int8 ONNX, calibrate it on validation, write its card.

    python -m training.export [--run training/runs/judge]

1. ONNX export of the checkpoint (dynamic batch and length), then dynamic int8
   quantisation (onnxruntime) into ``src/letadesk/judge/weights/judge.onnx``, with the
   backbone's ``tokenizer.json``.
2. The *shipped* int8 model scores the validation split (``training/data``, split
   ``val``); Platt calibration of relevance and the thresholds are chosen there
   (:mod:`training.calibrate`), and the same split's figures, next to the lexical
   checks the judge replaces, go into ``judge.json`` and ``MODEL_CARD.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
from pathlib import Path

import torch

from letadesk.judge.card import WEIGHTS, load_card
from letadesk.judge.onnx_judge import Judge
from letadesk.offline import prepare_environment
from training.calibrate import calibrate
from training.card import save_card, write_model_card
from training.train import MAX_LEN, ROOT, backbone_dir, load_judge, read_examples


def export_onnx(run: Path, target: Path, layers: int) -> None:
    model = load_judge(backbone_dir(), layers)
    model.load_state_dict(torch.load(run / "judge.pt", map_location="cpu"))
    model.eval()
    ids = torch.ones((2, 16), dtype=torch.long)
    fp32 = run / "judge-fp32.onnx"
    torch.onnx.export(
        model,
        (ids, torch.ones_like(ids), torch.zeros_like(ids)),
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={
            n: {0: "batch", 1: "length"} for n in ("input_ids", "attention_mask", "token_type_ids")
        }
        | {"logits": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    prepare_environment()  # no onnxruntime telemetry, here as in the app
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(fp32), str(target), weight_type=QuantType.QInt8)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_card(
    runtime: dict[str, object],
    figures: dict[str, object],
    info: dict[str, object],
    files: list[Path],
) -> None:
    card = {
        "name": f"letadesk-judge-minilm{info['layers']}-v1",
        "runtime": runtime,
        "sha256": {f.name: sha256(f) for f in files},
        "training": info,
        "validation": figures,
        "licence": "weights: Apache-2.0 (fine-tuned from sentence-transformers/"
        "all-MiniLM-L6-v2, Apache-2.0); training data: CUAD v1 and ContractNLI "
        "(CC BY 4.0), Romanian legislation (public domain, Legea 8/1996 art. 9)",
    }
    save_card(card)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, default=ROOT / "training" / "runs" / "judge")
    parser.add_argument("--data", type=Path, default=ROOT / "training" / "data")
    parser.add_argument(
        "--calibrate-only",
        action="store_true",
        help="keep the exported weights; redo calibration, card and figures",
    )
    args = parser.parse_args()
    WEIGHTS.mkdir(parents=True, exist_ok=True)
    model_file, tokenizer_file = WEIGHTS / "judge.onnx", WEIGHTS / "tokenizer.json"
    info = json.loads((args.run / "train_info.json").read_text(encoding="utf-8"))
    if not args.calibrate_only:
        export_onnx(args.run, model_file, int(info["layers"]))
        shutil.copy(backbone_dir() / "tokenizer.json", tokenizer_file)
    files = [model_file, tokenizer_file]
    provisional = {
        "model_file": model_file.name,
        "tokenizer_file": tokenizer_file.name,
        "max_length": MAX_LEN,
        "relevance_scale": 1.0,
        "relevance_bias": 0.0,
        "relevance_threshold": 0.5,
        "support_threshold": 0.5,
        "contradiction_threshold": 0.5,
        "relevance_languages": ["en", "ro"],
        "support_languages": ["en", "ro"],
    }
    if not args.calibrate_only:  # a new model: its card, before calibration, pins it
        write_card(provisional, {}, info, files)
    judge = Judge(load_card())
    val = read_examples(args.data, "val")
    runtime, figures = calibrate(judge, val)
    write_card(provisional | runtime, figures, info, files)
    write_model_card(load_card(), figures, info)
    print(json.dumps({"runtime": runtime, "validation": figures}, indent=1))


if __name__ == "__main__":
    main()
