#!/usr/bin/env bash
# Builds .vwgpu/ at the repo root (ignored by git: .gitignore) for scripts/gpu/capacity.sh: the release
# videowall with everything it needs to run headless on another x86-64 Linux with glibc >= 2.36 that has neither
# GStreamer nor the Swift runtime. Needs this Debian 12 machine (GStreamer 1.22 from apt, the Swift toolchain in
# /opt/swift, gcc) and .gst/clips from scripts/gpu/mkgst.sh. Leaves the program itself alone.
#   .vwgpu/vw.tar.xz   one folder vw/:
#     bin/       videowall (stripped copy), gst-inspect-1.0, gst-launch-1.0, vwrun (scripts/gpu/vwrun.c: CPU time,
#                wall time and the CLOCK_MONOTONIC start of a child, for the launch-to-picture figure)
#     libexec/   gst-plugin-scanner
#     plugins/   the GStreamer plugins a headless wall of H.264 MP4 files needs (list below)
#     lib/       the ldd closure of all of the above under the sonames: the Swift runtime, GStreamer, GTK 3, ...,
#                libstdc++ and libgcc_s included; glibc's own libraries and any NVIDIA library left out
#     MANIFEST
#   .vwgpu/clips/      1080.mp4 and 2160.mp4, copied from .gst/clips
#   .vwgpu/xz/         xz and liblzma.so.5, for a machine without xz (vw16.sh runs it through ld.so)
# usage: bash scripts/gpu/mkvw.sh   (at nice 19, xz on one thread: about a minute here), then bash scripts/gpu/vwcheck.sh
#   (unpacks it and runs it in a clean environment and in a chroot with only glibc); scripts/gpu/capacity.sh runs it remotely
# knobs: VIDEOWALL (default: .build/release/videowall of the project checkout named by PROJECT, else ../main), XZ_LEVEL (default 6)
set -eu
ROOT=${GPU_ROOT:-$PWD}   # run from the root of the folder that holds .gst/.vwgpu
V=$ROOT/.vwgpu
BIN=${VIDEOWALL:-$ROOT/.build/release/videowall}
A=/usr/lib/x86_64-linux-gnu
P=$A/gstreamer-1.0
# coreelements (filesrc, queue, multiqueue, fakesink, capsfilter), playback (playbin, playbin3, decodebin,
# uridecodebin, playsink, streamsynchronizer), typefindfunctions, isomp4 (qtdemux, mp4mux), videoparsersbad
# (h264parse), nvcodec (nvh264dec), openh264 (openh264dec: the software decoder; avdec is ~200 MB of closure),
# app (appsrc, appsink), videoconvertscale, videorate, audioconvert, audioresample, volume (soft-volume),
# autodetect, pbtypes, videofilter (videoflip) and audiofx (scaletempo) for playlist items, videocrop, deinterlace
# (every tile has one, passing progressive frames through)
PLUGINS="coreelements playback typefindfunctions isomp4 videoparsersbad nvcodec openh264 app videoconvertscale
 videorate audioconvert audioresample volume autodetect pbtypes videofilter audiofx videocrop deinterlace"
GLIBC_RE='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libresolv\.so\.2|ld-linux-x86-64\.so\.2|linux-vdso\.so\.1)$'
[ -x "$BIN" ] || { echo "no $BIN" >&2; exit 1; }
for c in 1080 2160; do [ -s "$ROOT/.gst/clips/$c.mp4" ] || { echo "no .gst/clips/$c.mp4: run scripts/gpu/mkgst.sh" >&2; exit 1; }; done

T=$(mktemp -d /tmp/mkvw.XXXXXX)
trap 'rm -rf "$T"' EXIT
S=$T/vw
mkdir -p "$S/bin" "$S/lib" "$S/plugins" "$S/libexec"
cp -L "$BIN" "$S/bin/videowall"
cp -L /usr/bin/gst-inspect-1.0 /usr/bin/gst-launch-1.0 "$S/bin/"
cp -L "$A/gstreamer1.0/gstreamer-1.0/gst-plugin-scanner" "$S/libexec/"
gcc -O2 -Wall -Wextra -o "$S/bin/vwrun" "$(dirname "${BASH_SOURCE[0]}")/vwrun.c"
for p in $PLUGINS; do cp -L "$P/libgst$p.so" "$S/plugins/"; done
# the closure: ldd lists every library a file needs, directly or not
for f in "$S"/bin/* "$S"/libexec/* "$S"/plugins/*; do ldd "$f" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}'; done | sort -u |
  while read -r name path; do
    if [[ $name =~ $GLIBC_RE ]]; then continue; fi
    case $name in libcuda* | libnvcuvid* | libnvidia*) continue ;; esac
    cp -L "$path" "$S/lib/$name"
  done
chmod u+w "$S"/bin/* "$S"/lib/* "$S"/plugins/* "$S"/libexec/*
raw=$(du -sb "$S" | cut -f1)
for f in "$S"/bin/* "$S"/lib/* "$S"/plugins/* "$S"/libexec/*; do strip --strip-unneeded "$f"; done
# everything must now resolve inside the bundle, but glibc
bad=$(for f in "$S"/bin/* "$S"/libexec/* "$S"/plugins/* "$S"/lib/*; do env -u LD_PRELOAD LD_LIBRARY_PATH=$S/lib ldd "$f"; done |
  awk '$2 == "=>" {print $1, $3} $2 ~ /^\(/ {print $1, $1}' | grep -vE "^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libresolv\.so\.2|linux-vdso\.so\.1|/lib64/ld-linux-x86-64\.so\.2) " | grep -v " $S/" | sort -u || true)
[ -z "$bad" ] || { echo "unresolved or outside the bundle:"; echo "$bad"; exit 1; }
glibc_max=$(for f in "$S"/bin/* "$S"/libexec/* "$S"/plugins/* "$S"/lib/*; do objdump -T "$f" 2>/dev/null; done | grep -oE 'GLIBC_2\.[0-9]+' | sort -uV | tail -1)
{
  echo "built $(date -u +%FT%TZ) on $(. /etc/os-release; echo "$PRETTY_NAME") by scripts/gpu/mkvw.sh"
  echo "videowall: $BIN $(stat -c '%s bytes, modified %y' "$BIN") sha256 $(sha256sum "$BIN" | cut -c1-16)"
  echo "swift: $(/opt/swift/usr/bin/swift --version 2>/dev/null | head -1)"
  dpkg-query -W -f '${Package} ${Version}\n' libgstreamer1.0-0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad libopenh264-7 libgtk-3-0 libstdc++6 2>/dev/null
  echo "plugins: $(echo $PLUGINS)"
  echo "lib: $(ls "$S/lib" | wc -l) libraries; needs glibc >= ${glibc_max#GLIBC_} (highest GLIBC_ symbol version)"
  echo "size: $raw bytes as copied, $(du -sb "$S" | cut -f1) stripped"
} >"$S/MANIFEST"
mkdir -p "$V/clips"
rm -f "$V/vw.tar.xz" "$V/vw.tar.xz.tmp"
tar -C "$T" --owner=0 --group=0 --numeric-owner -cf - vw | nice -n 19 xz -"${XZ_LEVEL:-6}" -T1 >"$V/vw.tar.xz.tmp"
mv "$V/vw.tar.xz.tmp" "$V/vw.tar.xz"
mkdir -p "$V/xz"; cp -L /usr/bin/xz "$V/xz/xz"; cp -L "$(ldd /usr/bin/xz | awk '$1 == "liblzma.so.5" {print $3}')" "$V/xz/liblzma.so.5"
for c in 1080 2160; do cmp -s "$ROOT/.gst/clips/$c.mp4" "$V/clips/$c.mp4" || cp "$ROOT/.gst/clips/$c.mp4" "$V/clips/$c.mp4"; done
cat "$S/MANIFEST"
ls -l "$V/vw.tar.xz" "$V/clips" "$V/xz"
echo "carry .vwgpu: $(du -sb "$V" | cut -f1) bytes ($(du -sb "$V" | awk '{printf "%.1f MiB", $1 / 1048576}'), limit 64 MiB)"
