#!/usr/bin/env bash
# Makes sure the real-media corpus (realmedia/CORPUS.md) is in DIR (default: the cache the tests
# and `videowall bench --corpus` read, ~/.cache/videowall/realmedia): fetches it from Debian's
# archive with realmedia/fetch.sh unless every file is already there with its recorded sha256.
# Exit status: fetch.sh's (0 when every file is there and matches).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-${VIDEOWALL_REALMEDIA:-$HOME/.cache/videowall/realmedia}}
manifest="$dir/MANIFEST.tsv"
expected=$(grep -cE '^[0-9]{2}\|' realmedia/fetch.sh)
if [ -f "$manifest" ] && [ "$(awk -F'\t' 'NR > 1 && $6 == "ok"' "$manifest" | wc -l)" -eq "$expected" ] \
   && awk -F'\t' -v d="$dir" 'NR > 1 { if (system("test -f \"" d "/" $1 "\"") != 0) exit 1 }' "$manifest"; then
  echo "realmedia: all $expected files in $dir"
  exit 0
fi
echo "realmedia: fetching the corpus into $dir (about 300 MB of Debian packages, 55 MB kept)"
bash realmedia/fetch.sh "$dir"
