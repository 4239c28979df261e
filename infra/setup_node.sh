#!/usr/bin/env bash
# Installs the Node tools pinned in infra/package.json into infra/node_modules: dynalite
# (a DynamoDB-compatible server on LevelDB) for the store contract tests, and the dev
# dependencies: prettier for `make format` / `make format-check`, eslint and globals for
# `make lint` (eslint.config.js), axe-core for
# tests/frontend/e2e/test_axe.py, lighthouse (12.x: 13 needs Node 22) for `make bench`. Node itself comes from apt
# when it is missing and we are root. (`make jstest` needs only node, none of these.)
# Idempotent: runs npm only when a pinned version is not the one installed.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
    else
        echo "setup_node: npm not found; install Node.js 20+ (apt-get install nodejs npm)" >&2
        exit 1
    fi
fi
# The packages whose installed version differs from the pinned one (or that are missing).
stale=$(node -e '
const pkg = require("./package.json")
const pinned = { ...pkg.dependencies, ...pkg.devDependencies }
const installed = name => {
    try { return require(`./node_modules/${name}/package.json`).version } catch { return "" }
}
console.log(Object.keys(pinned).filter(name => installed(name) !== pinned[name]).join(" "))
')
if [ -n "$stale" ]; then
    # --include=dev: prettier is a dev dependency, wanted even where NODE_ENV=production.
    npm install --include=dev --no-audit --no-fund --loglevel=error
fi
test -f node_modules/dynalite/cli.js
test -x node_modules/.bin/prettier
test -x node_modules/.bin/eslint
