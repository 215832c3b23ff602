#!/usr/bin/env bash
# Installs what VideoWall needs (scripts/setup.sh), builds it, checks its Debian package in a
# minimal Debian 12 (scripts/package-check.sh) and runs the whole test suite.
# The window tests start their own Xvfb when there is no display. The real-media corpus is
# fetched once into ~/.cache/videowall/realmedia (scripts/realmedia.sh).
# The failures are repeated at the end, because a CI log is often read from its tail.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The Debian package is checked in a minimal Debian 12 (scripts/package-check.sh). That system
# is made while the tests build: it is mostly download and unpacking.
asRoot=""
[ "$(id -u)" -eq 0 ] || asRoot="sudo"
packageRoot=$(mktemp -d "${TMPDIR:-/tmp}/videowall-package-check-XXXXXX")
packageLog=$(mktemp "${TMPDIR:-/tmp}/videowall-package-root.XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/videowall-test.XXXXXX")
makingRoot=""
# Whatever stops this script (a failed build included) stops the making of that system and
# removes it; --root removes it itself once the check has run.
cleanup() {
    if [ -n "$makingRoot" ]; then kill -- "-$makingRoot" 2>/dev/null || true; wait "$makingRoot" 2>/dev/null || true; fi
    for mounted in proc sys; do $asRoot umount "$packageRoot/$mounted" 2>/dev/null || true; done
    $asRoot rm -rf --one-file-system "$packageRoot"
    rm -f "$packageLog" "$log"
}
trap cleanup EXIT
# (In a session of its own, so that stopping it stops debootstrap too.)
setsid bash scripts/package-check.sh --make-root "$packageRoot" > "$packageLog" 2>&1 &
makingRoot=$!
# The real-media corpus from Debian's archive; the tests that need it say so when it is missing.
bash scripts/realmedia.sh || echo "test: the real-media corpus could not be fetched in full; its tests say which files are missing"
swift build --build-tests
rootMade=0
wait "$makingRoot" || rootMade=$?
makingRoot=""
if [ "$rootMade" -ne 0 ]; then
    cat "$packageLog"
    echo "test: the minimal Debian 12 for the package check could not be made (status $rootMade, above)" >&2
    exit 1
fi
# The package: built (release program, lintian), installed there with apt, and used.
bash scripts/package-check.sh --root "$packageRoot"
# What `import VideoWall` brings stays a curated surface (at most 450 public symbols).
bash scripts/public-api.sh
status=0
swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then
    echo "== failures =="
    grep -E ': error: |Fatal error|Exited with (signal|unexpected)' "$log" | cut -c1-600 || echo "(no failing assertion printed; status $status)"
fi
exit "$status"
