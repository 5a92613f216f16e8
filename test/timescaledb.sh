#!/usr/bin/env bash
# The production storage path (TimescaleDB, compressed chunks: sql/migrations/0002) under test: runs the
# market-data, history and worker market tests against a throw-away PostgreSQL 15 cluster with TimescaleDB preloaded,
# installed from ../shared/tools/timescaledb (a test tool next to the repository; the product never reads it), and
# the restore rehearsal (sql/test/restore.timescaledb.test.ts), which restores a dump of that cluster into a second,
# empty one that checks passwords, as docs/operations.md says.
# Where that folder is missing, says clearly that this part did not run (and fails under CI=true). Part of `pnpm test` (and so `.ci/run`).
set -euo pipefail
cd "$(dirname "$0")/.."

tools="$(cd .. && pwd)/shared/tools/timescaledb"
# What touches the storage path: the market-data writers and readers, the worker's market tests, the migrations as
# the owner role and the restore. The worker's job-runner and process tests (SIGTERM at 50 moments, log levels,
# pg-boss queues) test processes and queues, not storage; they run once, in the integration project (a third of
# this run's time repeated nothing TimescaleDB changes: issue 36 §5).
files=(server/test/market worker/test/market-*.test.ts sql/test/migrate-owner.test.ts sql/test/restore.timescaledb.test.ts)
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
  for data in "$dir/data" "$dir/target"; do
    as_pg "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  done
  rm -rf "$dir"
}
trap cleanup EXIT
chown postgres "$dir" 2>/dev/null || as_root chown postgres "$dir"
free_port() { node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port=$(free_port)

as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C >/dev/null
# No TimescaleDB job schedulers: each one holds a connection to its database, and the test template database
# must have none for CREATE DATABASE … TEMPLATE. The tests compress chunks themselves (server/test/market/fixtures.ts).
printf "shared_preload_libraries = 'timescaledb'\nport = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\ntimescaledb.telemetry_level = off\ntimescaledb.max_background_workers = 0\n" \
  "$port" "$dir/data" | as_pg tee -a "$dir/data/postgresql.conf" >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/log" -w -t 60 start >/dev/null

# The restore rehearsal's target: a second, empty cluster as a production one is, checking passwords on TCP (the
# application's role logs in with its own); its superuser's password is made here. No background workers either:
# this build's background jobs fail (../shared/tools/timescaledb/README.md), which only adds noise to its log.
target_port=$(free_port)
target_password=$(node -e "console.log(require('node:crypto').randomBytes(18).toString('hex'))")
printf '%s\n' "$target_password" >"$dir/target-password"
chown postgres "$dir/target-password" 2>/dev/null || as_root chown postgres "$dir/target-password"
as_pg "$bin/initdb" -D "$dir/target" -U postgres -E UTF8 --locale=C --auth-local=trust --auth-host=scram-sha-256 \
  --pwfile="$dir/target-password" >/dev/null
printf "shared_preload_libraries = 'timescaledb'\nport = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\ntimescaledb.telemetry_level = off\ntimescaledb.max_background_workers = 0\n" \
  "$target_port" "$dir/target" | as_pg tee -a "$dir/target/postgresql.conf" >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/target" -l "$dir/target/log" -w -t 60 start >/dev/null
echo "timescaledb: PostgreSQL 15 + TimescaleDB on port $port (restore target on $target_port): ${files[*]}"

# EXPECT_TIMESCALEDB makes the tests fail unless the bars really are a compressed hypertable.
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" EXPECT_TIMESCALEDB=1 \
  RESTORE_TARGET_URL="postgres://postgres:$target_password@127.0.0.1:$target_port/postgres" PG_BIN="$bin" \
  npx vitest run --project integration --project timescaledb "${files[@]}"
