#!/usr/bin/env bash
# Installs what VideoWall needs (scripts/setup.sh), builds it and runs the whole test suite.
# The window tests start their own Xvfb when there is no display.
# The failures are repeated at the end, because a CI log is often read from its tail.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
log=$(mktemp "${TMPDIR:-/tmp}/videowall-test.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ]; then
    echo "== failures =="
    grep -E ': error: |Fatal error|Exited with (signal|unexpected)' "$log" | cut -c1-600 || echo "(no failing assertion printed; status $status)"
fi
exit "$status"
