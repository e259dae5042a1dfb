"""PyInstaller runtime hook (only when the build bundles the e5 ONNX graph): point the e5
embedder at the bundled graph unless LETADESK_E5_ONNX_DIR already names a folder."""

import os
import sys

os.environ.setdefault("LETADESK_E5_ONNX_DIR", os.path.join(sys._MEIPASS, "e5-onnx"))  # type: ignore[attr-defined]
