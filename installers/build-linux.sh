#!/usr/bin/env bash
# Build LetaDesk for Linux: the PyInstaller one-dir build, a zstd .deb, SHA256SUMS and a
# minisign signature over both.
#
#   installers/build-linux.sh [OUT]        (OUT, or $LETADESK_DIST, default: dist/)
#
# Writes OUT/letadesk/ (the one-dir build, THIRD_PARTY_NOTICES beside the executable),
# OUT/letadesk_VERSION_amd64.deb, OUT/letadesk-VERSION.cdx.json (the CycloneDX SBOM, from
# installers/supply_chain.py), OUT/THIRD_PARTY_NOTICES, OUT/SHA256SUMS (the .deb and the
# SBOM), OUT/SHA256SUMS.minisig and OUT/minisign.pub. The signing key: $MINISIGN_KEY names a
# minisign secret key file (its password, if any, on stdin); without it a throwaway key
# without password is generated in the work folder, for tests only. A secret key is never
# written under OUT or into the repository.
#
# Needs: the project's virtualenv ($PYTHON, default .venv/bin/python or /work/main/.venv)
# with installers/requirements.txt installed; dpkg-deb, desktop-file-validate
# (desktop-file-utils), appstreamcli (appstream), minisign.
# LETADESK_BUNDLE_E5_ONNX=1 also bundles the e5 ONNX graph (installers/letadesk.spec).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
OUT=$(realpath -m "${1:-${LETADESK_DIST:-$ROOT/dist}}")
WORK=${LETADESK_WORK:-$OUT/.work}
PYTHON=${PYTHON:-}
if [[ -z $PYTHON ]]; then
  for candidate in "$ROOT/.venv/bin/python" /work/main/.venv/bin/python; do
    [[ -x $candidate ]] && { PYTHON=$candidate; break; }
  done
fi
[[ -n $PYTHON ]] || { echo "build-linux: no Python: set PYTHON" >&2; exit 2; }
for tool in dpkg-deb desktop-file-validate appstreamcli minisign sha256sum; do
  command -v "$tool" >/dev/null || { echo "build-linux: $tool is missing (apt-get install" \
    "dpkg desktop-file-utils appstream minisign)" >&2; exit 2; }
done

VERSION=$(PYTHONPATH="$ROOT/src" "$PYTHON" -c 'import letadesk; print(letadesk.__version__)')
ARCH=$(dpkg --print-architecture)
DEB="$OUT/letadesk_${VERSION}_${ARCH}.deb"
mkdir -p "$OUT" "$WORK"
HOST_GLIBC=$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)  # not `ldd | head`: SIGPIPE (pipefail)

echo "build-linux: PyInstaller one-dir build ($VERSION, host glibc $HOST_GLIBC) -> $OUT/letadesk"
start=$SECONDS
# `letadesk --version` names the commit the build was made from (letadesk/cli/about.py)
COMMIT=$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
git -C "$ROOT" diff --quiet HEAD 2>/dev/null || COMMIT="$COMMIT+changes"
STAMP="$ROOT/src/letadesk/BUILD_COMMIT"
echo "$COMMIT" > "$STAMP"
trap 'rm -f "$STAMP"' EXIT
PYTHONPATH="$ROOT/src" "$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$OUT" --workpath "$WORK/pyinstaller" "$HERE/letadesk.spec"
echo "build-linux: one-dir built in $((SECONDS - start)) s"
# The oldest glibc the build runs on: the highest GLIBC_ symbol version any of its ELF
# files needs (glibc is the one library PyInstaller does not bundle); the .deb says so.
GLIBC=$("$PYTHON" "$HERE/glibc_floor.py" "$OUT/letadesk" --version-only)

echo "build-linux: SBOM and third-party notices (installers/supply_chain.py)"
PYTHONPATH="$ROOT/src" "$PYTHON" "$HERE/supply_chain.py" "$OUT" --build "$WORK/pyinstaller/letadesk"
SBOM="$OUT/letadesk-${VERSION}.cdx.json"
install -m644 "$OUT/THIRD_PARTY_NOTICES" "$OUT/letadesk/THIRD_PARTY_NOTICES"

echo "build-linux: .deb"
start=$SECONDS
PKG="$WORK/deb"
rm -rf "$PKG"
mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
  "$PKG/usr/share/metainfo" "$PKG/usr/share/icons/hicolor/scalable/apps" \
  "$PKG/usr/share/doc/letadesk"
cp -a "$OUT/letadesk" "$PKG/opt/letadesk"
ln -s /opt/letadesk/letadesk "$PKG/usr/bin/letadesk"
install -m644 "$HERE/linux/letadesk.desktop" "$PKG/usr/share/applications/letadesk.desktop"
sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$(date -u +%F)/" \
  "$HERE/linux/io.letadesk.LetaDesk.metainfo.xml" \
  > "$PKG/usr/share/metainfo/io.letadesk.LetaDesk.metainfo.xml"
install -m644 "$ROOT/src/letadesk/resources/letadesk.svg" \
  "$PKG/usr/share/icons/hicolor/scalable/apps/letadesk.svg"
install -m644 "$ROOT/LICENSE" "$PKG/usr/share/doc/letadesk/copyright"
install -m644 "$OUT/THIRD_PARTY_NOTICES" "$PKG/usr/share/doc/letadesk/THIRD_PARTY_NOTICES"
install -m644 "$SBOM" "$PKG/usr/share/doc/letadesk/$(basename "$SBOM")"
desktop-file-validate "$PKG/usr/share/applications/letadesk.desktop"
appstreamcli validate --no-net --explain "$PKG/usr/share/metainfo/io.letadesk.LetaDesk.metainfo.xml"

SIZE_KB=$(du -sk --exclude=DEBIAN "$PKG" | cut -f1)
cat > "$PKG/DEBIAN/control" <<CONTROL
Package: letadesk
Version: $VERSION
Architecture: $ARCH
Maintainer: LetaDesk <it@letadesk.invalid>
Section: misc
Priority: optional
Installed-Size: $SIZE_KB
Depends: libc6 (>= $GLIBC), libstdc++6 (>= 12), libgcc-s1, libexpat1, libgl1, libegl1
Recommends: tesseract-ocr, tesseract-ocr-ron, libxcb-cursor0
Homepage: https://letadesk.invalid
Description: offline legal assistant with verifiable citations
 LetaDesk answers questions about a firm's own documents on the workstation,
 with every claim tied to a verbatim fragment of a source document. Built with
 PyInstaller (one folder under /opt/letadesk); needs an x86-64 CPU with AVX2.
CONTROL
# zstd -19: 285 MB against 303 MB at -9 (the same stripped tree), for about 3 more
# minutes of one build; LETADESK_DEB_LEVEL overrides it (e.g. 3 for a quick local build).
dpkg-deb --root-owner-group -Zzstd -z"${LETADESK_DEB_LEVEL:-19}" --build "$PKG" "$DEB" >/dev/null
echo "build-linux: .deb built in $((SECONDS - start)) s"

echo "build-linux: SHA256SUMS and signature"
KEY=${MINISIGN_KEY:-}
if [[ -z $KEY ]]; then  # a throwaway key, for tests: never used for a release
  KEY="$WORK/test-minisign.key"
  rm -f "$KEY" "$WORK/test-minisign.pub"
  minisign -G -W -f -p "$WORK/test-minisign.pub" -s "$KEY" >/dev/null
  cp "$WORK/test-minisign.pub" "$OUT/minisign.pub"
  echo "build-linux: signed with a THROWAWAY test key (set MINISIGN_KEY for a release)"
else
  [[ -n ${MINISIGN_PUB:-} ]] && cp "$MINISIGN_PUB" "$OUT/minisign.pub"
fi
(cd "$OUT" && sha256sum "$(basename "$DEB")" "$(basename "$SBOM")" > SHA256SUMS)
minisign -S -s "$KEY" -m "$OUT/SHA256SUMS" "$DEB" \
  -t "letadesk $VERSION ($ARCH, glibc >= $GLIBC)" </dev/null >/dev/null
[[ -f $OUT/minisign.pub ]] && minisign -V -p "$OUT/minisign.pub" -m "$OUT/SHA256SUMS" >/dev/null
echo "build-linux: done"
du -sh "$OUT/letadesk" "$DEB"
