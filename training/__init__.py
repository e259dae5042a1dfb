"""Training the judge (not shipped in the app)."""

import os

# As in letadesk/__init__.py: torch's OpenMP threads must not spin beside other work
# (2.1 pairs/s with the default policy under load, 5.0 with PASSIVE).
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
