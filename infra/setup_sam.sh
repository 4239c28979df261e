#!/usr/bin/env bash
# Installs the AWS SAM CLI into its own venv (.venv-sam at the repo root): its pinned
# dependencies clash with the project's, so it never shares the dev venv.
# Idempotent; prints nothing when the venv is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=.venv-sam
SAM_VERSION=${SAM_VERSION:-1.170.0}
if [ -x "$VENV/bin/sam" ] && "$VENV/bin/sam" --version 2>/dev/null | grep -q "$SAM_VERSION"; then
    exit 0
fi
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "aws-sam-cli==$SAM_VERSION"
"$VENV/bin/sam" --version
