#!/usr/bin/env bash
# Checks .vwgpu/vw.tar.xz (scripts/gpu/mkvw.sh) here, as the GPU machine will use it: unpacked into a temp folder and
# run in a clean environment (env -i; only the bundle's lib/ on LD_LIBRARY_PATH, only its plugins on
# GST_PLUGIN_SYSTEM_PATH_1_0, the registry in the temp folder):
#   1. videowall --headless --quit-after 3 --report - .vwgpu/clips/1080.mp4: the report must show frames rendered
#      (openh264dec here: no GPU), and while it plays the process must map no library from outside the bundle but
#      glibc's (/proc/PID/maps)
#   2. videowall probe --json .vwgpu/clips/1080.mp4
#   3. ldd of every program, plugin and library of the bundle: nothing resolves outside it but glibc
#   4. as root with unshare and chroot: the run of 1 again in a chroot that holds only glibc, the bundle and the clip
#      (no /usr, no /opt/swift, no /etc)
# usage: bash scripts/gpu/vwcheck.sh   (exit 0 when every check passed)
set -u
ROOT=${GPU_ROOT:-$PWD}   # run from the root of the folder that holds .gst/.vwgpu
CLIP=.vwgpu/clips/1080.mp4
T=$(mktemp -d /tmp/vwcheck.XXXXXX)
R=$T/vw
trap 'rm -rf "$T"' EXIT
mkdir -p "$R" "$T/home"
cd "$ROOT" || exit 2
[ -s .vwgpu/vw.tar.xz ] && [ -s "$CLIP" ] || { echo "no .vwgpu/vw.tar.xz or $CLIP: run scripts/gpu/mkvw.sh"; exit 2; }
xz -dc .vwgpu/vw.tar.xz | tar -x --strip-components=1 -C "$R" || { echo "FAIL: unpacking"; exit 1; }
echo "unpacked into $R: $(du -sh "$R" | cut -f1), $(ls "$R/lib" | wc -l) libraries, $(ls "$R/plugins" | wc -l) plugins"
E=(env -i PATH=/usr/bin:/bin HOME="$T/home" LD_LIBRARY_PATH="$R/lib" GST_PLUGIN_SYSTEM_PATH_1_0="$R/plugins"
  GST_REGISTRY_1_0="$T/registry.bin" GST_PLUGIN_SCANNER_1_0="$R/libexec/gst-plugin-scanner"
  GIO_MODULE_DIR="$R/no-gio-modules" GST_DEBUG_NO_COLOR=1)
GLIBC='^/(usr/)?lib(64)?(/x86_64-linux-gnu)?/(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libresolv\.so\.2|ld-linux-x86-64\.so\.2)$'
fail=0
ok() { echo "PASS: $*"; }
no() { echo "FAIL: $*"; fail=1; }

echo; echo "== 1. \$ videowall --headless --quit-after 3 --report - $CLIP   (clean environment)"
timeout -k 5 120 "${E[@]}" "$R/bin/videowall" --headless --quit-after 3 --report - "$CLIP" >"$T/report.json" 2>"$T/err.txt" &
tpid=$!
pid=""   # videowall: timeout's child (env execs it)
for _ in $(seq 100); do
  [ -n "$pid" ] || pid=$(pgrep -P "$tpid" | head -1)
  [ -n "$pid" ] && grep -q libgstopenh264 "/proc/$pid/maps" 2>/dev/null && break
  sleep 0.1
done
sleep 0.5
[ -n "$pid" ] && awk '$6 ~ /^\// {print $6}' "/proc/$pid/maps" 2>/dev/null | sort -u >"$T/maps.txt"
wait "$tpid"; rc=$?
cat "$T/report.json" "$T/err.txt"
frames=$(grep -oE '"framesRendered" : [0-9]+' "$T/report.json" | awk '{s += $3} END {print s + 0}')
[ "$rc" = 0 ] && [ "$frames" -gt 0 ] && ok "rc=$rc, $frames frames rendered" || no "rc=$rc, $frames frames rendered"
outside=$(grep -v "^$R/" "$T/maps.txt" | grep -E '\.so' | grep -vE "$GLIBC")
echo "mapped while playing: $(grep -c "^$R/" "$T/maps.txt") files of the bundle; from outside it: $(grep -v "^$R/" "$T/maps.txt" | grep -E '\.so' | tr '\n' ' ')"
[ -s "$T/maps.txt" ] && [ -z "$outside" ] && ok "no library from outside the bundle but glibc's" || no "mapped from outside the bundle: $outside"

echo; echo "== 2. \$ videowall probe --json $CLIP"
"${E[@]}" timeout 60 "$R/bin/videowall" probe --json "$CLIP" >"$T/probe.json" 2>&1; rc=$?
cat "$T/probe.json"
[ "$rc" = 0 ] && grep -q '"width" : 1920' "$T/probe.json" && ok "probe rc=$rc" || no "probe rc=$rc"

echo; echo "== 3. ldd, LD_LIBRARY_PATH=$R/lib"
for f in "$R"/bin/* "$R"/libexec/* "$R"/plugins/* "$R"/lib/*; do env -i LD_LIBRARY_PATH="$R/lib" ldd "$f" 2>&1; done |
  awk '$2 == "=>" {print $1, $3} / not found/ {print $1, "NOT_FOUND"}' | sort -u >"$T/ldd.txt"
echo "resolved outside the bundle: $(grep -v " $R/" "$T/ldd.txt" | awk '{print $2}' | sort -u | tr '\n' ' ')"
bad=$(grep -v " $R/" "$T/ldd.txt" | awk '{print $2}' | grep -vE "$GLIBC" | sort -u)
[ -z "$bad" ] && ok "nothing outside the bundle but glibc" || no "outside the bundle or not found: $bad"

echo; echo "== 4. the run of 1 in a chroot with only glibc, the bundle and the clip"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v chroot >/dev/null && unshare -m true 2>/dev/null; then
  C=$T/root
  mkdir -p "$C/lib/x86_64-linux-gnu" "$C/lib64" "$C/vw" "$C/proc" "$C/dev" "$C/tmp" "$C/clips"
  for l in libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1 libresolv.so.2 ld-linux-x86-64.so.2; do
    cp -L "/lib/x86_64-linux-gnu/$l" "$C/lib/x86_64-linux-gnu/"
  done
  ln -s /lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$C/lib64/ld-linux-x86-64.so.2"
  cp "$CLIP" "$C/clips/1080.mp4"
  # shellcheck disable=SC2016  # expanded by the inner shell
  unshare -m sh -c 'mount --bind "$1" "$2/vw" && mount --bind /proc "$2/proc" && mount --bind /dev "$2/dev" || exit 9
    exec env -i PATH=/vw/bin HOME=/tmp LD_LIBRARY_PATH=/vw/lib GST_PLUGIN_SYSTEM_PATH_1_0=/vw/plugins GST_REGISTRY_1_0=/tmp/registry.bin \
      GST_PLUGIN_SCANNER_1_0=/vw/libexec/gst-plugin-scanner GST_DEBUG_NO_COLOR=1 \
      "$3" 120 "$4" "$2" /vw/bin/videowall --headless --quit-after 3 --report - /clips/1080.mp4' \
    _ "$R" "$C" "$(command -v timeout)" "$(command -v chroot)" >"$T/chroot.json" 2>"$T/chroot.err"
  rc=$?
  cat "$T/chroot.err"
  frames=$(grep -oE '"framesRendered" : [0-9]+' "$T/chroot.json" | awk '{s += $3} END {print s + 0}')
  [ "$rc" = 0 ] && [ "$frames" -gt 0 ] && ok "in the chroot: rc=$rc, $frames frames rendered" || no "in the chroot: rc=$rc, $frames frames rendered"
else
  echo "skipped: needs root, unshare -m and chroot"
fi
echo
[ "$fail" = 0 ] && echo "ALL PASSED" || echo "SOME CHECKS FAILED"
exit "$fail"
