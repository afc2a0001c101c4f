#!/bin/sh
# Download the pure-Python wheels tools/pyodide/run.mjs needs into DIR (default
# build/pyodide-wheels), for Pyodide's CPython 3.14, as pinned in requirements.txt.
# Skips wheels already there and deletes wheels no longer pinned (run.mjs installs every
# wheel in DIR), then touches DIR/.done. Needs pip and PyPI; nothing here runs at test time.
#   tools/pyodide/fetch-wheels.sh [DIR]        (PYTHON=... picks the Python that runs pip)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=${1:-build/pyodide-wheels}
PYTHON=${PYTHON:-$(command -v .venv/bin/python >/dev/null 2>&1 && echo .venv/bin/python || echo python3)}
mkdir -p "$DIR"
keep=""
for req in $(grep -v '^[[:space:]]*#' "$HERE/requirements.txt" | grep -v '^[[:space:]]*$'); do
    name=${req%%==*}
    version=${req#*==}
    # Wheel file names normalise the project name: lower case, "-" and "." become "_".
    stem=$(echo "$name" | tr 'A-Z.-' 'a-z__')
    keep="$keep ${stem}-${version}-"
    if ls "$DIR" | grep -qi "^${stem}-${version}-.*\.whl$"; then
        echo "have $req"
        continue
    fi
    echo "fetch $req"
    "$PYTHON" -m pip download --disable-pip-version-check -q --no-deps \
        --python-version 3.14 --implementation py --platform any --only-binary=:all: \
        -d "$DIR" "$req"
done
for wheel in "$DIR"/*.whl; do
    base=$(basename "$wheel" | tr 'A-Z' 'a-z')
    pinned=no
    for prefix in $keep; do
        case "$base" in "$prefix"*) pinned=yes ;; esac
    done
    if [ "$pinned" = no ]; then
        echo "remove $(basename "$wheel") (not pinned in requirements.txt)"
        rm -f "$wheel"
    fi
done
touch "$DIR/.done"
