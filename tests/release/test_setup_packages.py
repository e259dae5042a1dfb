"""scripts/setup.sh installs, by name, every Debian package Qt's xcb platform plugin links
against, so that the window opens on a fresh Debian with a display (issue 10: it did not;
libxcb-shape0, for one, came only with x11-utils, which a fresh machine lacks).

The plugin's needs are read from the installed PySide6 (``readelf``'s NEEDED entries),
and each library's package from ``dpkg -S``; skipped where either is missing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Part of every Debian system (essential or required by apt itself).
BASE = frozenset({"libc6", "libgcc-s1", "libstdc++6"})


def setup_packages() -> set[str]:
    """The names in setup.sh's ``DEB_PKGS="..."`` (continued lines joined)."""
    text = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    found = re.search(r'^DEB_PKGS="(.*?)"', text, re.MULTILINE | re.DOTALL)
    assert found, "scripts/setup.sh has no DEB_PKGS"
    return set(found.group(1).replace("\\\n", " ").split())


def xcb_plugin() -> Path | None:
    pyside6 = pytest.importorskip("PySide6")
    plugin = Path(pyside6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def needed(library: Path) -> list[str]:
    """The shared libraries ``library`` names (its dynamic section's NEEDED)."""
    out = subprocess.run(
        ["readelf", "-d", str(library)], capture_output=True, text=True, check=True
    ).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def debian_packages(libraries: list[str]) -> dict[str, str]:
    """The installed Debian package holding each library ("" when none does), from one
    ``dpkg -S`` (one call per library took 2.6 s of the fast tier)."""
    out = subprocess.run(
        ["dpkg", "-S", *(f"*/{library}" for library in libraries)],
        capture_output=True,
        text=True,
    ).stdout
    found: dict[str, str] = {}
    for line in out.splitlines():  # "package:arch[, package:arch…]: /path/to/library"
        owners, _, path = line.partition(": ")
        package = owners.split(",", 1)[0].split(":", 1)[0].strip()
        found.setdefault(Path(path.strip()).name, package)
    return {library: found.get(library, "") for library in libraries}


def test_setup_installs_every_package_the_xcb_plugin_links_against() -> None:
    plugin = xcb_plugin()
    if plugin is None or not (shutil.which("readelf") and shutil.which("dpkg")):
        pytest.skip("needs PySide6's xcb plugin, readelf and dpkg (a Debian machine)")
    system = [lib for lib in needed(plugin) if not re.match(r"lib(Qt6|pyside6|shiboken6)", lib)]
    packages = debian_packages(system)
    assert all(packages.values()), f"libraries no Debian package holds here: {packages}"
    missing = sorted(set(packages.values()) - setup_packages() - BASE)
    assert missing == [], f"scripts/setup.sh does not install {missing}"
