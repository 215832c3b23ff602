#!/usr/bin/env bash
# Installs every Debian 12 package VideoWall needs to build, run and test.
# Run as root (or with sudo available). Safe to run again: apt-get skips what is there.
set -euo pipefail

packages=(
  pkg-config
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libgtk-3-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-base-apps
  gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly
  gstreamer1.0-libav gstreamer1.0-gtk3 gstreamer1.0-gl gstreamer1.0-x
  xvfb xauth x11-utils imagemagick
  dbus-daemon libglib2.0-bin
  systemd
  python3
  chromium chromium-driver python3-selenium
  mpv weston
  xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils
  make dpkg-dev libcurl4-openssl-dev lintian debootstrap
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} system packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: run as root (apt-get needs it) or install sudo" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
