#!/usr/bin/env bash
# Installs one extra of pyproject.toml (`serve` or `dev`) into .venv, editable.
# Usage: infra/install_python.sh EXTRA   (PYTHON picks the interpreter, default python3)
#
# uv first: it resolves and installs in parallel and links from its cache, so a warm cache
# installs `.[serve]` in about a second where pip took 20-40 s, and `uv venv` skips ensurepip
# and pip's own upgrade (17 s of the old first run). uv comes from the PATH, else from a
# previous bootstrap in the user's cache (ISTAKA_UV_HOME, default ~/.cache/istaka-uv, kept
# beside pip's and uv's own caches so the next fresh clone skips it), else it is bootstrapped
# there with `pip install --target` (uv's wheel ships the binary). Whenever uv is missing or
# fails, pip does the job as before; ISTAKA_NO_UV=1 forces pip.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRA=${1:?usage: infra/install_python.sh serve|dev}
PYTHON=${PYTHON:-python3}
VENV=.venv
UV_HOME=${ISTAKA_UV_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/istaka-uv}

find_uv() {
    if [ "${ISTAKA_NO_UV:-}" = 1 ]; then return 1; fi
    if command -v uv >/dev/null 2>&1; then command -v uv; return 0; fi
    if [ -x "$UV_HOME/bin/uv" ]; then echo "$UV_HOME/bin/uv"; return 0; fi
    # --target needs no venv (no ensurepip): the wheel's binary lands in $UV_HOME/bin.
    if PIP_ROOT_USER_ACTION=ignore "$PYTHON" -m pip install --quiet --disable-pip-version-check \
        --target "$UV_HOME" uv >&2 && [ -x "$UV_HOME/bin/uv" ]; then
        echo "$UV_HOME/bin/uv"
        return 0
    fi
    rm -rf "$UV_HOME"
    return 1
}

with_uv() {
    local uv=$1
    if [ ! -x "$VENV/bin/python" ]; then
        "$uv" venv --quiet --python "$PYTHON" "$VENV" || return 1
    fi
    # Offline first: with a warm cache this asks the registry nothing, where revalidating each
    # cached index page took most of a warm install's 10-14 s. A cold cache (or a new pin in
    # pyproject.toml that nothing cached satisfies) fails at once, and the online install runs.
    "$uv" pip install --quiet --offline --python "$VENV/bin/python" -e ".[$EXTRA]" 2>/dev/null ||
        "$uv" pip install --quiet --python "$VENV/bin/python" -e ".[$EXTRA]"
}

with_pip() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
    fi
    # A venv made by uv has no pip of its own.
    if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
        "$VENV/bin/python" -m ensurepip --quiet
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet -e ".[$EXTRA]"
}

if uv=$(find_uv) && with_uv "$uv"; then
    exit 0
fi
echo "install_python.sh: uv is not available or failed; installing .[$EXTRA] with pip" >&2
with_pip
