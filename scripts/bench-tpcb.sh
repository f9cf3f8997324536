#!/usr/bin/env bash
# Runs pgbench and `bin/tpcc tpcb` back to back on one throwaway PostgreSQL cluster and the same
# data, in alternating rounds, and prints the tps ratio and each client's CPU per 1,000
# transactions. See docs/tpcb.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

scale="${BENCH_SCALE:-10}"
clients="${BENCH_CLIENTS:-8}"
jobs="${BENCH_JOBS:-}"
duration="${BENCH_DURATION:-30}"
rounds="${BENCH_ROUNDS:-3}"
workloads="${BENCH_WORKLOADS:-tpcb-like select-only}"
mode="${BENCH_MODE:-prepared}"
db=bench
workdir=""

usage() {
  cat <<EOF
Usage: scripts/bench-tpcb.sh [--scale=N] [--clients=N] [--jobs=N] [--duration=S] [--rounds=N]
                             [--workloads="tpcb-like select-only"] [--mode=prepared]

Initializes pgbench's tables once (real pgbench, -i -s N) on a cluster this script creates and
removes, then for each round and workload runs pgbench and 'bin/tpcc tpcb' with the same options
(-b WORKLOAD -M MODE -c N -j J -T S), alternating which goes first. 'bin/tpcc' runs as users run
it, on the JDK it chooses (TPCC_JAVA and TPCC_JAVA_OPTS apply). Prints each run's tps and the
client's CPU time (utime+stime of the client process and its children, from /proc), then per
workload the median tps of each tool, the ratio tpcc/pgbench and CPU ms per 1,000 transactions.

Options (environment variable in brackets, default last):
  --scale=N        pgbench scale                      [BENCH_SCALE]     10
  --clients=N      clients                            [BENCH_CLIENTS]   8
  --jobs=N         -j threads                         [BENCH_JOBS]      = --clients
  --duration=S     seconds per run                    [BENCH_DURATION]  30
  --rounds=N       rounds per tool and workload       [BENCH_ROUNDS]    3
  --workloads=LIST builtin scripts                    [BENCH_WORKLOADS] "tpcb-like select-only"
  --mode=MODE      -M simple|extended|prepared        [BENCH_MODE]      prepared
Needs pgbench and the PostgreSQL server binaries, Java 17+ and Maven.
EOF
}

die() {
  echo "bench-tpcb: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--scale=scale --clients=clients --jobs=jobs --duration=duration --rounds=rounds --workloads=workloads --mode=mode" "$@"
  require_positive --scale "$scale"
  require_positive --clients "$clients"
  jobs="${jobs:-$clients}"
  require_positive --jobs "$jobs"
  require_positive --duration "$duration"
  require_positive --rounds "$rounds"
  [[ "$mode" =~ ^(simple|extended|prepared)$ ]] || die "--mode=$mode: use simple, extended or prepared"
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  cluster_stop
  if [[ -n "$workdir" ]]; then
    rm -rf "$workdir"
  fi
  exit "$status"
}

# Runs a client with its output in a log file and prints its CPU seconds (user + system, its
# children included): a wrapper shell waits for the client, then reads its own cutime and cstime
# (fields 16 and 17 of /proc/<pid>/stat), which now hold the client's.
client_cpu() {
  local log="$1"
  shift
  # shellcheck disable=SC2016 # expanded by the wrapper shell
  bash -c '"$@" >"$0" 2>&1; rc=$?; read -r -a f </proc/$$/stat; echo "${f[15]} ${f[16]}"; exit $rc' \
    "$log" "$@" | awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($1 + $2) / hz }'
  return "${PIPESTATUS[0]}"
}

pgbench_cmd() {
  "$CLUSTER_BINDIR/pgbench" -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres "$@" "$db"
}

tpcc_cmd() {
  "$root/bin/tpcc" tpcb -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres "$@" "$db"
}

measure() {
  local tool="$1" workload="$2" round="$3" log cpu tps txns
  log="$workdir/$tool-$workload-$round.log"
  if ! cpu="$(client_cpu "$log" "${tool}_cmd" -b "$workload" -M "$mode" -c "$clients" \
    -j "$jobs" -T "$duration")"; then
    tail -n 20 "$log" >&2
    die "$tool failed"
  fi
  tps="$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$log")"
  txns="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$log")"
  printf '  round %d  %-12s %-8s %12.1f tps  %8s s CPU  %8.1f ms CPU / 1000 txn\n' "$round" \
    "$workload" "$tool" "$tps" "$cpu" "$(awk -v c="$cpu" -v n="$txns" 'BEGIN { print c * 1e6 / n }')"
  echo "$tps $cpu $txns" >>"$workdir/$tool-$workload.results"
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

report() {
  local workload tool
  echo
  for workload in $workloads; do
    for tool in pgbench tpcc; do
      awk '{ print $1 }' "$workdir/$tool-$workload.results" | median >"$workdir/$tool.tps"
      awk '{ print $2 * 1e6 / $3 }' "$workdir/$tool-$workload.results" | median >"$workdir/$tool.cpu"
    done
    awk -v w="$workload" -v pg="$(cat "$workdir/pgbench.tps")" -v ours="$(cat "$workdir/tpcc.tps")" \
      -v pc="$(cat "$workdir/pgbench.cpu")" -v oc="$(cat "$workdir/tpcc.cpu")" 'BEGIN {
      printf "%-12s median tps  pgbench %.1f  tpcc %.1f  ratio tpcc/pgbench %.3f\n", w, pg, ours, ours / pg
      printf "%-12s median client CPU per 1000 txn  pgbench %.1f ms  tpcc %.1f ms\n", w, pc, oc
    }'
  done
}

main() {
  parse_args "$@"
  echo "bench-tpcb: building bin/tpcc if needed..."
  "$root/bin/tpcc" --version | tail -n 1 || die "bin/tpcc does not build or start"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcb-bench-logs.XXXXXX")"
  cluster_start "$(mktemp -d "${TMPDIR:-/tmp}/tpcb-bench-cluster.XXXXXX")" \
    "shared_buffers = 1GB" "max_wal_size = 8GB" "checkpoint_timeout = 30min" \
    "max_connections = $((clients + 50))" "log_min_messages = warning"
  [[ -x "$CLUSTER_BINDIR/pgbench" ]] || die "no pgbench in $CLUSTER_BINDIR"
  "$CLUSTER_BINDIR/psql" -X -q -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres -d postgres \
    -c "CREATE DATABASE $db"
  if ! pgbench_cmd -i -s "$scale" -q >"$workdir/init.log" 2>&1; then
    cat "$workdir/init.log" >&2
    die "pgbench -i failed"
  fi
  echo "bench-tpcb: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}') on" \
    "127.0.0.1:$CLUSTER_PORT; scale $scale, -c $clients -j $jobs, -M $mode, ${duration} s per run," \
    "$rounds round(s); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  # The clients run in a wrapper shell (see client_cpu), which needs these.
  export -f pgbench_cmd tpcc_cmd
  export CLUSTER_BINDIR CLUSTER_PORT db root
  local round workload
  for ((round = 1; round <= rounds; round++)); do
    for workload in $workloads; do
      if ((round % 2)); then
        measure pgbench "$workload" "$round"
        measure tpcc "$workload" "$round"
      else
        measure tpcc "$workload" "$round"
        measure pgbench "$workload" "$round"
      fi
    done
  done
  report
}

main "$@"
