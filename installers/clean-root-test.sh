#!/usr/bin/env bash
# Install, upgrade and purge a built .deb in a clean Debian root, as IT would on a fresh
# workstation, without touching this machine's package database:
#
#   sudo installers/clean-root-test.sh DIST/letadesk_VERSION_ARCH.deb [SUITE]
#
# 1. mmdebstrap makes a minimal root of SUITE (default: bookworm, the glibc the build
#    needs) from the Debian mirror; apt in it resolves the .deb's dependencies;
# 2. `apt-get install ./letadesk_….deb` in the root; `letadesk --version` and the headless
#    demo (the sample matter, one question) run there as an unprivileged user;
# 3. an upgrade: the same payload repacked as VERSION+1 (only the control file's version
#    differs: the upgrade path is what is tested, not new content) installs over it, and
#    the user's profile is still there and still answers;
# 4. `apt-get purge letadesk` leaves no file of the package (dpkg's own list is checked)
#    and leaves the user's profile alone (a firm's data is never the package's).
# Needs root (chroot), mmdebstrap and the Debian mirror. Exit status non-zero on failure.
set -euo pipefail

DEB=$(realpath "${1:?usage: clean-root-test.sh DEB [SUITE]}")
SUITE=${2:-bookworm}
command -v mmdebstrap >/dev/null || { echo "clean-root: apt-get install mmdebstrap" >&2; exit 2; }
[[ $(id -u) == 0 ]] || { echo "clean-root: needs root (chroot)" >&2; exit 2; }

TMP=$(mktemp -d /tmp/letadesk-root.XXXXXX)
ROOT=$TMP/root
cleanup() {
  for m in proc dev/pts dev sys; do umount "$ROOT/$m" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

start=$SECONDS
echo "clean-root: mmdebstrap $SUITE -> $ROOT"
mmdebstrap --quiet --variant=apt "$SUITE" "$ROOT"
echo "clean-root: root ready in $((SECONDS - start)) s ($(du -sx --block-size=1M "$ROOT" | cut -f1) MiB)"
for m in proc sys dev dev/pts; do mkdir -p "$ROOT/$m"; mount --bind "/$m" "$ROOT/$m"; done
in_root apt-get update -q >/dev/null  # mmdebstrap leaves no package lists

VERSION=$(dpkg-deb -f "$DEB" Version)
cp "$DEB" "$ROOT/tmp/install.deb"
start=$SECONDS
in_root dpkg-query -W -f '${Package}\n' | sort > "$TMP/before"
in_root apt-get install -y -q --no-install-recommends /tmp/install.deb >/dev/null
echo "clean-root: installed $VERSION with its dependencies in $((SECONDS - start)) s"
# what IT pre-stages for workstations with no mirror: every package this installed
PREDEPS=${LETADESK_PREDEPS:-$(dirname "$DEB")/letadesk_${VERSION}_predeps.txt}
in_root dpkg-query -W -f '${Package}\n' | sort | comm -13 "$TMP/before" - | grep -vx letadesk \
  | while read -r p; do in_root dpkg-query -W -f '${Package}=${Version}\n' "$p"; done > "$PREDEPS"
mkdir -p "$TMP/predeps"
while IFS='=' read -r p v; do
  cp "$ROOT"/var/cache/apt/archives/"${p}_${v/:/%3a}"_*.deb "$TMP/predeps/"
done < "$PREDEPS"
echo "clean-root: $(wc -l < "$PREDEPS") Debian packages installed with it," \
  "$(du -s --block-size=1M "$TMP/predeps" | cut -f1) MiB: listed in $PREDEPS"
[[ $(in_root dpkg-query -W -f '${Status}' letadesk) == "install ok installed" ]]
in_root letadesk --version

# Debian 13's minimal root has no useradd (package passwd); Debian 12's has
in_root sh -c 'command -v useradd' >/dev/null || in_root apt-get install -y -q passwd >/dev/null
in_root useradd --create-home lawyer
demo() {  # $1: what to ask
  in_root su lawyer -s /bin/bash -c "cd && QT_QPA_PLATFORM=offscreen letadesk $1"
}
SAMPLE=/opt/letadesk/_internal/letadesk/resources/sample_matter
demo "ingest $SAMPLE --matter Sample" >/dev/null
ASK="ask 'How long do the confidentiality obligations survive termination?' --matter Sample"
demo "$ASK" | head -3
echo "clean-root: the demo ran as an unprivileged user"

# the upgrade: the same payload as VERSION+1
NEXT="${VERSION%.*}.$(( ${VERSION##*.} + 1 ))"
mkdir "$TMP/next"
dpkg-deb -R "$DEB" "$TMP/next/pkg"
sed -i "s/^Version: .*/Version: $NEXT/" "$TMP/next/pkg/DEBIAN/control"
dpkg-deb --root-owner-group -Zzstd -z1 --build "$TMP/next/pkg" "$ROOT/tmp/next.deb" >/dev/null
in_root apt-get install -y -q --no-install-recommends /tmp/next.deb >/dev/null
[[ $(in_root dpkg-query -W -f '${Version}' letadesk) == "$NEXT" ]]
demo "$ASK" | head -1
echo "clean-root: upgraded $VERSION -> $NEXT; the profile made by $VERSION still answers"
if in_root apt-get install -y -q --allow-downgrades /tmp/install.deb >/dev/null 2>&1; then
  echo "clean-root: $VERSION replaced the newer $NEXT" >&2; exit 1
fi
[[ $(in_root dpkg-query -W -f '${Version}' letadesk) == "$NEXT" ]]
echo "clean-root: a downgrade to $VERSION was refused (LETADESK_ALLOW_DOWNGRADE=1 forces it)"

in_root dpkg-query -L letadesk > "$TMP/files"
in_root apt-get purge -y -q letadesk >/dev/null
left=0
while read -r path; do
  [[ -z $path || $path == / || -d $ROOT$path && $path != /opt/letadesk* ]] && continue
  if [[ -e $ROOT$path || -L $ROOT$path ]]; then echo "  left after purge: $path"; left=1; fi
done < "$TMP/files"
[[ $left == 0 ]] || { echo "clean-root: purge left files" >&2; exit 1; }
[[ -d $ROOT/home/lawyer/.local/share/LetaDesk ]] \
  || { echo "clean-root: the user's profile went with the package" >&2; exit 1; }
echo "clean-root: purged: no file of the package left; the user's profile kept"

# the offline path: the .deb and the pre-staged packages on a "USB stick" as a local apt
# repository (make-apt-repo.sh), installed with no network after the purge took them away
in_root apt-get autoremove --purge -y -q >/dev/null
HERE=$(cd "$(dirname "$0")" && pwd)
"$HERE/make-apt-repo.sh" "$ROOT/media/usb/letadesk" "$DEB" "$TMP"/predeps/*.deb >/dev/null
mkdir -p "$TMP/sources-saved"
mv "$ROOT"/etc/apt/sources.list* "$TMP/sources-saved/" 2>/dev/null || true
mkdir -p "$ROOT/etc/apt/sources.list.d"
echo 'deb [trusted=yes] copy:/media/usb/letadesk ./' > "$ROOT/etc/apt/sources.list.d/letadesk.list"
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/archives/*.deb
start=$SECONDS
unshare -n chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  sh -c 'apt-get update -q && apt-get install -y -q --no-install-recommends letadesk' >/dev/null
[[ $(in_root dpkg-query -W -f '${Version}' letadesk) == "$VERSION" ]]
in_root letadesk --version | head -2
echo "clean-root: installed $VERSION from the USB-style repository with no network" \
  "in $((SECONDS - start)) s"
