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
tools="${BENCH_TOOLS:-pgbench tpcc}"
db=bench
workdir=""

usage() {
  cat <<EOF
Usage: scripts/bench-tpcb.sh [--scale=N] [--clients=N] [--jobs=N] [--duration=S] [--rounds=N]
                             [--workloads="tpcb-like select-only"] [--mode=prepared]
                             [--tools="pgbench tpcc"]

Initializes pgbench's tables once (real pgbench, -i -s N) on a cluster this script creates and
removes, then for each round and workload runs pgbench and 'bin/tpcc tpcb' with the same options
(-b WORKLOAD -M MODE -c N -j J -T S), alternating which goes first. 'bin/tpcc' runs as users run
it, on the JDK it chooses (TPCC_JAVA and TPCC_JAVA_OPTS apply). Prints each run's tps and the
client's CPU time (utime+stime of the client process and its children, from /proc), then per
workload the median tps of each tool, its ratio to the first tool's and CPU ms per 1,000
transactions. The tool tpcc-metrics is bin/tpcc with --metrics-port, scraped once a second by curl
(from outside the measured process): what live metrics cost against the tool tpcc.

Options (environment variable in brackets, default last):
  --scale=N        pgbench scale                      [BENCH_SCALE]     10
  --clients=N      clients                            [BENCH_CLIENTS]   8
  --jobs=N         -j threads                         [BENCH_JOBS]      = --clients
  --duration=S     seconds per run                    [BENCH_DURATION]  30
  --rounds=N       rounds per tool and workload       [BENCH_ROUNDS]    3
  --workloads=LIST builtin scripts                    [BENCH_WORKLOADS] "tpcb-like select-only"
  --mode=MODE      -M simple|extended|prepared        [BENCH_MODE]      prepared
  --tools=LIST     pgbench, tpcc, tpcc-metrics        [BENCH_TOOLS]     "pgbench tpcc"
Needs pgbench and the PostgreSQL server binaries, Java 17+ and Maven.
EOF
}

die() {
  echo "bench-tpcb: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--scale=scale --clients=clients --jobs=jobs --duration=duration --rounds=rounds --workloads=workloads --mode=mode --tools=tools" "$@"
  require_positive --scale "$scale"
  require_positive --clients "$clients"
  jobs="${jobs:-$clients}"
  require_positive --jobs "$jobs"
  require_positive --duration "$duration"
  require_positive --rounds "$rounds"
  [[ "$mode" =~ ^(simple|extended|prepared)$ ]] || die "--mode=$mode: use simple, extended or prepared"
  local tool
  for tool in $tools; do
    [[ "$tool" =~ ^(pgbench|tpcc|tpcc-metrics)$ ]] ||
      die "--tools=$tools: '$tool' is not one of pgbench, tpcc, tpcc-metrics"
  done
  [[ -n "${tools// /}" ]] || die "--tools is empty: name pgbench, tpcc or tpcc-metrics"
  if [[ "$tools" == *tpcc-metrics* ]]; then
    command -v curl >/dev/null || die "--tools=$tools: tpcc-metrics needs curl to scrape"
  fi
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

# bin/tpcc serving live metrics on port $METRICS_PORT (see measure, which scrapes it).
tpcc_metrics_cmd() {
  tpcc_cmd --metrics-port="$METRICS_PORT" "$@"
}

# Scrapes http://127.0.0.1:$METRICS_PORT/metrics once a second until killed, as Prometheus would
# (at a shorter interval than its default 15 s, to make the cost visible).
scrape_metrics() {
  while true; do
    curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$METRICS_PORT/metrics" || true
    sleep 1
  done
}

measure() {
  local tool="$1" workload="$2" round="$3" log cpu tps txns scraper="" ok=1
  log="$workdir/$tool-$workload-$round.log"
  if [[ "$tool" == tpcc-metrics ]]; then
    METRICS_PORT="$(cluster_free_port)" || die "no free port for --metrics-port"
    export METRICS_PORT
    scrape_metrics &
    scraper=$!
  fi
  cpu="$(client_cpu "$log" "${tool//-/_}_cmd" -b "$workload" -M "$mode" -c "$clients" \
    -j "$jobs" -T "$duration")" || ok=""
  if [[ -n "$scraper" ]]; then
    kill "$scraper" 2>/dev/null || true
    wait "$scraper" 2>/dev/null || true
  fi
  if [[ -z "$ok" ]]; then
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

# Per workload and tool: the median tps, its ratio to the first tool's, and the median client CPU
# per 1,000 transactions with its ratio.
report() {
  local workload tool first base_tps base_cpu tps cpu
  first="${tools%% *}"
  echo
  for workload in $workloads; do
    base_tps="$(awk '{ print $1 }' "$workdir/$first-$workload.results" | median)"
    base_cpu="$(awk '{ print $2 * 1e6 / $3 }' "$workdir/$first-$workload.results" | median)"
    for tool in $tools; do
      tps="$(awk '{ print $1 }' "$workdir/$tool-$workload.results" | median)"
      cpu="$(awk '{ print $2 * 1e6 / $3 }' "$workdir/$tool-$workload.results" | median)"
      awk -v w="$workload" -v t="$tool" -v f="$first" -v tps="$tps" -v cpu="$cpu" \
        -v bt="$base_tps" -v bc="$base_cpu" 'BEGIN {
        printf "%-12s %-12s median tps %10.1f (%.3f x %s)  client CPU per 1000 txn %8.1f ms (%.3f x %s)\n",
          w, t, tps, tps / bt, f, cpu, cpu / bc, f
      }'
    done
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
  export -f pgbench_cmd tpcc_cmd tpcc_metrics_cmd
  export CLUSTER_BINDIR CLUSTER_PORT db root
  local round workload tool order
  for ((round = 1; round <= rounds; round++)); do
    # Odd rounds in the order given, even rounds reversed, so drift hits every tool alike.
    order="$tools"
    if ((round % 2 == 0)); then order="$(echo "$tools" | tr ' ' '\n' | tac | tr '\n' ' ')"; fi
    for workload in $workloads; do
      for tool in $order; do
        measure "$tool" "$workload" "$round"
      done
    done
  done
  report
}

main "$@"
