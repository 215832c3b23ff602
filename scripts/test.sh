#!/usr/bin/env bash
# Installs what VideoWall needs (scripts/setup.sh), builds it and runs the whole test suite.
# The window tests start their own Xvfb when there is no display. The real-media corpus is
# fetched once into ~/.cache/videowall/realmedia (scripts/realmedia.sh).
# The failures are repeated at the end, because a CI log is often read from its tail.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The real-media corpus from Debian's archive; the tests that need it say so when it is missing.
bash scripts/realmedia.sh || echo "test: the real-media corpus could not be fetched in full; its tests say which files are missing"
swift build --build-tests
# What `import VideoWall` brings stays a curated surface (at most 450 public symbols).
bash scripts/public-api.sh
log=$(mktemp "${TMPDIR:-/tmp}/videowall-test.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then
    echo "== failures =="
    grep -E ': error: |Fatal error|Exited with (signal|unexpected)' "$log" | cut -c1-600 || echo "(no failing assertion printed; status $status)"
fi
exit "$status"
