#!/usr/bin/env bash
# A local apt repository of LetaDesk (and, if given, the Debian packages it needs) that IT
# carries on a USB stick to workstations with no network.
#
#   installers/make-apt-repo.sh REPO DEB...
#
# DEB: letadesk_VERSION_amd64.deb (one or several versions) and any dependency .debs
# pre-staged from a connected Debian 12 machine (docs/installers.md, "Offline updates").
# Writes REPO/pool/*.deb, REPO/Packages(.gz) (dpkg-scanpackages), REPO/Release with the
# SHA-256 of both indexes, and, when $MINISIGN_KEY is set (its password on stdin),
# REPO/Release.minisig made with installers/sign-release.sh against $MINISIGN_PUB
# (default installers/minisign.pub), plus a copy of that public key as REPO/minisign.pub.
#
# On the workstation (no network):
#   minisign -Vm /media/usb/letadesk/Release -p minisign.pub   # the key from the docs
#   echo 'deb [trusted=yes] copy:/media/usb/letadesk ./' > /etc/apt/sources.list.d/letadesk.list
#   apt-get update && apt-get install letadesk
# apt checks Packages against the SHA-256 in Release and each .deb against Packages, so the
# one signature over Release covers every package; [trusted=yes] only stands in for the
# OpenPGP signature apt would want, which minisign replaces here.
# Needs dpkg-scanpackages (dpkg-dev), gzip, sha256sum.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=${1:?usage: make-apt-repo.sh REPO DEB...}
shift
(($# > 0)) || { echo "make-apt-repo: no .deb given" >&2; exit 2; }
command -v dpkg-scanpackages >/dev/null || { echo "make-apt-repo: dpkg-scanpackages is" \
  "missing (apt-get install dpkg-dev)" >&2; exit 2; }
mkdir -p "$REPO/pool"
for deb; do
  dpkg-deb --field "$deb" Package >/dev/null || { echo "make-apt-repo: $deb: not a .deb" >&2; exit 2; }
  cp -f "$deb" "$REPO/pool/"
done
cd "$REPO"
dpkg-scanpackages --multiversion pool /dev/null 2>/dev/null > Packages
gzip -9nkf Packages
{
  echo "Origin: LetaDesk offline"
  echo "Label: LetaDesk"
  echo "Suite: stable"
  echo "Codename: letadesk"
  echo "Date: $(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S UTC')"
  echo "Architectures: amd64 all"
  echo "Description: LetaDesk and the Debian packages it needs, for installs with no network"
  echo "SHA256:"
  for index in Packages Packages.gz; do
    printf ' %s %16d %s\n' "$(sha256sum "$index" | cut -d' ' -f1)" "$(stat -c %s "$index")" "$index"
  done
} > Release
COUNT=$(grep -c '^Package:' Packages)
echo "make-apt-repo: $COUNT package(s) in $REPO"
if [[ -n ${MINISIGN_KEY:-} ]]; then
  PUB=${MINISIGN_PUB:-$HERE/minisign.pub}
  "$HERE/sign-release.sh" "$PUB" Release
  cp "$PUB" minisign.pub
fi
