#!/usr/bin/env bash
# VideoWall (the release build, headless) on a GPU machine that has neither GStreamer nor the Swift runtime:
# 16 tiles of 1080p30 H.264 and 8 tiles of 2160p30, --hwdec=auto (the GPU decoder, nvh264dec, where it works)
# against --hwdec=no (software: openh264dec), and the time from process start to a first frame on every tile
# (issue 29's check). Adapted from the workplace's shared/gpu/vw16.sh; run `bash scripts/gpu/mkgst.sh`, a release
# build and `bash scripts/gpu/mkvw.sh` on Debian 12 first, then carry .vwgpu/ and scripts/ to the GPU machine.
# Everything comes from .vwgpu/ at the repo root (ignored by git, carried; scripts/gpu/mkvw.sh builds it):
#   vw.tar.xz   vw/bin (videowall, gst-inspect-1.0, gst-launch-1.0, vwrun), vw/lib (its library closure, no glibc
#               and no NVIDIA library), vw/plugins (18 GStreamer 1.22 plugins), vw/libexec/gst-plugin-scanner
#   clips/      1080.mp4 (1920x1080 30 fps 10 s, 300 frames), 2160.mp4 (3840x2160 30 fps 5 s, 150 frames)
#   xz/         xz and liblzma, used only when the machine has no xz
# The archive is unpacked to /tmp/vw. The NVIDIA driver's libraries come from /usr/local/nvidia/lib64 (or wherever
# libcuda.so.1 and libnvcuvid.so.1 turn up), after the bundle's own lib/. Nothing here changes the GPU's settings.
#
# usage, from the repo root:  OUT=folder bash scripts/gpu/capacity.sh
#   stdout, and $OUT/capacity.txt: environment, one summary line per run, the table at the end
#   $OUT/r16hw.json r16sw.json r4khw.json r4ksw.json: videowall's own --report of runs a to d
#   $OUT/stderr.txt: each run's command line and standard error, and the tail of GStreamer's warnings
#   $OUT/launch.txt: per run and tile, seconds from process start to the tile's first frame (from --render-log)
# runs (each under timeout, at most 120 s; none starts once BUDGET_S is spent):
#   a r16hw  16 x 1080p, --quit-after 10, --hwdec auto (nvh264dec expected)
#   b r16sw  the same with --hwdec no (openh264dec)
#   c r4khw  8 x 2160p, --quit-after 10 (the wall ends with the 5 s clip), --hwdec auto
#   d r4ksw  the same in software
#   e l16hw1 l16sw1 l16hw2 l16sw2: 16 x 1080p, --quit-after 1, for the launch figure (a and b give one each too)
# how each figure is taken:
#   frames rendered and dropped, states, overload: the report; expected = tiles x min(clip frames, 30 x quit-after)
#   decoder: GST_DEBUG=GST_STATES:4 in a log file: the decoder elements that reached PLAYING (only the tiles' playbins
#     do; the discovery that probes each source first makes a decoder of its own, counted apart as "made")
#   CPU seconds (user+sys), wall seconds, peak RSS: bin/vwrun (fork, exec, wait4) around videowall
#   launch: bin/vwrun's CLOCK_MONOTONIC at fork to the latest of the tiles' first --render-log moments (same clock)
#   GPU: nvidia-smi utilization.decoder and memory.used every 200 ms, when nvidia-smi runs
# knobs (environment): QUICK=1 (4 tiles, 3 s, 1 tile of 2160p, one launch run each: a check on a machine without
#   GPU), BUDGET_S (default 280: no run starts after it; each run's timeout ends by BUDGET_S + 30 s, so the script
#   ends within about 6 minutes whatever hangs), VW (default /tmp/vw), TILES, TILES4K, QUIT, LAUNCH_REPEAT
set -u
ROOT=${GPU_ROOT:-$PWD}   # run from the root of the folder that holds .gst/.vwgpu
OUT=${OUT:-/tmp/capacity-out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
LOG=$OUT/capacity.txt ERR=$OUT/stderr.txt LAUNCHF=$OUT/launch.txt
: >"$LOG"; : >"$ERR"; printf 'run\ttile\tfirst_frame_s\n' >"$LAUNCHF"
VW=${VW:-/tmp/vw}
B=$ROOT/.vwgpu
W=$(mktemp -d "${TMPDIR:-/tmp}/capacity.XXXXXX")
GPID=""
trap '[ -n "$GPID" ] && kill "$GPID" 2>/dev/null; rm -rf "$W"' EXIT
export LC_ALL=C
export PATH="$PATH:/usr/local/nvidia/bin:/usr/sbin:/sbin"
QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then
  TILES=${TILES:-4}; TILES4K=${TILES4K:-1}; QUIT=${QUIT:-3}; LAUNCH_REPEAT=${LAUNCH_REPEAT:-1}; BUDGET_S=${BUDGET_S:-150}
else
  TILES=${TILES:-16}; TILES4K=${TILES4K:-8}; QUIT=${QUIT:-10}; LAUNCH_REPEAT=${LAUNCH_REPEAT:-2}; BUDGET_S=${BUDGET_S:-280}
fi
FPS=30 F1080=300 F2160=150

say() { printf '%s\n' "$*" | tee -a "$LOG"; }
sayi() { sed 's/^/    /' | tee -a "$LOG"; }
show() { local o; say "\$ $1"; o=$(eval "$1" 2>&1); printf '%s\n' "${o:-(no output)}" | head -"${2:-20}" | sayi; }

say "# capacity.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) QUICK=$QUICK TILES=$TILES TILES4K=$TILES4K QUIT=$QUIT BUDGET_S=$BUDGET_S"
say "CPU: $(nproc) CPUs,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo) RAM; $(getconf GNU_LIBC_VERSION 2>/dev/null); kernel $(uname -r)"

# ---------------------------------------------------------------- unpack
for f in "$B/vw.tar.xz" "$B/clips/1080.mp4" "$B/clips/2160.mp4"; do
  [ -s "$f" ] || { say "FATAL: $f missing: .vwgpu was not carried (scripts/gpu/mkvw.sh builds it)"; exit 2; }
done
C1080=$B/clips/1080.mp4 C2160=$B/clips/2160.mp4
if command -v xz >/dev/null 2>&1; then XZ=(xz); XZNOTE="the machine's xz"
else XZ=(/lib64/ld-linux-x86-64.so.2 --library-path "$B/xz" "$B/xz/xz"); XZNOTE="the carried .vwgpu/xz (no xz here)"; fi
unpack() { # DIR: the archive's vw/ into DIR, and check that its programs run there (a noexec /tmp would not)
  rm -rf "$1" && mkdir -p "$1" || return 1
  timeout -k 5 90 bash -c 'set -o pipefail; "${@:3}" -dc "$1" | tar -x --strip-components=1 -C "$2"' _ "$B/vw.tar.xz" "$1" "${XZ[@]}" 2>"$W/untar.err" || return 1
  chmod +x "$1"/bin/* "$1"/libexec/* 2>/dev/null
  "$1/bin/vwrun" "$W/exec.stat" "$1/bin/vwrun" 2>/dev/null; [ $? = 64 ] || { echo "cannot run programs in $1" >>"$W/untar.err"; return 1; }
}
t0=$SECONDS
if ! unpack "$VW"; then
  say "unpacking into $VW failed ($XZNOTE): $(tail -2 "$W/untar.err" | tr '\n' ' '); trying $ROOT/.vwrun"
  rm -rf "$VW"; VW=$ROOT/.vwrun
  unpack "$VW" || { say "FATAL: unpacking $B/vw.tar.xz into $VW failed too:"; tail -5 "$W/untar.err" | sayi; exit 2; }
fi
say "unpacked $(du -sh "$B/vw.tar.xz" | cut -f1) -> $VW ($(du -sh "$VW" | cut -f1)) in $((SECONDS - t0)) s with $XZNOTE"
sed -n '1,3p;/^plugins/p;/^lib:/p' "$VW/MANIFEST" | sayi

# ---------------------------------------------------------------- environment
say ""
say "== environment =="
findlib() { # soname: the first of /usr/local/nvidia/lib64, /usr/local/nvidia/lib, the ld.so cache, a shallow search
  local n=$1 d p
  for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do [ -e "$d/$n" ] && { echo "$d/$n"; return; }; done
  p=$(ldconfig -p 2>/dev/null | awk -v n="$n" '$1==n && /x86-64/ {print $NF; exit}')
  [ -n "$p" ] && { echo "$p"; return; }
  find /usr/lib /usr/lib64 /usr/local /lib /lib64 /opt -maxdepth 5 -name "$n" 2>/dev/null | head -1
}
CUVID=$(findlib libnvcuvid.so.1); CUDA=$(findlib libcuda.so.1)
say "libnvcuvid.so.1: ${CUVID:-NOT FOUND}   libcuda.so.1: ${CUDA:-NOT FOUND}"
NVLP=""
for d in /usr/local/nvidia/lib64 ${CUDA:+$(dirname "$CUDA")} ${CUVID:+$(dirname "$CUVID")}; do
  [ -d "$d" ] && case ":$NVLP:" in *":$d:"*) ;; *) NVLP=${NVLP:+$NVLP:}$d ;; esac
done
nvidia-smi() { LD_LIBRARY_PATH="$NVLP${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" timeout -k 2 15 nvidia-smi "$@"; }
HAVE_SMI=0; nvidia-smi -L >/dev/null 2>&1 && HAVE_SMI=1
if [ "$HAVE_SMI" = 1 ]; then
  show "nvidia-smi --query-gpu=name,driver_version,memory.total,utilization.decoder --format=csv,noheader"
else say "nvidia-smi: does not run here (no GPU figures)"; fi
GLIBC=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [ -n "$GLIBC" ] && [ "$(printf '%s\n2.36\n' "$GLIBC" | sort -V | head -1)" != 2.36 ]; then
  say "WARNING: glibc $GLIBC < 2.36: the carried libraries need 2.36"
fi
LP=$VW/lib${NVLP:+:$NVLP}
say "LD_LIBRARY_PATH=$LP"
# the program's environment: nothing of the caller's but CUDA_VISIBLE_DEVICES
mkdir -p "$W/home"
ENVV=(env -i PATH=/usr/bin:/bin HOME="$W/home" LC_ALL=C LD_LIBRARY_PATH="$LP"
  GST_PLUGIN_SYSTEM_PATH_1_0="$VW/plugins" GST_REGISTRY_1_0="$VW/registry.bin"
  GST_PLUGIN_SCANNER_1_0="$VW/libexec/gst-plugin-scanner" GIO_MODULE_DIR="$VW/no-gio-modules" GIO_USE_VFS=local
  GST_DEBUG_NO_COLOR=1 ${CUDA_VISIBLE_DEVICES+CUDA_VISIBLE_DEVICES="$CUDA_VISIBLE_DEVICES"})
insp() { timeout -k 5 30 "${ENVV[@]}" "$VW/bin/gst-inspect-1.0" "$@"; }

# ---------------------------------------------------------------- registry and decoders
say ""
say "== GStreamer registry ($VW/registry.bin) =="
WHY_NO_HW=""
registry() { rm -f "$VW/registry.bin"; t0=$SECONDS
  timeout -k 5 60 "${ENVV[@]}" "$VW/bin/gst-inspect-1.0" >"$W/inspect-all.txt" 2>"$W/inspect-all.err"; rc=$?
  say "built in $((SECONDS - t0)) s, rc=$rc: $(tail -1 "$W/inspect-all.txt")"
  [ -s "$W/inspect-all.err" ] && { say "  its stderr (tail):"; tail -5 "$W/inspect-all.err" | sayi; }
  [ "$rc" = 0 ] && [ -s "$VW/registry.bin" ]; }
if ! registry; then
  say "building the registry failed (rc=$rc; 124/137: timeout); the plugin loaded last (GST_PLUGIN_LOADING:5, fresh registry, 30 s):"
  timeout -k 5 30 "${ENVV[@]}" GST_REGISTRY_1_0="$W/dbg0.bin" GST_DEBUG='GST_PLUGIN_LOADING:5,nvcodec:5,*cuda*:5' "$VW/bin/gst-inspect-1.0" >/dev/null 2>"$W/reg.dbg"
  grep -vE '^\s*$' "$W/reg.dbg" | cut -c1-220 | tail -12 | sayi
  WHY_NO_HW="the registry could not be built with the nvcodec plugin (rc=$rc): left out"
  say "again without nvcodec (software runs only):"
  mkdir -p "$VW/plugins.off" && mv "$VW/plugins/libgstnvcodec.so" "$VW/plugins.off/"
  registry || { say "FATAL: no registry even without nvcodec"; exit 3; }
fi
say "$(insp --version 2>/dev/null | sed -n 2p)"
b=$(insp -b 2>&1 | grep -vE '^(Blacklisted files:|Total count:.*|)$' | tr '\n' ' ')
say "blacklisted: ${b:-none}"
say "nvcodec features: $(grep -E '^nvcodec:' "$W/inspect-all.txt" | awk '{print $2}' | tr -d : | tr '\n' ' ')"
say "\$ gst-inspect-1.0 nvh264dec | grep -i rank"
HWRANK=$(insp nvh264dec 2>&1 | grep -i rank)
printf '%s\n' "${HWRANK:-(no nvh264dec)}" | sayi
say "\$ gst-inspect-1.0 openh264dec | grep -i rank"
{ insp openh264dec 2>&1 | grep -i rank || echo "(no openh264dec)"; } | sayi
HAVE_HW=0; insp --exists nvh264dec && HAVE_HW=1
HAVE_SW=0; insp --exists openh264dec && HAVE_SW=1
if [ "$HAVE_HW" = 0 ] && [ -z "$WHY_NO_HW" ]; then
  if [ -z "$CUVID" ] || [ -z "$CUDA" ]; then
    WHY_NO_HW="libcuda.so.1 ${CUDA:+found}${CUDA:-NOT FOUND}, libnvcuvid.so.1 ${CUVID:+found}${CUVID:-NOT FOUND} (a container needs NVIDIA_DRIVER_CAPABILITIES with 'video')"
  else WHY_NO_HW="the nvcodec plugin registered no nvh264dec although both libraries are there (see its log below)"; fi
  say "nvh264dec: ABSENT: $WHY_NO_HW"
  say "  nvcodec plugin_init log (fresh registry, GST_DEBUG=nvcodec:6,*cuda*:6,nvdec*:6), tail:"
  timeout -k 5 30 "${ENVV[@]}" GST_REGISTRY_1_0="$W/dbg.bin" \
    GST_DEBUG='nvcodec:6,*cuda*:6,nvdec*:6,GST_PLUGIN_LOADING:2' "$VW/bin/gst-inspect-1.0" nvcodec >/dev/null 2>"$W/nvdbg.txt"
  grep -vE '^\s*$' "$W/nvdbg.txt" | grep -iE 'nvcodec|cuda|nvdec|cuvid|fail|error|warn|blacklist' | cut -c1-220 | tail -12 | sayi
fi

# ---------------------------------------------------------------- one run
GPUCSV=""
gpu_start() { GPID=""; GPUCSV=""; [ "$HAVE_SMI" = 1 ] || return 0
  GPUCSV=$W/$1.gpu.csv
  ( export LD_LIBRARY_PATH="$NVLP"
    exec nvidia-smi --query-gpu=utilization.decoder,memory.used --format=csv,noheader,nounits -lms 200 ) >"$GPUCSV" 2>/dev/null &
  GPID=$!; }
gpu_stop() { [ -n "$GPID" ] && { kill "$GPID" 2>/dev/null; wait "$GPID" 2>/dev/null; }; GPID=""; }
gpu_stats() { [ -n "$GPUCSV" ] && [ -s "$GPUCSV" ] || { echo "-"; return; }
  awk -F', *' '$1 ~ /^[0-9]+$/ {if ($1 > m) m = $1; s += $1; c++; if ($2 > mm) mm = $2} END {if (c) printf "%d/%.0f%%,%dMiB\n", m, s / c, mm; else print "-"}' "$GPUCSV"; }
# report NAME: "index rendered dropped state" per tile, then "overload shown due seconds" when there is one
report_tiles() {
  awk '
    function flush() { if (ti != "") print "tile", ti, (fr == "" ? "-" : fr), (fd == "" ? "-" : fd), (st == "" ? "-" : st), (er == "" ? "" : er); ti = fr = fd = st = er = "" }
    function num(s) { sub(/.*" : /, "", s); sub(/,[[:space:]]*$/, "", s); return s }
    function str(s) { sub(/^[^:]*" : "/, "", s); sub(/",?[[:space:]]*$/, "", s); return s }
    /"tiles" : \[/ { intiles = 1 }
    /\{[[:space:]]*$/ { depth++; next }
    /^[[:space:]]*\},?[[:space:]]*$/ { if (depth == 2 && intiles) flush(); depth--; next }
    depth == 1 && /^[[:space:]]*\],?[[:space:]]*$/ { intiles = 0 }
    intiles && depth == 2 {
      if ($0 ~ /^[[:space:]]*"framesRendered" :/) fr = num($0)
      else if ($0 ~ /^[[:space:]]*"framesDropped" :/) fd = num($0)
      else if ($0 ~ /^[[:space:]]*"index" :/) ti = num($0)
      else if ($0 ~ /^[[:space:]]*"state" :/) st = str($0)
      else if ($0 ~ /^[[:space:]]*"error" :/) { er = str($0); gsub(/[[:space:]]+/, "_", er) }
    }
    /"framesShownPerSecond" :/ { os = num($0) } /"framesDuePerSecond" :/ { od = num($0) }
    depth == 2 && !intiles && /"seconds" :/ { osec = num($0) }
    END { if (os != "") print "overload", os, od, osec }' "$1"
}
# run NAME TILES CLIP CLIP_FRAMES QUIT HWDEC(auto|no) REPORT_DIR
run() {
  local name=$1 n=$2 clip=$3 cf=$4 q=$5 hwdec=$6 rdir=$7 to i rc ex rep sum dec made launch tiles st
  local -a args=() extra=()
  if [ "$SECONDS" -ge "$BUDGET_S" ]; then skip "$name" "time budget BUDGET_S=$BUDGET_S spent"; return; fi
  to=$((BUDGET_S + 30 - SECONDS)); [ "$to" -gt 120 ] && to=120; [ "$to" -lt 20 ] && to=20
  for ((i = 0; i < n; i++)); do args+=("$clip"); done
  rep=$rdir/$name.json
  rm -f "$rep" "$W/$name".*
  extra+=(GST_DEBUG='*:2,GST_STATES:4,GST_ELEMENT_FACTORY:4' GST_DEBUG_FILE="$W/$name.gstlog")
  {
    echo "==== $name: $n x $(basename "$clip"), --quit-after $q, --hwdec $hwdec, timeout $to s"
    echo "\$ videowall --headless --mute --hwdec $hwdec --max-tiles 16 --quit-after $q --report $rep --render-log $W/$name.render $n x $clip"
  } >>"$ERR"
  gpu_start "$name"   # in software runs too: the GPU's decoder should then stay idle
  timeout -k 5 "$to" "${ENVV[@]}" "${extra[@]}" "$VW/bin/vwrun" "$W/$name.stat" "$VW/bin/videowall" --headless --mute --hwdec "$hwdec" --max-tiles 16 \
    --quit-after "$q" --report "$rep" --render-log "$W/$name.render" "${args[@]}" >"$W/$name.out" 2>"$W/$name.err"
  rc=$?
  gpu_stop
  { cat "$W/$name.out" "$W/$name.err" | tail -60
    echo "rc=$rc$( { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && echo ' (timeout)')"
    if [ -s "$W/$name.gstlog" ]; then
      echo "-- GStreamer warnings and errors (GST_DEBUG=*:2), distinct, tail:"
      grep -E ' (WARN|ERROR) ' "$W/$name.gstlog" | sed -E 's/^[0-9:.]+ +[0-9]+ +0x[0-9a-f]+ +//; s/<([a-z_-]*[a-z_])-?[0-9]+>/<\1N>/g' |
        sort | uniq -c | sort -rn | head -15 | cut -c1-300
    fi
    echo; } >>"$ERR"
  # the figures
  # expected: exact when the clip ends first (the wall then ends with it), else about (--quit-after counts play only)
  ex=$(awk -v n="$n" -v cf="$cf" -v q="$q" -v f="$FPS" 'BEGIN {e = int(q * f + 0.5); a = ""; if (e >= cf) e = cf; else a = "~"; print a n * e}')
  if [ -s "$rep" ]; then report_tiles "$rep" >"$W/$name.tiles"; else : >"$W/$name.tiles"; fi
  tiles=$(grep -c '^tile ' "$W/$name.tiles")
  # frames<TAB>dropped<TAB>worst<TAB>states<TAB>overload<TAB>first error
  sum=$(awk -v ex="$ex" '
    $1 == "tile" { n++; rr = ($3 == "-" ? -1 : $3 + 0); dd = ($4 == "-" ? 0 : $4 + 0); r += (rr < 0 ? 0 : rr); d += dd; st[$5]++
      if (w == "" || rr < wr || (rr == wr && dd > wd)) { w = $2; wr = rr; wd = dd }
      if ($6 != "" && err == "") err = "tile " $2 ": " $6 }
    $1 == "overload" { ov = $2 "/" $3 "fps," $4 "s" }
    END { for (s in st) sts = sts (sts == "" ? "" : ",") s "x" st[s]
      printf "%d/%s\t%d\t%s\t%s\t%s\t%s", r, ex, d, (w == "" ? "-" : "t" w ":" (wr < 0 ? "-" : wr) "+" wd),
        (sts == "" ? "-" : sts), (ov == "" ? "-" : ov), (err == "" ? "-" : err) }' "$W/$name.tiles")
  local frames dropped worst states over ferr
  IFS=$'\t' read -r frames dropped worst states over ferr <<<"$sum"
  # decoders: those that reached PLAYING (the tiles'), those made at all (discovery too)
  dec=$(grep -h 'completed state change to PLAYING' "$W/$name.gstlog" 2>/dev/null | grep -oE '<([a-z0-9_]*[a-z0-9]dec|avdec_[a-z0-9_]+)-?[0-9]+>' |
    sort -u | sed -E 's/^<//; s/-?[0-9]+>$//' | sort | uniq -c | awk '{printf "%s%sx%s", s, $2, $1; s = ","}')
  made=$(grep -ohE 'creating element "([a-z0-9_]*[a-z0-9]dec|avdec_[a-z0-9_]+)"' "$W/$name.gstlog" 2>/dev/null | grep -v '"[a-z]*decodebin' |
    sed -E 's/.*"(.*)"/\1/' | sort | uniq -c | awk '{printf "%s%sx%s", s, $2, $1; s = ","}')
  # launch: process start (vwrun, CLOCK_MONOTONIC) to the latest first frame of the tiles (--render-log, same clock;
  # a tile's first entry is the frame it prerolled with, released when the wall started)
  launch="-"
  if [ -s "$W/$name.stat" ] && [ -s "$W/$name.render" ]; then
    launch=$(awk -v t0="$(cut -d' ' -f1 "$W/$name.stat")" -v n="$n" -v run="$name" -v lf="$LAUNCHF" '
      NF >= 3 && $3 ~ /^[0-9]+$/ { if (!($1 in f) || $3 < f[$1]) f[$1] = $3 }
      END { k = 0; for (t in f) { k++; s = (f[t] - t0) / 1e9; if (k == 1 || s > mx) mx = s; if (k == 1 || s < mn) mn = s
              printf "%s\t%s\t%.3f\n", run, t, s | ("sort -k2,2n >> \"" lf "\"") }
            if (k == 0) print "none"; else if (k < n) printf "%.2f(first),only_%d/%d_tiles", mn, k, n; else printf "%.2f", mx }' "$W/$name.render")
  fi
  local wall=- cpu=- rss=- gpu
  st=$(cat "$W/$name.stat" 2>/dev/null)
  if [ -n "$st" ]; then
    read -r wall cpu rss <<<"$(echo "$st" | awk '{printf "%.2f %.1f %.0f", $3, $4 + $5, $6 / 1024}')"
  fi
  gpu=$(gpu_stats)
  say "$(printf '%-7s tiles=%s/%s frames=%s dropped=%s worst=%s states=%s overload=%s dec=%s made=%s launch_all=%ss wall=%ss cpu=%ss maxrss=%sMiB gpu=%s rc=%s%s' \
    "$name" "$tiles" "$n" "$frames" "$dropped" "$worst" "$states" "$over" "${dec:--}" "${made:--}" "$launch" "$wall" "$cpu" "$rss" "$gpu" "$rc" \
    "$([ "$ferr" != - ] && echo " first_error=$ferr")")"
  printf '%s\t%s/%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$tiles" "$n" "$frames" "$dropped" "$worst" "$over" \
    "${dec:--}" "${made:--}" "$launch" "$wall" "$cpu" "$rss" "$gpu" "$rc" >>"$W/table.tsv"
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
    say "  $name: rc=$rc$( { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && echo ' (timeout)'); its stderr, tail:"
    tail -6 "$W/$name.err" | cut -c1-240 | sayi
  fi
  [ -s "$rep" ] || say "  $name: no report written"
}
skip() { say "  [$1 skipped: $2]"; printf '%s\tskipped: %s\n' "$1" "$2" >>"$W/table.tsv"; }
printf 'run\ttiles\tframes/expected\tdropped\tworst\toverload\tdec(PLAYING)\tdec(made)\tlaunch_s\twall_s\tcpu_s\tMiB\tgpu_dec,mem\trc\n' >"$W/table.tsv"

# ---------------------------------------------------------------- the runs
say ""
say "== runs: videowall --headless --mute --max-tiles 16 --quit-after Q --report R --render-log L CLIP x N =="
say "legend: frames = rendered, all tiles / expected (tiles x min(clip frames, 30 x Q); ~: about, as --quit-after counts"
say "  play time only, and a wall that cannot keep up plays longer); dropped = all tiles; worst = the tile"
say "  with the fewest frames: tNUMBER:rendered+dropped; states = final tile states; overload = the report's worst"
say "  shown/due fps and seconds overloaded; dec = decoders that reached PLAYING (the tiles'); made = decoders created"
say "  (discovery makes one more per tile); launch_all = process start to a first frame on every tile; wall = process"
say "  start to exit; cpu = user+sys of the process; gpu = nvidia-smi decoder utilization max/mean and memory max"
say "  hw runs: --hwdec auto; sw runs: --hwdec no"
if [ "$HAVE_HW" = 1 ]; then
  run r16hw "$TILES" "$C1080" $F1080 "$QUIT" auto "$OUT"
else skip r16hw "nvh264dec absent: $WHY_NO_HW"; fi
if [ "$HAVE_SW" = 1 ]; then run r16sw "$TILES" "$C1080" $F1080 "$QUIT" no "$OUT"; else skip r16sw "openh264dec absent"; fi
if [ "$HAVE_HW" = 1 ]; then
  run r4khw "$TILES4K" "$C2160" $F2160 "$QUIT" auto "$OUT"
else skip r4khw "nvh264dec absent"; fi
if [ "$HAVE_SW" = 1 ]; then run r4ksw "$TILES4K" "$C2160" $F2160 "$QUIT" no "$OUT"; else skip r4ksw "openh264dec absent"; fi
say ""
say "== (e) launch: $TILES x 1080p, --quit-after 1, $LAUNCH_REPEAT time(s) each, hw and sw alternating =="
for ((k = 1; k <= LAUNCH_REPEAT; k++)); do
  [ "$HAVE_HW" = 1 ] && run "l16hw$k" "$TILES" "$C1080" $F1080 1 auto "$W"
  [ "$HAVE_SW" = 1 ] && run "l16sw$k" "$TILES" "$C1080" $F1080 1 no "$W"
done

# ---------------------------------------------------------------- summary
say ""
say "== summary =="
say "GPU decoder: $([ "$HAVE_HW" = 1 ] && echo "nvh264dec present ($(echo "$HWRANK" | head -1 | tr -s ' ' | sed 's/^ //'))" || echo "ABSENT: $WHY_NO_HW")"
say "software decoder: openh264dec $([ "$HAVE_SW" = 1 ] && echo present || echo ABSENT)"
# the table, columns aligned (a skipped run's reason is its last column)
awk -F'\t' '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (NF > 2 && length($i) > w[i]) w[i] = length($i) } nf[NR] = NF }
  END { for (r = 1; r <= NR; r++) { l = ""; for (i = 1; i <= nf[r]; i++) l = l sprintf(i < nf[r] ? "%-" w[i] "s  " : "%s", c[r, i]); print "  " l } }' \
  "$W/table.tsv" | tee -a "$LOG"
say "(e) launch, process start to a first frame on every tile ($TILES x 1080p), seconds, in run order:"
for m in hw sw; do
  v=$(awk -F'\t' -v m="$m" '$1 ~ ("^(r16" m "|l16" m "[0-9]+)$") && NF > 2 {printf "%s%s=%s", s, $1, $9; s = " "}' "$W/table.tsv")
  say "  $m: ${v:-none}"
done
say "total script time: $SECONDS s"
