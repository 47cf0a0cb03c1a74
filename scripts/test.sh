#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit and API tests (server on PGlite and on
# PostgreSQL), browser journeys in Chromium, and every benchmark once at a small size.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh
export TEST_PG_URL="postgresql://postgres@127.0.0.1:${TEST_PG_PORT:-54329}/postgres"

# Each step's heading says how long the run has taken so far, so a slow step shows in CI's log,
# and the space left where the tests write (the checkout and the temporary folder), so a full disk
# shows before the step it stops (each server suite copies the ~400 MB demo database for each file,
# the browser journeys run several portals, the benchmarks their own: docs/decisions/0067).
free_space() { df -Pk "$1" | awk 'NR == 2 { printf "%.1f GB", $4 / 1048576 }'; }
step() {
  printf '\n=== %s (at %dm%02ds; free: %s here, %s in %s) ===\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)) \
    "$(free_space .)" "$(free_space "${TMPDIR:-/tmp}")" "${TMPDIR:-/tmp}"
}
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"

step "typecheck and lint, side by side"
# Each is one process on one core: the two take the time of the longer instead of the sum.
npm run typecheck >"$results/typecheck.log" 2>&1 &
typecheck_run=$!
lint_rc=0
npm run lint >"$results/lint.log" 2>&1 || lint_rc=$?
typecheck_rc=0
wait "$typecheck_run" || typecheck_rc=$?
cat "$results/typecheck.log" "$results/lint.log"
[ "$typecheck_rc" -eq 0 ] && [ "$lint_rc" -eq 0 ] || { echo "typecheck: exit $typecheck_rc; lint: exit $lint_rc" >&2; exit 1; }
step "build (embedded-database snapshot and web)"
npm run build
step "unit tests of the shared package and the web (Node $(node --version))"
npx vitest run --project shared --project web --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
step "server API tests: on PGlite under Node 24, and on PostgreSQL under this machine's Node beside it"
# Node 20 is past its end of life: the shared and server suites run on Node 24 (server on PGlite),
# from the npm registry's `node` package kept in .tmp/node24 between runs, with vitest started by
# that binary; the server suite on PostgreSQL runs on the machine's Node (20) at the same time, so
# each runtime and each database runs the whole server suite once (docs/decisions/0045). Each
# suite runs one file at a time, so the two share the machine's two cores; the Node 24 run's
# output follows the PostgreSQL run's.
node24=.tmp/node24/node_modules/.bin/node
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p .tmp/node24
  [ -f .tmp/node24/package.json ] || echo '{ "private": true }' > .tmp/node24/package.json
  npm install --no-save --no-audit --no-fund --prefix .tmp/node24 node@24
fi
"$node24" node_modules/vitest/vitest.mjs run --project shared --project server --reporter=default --reporter=json --outputFile.json="$results/vitest-node24.json" >"$results/node24.log" 2>&1 &
node24_run=$!
postgres_rc=0
TEST_DATABASE_URL="$TEST_PG_URL" npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$results/vitest-postgres.json" || postgres_rc=$?
node24_rc=0
wait "$node24_run" || node24_rc=$?
printf '\n--- the shared and server suites (server on PGlite) on Node %s ---\n' "$("$node24" --version)"
cat "$results/node24.log"
# On a failure the failed tests are named last, where a log cut short still shows them.
[ "$postgres_rc" -eq 0 ] && [ "$node24_rc" -eq 0 ] || {
  node scripts/summarize-tests.mjs "$results"/vitest-postgres.json "$results"/vitest-node24.json || true
  echo "PostgreSQL run: exit $postgres_rc; Node 24 run: exit $node24_rc" >&2
  exit 1
}
step "browser journeys (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/playwright.json" npm run test:e2e
step "benchmarks (small size)"
BENCH_SMALL=1 BENCH_DATABASE_URL="$TEST_PG_URL" npm run bench
step "summary"
node scripts/summarize-tests.mjs "$results"/*.json
