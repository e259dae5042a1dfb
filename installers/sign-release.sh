#!/usr/bin/env bash
# Sign release artefacts with minisign, one FILE.minisig beside each, and check every
# signature against the public key IT will verify with.
#
#   MINISIGN_KEY=SECRET.key installers/sign-release.sh PUBKEY FILE...
#
# The secret key's password, when it has one, is read from stdin (one line; a terminal
# is prompted by minisign itself): `printf '%s\n' "$PASS" | sign-release.sh ...`. One
# minisign call signs every file, so the password is asked for once. $SIGN_COMMENT, if
# set, is the trusted comment of every signature.
#
# Exit status: 0 signed and verified; 2 a usage error (no key, no public key, no file);
# 3 the key could not sign (a wrong or missing password); 4 a signature does not verify
# with PUBKEY: the secret key is not the one PUBKEY belongs to (its .minisig files are
# removed, nothing signed is left behind).
set -euo pipefail

PUB=${1:?usage: MINISIGN_KEY=SECRET sign-release.sh PUBKEY FILE...}
shift
KEY=${MINISIGN_KEY:-}
(($# > 0)) || { echo "sign-release: no file to sign" >&2; exit 2; }
[[ -n $KEY && -f $KEY ]] || { echo "sign-release: MINISIGN_KEY names no secret key file" >&2; exit 2; }
[[ -f $PUB ]] || {
  echo "sign-release: $PUB: no public key (the key ceremony: docs/installers.md, 'The release key')" >&2
  exit 2
}
for file; do [[ -f $file ]] || { echo "sign-release: $file: no such file" >&2; exit 2; }; done
command -v minisign >/dev/null || { echo "sign-release: minisign is missing (apt-get install minisign)" >&2; exit 2; }

if ! minisign -S -s "$KEY" ${SIGN_COMMENT:+-t "$SIGN_COMMENT"} -m "$@" >/dev/null 2>"${TMPDIR:-/tmp}/sign-release.$$"; then
  echo "sign-release: minisign could not sign with $KEY (is its password on stdin?):" \
    "$(tail -1 "${TMPDIR:-/tmp}/sign-release.$$")" >&2
  rm -f "${TMPDIR:-/tmp}/sign-release.$$"
  exit 3
fi
rm -f "${TMPDIR:-/tmp}/sign-release.$$"
for file; do
  if ! minisign -V -q -p "$PUB" -m "$file" >/dev/null 2>&1; then
    echo "sign-release: $file: its signature does not verify with $PUB: the signing key" \
      "is not the key $PUB publishes" >&2
    for signed; do rm -f "$signed.minisig"; done
    exit 4
  fi
done
echo "sign-release: signed and verified with $PUB ($(sed -n 's/^untrusted comment: //p' "$PUB")): $#" \
  "file(s)"
