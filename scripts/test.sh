#!/usr/bin/env bash
# Installs what VideoWall needs (scripts/setup.sh), builds it and runs the whole test suite.
# The window tests start their own Xvfb when there is no display.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test --skip-build --disable-swift-testing "$@"
