#!/usr/bin/env bash
# Installs what VideoWall needs (scripts/setup.sh), builds it and plays the demo wall:
# in a window where there is a display, else headless with a printed report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product videowall
exec .build/release/videowall demo "$@"
