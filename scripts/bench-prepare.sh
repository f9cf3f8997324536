#!/usr/bin/env bash
# Times `prepare` of sysbench-tpcc against ours on one throwaway PostgreSQL cluster with the same
# settings, in alternating rounds, and prints the medians and their ratio. See docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

tables="${BENCH_TABLES:-1}"
scale="${BENCH_SCALE:-10}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"
fsync="${BENCH_FSYNC:-on}" # on: the load's I/O cost is part of what is compared
sysbench_dir="${SYSBENCH_TPCC_DIR:-}"
barrier=30 # seconds sysbench-tpcc's prepare sleeps between creating and loading the tables
db=bench
workdir=""
child=""

usage() {
  cat <<EOF
Usage: scripts/bench-prepare.sh [--tables=N] [--scale=N] [--threads=N] [--rounds=N]
                                [--fsync=on|off] [--sysbench-tpcc-dir=DIR]

Times sysbench-tpcc's 'prepare' and ours (bin/tpcc prepare) for the same table sets, warehouses
and threads, on a PostgreSQL cluster this script creates and removes, in alternating rounds with
a cleanup and a CHECKPOINT before each load. Prints every round's wall time and database size,
the median per tool, the ratio ours / sysbench-tpcc (also against sysbench-tpcc's time less its
${barrier} s sleep), and our per-table rows/s and MB/s.

Options (environment variable in brackets, default last):
  --tables=N               table sets                          [BENCH_TABLES]   1
  --scale=N                warehouses per set                  [BENCH_SCALE]    10
  --threads=N              loader threads of both tools        [BENCH_THREADS]  2
  --rounds=N               rounds per tool                     [BENCH_ROUNDS]   2
  --fsync=on|off           the server's fsync setting          [BENCH_FSYNC]    on
  --sysbench-tpcc-dir=DIR  checkout of sysbench-tpcc's Lua     [SYSBENCH_TPCC_DIR]
Needs 'sysbench' (apt-get install sysbench), a sysbench-tpcc checkout
(git clone https://github.com/Percona-Lab/sysbench-tpcc), Java 17+, Maven and the PostgreSQL
server binaries.
EOF
}

die() {
  echo "bench-prepare: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--tables=tables --scale=scale --threads=threads --rounds=rounds --fsync=fsync --sysbench-tpcc-dir=sysbench_dir" "$@"
  require_positive --tables "$tables"
  require_positive --scale "$scale"
  require_positive --threads "$threads"
  require_positive --rounds "$rounds"
  [[ "$fsync" == on || "$fsync" == off ]] || die "--fsync=$fsync is invalid: use on or off"
}

check_tools() {
  command -v sysbench >/dev/null 2>&1 || die "'sysbench' not found; install it: apt-get install sysbench"
  [[ -n "$sysbench_dir" ]] || die "set SYSBENCH_TPCC_DIR (or --sysbench-tpcc-dir) to a checkout of" \
    "sysbench-tpcc: git clone https://github.com/Percona-Lab/sysbench-tpcc"
  [[ -f "$sysbench_dir/tpcc.lua" && -f "$sysbench_dir/tpcc_common.lua" ]] || die "no tpcc.lua and" \
    "tpcc_common.lua in '$sysbench_dir'; get them: git clone https://github.com/Percona-Lab/sysbench-tpcc"
  sysbench_dir="$(cd "$sysbench_dir" && pwd)"
  echo "bench-prepare: building bin/tpcc if needed..."
  "$root/bin/tpcc" --version >/dev/null || die "bin/tpcc does not build or start"
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$child" ]] && kill -0 "$child" 2>/dev/null; then
    kill -TERM -- "-$child" 2>/dev/null || kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  cluster_stop
  if [[ -n "$workdir" ]]; then
    rm -rf "$workdir"
  fi
  exit "$status"
}

sql() {
  "$CLUSTER_CLIENT_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres \
    -d "${2:-$db}" -c "$1"
}

# Runs a command in the background, in a process group of its own (so a signal reaches this
# script at once and can be passed on to the whole group), with its output in a log file; on
# failure shows the log's tail and stops.
run_logged() {
  local log="$1"
  shift
  set -m
  "$@" >"$log" 2>&1 &
  child=$!
  set +m
  if ! wait "$child"; then
    child=""
    echo "bench-prepare: error: '$*' failed; last lines of its output:" >&2
    tail -n 20 "$log" >&2
    exit 1
  fi
  child=""
}

sysbench_cmd() {
  (cd "$sysbench_dir" && exec sysbench tpcc.lua --db-driver=pgsql --pgsql-host=127.0.0.1 \
    --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db="$db" --tables="$tables" \
    --scale="$scale" --threads="$threads" --use_fk=1 --trx_level=RC "$1")
}

ours_cmd() {
  "$root/bin/tpcc" "$1" --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres \
    --pgsql-db="$db" --tables="$tables" --scale="$scale" --threads="$threads" --use_fk=1
}

# One timed prepare of one tool, then its database size, then an untimed cleanup.
measure() {
  local tool="$1" round="$2" log="$workdir/$1-$2.log" start end seconds size
  sql "CHECKPOINT"
  start="$(date +%s.%N)"
  run_logged "$log" "${tool}_cmd" prepare
  end="$(date +%s.%N)"
  seconds="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
  size="$(sql "SELECT pg_size_pretty(pg_database_size('$db'))")"
  printf '  round %d  %-9s %8.1f s   database size %s\n' "$round" "$tool" "$seconds" "$size"
  echo "$seconds" >>"$workdir/$tool.times"
  if [[ "$tool" == ours ]]; then
    sed -n '/^table /,/^prepare: done/p' "$log" | sed 's/^/      /'
  fi
  run_logged "$workdir/$tool-$round-cleanup.log" "${tool}_cmd" cleanup
}

median() {
  sort -n "$1" | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.1f", m }'
}

report() {
  local sb ours
  sb="$(median "$workdir/sysbench.times")"
  ours="$(median "$workdir/ours.times")"
  awk -v sb="$sb" -v ours="$ours" -v barrier="$barrier" 'BEGIN {
    net = sb - barrier
    printf "\nmedian    sysbench-tpcc %8.1f s as measured (what a user waits for)\n", sb
    printf "          sysbench-tpcc %8.1f s less its %d s sleep (\"Waiting on tables 30 sec\")\n", net, barrier
    printf "          ours          %8.1f s\n", ours
    printf "ratio     ours / sysbench-tpcc as measured      %.3f\n", ours / sb
    if (net > 0) printf "          ours / sysbench-tpcc less its sleep   %.3f\n", ours / net
    printf "target    ratio <= 0.200 at 1 set x 10 warehouses x 2 threads\n"
  }'
}

main() {
  parse_args "$@"
  check_tools
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-logs.XXXXXX")"
  cluster_start "$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-cluster.XXXXXX")" "fsync = $fsync" "shared_buffers = 1GB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 30min" "log_min_messages = warning"
  sql "CREATE DATABASE $db" postgres
  echo "bench-prepare: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}')" \
    "on 127.0.0.1:$CLUSTER_PORT (fsync=$fsync, shared_buffers=1GB, max_wal_size=8GB," \
    "checkpoint_timeout=30min); $(sysbench --version); sysbench-tpcc from $sysbench_dir"
  echo "bench-prepare: $tables set(s) x $scale warehouse(s), $threads thread(s), foreign keys on," \
    "$rounds round(s) per tool; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "bench-prepare: sysbench-tpcc's time includes its fixed ${barrier} s sleep; it is shown" \
    "with and without it"
  local round
  for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then
      measure sysbench "$round"
      measure ours "$round"
    else
      measure ours "$round"
      measure sysbench "$round"
    fi
  done
  report
}

main "$@"
