#!/usr/bin/env bash
# Smoke test of a built .deb, without touching the host's package database:
#
#   installers/smoke-test.sh DIST/letadesk_VERSION_ARCH.deb
#
# 1. checks the .deb's SHA256SUMS and the minisign signature of every file it lists and of
#    itself, with $MINISIGN_PUB (default: the committed installers/minisign.pub, else the
#    minisign.pub beside the .deb, which a test build writes);
# 2. unpacks it with `dpkg -x` into a temporary root (not a chroot: the host's libc and
#    system libraries serve it, as they would once `dpkg -i` installed it), checks every
#    file of /opt/letadesk against the SBOM it carries (installers/check_sbom_tree.py: 0
#    uncovered, missing or changed files), the AGPL source offer, and that its preinst
#    refuses a downgrade unless LETADESK_ALLOW_DOWNGRADE=1;
# 3. runs the headless demo (--version without an e5 warning, ingest the sample matter,
#    three questions) from the unpacked
#    /opt/letadesk as the unprivileged user `nobody`, inside `unshare -rn`: a user and
#    network namespace with only a down loopback, so any network use fails;
# 4. prints the sizes of the one-dir tree and the .deb, and the 10 biggest items;
# 5. where it can (root, mmdebstrap), installs, upgrades and purges it in a clean root,
#    refuses a downgrade there, and installs it from a USB-style apt repository with no
#    network (installers/clean-root-test.sh).
# Exit status: non-zero when a check or the demo fails.
set -euo pipefail

DEB=$(realpath "${1:?usage: smoke-test.sh PATH.deb}")
DIR=$(dirname "$DEB")
TMP=$(mktemp -d "${TMPDIR:-/tmp}/letadesk-smoke.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
chmod 755 "$TMP"

HERE=$(cd "$(dirname "$0")" && pwd)
PUB=${MINISIGN_PUB:-}
if [[ -z $PUB ]]; then
  if [[ -f $HERE/minisign.pub && ! -f $DIR/TEST-BUILD-NOT-FOR-RELEASE ]]; then
    PUB=$HERE/minisign.pub
  else
    PUB=$DIR/minisign.pub
  fi
fi
if [[ -f $DIR/SHA256SUMS ]]; then
  (cd "$DIR" && sha256sum -c SHA256SUMS)
  [[ -f $PUB ]] || { echo "smoke-test: no public key to verify with ($PUB)" >&2; exit 1; }
  echo "smoke-test: signatures, with $PUB"
  minisign -V -q -p "$PUB" -m "$DIR/SHA256SUMS"
  for file in $(cut -d' ' -f3 "$DIR/SHA256SUMS"); do minisign -V -q -p "$PUB" -m "$DIR/$file"; done
  if [[ -f $DIR/TEST-BUILD-NOT-FOR-RELEASE ]]; then echo "smoke-test: a TEST BUILD (throwaway key)"; fi
fi

echo "smoke-test: unpacking into $TMP/root (dpkg -x)"
dpkg-deb --info "$DEB" | sed -n '/Package:/,$p'
dpkg -x "$DEB" "$TMP/root"
APP="$TMP/root/opt/letadesk"
[[ -x $APP/letadesk ]] || { echo "smoke-test: executables missing" >&2; exit 1; }
[[ $(readlink "$TMP/root/usr/bin/letadesk") == /opt/letadesk/letadesk ]]
# every shipped file is in the SBOM with its SHA-256 (installers/check_sbom_tree.py)
python3 "$HERE/check_sbom_tree.py" "$APP" \
  "$TMP"/root/usr/share/doc/letadesk/letadesk-*.cdx.json
[[ -f $TMP/root/usr/share/doc/letadesk/SOURCE-OFFER ]] || { echo "smoke-test: no source offer" >&2; exit 1; }
# its preinst refuses a downgrade (from a newer version) unless LETADESK_ALLOW_DOWNGRADE=1
dpkg-deb --ctrl-tarfile "$DEB" | tar -xO ./preinst > "$TMP/preinst"
if sh "$TMP/preinst" upgrade 999:0 2>/dev/null; then
  echo "smoke-test: the preinst let an older version replace 999:0" >&2; exit 1
fi
LETADESK_ALLOW_DOWNGRADE=1 sh "$TMP/preinst" upgrade 999:0 2>/dev/null
echo "smoke-test: SBOM covers every file; source offer present; downgrade refused unless forced"
SAMPLE="$APP/_internal/letadesk/resources/sample_matter"
[[ -d $SAMPLE ]] || { echo "smoke-test: no sample matter in the build" >&2; exit 1; }

# the demo, as `nobody`, with no network
mkdir -p "$TMP/home"
chown 65534:65534 "$TMP/home"
cat > "$TMP/demo.sh" <<DEMO
set -euo pipefail
export HOME=$TMP/home LETADESK_DATA_DIR=$TMP/home/profile QT_QPA_PLATFORM=offscreen
# /proc/net/dev is this network namespace's (/sys/class/net still shows the host's)
links=\$(awk -F: 'NR > 2 { gsub(/ /, "", \$1); printf "%s ", \$1 }' /proc/net/dev)
echo "as \$(id -un 2>/dev/null || id -u) in a user namespace; network links: \$links"
[[ \$links == "lo " ]] || { echo "smoke-test: the demo's namespace has links: \$links" >&2; exit 1; }
# e5 runs from the bundled, pinned graphs: --version warns otherwise (MiniLM or nothing)
about=\$("$APP/letadesk" --version)
echo "\$about"
if grep -q WARNING <<<"\$about"; then echo "smoke-test: e5 does not run from the bundle" >&2; exit 1; fi
m="Sample matter (fictional)"
"$APP/letadesk" ingest "$SAMPLE" --matter "\$m"
"$APP/letadesk" ask "How long do the confidentiality obligations survive termination?" --matter "\$m"
"$APP/letadesk" ask "Care este durata contractului de prestări servicii?" --matter "\$m"
"$APP/letadesk" ask "Ce vreme va fi mâine în Cluj?" --matter "\$m"
"$APP/letadesk" status
DEMO
start=$SECONDS
setpriv --reuid=65534 --regid=65534 --clear-groups unshare -rn -- bash "$TMP/demo.sh"
echo "smoke-test: demo passed in $((SECONDS - start)) s (as nobody, no network)"

echo "smoke-test: sizes"
echo "  one-dir: $(du -s --block-size=1M "$APP" | cut -f1) MiB ($(du -sb "$APP" | cut -f1) bytes)"
echo "  .deb:    $(du -s --block-size=1M "$DEB" | cut -f1) MiB ($(stat -c %s "$DEB") bytes)"
echo "smoke-test: the 10 biggest items of the one-dir build (files and package folders)"
(cd "$APP/_internal" && du -s --block-size=1M -- * | sort -rn \
  | awk 'NR <= 10 {printf "  %6d MiB  %s\n", $1, $2}')

# 5. install, upgrade and purge in a clean Debian root (installers/clean-root-test.sh):
#    run where it can be (root, mmdebstrap, the Debian mirror); LETADESK_CLEAN_ROOT=0 skips
#    it, =1 requires it.
if [[ ${LETADESK_CLEAN_ROOT:-} != 0 ]] && [[ $(id -u) == 0 ]] && command -v mmdebstrap >/dev/null; then
  "$HERE/clean-root-test.sh" "$DEB"
elif [[ ${LETADESK_CLEAN_ROOT:-} == 1 ]]; then
  echo "smoke-test: the clean-root test needs root and mmdebstrap" >&2
  exit 1
else
  echo "smoke-test: clean-root install/upgrade/purge skipped (needs root and mmdebstrap)"
fi
