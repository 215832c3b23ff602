#!/usr/bin/env bash
# Counts what `import VideoWall` brings: the public symbols of the modules the library product
# re-exports (VideoWallCore, VideoWallEngine, and the product's own module), as
# `swift package dump-symbol-graph --minimum-access-level public` writes them, and the public
# members of `Wall`, the type a program drives. Fails past 450 symbols or 30 members, so the
# product stays a curated surface (issue 26). Run by scripts/test.sh after the suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tool's last line says where it wrote: "Files written to PATH".
folder=$(swift package dump-symbol-graph --minimum-access-level public 2>/dev/null | sed -n 's/^Files written to //p' | tail -1)
python3 - "$folder" <<'PY'
import json, os, sys
folder = os.path.normpath(sys.argv[1])
modules = ("VideoWall", "VideoWallCore", "VideoWallEngine")
symbols, members = 0, 0
for name in sorted(os.listdir(folder)):
    # A module's own file, and its extensions of another module's types (Module@Other).
    if name.split("@")[0].removesuffix(".symbols.json") not in modules or not name.endswith(".symbols.json"):
        continue
    graph = json.load(open(os.path.join(folder, name)))["symbols"]
    symbols += len(graph)
    members += sum(1 for s in graph if s["pathComponents"][0] == "Wall" and len(s["pathComponents"]) == 2)
print(f"public API: {symbols} symbols through `import VideoWall` (at most 450); Wall has {members} public members (at most 30)")
sys.exit(0 if symbols <= 450 and members <= 30 else 1)
PY
