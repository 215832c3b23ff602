#!/usr/bin/env bash
# Builds .gst/ at the repo root (ignored by git: .gitignore) for scripts/gpu/capacity.sh: a GStreamer that
# runs on another x86-64 Linux with glibc >= 2.36 and no GStreamer of its own. Needs Debian 12 with GStreamer 1.22
# from apt: gstreamer1.0-tools, gstreamer1.0-plugins-base, -good (isomp4), -bad (nvcodec, openh264,
# videoparsersbad), and for the clips only -ugly (x264enc). Copies the two tools, gst-plugin-scanner, 11 plugins and
# their ldd closure under the sonames (glibc's own libraries and any NVIDIA library left out; libstdc++ and
# libgcc_s apart in libcxx/, which a bare-GStreamer run would use only when the machine's own libstdc++ is older), then encodes the
# two clips unless they are there (about 20 s of one core, at nice 19). Size: about 45 MB.
# The software decoder is openh264 because gstreamer1.0-libav's closure (libavfilter, libavformat, libavcodec and
# what they pull in: x265, codec2, rsvg, icu, ...) adds about 206 MB.
set -eu
ROOT=${GPU_ROOT:-$PWD}   # run from the root of the folder that holds .gst/.vwgpu
G=$ROOT/.gst A=/usr/lib/x86_64-linux-gnu
P=$A/gstreamer-1.0
PLUGINS="coreelements playback typefindfunctions isomp4 videoparsersbad nvcodec app videoconvertscale videotestsrc openh264"
rm -rf "$G/bin" "$G/lib" "$G/libcxx" "$G/plugins" "$G/libexec"
mkdir -p "$G/bin" "$G/lib" "$G/libcxx" "$G/plugins" "$G/libexec" "$G/clips"
cp -L /usr/bin/gst-launch-1.0 /usr/bin/gst-inspect-1.0 "$G/bin/"
cp -L "$A/gstreamer1.0/gstreamer-1.0/gst-plugin-scanner" "$G/libexec/"
for p in $PLUGINS; do cp -L "$P/libgst$p.so" "$G/plugins/"; done
for f in "$G"/bin/* "$G"/libexec/* "$G"/plugins/*; do ldd "$f" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}'; done | sort -u |
  while read -r name path; do
    case $name in
      libc.so.6 | libm.so.6 | libpthread.so.0 | libdl.so.2 | librt.so.1 | ld-linux-x86-64.so.2 | libresolv.so.2 | libcuda* | libnvcuvid* | libnvidia*) ;;
      libstdc++.so.6 | libgcc_s.so.1) cp -L "$path" "$G/libcxx/$name" ;;
      *) cp -L "$path" "$G/lib/$name" ;;
    esac
  done
# everything must now resolve inside .gst, but glibc
bad=$(for f in "$G"/bin/* "$G"/libexec/* "$G"/plugins/* "$G"/lib/*; do LD_LIBRARY_PATH=$G/lib:$G/libcxx ldd "$f"; done |
  awk '$2 == "=>" {print $1, $3}' | grep -vE "^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libresolv\.so\.2) " | grep -v " $G/" | sort -u || true)
[ -z "$bad" ] || { echo "unresolved or outside .gst:"; echo "$bad"; exit 1; }

enc() { # name width height frames kbit/s
  nice -n 19 gst-launch-1.0 -q videotestsrc pattern=smpte horizontal-speed=$(($2 / 480)) num-buffers="$4" \
    ! video/x-raw,width="$2",height="$3",framerate=30/1 \
    ! x264enc speed-preset=ultrafast bitrate="$5" key-int-max=30 threads=1 option-string="cabac=1:8x8dct=1:bframes=2" \
    ! video/x-h264,profile=high ! h264parse ! mp4mux ! filesink location="$G/clips/$1.mp4"
}
[ -s "$G/clips/1080.mp4" ] || enc 1080 1920 1080 300 8000
[ -s "$G/clips/2160.mp4" ] || enc 2160 3840 2160 150 20000
{
  echo "built $(date -u +%FT%TZ) on $(. /etc/os-release; echo "$PRETTY_NAME") by scripts/gpu/mkgst.sh"
  dpkg-query -W -f '${Package} ${Version}\n' libgstreamer1.0-0 gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad libopenh264-7 2>/dev/null
  echo "plugins: $PLUGINS"
  echo "clips: 1080.mp4 1920x1080 30/1 300 frames High@4.0 8 Mb/s; 2160.mp4 3840x2160 30/1 150 frames High@5.1 20 Mb/s;"
  echo "  x264 ultrafast + cabac=1:8x8dct=1:bframes=2, keyint 30, videotestsrc smpte scrolling 4 and 8 px/frame"
} >"$G/MANIFEST"
du -sh "$G"
