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

# Python packages the tests read files with (asciinema's own reader of its recordings), kept out of
# the system's Python: pip installs them into this folder, which ensure_python_packages puts on
# PYTHONPATH.
PYTHON_PACKAGES="$ROOT/.build/python-packages"

# ensure_python_packages MODULE[:REQUIREMENT]...: installs from PyPI into $PYTHON_PACKAGES each
# REQUIREMENT (else the module's name) whose MODULE cannot be imported.
ensure_python_packages() {
  case ":${PYTHONPATH:-}:" in *":$PYTHON_PACKAGES:"*) ;; *) export PYTHONPATH="$PYTHON_PACKAGES${PYTHONPATH:+:$PYTHONPATH}" ;; esac
  local missing=() pkg log
  for pkg in "$@"; do python3 -c "import ${pkg%%:*}" >/dev/null 2>&1 || missing+=("${pkg#*:}"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip || return 1
  echo "Installing ${missing[*]} from PyPI ..." >&2
  log=$(mktemp)
  python3 -m pip install --quiet --target "$PYTHON_PACKAGES" "${missing[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    rm -f "$log"
    echo "pip could not install: ${missing[*]}" >&2
    return 1
  }
  rm -f "$log"
}

ensure_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  [ -x /opt/swift/usr/bin/swift ] && { export PATH="/opt/swift/usr/bin:$PATH"; return 0; }
  echo "vmsh needs the Swift 6.1 toolchain or later (swift) on PATH: https://www.swift.org/install/linux/" >&2
  return 1
}

# static_swift_flags: prints the `swift build` flags that link the Swift runtime and Foundation
# into the binary, one a line. --static-swift-stdlib alone fails to link with this toolchain: the
# static Foundation archives do not bring their own dependencies (ICU, CoreFoundation, the shims),
# so they are named here, in one linker group (their order does not matter there).
# The C libraries come from their archives too (static_c_libraries), and the binary exports no
# symbols (the toolchain's default exports all 32,000, which the runtime's start-up then walks
# with dladdr): the loader then maps only glibc and resolves a few hundred symbols, not 4,000.
# lld links it, with its 120,000 relative relocations packed (DT_RELR, glibc 2.36 and later):
# against gold, `vmsh -c quit` measured 3.4 ms instead of 4.4 ms (the hello: 3.1 ms), with a
# tenth fewer instructions (the loader's relocation pass) and page faults.
static_swift_flags() {
  local static
  static="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux"
  echo --static-swift-stdlib
  printf '%s\n' -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
  printf '%s\n' -Xlinker --no-export-dynamic
  static_c_libraries
  # The folder of those archives, named for every link: SwiftPM links a build tool the package
  # builds for its own plugin (embed-text) with these flags too, but without
  # --static-swift-stdlib, which names the folder for vmsh's link only.
  printf '%s\n' -Xlinker -L"$static"
  printf '%s\n' -Xlinker --start-group
  # What libedit's archive needs (its shared library names them itself).
  for lib in tinfo bsd md; do printf '%s\n' -Xlinker "-l$lib"; done
  for lib in Foundation CoreFoundation FoundationEssentials FoundationInternationalization _FoundationICU \
    _FoundationCollections _FoundationCShims swiftSynchronization swiftDispatch dispatch BlocksRuntime; do
    [ -f "$static/lib$lib.a" ] && printf '%s\n' -Xlinker "-l$lib"
  done
  printf '%s\n' -Xlinker -lstdc++ -Xlinker --end-group
}

# The static release build's own build folder. An object compiled for the static link names
# static-only libraries (CoreFoundation) that an ordinary link cannot find, and SwiftPM does not
# recompile when only the link flags change: so the static release build never shares .build with
# an ordinary `swift build -c release`.
STATIC_BUILD="$ROOT/.build-static"

# static_c_libraries: makes $STATIC_BUILD/static-c-libraries, a folder of links to the archives of
# the C libraries vmsh links (SQLite, libedit and what libedit needs, zlib, libstdc++), and prints
# the flags that put it first on the linker's path: `-lsqlite3` then finds the archive, not the
# shared library. An archive that is not installed is left out, and that library stays shared.
static_c_libraries() {
  local folder="$STATIC_BUILD/static-c-libraries" clang lib archive
  clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
  mkdir -p "$folder"
  for lib in sqlite3 edit tinfo bsd md z stdc++; do
    # The toolchain's clang searches where its linker will.
    archive=$("$clang" -print-file-name="lib$lib.a" 2>/dev/null) || archive=""
    if [ -f "$archive" ]; then ln -sfn "$archive" "$folder/lib$lib.a"; else rm -f "$folder/lib$lib.a"; fi
  done
  printf '%s\n' -Xlinker -L"$folder"
}

# build_static CONFIGURATION [PRODUCT]: builds PRODUCT (every product when none is named) with the
# Swift runtime linked in, into static_bin_path CONFIGURATION. Release builds in $STATIC_BUILD.
# Debug builds in .build beside the tests' ordinary build: the static flags change the modules'
# compile commands, so SwiftPM compiles them again either way (an ordinary build first, as this
# once did, only compiled them twice: 55 s more for each install after the first).
build_static() {
  local flags product=()
  mapfile -t flags < <(static_swift_flags)
  [ $# -ge 2 ] && product=(--product "$2")
  if [ "$1" = debug ]; then
    swift build -c debug "${flags[@]}" "${product[@]}" || return 1
    forget_static_objects
  else
    swift build -c "$1" --scratch-path "$STATIC_BUILD" "${flags[@]}" "${product[@]}"
  fi
}

# forget_static_objects: removes from .build/debug the objects the static debug build compiled.
# They name static-only libraries (CoreFoundation) that an ordinary link cannot find, and SwiftPM
# does not compile them again when the flags change back, so the next `swift build` (of
# flickr-stub, the tests or vmsh) would fail to link; without them it compiles them again.
forget_static_objects() {
  grep -l -a -r --include='*.o' -e '_FoundationCShims' "$(swift build -c debug --show-bin-path)/" | xargs -r rm -f
}

# static_bin_path CONFIGURATION: the folder build_static CONFIGURATION writes its binaries to.
static_bin_path() {
  if [ "$1" = debug ]; then
    swift build -c debug --show-bin-path
  else
    echo "$STATIC_BUILD/$1"  # SwiftPM's link to the platform's folder
  fi
}

# The quick build's own build folder: vmsh without the Flickr client (the package's default
# trait `Flickr` off), so a fresh clone builds neither NIO, BoringSSL nor AsyncHTTPClient and
# reaches its first prompt in under two minutes on 2 cores. Its own folder, because a change of
# traits rebuilds every module of the package in the folder it is built in.
QUICK_BUILD="$ROOT/.build-quick"
QUICK_CONFIGURATION=debug

# build_quick: builds the quick vmsh into $QUICK_BUILD/$QUICK_CONFIGURATION.
build_quick() {
  swift build -c "$QUICK_CONFIGURATION" --scratch-path "$QUICK_BUILD" --product vmsh --disable-default-traits
}

# build_stamp: prints a digest of everything vmsh is built from: each file under Sources, the
# manifest and these scripts, by path, size and modification time (as SwiftPM judges them), and
# the toolchain's swift by its real path, size and time. Reads no file's content and runs no
# compiler: a few milliseconds. Package.resolved is left out: the first build writes it, which would
# make the next start build again for nothing.
build_stamp() {
  local swift inputs=()
  swift=$(readlink -f "$(command -v swift)")
  for path in Sources Package.swift scripts/lib/common.sh; do
    [ -e "$ROOT/$path" ] && inputs+=("$path")
  done
  {
    (cd "$ROOT" && find "${inputs[@]}" -type f -printf '%p %s %T@\n' | LC_ALL=C sort)
    stat -c '%n %s %Y' "$swift"
  } | sha256sum | cut -d' ' -f1
}

# write_stamp BINARY STAMP: records that BINARY was built from what STAMP names.
write_stamp() { printf '%s\n' "$2" >"$1.stamp"; }

# stamp_matches BINARY STAMP: true when BINARY is there and was built from what STAMP names.
stamp_matches() { [ -x "$1" ] && [ "$(cat "$1.stamp" 2>/dev/null)" = "$2" ]; }
