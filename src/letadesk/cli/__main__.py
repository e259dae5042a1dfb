"""``python -m letadesk.cli``: the same as the ``letadesk`` command."""

import sys

from letadesk.cli import main

sys.exit(main())
