#!/usr/bin/env bash
# Build LetaDesk for Linux: the PyInstaller one-dir build, a zstd .deb, SHA256SUMS and a
# minisign signature over both.
#
#   installers/build-linux.sh [OUT]        (OUT, or $LETADESK_DIST, default: dist/)
#
# Writes OUT/letadesk/ (the one-dir build, THIRD_PARTY_NOTICES beside the executable),
# OUT/letadesk_VERSION_amd64.deb, OUT/letadesk-VERSION.cdx.json (the CycloneDX SBOM, from
# installers/supply_chain.py), OUT/THIRD_PARTY_NOTICES, OUT/SHA256SUMS (the .deb, the SBOM
# and the notices), a minisign signature FILE.minisig of each of those four and
# OUT/minisign.pub.
#
# The signing key (docs/installers.md, "The release key"): $MINISIGN_KEY names the minisign
# secret key file and $MINISIGN_PUB its public key (default: installers/minisign.pub, the
# one committed); the password, if the key has one, is the first line of stdin (read once,
# before the build starts; a terminal is prompted by minisign). Key, password and public key
# are checked by signing a probe before the build, so a wrong one fails in seconds. Without
# MINISIGN_KEY the build refuses, unless LETADESK_TEST_BUILD=1 asks for a test build: a
# throwaway key made in the work folder, its public key in OUT/minisign.pub, and
# OUT/TEST-BUILD-NOT-FOR-RELEASE beside it. A secret key is never written under OUT or
# into the repository. LETADESK_CHECK_ONLY=1 stops after these checks (a dry run).
#
# Needs (checked first): the project's virtualenv ($PYTHON, default .venv/bin/python or
# the active $VIRTUAL_ENV) with installers/requirements.txt installed; dpkg-deb and
# dpkg-scanpackages (dpkg, dpkg-dev), desktop-file-validate (desktop-file-utils),
# appstreamcli (appstream), minisign, strip and readelf (binutils: the spec strips symbol
# tables); mmdebstrap (for smoke-test.sh's clean-root test) is
# named when missing but not required.
# LETADESK_BUNDLE_E5_ONNX=1 also bundles the e5 ONNX graph (installers/letadesk.spec).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
OUT=$(realpath -m "${1:-${LETADESK_DIST:-$ROOT/dist}}")
WORK=${LETADESK_WORK:-$OUT/.work}
PYTHON=${PYTHON:-}
if [[ -z $PYTHON ]]; then
  for candidate in "$ROOT/.venv/bin/python" "${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}"; do
    [[ -n $candidate && -x $candidate ]] && { PYTHON=$candidate; break; }
  done
fi
[[ -n $PYTHON ]] || { echo "build-linux: no Python: set PYTHON" >&2; exit 2; }
missing=""
for tool in dpkg-deb:dpkg dpkg-scanpackages:dpkg-dev desktop-file-validate:desktop-file-utils \
  appstreamcli:appstream minisign:minisign sha256sum:coreutils strip:binutils readelf:binutils; do
  command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool#*:}"
done
[[ -z $missing ]] || { echo "build-linux: missing build tools: apt-get install$missing" >&2; exit 2; }
command -v mmdebstrap >/dev/null || echo "build-linux: note: mmdebstrap is missing" \
  "(apt-get install mmdebstrap): smoke-test.sh will skip its clean-root test" >&2
mkdir -p "$OUT" "$WORK"

# The signing key, checked before the build: a probe signed and verified now.
SIGN_PASS=""
TEST_BUILD=""
if [[ -n ${MINISIGN_KEY:-} ]]; then
  KEY=$MINISIGN_KEY
  PUB=${MINISIGN_PUB:-$HERE/minisign.pub}
  [[ -t 0 ]] || IFS= read -r SIGN_PASS || true  # the password: stdin's first line
  rm -f "$OUT/TEST-BUILD-NOT-FOR-RELEASE"
elif [[ ${LETADESK_TEST_BUILD:-} == 1 ]]; then  # a throwaway key: never for a release
  TEST_BUILD=1
  KEY="$WORK/test-minisign.key"
  PUB="$WORK/test-minisign.pub"
  rm -f "$KEY" "$PUB"
  minisign -G -W -f -p "$PUB" -s "$KEY" >/dev/null
  echo "build-linux: TEST BUILD: signed with a throwaway key (set MINISIGN_KEY for a release)"
else
  echo "build-linux: no signing key: set MINISIGN_KEY (and its password on stdin) for a" \
    "release, or LETADESK_TEST_BUILD=1 for a test build signed with a throwaway key" >&2
  exit 2
fi
sign() {  # sign-release.sh with the password read above (or minisign's own prompt)
  if [[ -t 0 ]]; then
    MINISIGN_KEY=$KEY "$HERE/sign-release.sh" "$PUB" "$@"
  else
    printf '%s\n' "$SIGN_PASS" | MINISIGN_KEY=$KEY "$HERE/sign-release.sh" "$PUB" "$@"
  fi
}
PROBE="$WORK/signing-probe"
echo "probe $(date -u +%FT%TZ)" > "$PROBE"
sign "$PROBE" >/dev/null
rm -f "$PROBE" "$PROBE.minisig"
echo "build-linux: signing key checked against $PUB"
[[ ${LETADESK_CHECK_ONLY:-} == 1 ]] && { echo "build-linux: checks passed (LETADESK_CHECK_ONLY=1)"; exit 0; }

VERSION=$(PYTHONPATH="$ROOT/src" "$PYTHON" -c 'import letadesk; print(letadesk.__version__)')
ARCH=$(dpkg --print-architecture)
DEB="$OUT/letadesk_${VERSION}_${ARCH}.deb"
HOST_GLIBC=$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)  # not `ldd | head`: SIGPIPE (pipefail)

echo "build-linux: PyInstaller one-dir build ($VERSION, host glibc $HOST_GLIBC) -> $OUT/letadesk"
start=$SECONDS
# `letadesk --version` names the commit the build was made from (letadesk/cli/about.py)
COMMIT=$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
git -C "$ROOT" diff --quiet HEAD 2>/dev/null || COMMIT="$COMMIT+changes"
STAMP="$ROOT/src/letadesk/BUILD_COMMIT"
echo "$COMMIT" > "$STAMP"
# and which bundle this is (letadesk --version, the About box): the package's file name
BUNDLE="$ROOT/src/letadesk/BUILD_BUNDLE"
echo "$(basename "$DEB") built $(date -u +%FT%TZ)${TEST_BUILD:+ (test build)}" > "$BUNDLE"
trap 'rm -f "$STAMP" "$BUNDLE"' EXIT
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
install -m644 "$ROOT/resources/linux/letadesk.desktop" "$PKG/usr/share/applications/letadesk.desktop"
sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$(date -u +%F)/" \
  "$ROOT/resources/linux/io.letadesk.LetaDesk.metainfo.xml" \
  > "$PKG/usr/share/metainfo/io.letadesk.LetaDesk.metainfo.xml"
install -m644 "$ROOT/resources/letadesk.svg" \
  "$PKG/usr/share/icons/hicolor/scalable/apps/letadesk.svg"
install -m644 "$ROOT/LICENSE" "$PKG/usr/share/doc/letadesk/copyright"
install -m644 "$OUT/THIRD_PARTY_NOTICES" "$PKG/usr/share/doc/letadesk/THIRD_PARTY_NOTICES"
install -m644 "$SBOM" "$PKG/usr/share/doc/letadesk/$(basename "$SBOM")"
install -m644 "$HERE/linux/SOURCE-OFFER" "$PKG/usr/share/doc/letadesk/SOURCE-OFFER"
install -m644 "$HERE/linux/SOURCE-OFFER" "$PKG/opt/letadesk/SOURCE-OFFER"
# refuses a downgrade unless LETADESK_ALLOW_DOWNGRADE=1
sed -e "s/@VERSION@/$VERSION/" "$HERE/linux/preinst" > "$PKG/DEBIAN/preinst"
chmod 755 "$PKG/DEBIAN/preinst"
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
Recommends: tesseract-ocr, tesseract-ocr-ron, libxcb-cursor0, libwayland-cursor0, libwayland-egl1
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

echo "build-linux: SHA256SUMS and signatures"
cp "$PUB" "$OUT/minisign.pub"
if [[ -n $TEST_BUILD ]]; then
  echo "signed with a throwaway key: not a release" > "$OUT/TEST-BUILD-NOT-FOR-RELEASE"
fi
ARTEFACTS=("$(basename "$DEB")" "$(basename "$SBOM")" THIRD_PARTY_NOTICES)
(cd "$OUT" && sha256sum "${ARTEFACTS[@]}" > SHA256SUMS)
SIGN_COMMENT="letadesk $VERSION ($ARCH, glibc >= $GLIBC)${TEST_BUILD:+, TEST BUILD}" \
  sign "${ARTEFACTS[@]/#/$OUT/}" "$OUT/SHA256SUMS"
echo "build-linux: done"
du -sh "$OUT/letadesk" "$DEB"
