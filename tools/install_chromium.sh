#!/bin/sh
# Debian's chromium for the real-browser tests (tests/test_browser.py). Playwright drives
# /usr/bin/chromium; it never downloads a browser of its own.
# - chromium already there: nothing to do.
# - no apt-get (or no root and no sudo): say so and go on; the browser tests then skip,
#   and pytest prints the reason.
# - otherwise: apt-get install chromium; if that fails, this fails.
set -e
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install_chromium: no apt-get on this machine; the browser tests will be skipped (pytest says why)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install_chromium: not root and no sudo, so apt-get cannot install chromium; the browser tests will be skipped" >&2
    exit 0
  fi
fi
echo "install_chromium: installing Debian's chromium with apt-get" >&2
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
