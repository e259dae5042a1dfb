"""PyInstaller runtime hook: point the e5 embedder at the bundled graphs and tokenizer
(checked against their SHA-256 pins when the build made them, and again when the app
loads them) unless LETADESK_E5_ONNX_DIR already names a folder."""

import os
import sys

os.environ.setdefault("LETADESK_E5_ONNX_DIR", os.path.join(sys._MEIPASS, "e5-onnx"))  # type: ignore[attr-defined]
