#!/usr/bin/env bash
# Build LetaDesk for macOS: the one-dir build inside LetaDesk.app, codesigned with the
# hardened runtime, in a .dmg that is notarised and stapled.
#
#   installers/build-macos.sh [OUT]          (default: dist/)
#
# UNTESTED: this project has no macOS machine. It is the recipe the release workflow
# (.github/workflows/release.yml) runs; the steps are Apple's documented ones.
#
# Needs: the project's virtualenv with installers/requirements.txt, Xcode command-line
# tools (codesign, hdiutil, xcrun notarytool, xcrun stapler). Signing: APPLE_CERT_P12
# (base64 of a "Developer ID Application" certificate) and APPLE_CERT_PASS; notarising:
# APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD. Without them the .app is signed ad hoc
# ("-"), which runs only on the machine that built it, and nothing is notarised.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
OUT=$(cd "$ROOT" && mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
VERSION=$(PYTHONPATH="$ROOT/src" "$PYTHON" -c 'import letadesk; print(letadesk.__version__)')

PYTHONPATH="$ROOT/src" "$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$OUT" --workpath "$OUT/.work-macos" "$HERE/letadesk.spec"

APP="$OUT/LetaDesk.app"
rm -rf "$APP"
mkdir -p "$APP/Contents/Resources"
mv "$OUT/letadesk" "$APP/Contents/MacOS"
cat > "$APP/Contents/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>CFBundleName</key><string>LetaDesk</string>
  <key>CFBundleIdentifier</key><string>io.letadesk.LetaDesk</string>
  <key>CFBundleVersion</key><string>$VERSION</string>
  <key>CFBundleShortVersionString</key><string>$VERSION</string>
  <key>CFBundleExecutable</key><string>letadesk-gui</string>
  <key>CFBundlePackageType</key><string>APPL</string>
  <key>LSMinimumSystemVersion</key><string>12.0</string>
  <key>NSHighResolutionCapable</key><true/>
</dict></plist>
PLIST

IDENTITY="-"
if [[ -n ${APPLE_CERT_P12:-} ]]; then
  KEYCHAIN="$OUT/.work-macos/build.keychain"
  echo "$APPLE_CERT_P12" | base64 -d > "$OUT/.work-macos/cert.p12"
  security create-keychain -p build "$KEYCHAIN"
  security unlock-keychain -p build "$KEYCHAIN"
  security import "$OUT/.work-macos/cert.p12" -k "$KEYCHAIN" -P "$APPLE_CERT_PASS" -T /usr/bin/codesign
  security set-key-partition-list -S apple-tool:,apple: -s -k build "$KEYCHAIN" >/dev/null
  rm -f "$OUT/.work-macos/cert.p12"
  IDENTITY=$(security find-identity -v -p codesigning "$KEYCHAIN" | awk -F'"' '/Developer ID/{print $2; exit}')
fi
codesign --force --deep --options runtime --timestamp --sign "$IDENTITY" "$APP"
codesign --verify --deep --strict "$APP"

DMG="$OUT/LetaDesk-$VERSION.dmg"
rm -f "$DMG"
hdiutil create -volname LetaDesk -srcfolder "$APP" -ov -format UDZO "$DMG"
if [[ $IDENTITY != "-" && -n ${APPLE_ID:-} ]]; then
  codesign --sign "$IDENTITY" --timestamp "$DMG"
  xcrun notarytool submit "$DMG" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
    --password "$APPLE_APP_PASSWORD" --wait
  xcrun stapler staple "$DMG"
else
  echo "build-macos: signed ad hoc and NOT notarised (no Apple credentials)"
fi
echo "build-macos: $DMG"
