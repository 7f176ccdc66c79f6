# Shared by the scripts: the repository root, and installing what a fresh Debian machine lacks.
# shellcheck shell=bash
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export ROOT

# Debian packages vmsh needs to build and test: libedit (the line editor), SQLite (the catalog),
# tmux (the pseudo-terminal tests, driven from python3).
REQUIRED_PACKAGES=(libedit-dev libsqlite3-dev)
TEST_PACKAGES=(tmux)
command -v python3 >/dev/null 2>&1 || TEST_PACKAGES+=(python3)

# ensure_packages PKG...: installs the missing ones with apt-get when root, else says how and fails.
ensure_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing ${missing[*]} ..." >&2
    local log
    log=$(mktemp)
    # Quiet when it works; apt's own words when it does not.
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$log" 2>&1 || {
      cat "$log" >&2
      rm -f "$log"
      echo "apt-get could not install: ${missing[*]}" >&2
      return 1
    }
    rm -f "$log"
  else
    echo "vmsh needs: ${missing[*]}. Run:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
}

ensure_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  [ -x /opt/swift/usr/bin/swift ] && { export PATH="/opt/swift/usr/bin:$PATH"; return 0; }
  echo "vmsh needs the Swift 6 toolchain (swift) on PATH: https://www.swift.org/install/linux/" >&2
  return 1
}
