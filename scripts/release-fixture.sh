#!/usr/bin/env bash
# The upgrade test's fixture (docs/decisions/0039): the demo database as a released version of the
# portal makes it, dumped. Checks the release out into a temporary worktree, starts its server once
# on an empty PostgreSQL database (the server seeds the demo data before it answers), dumps that
# database with pg_dump and compresses it into apps/server/test/fixtures/last-release.sql.br.
#
#   bash scripts/release-fixture.sh v0.28.0
#
# The release runs on this checkout's installed packages (its own workspace packages, though); if
# its package-lock.json differs from this one's, set FIXTURE_NPM_CI=1 to install its own instead.
set -euo pipefail
ref=${1:?usage: scripts/release-fixture.sh <release tag or commit>}
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/apps/server/test/fixtures"
bash "$root/scripts/ensure-test-deps.sh" >/dev/null
admin=${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:${TEST_PG_PORT:-54329}/postgres}
commit=$(git -C "$root" rev-parse --verify "$ref^{commit}")
work=$(mktemp -d)
tree="$work/release"
db="fp_release_fixture_$$"
url="${admin%/*}/$db"
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  psql -q "$admin" -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null
if [ "${FIXTURE_NPM_CI:-}" = 1 ]; then
  (cd "$tree" && npm ci --no-audit --no-fund >/dev/null)
else
  # This checkout's packages, except the workspace's own, which must be the release's.
  mkdir "$tree/node_modules"
  for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
    name=$(basename "$entry")
    [ "$name" = "@field-portal" ] || ln -s "$entry" "$tree/node_modules/$name"
  done
  mkdir "$tree/node_modules/@field-portal"
  for pkg in shared:packages/shared server:apps/server web:apps/web e2e:e2e bench:bench; do
    [ -d "$tree/${pkg#*:}" ] && ln -s "$tree/${pkg#*:}" "$tree/node_modules/@field-portal/${pkg%%:*}"
  done
fi

psql -q "$admin" -c "create database $db" >/dev/null
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
(cd "$tree" && DATABASE_URL="$url" PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn exec node --import tsx apps/server/src/main.ts) >"$work/server.log" 2>&1 &
server=$!
echo "Starting the release's server ($commit) on an empty database; it seeds the demo data first ..."
until curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 2
done
kill "$server" && wait "$server" 2>/dev/null || true
server=

mkdir -p "$out"
pg_dump --format=plain --no-owner --no-privileges "$url" >"$work/dump.sql"
node -e "
const fs = require('fs'), zlib = require('zlib');
const sql = fs.readFileSync(process.argv[1]);
fs.writeFileSync(process.argv[2], zlib.brotliCompressSync(sql, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sql.length } }));
fs.writeFileSync(process.argv[3], JSON.stringify({ ref: process.argv[4], commit: process.argv[5], version: JSON.parse(fs.readFileSync(process.argv[6], 'utf8')).version, made: new Date().toISOString() }, null, 2) + '\n');
" "$work/dump.sql" "$out/last-release.sql.br" "$out/last-release.json" "$ref" "$commit" "$tree/package.json"
ls -l "$out/last-release.sql.br"
echo "Fixture written from $ref ($commit): $out/last-release.sql.br"
