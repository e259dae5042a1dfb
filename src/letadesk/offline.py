"""The process environment that keeps LetaDesk offline, set before a library can read it.

No network call, ever, and no file written outside the profile and the user cache
folder. Two bundled libraries would otherwise break that on their own:

- onnxruntime (the judge, the e5 embedder) starts Microsoft's telemetry when it is
  imported: it writes a device id and an event queue under
  ``~/.cache/Microsoft/DeveloperTools/.onnxruntime/`` and sends them where a network
  exists. ``ORT_DISABLE_TELEMETRY=1`` stops it, but only when set *before* the import;
  ``onnxruntime.disable_telemetry_events()`` does not.
- the Hugging Face libraries (sentence-transformers, transformers, huggingface_hub)
  look for model updates and report usage unless told to stay offline.

:func:`prepare_environment` sets these. Importing ``letadesk`` changes nothing; every
entry point calls it first (``letadesk.cli.main``, which ``letadesk``, ``letadesk-gui``,
``python -m letadesk``, the warm engine and the frozen build's executables all run, and
``python -m letadesk.index.e5_convert``), and so does each module right before it
imports onnxruntime or the Hugging Face libraries, so a program that uses LetaDesk as
a library is covered too (``tests/system/test_offline.py`` checks every import site).
Child processes (parser workers, the engine) inherit the environment.

The telemetry switches are forced, whatever the shell says; the offline switches are
defaults, and a value the user set is kept.
"""

from __future__ import annotations

import os

FORCED = {
    "ORT_DISABLE_TELEMETRY": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}
DEFAULTS = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
}


def prepare_environment() -> None:
    """Set the telemetry switches off and the offline switches' defaults (idempotent)."""
    os.environ.update(FORCED)
    for name, value in DEFAULTS.items():
        os.environ.setdefault(name, value)
