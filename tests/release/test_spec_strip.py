"""installers/letadesk.spec strips symbol tables on Linux, but never a file auditwheel
rewrote (a wheel's ``*.libs/`` folder), and keeps the original of any stripped copy
whose loadable segments are not page-congruent (what broke numpy's OpenBLAS)."""

from __future__ import annotations

import _ctypes
import ast
import ctypes
import shutil
import struct
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "installers" / "letadesk.spec"
NEEDS_BINUTILS = pytest.mark.skipif(
    not (shutil.which("strip") and shutil.which("readelf")), reason="needs binutils"
)


def spec_functions() -> SimpleNamespace:
    """The spec's strip helpers, compiled on their own (the spec runs only in PyInstaller)."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    wanted = {"_elf_loads_aligned", "_strip_symbols"}
    defs: list[ast.stmt] = [
        n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted
    ]
    assert {d.name for d in defs if isinstance(d, ast.FunctionDef)} == wanted
    namespace: dict[str, object] = {"Path": Path}
    exec(compile(ast.Module(body=defs, type_ignores=[]), str(SPEC), "exec"), namespace)
    return SimpleNamespace(**{name: namespace[name] for name in wanted})


def elf() -> Path:
    """A real ELF shared object of this Python (an extension module)."""
    path = Path(_ctypes.__file__)
    if path.read_bytes()[:4] != b"\x7fELF":
        pytest.skip("not an ELF platform")
    return path


def test_a_real_library_is_aligned_and_a_shifted_segment_or_non_elf_is_not(tmp_path: Path) -> None:
    aligned = spec_functions()._elf_loads_aligned
    assert aligned(elf())
    data = bytearray(elf().read_bytes())
    phoff = struct.unpack_from("<Q", data, 0x20)[0]
    size, count = struct.unpack_from("<HH", data, 0x36)
    loads = [
        phoff + i * size
        for i in range(count)
        if struct.unpack_from("<I", data, phoff + i * size)[0] == 1
    ]
    offset = struct.unpack_from("<Q", data, loads[-1] + 8)[0]
    struct.pack_into("<Q", data, loads[-1] + 8, offset + 8)  # p_offset off its page
    shifted = tmp_path / "shifted.so"
    shifted.write_bytes(bytes(data))
    assert not aligned(shifted)
    text = tmp_path / "notes.so.txt"
    text.write_text("not a library", encoding="utf-8")
    assert not aligned(text)


def has_symtab(path: Path) -> bool:
    sections = subprocess.run(["readelf", "-SW", str(path)], capture_output=True, text=True)
    return " .symtab " in sections.stdout


@NEEDS_BINUTILS
def test_strips_a_library_but_not_one_in_a_wheels_libs_folder(tmp_path: Path) -> None:
    app = tmp_path / "letadesk"
    plain = app / "_internal" / "mod.so"
    vendored = app / "_internal" / "numpy.libs" / "libvendored.so"
    for path in (plain, vendored):
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-g", "-x", "c", "-o", str(path), "-"],
            input="int answer(void) { return 42; }\n",
            text=True,
            check=True,
        )
    if not has_symtab(plain):
        pytest.skip("the C compiler made no symbol table")
    before = vendored.read_bytes()
    spec_functions()._strip_symbols(app)
    assert not has_symtab(plain)
    assert ctypes.CDLL(str(plain)).answer() == 42  # still loads, its exports kept
    assert vendored.read_bytes() == before  # auditwheel's folder: never touched
