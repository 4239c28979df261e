#!/usr/bin/env bash
# Installs dynalite (a DynamoDB-compatible server on LevelDB) into infra/node_modules,
# so the store contract tests can run against a real server over HTTP.
# Idempotent: does nothing when the pinned version is already there.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
    else
        echo "setup_dynalite: npm not found; install Node.js 20+ (apt-get install nodejs npm)" >&2
        exit 1
    fi
fi
want=$(node -p "require('./package.json').dependencies.dynalite")
have=$(node -p "try { require('./node_modules/dynalite/package.json').version } catch (e) { '' }")
if [ "$want" != "$have" ]; then
    npm install --no-audit --no-fund --loglevel=error
fi
test -f node_modules/dynalite/cli.js
