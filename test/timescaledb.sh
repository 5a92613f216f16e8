#!/usr/bin/env bash
# The production storage path (TimescaleDB, compressed chunks: sql/migrations/0002) under test: runs the
# market-data, history and worker tests against a throw-away PostgreSQL 15 cluster with TimescaleDB preloaded,
# installed from ../shared/tools/timescaledb (a test tool next to the repository; the product never reads it).
# Where that folder is missing, says clearly that this part did not run (and fails under CI=true). Part of `pnpm test` (and so `.ci/run`).
set -euo pipefail
cd "$(dirname "$0")/.."

tools="$(cd .. && pwd)/shared/tools/timescaledb"
files=(server/test/market worker/test sql/test/migrate-owner.test.ts)
skip() {
  echo "timescaledb: $1"
  # Under CI the production storage path must be tested: not running it fails the run, loudly.
  if [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; then
    echo "timescaledb: *** FAILED: the TimescaleDB storage tests could not run under CI (CI=$CI) ***" >&2
    exit 1
  fi
  echo "timescaledb: *** the TimescaleDB storage tests did NOT run (the plain-table run above still counts) ***"
  exit 0
}
[ -d "$tools" ] || skip "no ../shared/tools/timescaledb next to the repository"

# PostgreSQL refuses to run as root: the cluster runs as `postgres`.
if [ "$(id -u)" = 0 ]; then
  as_root() { "$@"; }
  as_pg() { runuser -u postgres -- "$@"; }
elif sudo -n true 2>/dev/null; then
  as_root() { sudo -n "$@"; }
  as_pg() { sudo -n -u postgres "$@"; }
else
  skip "installing TimescaleDB needs root or password-less sudo"
fi

bin=/usr/lib/postgresql/15/bin
if [ ! -f /usr/share/postgresql/15/extension/timescaledb--2.28.2.sql ] || [ ! -x "$bin/postgres" ]; then
  echo "timescaledb: installing TimescaleDB 2.28.2 into Debian's PostgreSQL 15"
  as_root "$tools/install.sh" >/dev/null
fi

dir=$(mktemp -d /tmp/pippitch-timescaledb.XXXXXX)
cleanup() {
  as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
chown postgres "$dir" 2>/dev/null || as_root chown postgres "$dir"
port=$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C >/dev/null
# No TimescaleDB job schedulers: each one holds a connection to its database, and the test template database
# must have none for CREATE DATABASE … TEMPLATE. The tests compress chunks themselves (server/test/market/fixtures.ts).
printf "shared_preload_libraries = 'timescaledb'\nport = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\ntimescaledb.telemetry_level = off\ntimescaledb.max_background_workers = 0\n" \
  "$port" "$dir/data" | as_pg tee -a "$dir/data/postgresql.conf" >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/log" -w -t 60 start >/dev/null
echo "timescaledb: PostgreSQL 15 + TimescaleDB on port $port: ${files[*]}"

# EXPECT_TIMESCALEDB makes the tests fail unless the bars really are a compressed hypertable.
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" EXPECT_TIMESCALEDB=1 \
  npx vitest run --project integration "${files[@]}"
