#!/usr/bin/env bash
# Validates this tool against the real sysbench-tpcc in both directions, on a throwaway
# PostgreSQL cluster (issue #13):
#   1. sysbench-tpcc's prepare -> our check (all 12 hold, 11 checked), our run, our check (11
#      skipped, read from the data), our cleanup (sysbench's tables gone, nothing else);
#   2. our prepare -> sysbench-tpcc's run and check -> our check (11 skipped after its run).
# Needs `sysbench` (apt-get install sysbench) and a sysbench-tpcc checkout with tpcc.lua.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"

sysbench_dir="${SYSBENCH_TPCC_DIR:-}"
seconds="${INTEROP_TIME:-5}"
workdir=""

die() {
  echo "sysbench-interop: error: $*" >&2
  exit 1
}

for arg in "$@"; do
  case "$arg" in
    --sysbench-tpcc-dir=*) sysbench_dir="${arg#*=}" ;;
    -h | --help)
      echo "Usage: scripts/sysbench-interop.sh [--sysbench-tpcc-dir=DIR]  [SYSBENCH_TPCC_DIR]"
      exit 0
      ;;
    *) die "unknown argument '$arg'; see --help" ;;
  esac
done
[[ -n "$sysbench_dir" ]] || die "no sysbench-tpcc checkout: set SYSBENCH_TPCC_DIR or pass --sysbench-tpcc-dir=DIR"
[[ -f "$sysbench_dir/tpcc.lua" ]] || die "no tpcc.lua in '$sysbench_dir'"
command -v sysbench >/dev/null 2>&1 || die "'sysbench' not found; install it: apt-get install sysbench"
sysbench_dir="$(cd "$sysbench_dir" && pwd)"

finish() {
  local status=$?
  trap - EXIT INT TERM
  cluster_stop
  if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-interop.XXXXXX")"
cluster_start "$workdir" "fsync = off" "synchronous_commit = off" "max_connections = 100"

sql() {
  "$CLUSTER_CLIENT_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres \
    -d "$1" -c "$2"
}

ours() {
  local db="$1"
  shift
  "$root/bin/tpcc" --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres \
    --pgsql-db="$db" --tables=1 --scale=1 --threads=2 "$@"
}

theirs() {
  local db="$1"
  shift
  (cd "$sysbench_dir" && exec sysbench tpcc.lua --db-driver=pgsql --pgsql-host=127.0.0.1 \
    --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db="$db" --tables=1 --scale=1 \
    --threads=1 --trx_level=RC "$@")
}

# Runs a command, keeps its output in $workdir/$1.log, and fails the script if it fails.
step() {
  local name="$1"
  shift
  echo "== $name"
  if ! "$@" >"$workdir/$name.log" 2>&1; then
    cat "$workdir/$name.log" >&2
    die "$name failed"
  fi
}

expect() {
  local name="$1" text="$2"
  grep -qF -- "$text" "$workdir/$name.log" || {
    cat "$workdir/$name.log" >&2
    die "$name: expected '$text'"
  }
}

sql postgres "CREATE DATABASE theirs"
sql postgres "CREATE DATABASE ours"

# 1. sysbench-tpcc's data set, our run and check.
sql theirs "CREATE TABLE users_own (id int)"
step sysbench-prepare theirs theirs prepare
step our-check-fresh ours theirs check
expect our-check-fresh "were loaded by sysbench-tpcc, 1 warehouse(s) per set"
expect our-check-fresh "[11] PASSED"
expect our-check-fresh "check: all 12 conditions checked hold"
step our-run-on-theirs ours theirs --time="$seconds" run
expect our-run-on-theirs "runs draw their C values freely"
step our-check-after ours theirs check
expect our-check-after "[11] SKIPPED"
expect our-check-after "transactions have run (read from the data"
step sysbench-check-after-ours theirs theirs check
if grep -q "FAILED" "$workdir/sysbench-check-after-ours.log"; then
  cat "$workdir/sysbench-check-after-ours.log" >&2
  die "sysbench-tpcc's check fails after our run"
fi
step our-cleanup ours theirs cleanup
expect our-cleanup "dropped table sets 1 (9 tables)"
[[ "$(sql theirs "SELECT count(*) FROM pg_class WHERE relname ~ '^(warehouse|item|stock)1\$'")" == 0 ]] ||
  die "our cleanup left sysbench-tpcc's tables"
[[ "$(sql theirs "SELECT count(*) FROM users_own")" == 0 ]] || die "users_own changed"

# 2. our data set, sysbench-tpcc's run and check.
step our-prepare ours ours prepare
step sysbench-run-on-ours theirs ours --time="$seconds" run
step sysbench-check-on-ours theirs ours check
if grep -q "FAILED" "$workdir/sysbench-check-on-ours.log"; then
  cat "$workdir/sysbench-check-on-ours.log" >&2
  die "sysbench-tpcc's check fails on our data set after its run"
fi
step our-check-after-sysbench ours ours check
expect our-check-after-sysbench "[11] SKIPPED"
expect our-check-after-sysbench "transactions have run (read from the data"
echo "sysbench-interop: both directions pass"
