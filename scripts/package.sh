#!/usr/bin/env bash
# Builds the Debian package: dist/videowall_VERSION_ARCH.deb, from `make install` into a staging
# folder (the release program with Swift's runtime inside it, the layouts, the man page, the
# bash, zsh and fish completions, the systemd user unit, the desktop entry and the README),
# with its dependencies read from the program's libraries (dpkg-shlibdeps) plus the GStreamer
# plugins it plays with. Runs lintian on it when lintian is installed. Install it with
#   sudo apt install ./dist/videowall_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/videowall/Support/ProgramVersion.swift)
arch=$(dpkg --print-architecture)
out=dist
[ -n "$version" ] || { echo "package: cannot read the version from Sources/videowall/Support/ProgramVersion.swift" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps make; do
  command -v "$tool" >/dev/null || { echo "package: $tool is missing (apt install dpkg-dev make)" >&2; exit 1; }
done
# The program links Foundation's networking statically, which needs curl's development files.
pkg-config --exists libcurl || { echo "package: curl's development files are missing (apt install libcurl4-openssl-dev)" >&2; exit 1; }

stage=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$stage" "$work"' EXIT
make install DESTDIR="$stage" PREFIX=/usr

doc="$stage/usr/share/doc/videowall"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: videowall
Comment: Built from the VideoWall source tree by scripts/package.sh. The program contains
 the Swift runtime and Foundation (Apache-2.0 with Runtime Library Exception) and the Swift
 packages swift-argument-parser (Apache-2.0), Yams (MIT) and FlyingFox (MIT).

Files: *
Copyright: 2026 the VideoWall developers
License: none-chosen
 The authors have not chosen a licence for VideoWall yet: until they do, all rights are
 reserved.
COPYRIGHT
changelog=$(mktemp)
cat > "$changelog" <<CHANGELOG
videowall ($version) unstable; urgency=medium

  * Built from the source tree by scripts/package.sh.

 -- VideoWall developers <videowall@example.org>  $(date -u -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")
CHANGELOG
# A native package (no Debian revision): its changelog is changelog.gz.
gzip -9n < "$changelog" > "$doc/changelog.gz"
rm -f "$changelog"
# Yams carries libyaml's C sources and is linked into the program: lintian sees the library.
overrides="$stage/usr/share/lintian/overrides"
mkdir -p "$overrides"
printf '# Yams (the YAML package for Swift) builds libyaml from its own copy, linked into the program.\nvideowall: embedded-library libyaml [usr/bin/videowall]\n' > "$overrides/videowall"
chmod 0644 "$doc/copyright" "$doc/changelog.gz" "$overrides/videowall"

# The libraries the program links, as Debian's package dependencies.
mkdir -p "$work/debian"
printf 'Source: videowall\n\nPackage: videowall\nArchitecture: any\n' > "$work/debian/control"
libraries=$(cd "$work" && dpkg-shlibdeps -O -e"$stage/usr/bin/videowall" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# The demo makes its clips with x264 (ugly) and draws their time codes with textoverlay (x).
plugins="gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, gstreamer1.0-plugins-bad, gstreamer1.0-plugins-ugly, gstreamer1.0-libav, gstreamer1.0-x"

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: videowall
Version: $version
Architecture: $arch
Maintainer: VideoWall developers <videowall@example.org>
Installed-Size: $size
Depends: $libraries, $plugins
Recommends: gstreamer1.0-gl
Suggests: weston | cage
Section: video
Priority: optional
Homepage: https://localhost/videowall
Description: play several videos at once, in sync
 VideoWall plays up to sixteen videos side by side on one clock: every tile
 starts, pauses, seeks, loops and changes speed in lockstep. It compares
 encodes frame by frame (wipe, flip and difference views, zoom, offsets),
 loops background video and playlists without a gap, and runs kiosk and
 signage walls across screens and machines, driven by mpv's JSON IPC, MPRIS,
 a web control page or systemd.
CONTROL
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/videowall_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "package: $deb ($(du -h "$deb" | cut -f1))"
if command -v lintian >/dev/null; then
  lintian --fail-on error "$deb"
else
  echo "package: lintian is not installed: not checked (apt install lintian)"
fi
