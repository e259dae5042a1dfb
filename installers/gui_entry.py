"""The ``letadesk-gui`` executable of the frozen build (installers/letadesk.spec)."""

import sys

from letadesk.cli import gui_main

sys.exit(gui_main())
