#!/bin/sh
# Install Debian's chromium for the browser tests (tests/browser), if it is missing.
# Playwright drives this system browser; never run `playwright install` (it downloads one).
# Idempotent and quiet: does nothing when /usr/bin/chromium is already there.
set -eu

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "install-chromium: $CHROMIUM is missing and this user is not root and has no sudo;" >&2
    echo "  run as root: apt-get update && apt-get install -y chromium" >&2
    exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-chromium: $CHROMIUM is missing and apt-get is not available (not Debian?);" >&2
    echo "  install Chromium so that $CHROMIUM exists, then rerun the browser tests" >&2
    exit 1
fi

echo "install-chromium: installing Debian's chromium (apt-get) ..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
if [ ! -x "$CHROMIUM" ]; then
    echo "install-chromium: apt-get finished but $CHROMIUM is still missing" >&2
    exit 1
fi
echo "install-chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM installed")"
