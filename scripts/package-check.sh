#!/usr/bin/env bash
# Checks the Debian package where nothing else is installed: builds it (scripts/package.sh,
# lintian included), makes a minimal Debian 12 with debootstrap in a scratch folder, installs
# the package there with apt (which brings GStreamer and GTK from Debian's archive), and checks
# `videowall --version`, `man videowall`, the bash completion and a headless `videowall demo`.
# Needs debootstrap, the network to deb.debian.org and root for debootstrap and chroot (sudo is
# used when not root; the program itself is built as the calling user).
#
#   package-check.sh                   all of it (a few minutes after the release build)
#   package-check.sh --make-root DIR   only the minimal Debian 12, in the empty folder DIR
#   package-check.sh --root DIR        all but that, in a DIR made by --make-root; DIR is
#                                      removed afterwards
#
# scripts/test.sh makes the root with --make-root while the tests build (it is mostly download
# and unpacking), then runs --root once they are built.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all root=""
case "${1:-}" in
  --make-root) mode=make-root root="${2:?package-check: --make-root needs a folder}" ;;
  --root) mode=use-root root="${2:?package-check: --root needs a folder}" ;;
  "") ;;
  *) echo "package-check: unknown argument '${1:0:40}' (--make-root DIR, --root DIR or none)" >&2; exit 2 ;;
esac
as_root=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "package-check: run as root or install sudo (debootstrap and chroot need root)" >&2; exit 1; }
  as_root="sudo"
fi

make_root() {
  command -v debootstrap >/dev/null || { echo "package-check: debootstrap is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }
  # The system's root folder: every user goes through it (mktemp makes folders 0700).
  $as_root chmod 0755 "$1"
  echo "package-check: a minimal Debian 12 in $1"
  $as_root debootstrap --variant=minbase bookworm "$1" http://deb.debian.org/debian >/dev/null
}

if [ "$mode" = make-root ]; then
  make_root "$root"
  exit 0
fi
if [ "$mode" = all ]; then
  root=$(mktemp -d /tmp/videowall-package-check-XXXXXX)
fi
cleanup() { $as_root umount "$root/proc" 2>/dev/null || true; $as_root rm -rf --one-file-system "$root"; }
trap cleanup EXIT
[ "$mode" = use-root ] && { [ -x "$root/usr/bin/apt-get" ] || { echo "package-check: $root holds no Debian made by --make-root" >&2; exit 1; }; }

bash scripts/package.sh
deb=$(ls -t dist/videowall_*.deb | head -1)
[ "$mode" = all ] && make_root "$root"
$as_root mount -t proc proc "$root/proc"
$as_root cp "$deb" "$root/tmp/"
echo "package-check: apt install ./$(basename "$deb") there"
$as_root chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends /tmp/$(basename "$deb") man-db bash-completion >/dev/null"
# (bash-completion reads unset variables: no -u here.) Each check says what it saw, and the
# first that does not hold fails the script (`a && b` would not stop it under -e).
$as_root chroot "$root" /bin/bash -eo pipefail -c '
  fail() { echo "package-check: $1" >&2; exit 1; }
  version=$(videowall --version)
  [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "videowall --version printed no version"
  echo "videowall --version: $version"
  MANWIDTH=80 man videowall 2>/dev/null | grep -q "videowall .* Play up to" || fail "man videowall shows no page"
  echo "man videowall: the page opens"
  source /usr/share/bash-completion/bash_completion
  # (The loader and the completion function answer non-zero by design: bash retries.)
  _completion_loader videowall || true
  complete -p videowall | grep -q _videowall || fail "no bash completion registered for videowall"
  echo "bash completion: registered"
  COMP_WORDS=(videowall pl); COMP_CWORD=1; COMP_LINE="videowall pl"; COMP_POINT=${#COMP_LINE}
  _videowall videowall pl videowall || true
  [[ " ${COMPREPLY[*]} " == *" play "* ]] || fail "videowall pl<Tab> does not give play"
  echo "bash completion: videowall pl<Tab> gives play"
  COMP_WORDS=(videowall play --hwd); COMP_CWORD=2; COMP_LINE="videowall play --hwd"; COMP_POINT=${#COMP_LINE}
  _videowall videowall --hwd play || true
  [[ " ${COMPREPLY[*]} " == *" --hwdec "* ]] || fail "videowall play --hwd<Tab> does not give --hwdec"
  echo "bash completion: videowall play --hwd<Tab> gives --hwdec"
  videowall demo --headless --quit-after 2 >/dev/null 2>&1 || fail "videowall demo --headless did not play (status $?)"
  echo "videowall demo --headless: plays, status 0"
  ls /usr/share/videowall/layouts/kiosk-loop.yaml /usr/lib/systemd/user/videowall.service /usr/share/applications/videowall.desktop >/dev/null \
    || fail "a layout, the user unit or the desktop entry is missing"
  echo "layouts, user unit, desktop entry: installed"
'
echo "package-check: passed"
