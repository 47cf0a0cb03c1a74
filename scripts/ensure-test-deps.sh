#!/usr/bin/env bash
# Installs what the tests need beyond npm (Debian's Chromium, PostgreSQL and nginx), idempotently,
# and starts a throw-away PostgreSQL server on 127.0.0.1:${TEST_PG_PORT:-54329}.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
fc-list 2>/dev/null | grep -qi 'noto sans cjk' || need+=(fonts-noto-cjk)
# The reverse-proxy test (apps/server/test/postgres/behind-a-proxy.test.ts) runs its own nginx.
[ -x /usr/sbin/nginx ] || need+=(nginx)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${need[*]} (install them with apt-get, or run as root)" >&2
    exit 1
  fi
  echo "Installing ${need[*]} ..."
  # The packages' own services (nginx on port 80, a PostgreSQL cluster) are not started: the tests
  # start their own. policy-rc.d answering 101 is Debian's way to say so during an install.
  policy=/usr/sbin/policy-rc.d
  own_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && own_policy=true
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  if [ "$own_policy" = true ]; then rm -f "$policy"; fi
fi

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PG_PORT=${TEST_PG_PORT:-54329}
PG_DATA=${TEST_PG_DATA:-${TMPDIR:-/tmp}/field-portal-test-pg}
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  echo "PostgreSQL already running on 127.0.0.1:$PG_PORT"
else
  if [ ! -f "$PG_DATA/PG_VERSION" ]; then
    rm -rf "$PG_DATA"
    mkdir -p "$PG_DATA"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$PG_DATA"
    as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -t 60 \
    -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  echo "PostgreSQL started on 127.0.0.1:$PG_PORT ($PG_DATA)"
fi
