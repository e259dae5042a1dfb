#!/usr/bin/env bash
# Package LetaDesk's Windows one-dir build as a signed, per-machine MSI.
#
#   installers/build-windows.sh PAYLOAD [OUT]      (OUT, or $LETADESK_DIST, default: dist/)
#
# PAYLOAD is the folder installers/letadesk.spec builds on Windows (dist\letadesk: with
# letadesk.exe, letadesk-gui.exe and _internal\). This script runs on Linux (wixl,
# osslsigncode) as well as in the release workflow. It writes
# OUT/letadesk-VERSION-x64.msi, Authenticode-signed and verified, and
# OUT/SHA256SUMS-windows.
#
# The certificate: $AUTHENTICODE_PFX names a PKCS#12 file (its password in
# $AUTHENTICODE_PASS), the firm's or the vendor's code-signing certificate, from the
# release pipeline's secrets. Without it, a THROWAWAY self-signed certificate is made in
# the work folder, for tests only, and the script says so. A private key is never
# written under OUT or into the repository. $AUTHENTICODE_TIMESTAMP (a timestamp server
# URL) is used when set. Offline builds have none, and their signature is then valid
# only while the certificate is.
#
# Needs: wixl and wixl-heat (Debian: wixl), msiinfo (msitools), osslsigncode, openssl,
# and the project's Python for the version ($PYTHON, default .venv/bin/python).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
PAYLOAD=$(realpath -m "${1:?usage: build-windows.sh PAYLOAD [OUT]}")
OUT=$(realpath -m "${2:-${LETADESK_DIST:-$ROOT/dist}}")
WORK=${LETADESK_WORK:-$OUT/.work-windows}
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
for tool in wixl wixl-heat msiinfo osslsigncode openssl sha256sum; do
  command -v "$tool" >/dev/null || { echo "build-windows: $tool is missing (apt-get install" \
    "wixl msitools osslsigncode openssl)" >&2; exit 2; }
done
for exe in letadesk.exe letadesk-gui.exe; do
  [[ -f $PAYLOAD/$exe ]] || { echo "build-windows: $PAYLOAD has no $exe: is it the" \
    "Windows one-dir build?" >&2; exit 2; }
done

VERSION=${LETADESK_VERSION:-$(PYTHONPATH="$ROOT/src" "$PYTHON" -c \
  'import letadesk; print(letadesk.__version__)')}
MSI="$OUT/letadesk-${VERSION}-x64.msi"
mkdir -p "$OUT" "$WORK"

echo "build-windows: MSI $VERSION from $PAYLOAD"
# every file of the build, as components of the AppFiles group under INSTALLDIR
(cd "$(dirname "$PAYLOAD")" && find "$(basename "$PAYLOAD")" -type f | LC_ALL=C sort) \
  | wixl-heat --prefix "$(basename "$PAYLOAD")/" --directory-ref INSTALLDIR \
      --component-group AppFiles --var var.Payload --win64 > "$WORK/files.wxs"
# wixl reads the files by paths relative to where it runs (an absolute one fails)
(cd "$(dirname "$PAYLOAD")" && wixl --arch x64 -D Version="$VERSION" \
  -D Payload="$(basename "$PAYLOAD")" -D Win64=yes \
  -o "$WORK/unsigned.msi" "$HERE/windows/letadesk.wxs" "$WORK/files.wxs")

PFX=${AUTHENTICODE_PFX:-}
PASS=${AUTHENTICODE_PASS:-}
CA_ARGS=()
if [[ -z $PFX ]]; then  # a throwaway certificate, for tests: never used for a release
  PFX="$WORK/test-authenticode.pfx"
  PASS=test
  openssl req -x509 -newkey rsa:3072 -nodes -days 30 -subj "/CN=LetaDesk TEST signing" \
    -addext "extendedKeyUsage=codeSigning" -keyout "$WORK/test.key" \
    -out "$WORK/test-authenticode.crt" 2>/dev/null
  openssl pkcs12 -export -inkey "$WORK/test.key" -in "$WORK/test-authenticode.crt" \
    -passout pass:"$PASS" -out "$PFX"
  rm -f "$WORK/test.key"
  CA_ARGS=(-CAfile "$WORK/test-authenticode.crt")
  echo "build-windows: signed with a THROWAWAY test certificate (set AUTHENTICODE_PFX for a release)"
fi
TS_ARGS=()
[[ -n ${AUTHENTICODE_TIMESTAMP:-} ]] && TS_ARGS=(-t "$AUTHENTICODE_TIMESTAMP")
rm -f "$MSI"
osslsigncode sign -pkcs12 "$PFX" -pass "$PASS" -n "LetaDesk $VERSION" \
  -i https://letadesk.invalid/ "${TS_ARGS[@]}" -in "$WORK/unsigned.msi" -out "$MSI" >/dev/null
osslsigncode verify "${CA_ARGS[@]}" -in "$MSI" >/dev/null
(cd "$OUT" && sha256sum "$(basename "$MSI")" > SHA256SUMS-windows)
echo "build-windows: done"
du -h "$MSI"
