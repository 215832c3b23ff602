#!/usr/bin/env bash
# Checks the Debian package where nothing else is installed: builds it (scripts/package.sh,
# lintian included), makes a minimal Debian 12 with debootstrap in a scratch folder, installs
# the package there with apt (which brings GStreamer and GTK from Debian's archive), and checks
# `videowall --version`, `man videowall`, the bash completion and a headless `videowall demo`.
# Needs root, debootstrap and the network to deb.debian.org; takes a few minutes. Not part of
# the suite (scripts/test.sh): the release build alone takes longer than the suite allows.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v debootstrap >/dev/null || { echo "package-check: debootstrap is missing (apt install debootstrap)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "package-check: run as root (debootstrap and chroot need it)" >&2; exit 1; }
bash scripts/package.sh
deb=$(ls -t dist/videowall_*.deb | head -1)
root=$(mktemp -d /tmp/videowall-package-check-XXXXXX)
# The system's root folder: every user goes through it (mktemp made it 0700).
chmod 0755 "$root"
cleanup() { umount "$root/proc" 2>/dev/null || true; rm -rf "$root"; }
trap cleanup EXIT
echo "package-check: a minimal Debian 12 in $root"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
echo "package-check: apt install ./$(basename "$deb") there"
chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends /tmp/$(basename "$deb") man-db bash-completion >/dev/null"
# (bash-completion reads unset variables: no -u here.)
chroot "$root" /bin/bash -eo pipefail -c '
  version=$(videowall --version); echo "videowall --version: $version"
  MANWIDTH=80 man videowall 2>/dev/null | grep -q "videowall .* Play up to" && echo "man videowall: the page opens"
  source /usr/share/bash-completion/bash_completion
  # (The loader and the completion function answer non-zero by design: bash retries.)
  _completion_loader videowall || true
  complete -p videowall | grep -q _videowall && echo "bash completion: registered"
  COMP_WORDS=(videowall pl); COMP_CWORD=1; COMP_LINE="videowall pl"; COMP_POINT=${#COMP_LINE}
  _videowall videowall pl videowall || true
  [[ " ${COMPREPLY[*]} " == *" play "* ]] && echo "bash completion: videowall pl<Tab> gives play"
  COMP_WORDS=(videowall play --hwd); COMP_CWORD=2; COMP_LINE="videowall play --hwd"; COMP_POINT=${#COMP_LINE}
  _videowall videowall --hwd play || true
  [[ " ${COMPREPLY[*]} " == *" --hwdec "* ]] && echo "bash completion: videowall play --hwd<Tab> gives --hwdec"
  videowall demo --headless --quit-after 2 >/dev/null 2>&1 && echo "videowall demo --headless: plays, status 0"
  ls /usr/share/videowall/layouts/kiosk-loop.yaml /usr/lib/systemd/user/videowall.service /usr/share/applications/videowall.desktop >/dev/null && echo "layouts, user unit, desktop entry: installed"
'
echo "package-check: passed"
