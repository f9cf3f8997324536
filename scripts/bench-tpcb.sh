#!/usr/bin/env bash
# Runs pgbench and `bin/tpcc tpcb` back to back on one throwaway PostgreSQL cluster and the same
# data, in alternating rounds, on shared cores or with the server and the client on CPUs of their
# own, and prints the tps ratio and each client's CPU per transaction, whole process and steady
# state. See docs/tpcb.md and docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/clientcpu.sh
source "$root/scripts/lib/clientcpu.sh"

scale="${BENCH_SCALE:-10}"
clients="${BENCH_CLIENTS:-8}"
jobs="${BENCH_JOBS:-}"
duration="${BENCH_DURATION:-30}"
rounds="${BENCH_ROUNDS:-3}"
workloads="${BENCH_WORKLOADS:-tpcb-like select-only}"
mode="${BENCH_MODE:-prepared}"
tools="${BENCH_TOOLS:-pgbench tpcc}"
cpus="${BENCH_CPUS:-shared}"
server_cpus="${BENCH_SERVER_CPUS:-}"
client_cpus="${BENCH_CLIENT_CPUS:-}"
warmup="${BENCH_WARMUP:-30}"
connect="${BENCH_CONNECT:-tcp}"
alt_java_opts="${BENCH_ALT_JAVA_OPTS:-}"
db=bench
workdir=""
client_counts=() # --clients and --jobs as arrays, one -j per client count
client_jobs=()

usage() {
  cat <<EOF
Usage: scripts/bench-tpcb.sh [--scale=N] [--clients="N ..."] [--jobs="N ..."] [--duration=S]
                             [--rounds=N] [--workloads="tpcb-like select-only"] [--mode=prepared]
                             [--tools="pgbench tpcc"] [--cpus=shared|split]
                             [--server-cpus=LIST] [--client-cpus=LIST] [--warmup=S]

Initializes pgbench's tables once (real pgbench, -i -s N) on a cluster this script creates and
removes, then for each round, client count and workload runs pgbench and 'bin/tpcc tpcb' with the
same options (-b WORKLOAD -M MODE -c N -j J -T S -P 1), alternating which goes first. 'bin/tpcc'
runs as users run it, on the JDK it chooses (TPCC_JAVA and TPCC_JAVA_OPTS apply). First, one
pgbench run of --warmup seconds (select-only, the first client count) is not measured: on this
kind of virtual machine both tools' tps climb for the first 20-30 s of load on a fresh cluster
(pgbench -S -c 8 from 7,500 to 17,700 tps over 30 s), which would favour whichever runs later.

Client CPU is user + system time of the client process and its children, from /proc, counted two
ways: the whole process (start, connecting, JIT warm-up and the end included) per transaction
processed, and the steady state, from the progress line of second S/3 to that of second S-2, per
transaction in those lines. Prints each run, then per client count and workload the medians of
each tool and their ratios to the first tool's.

--cpus=split pins the server's postmaster and its processes to --server-cpus (default the first
half of the CPUs) and the client to --client-cpus (default the rest), as if the client ran on
another machine; --cpus=shared lets both use every CPU.

Workloads are pgbench's builtins and two that measure the harness: set-only (a script of one
\\set: no statement, the client's own cost per transaction) and select-1 (SELECT 1: the cheapest
round trip). Tools: pgbench; tpcc (bin/tpcc's defaults); tpcc-platform and tpcc-virtual (clients
on platform or virtual threads, -Dtpcc.clientThreads); tpcc-metrics (bin/tpcc with
--metrics-port, scraped once a second by curl from outside the measured process); tpcc-alt
(bin/tpcc with --alt-java-opts added to TPCC_JAVA_OPTS: JVM options measured against tpcc's
defaults in the same alternating rounds).

Options (environment variable in brackets, default last):
  --scale=N          pgbench scale                           [BENCH_SCALE]       10
  --clients="N ..."  client counts                           [BENCH_CLIENTS]     8
  --jobs="N ..."     -j threads: one, or one per client count [BENCH_JOBS]       = --clients
  --duration=S       seconds per run, at least 10            [BENCH_DURATION]    30
  --rounds=N         rounds per tool and workload            [BENCH_ROUNDS]      3
  --workloads=LIST   builtins, set-only, select-1            [BENCH_WORKLOADS]   "tpcb-like select-only"
  --mode=MODE        -M simple|extended|prepared             [BENCH_MODE]        prepared
  --tools=LIST       pgbench, tpcc, tpcc-platform, tpcc-virtual, tpcc-metrics, tpcc-alt
                                                             [BENCH_TOOLS]       "pgbench tpcc"
  --alt-java-opts=S  tpcc-alt's JVM options                  [BENCH_ALT_JAVA_OPTS]
  --cpus=PLACEMENT   shared or split                         [BENCH_CPUS]        shared
  --server-cpus=LIST the server's CPUs when split            [BENCH_SERVER_CPUS] first half
  --client-cpus=LIST the client's CPUs when split            [BENCH_CLIENT_CPUS] the rest
  --warmup=S         seconds of unmeasured load first, 0: none [BENCH_WARMUP]    30
  --connect=HOW      tcp (127.0.0.1) or socket (the cluster's unix socket) [BENCH_CONNECT] tcp
Needs pgbench and the PostgreSQL server binaries, Java 17+ and Maven (taskset for split).
EOF
}

die() {
  echo "bench-tpcb: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--scale=scale --clients=clients --jobs=jobs --duration=duration --rounds=rounds --workloads=workloads --mode=mode --tools=tools --warmup=warmup --cpus=cpus --server-cpus=server_cpus --client-cpus=client_cpus --alt-java-opts=alt_java_opts --connect=connect" "$@"
  require_positive --scale "$scale"
  local count
  [[ -n "${clients// /}" ]] || die "--clients is empty: name one or more client counts"
  for count in $clients; do require_positive --clients "$count"; done
  jobs="${jobs:-$clients}"
  for count in $jobs; do require_positive --jobs "$count"; done
  read -r -a client_counts <<<"$clients"
  read -r -a client_jobs <<<"$jobs"
  ((${#client_jobs[@]} == 1 || ${#client_jobs[@]} == ${#client_counts[@]})) ||
    die "--jobs=\"$jobs\" is invalid: give one value or one per client count (${#client_counts[@]})"
  while ((${#client_jobs[@]} < ${#client_counts[@]})); do client_jobs+=("${client_jobs[0]}"); done
  require_positive --duration "$duration"
  ((duration >= 10)) || die "--duration=$duration is invalid: at least 10 s, for a steady state"
  require_positive --rounds "$rounds"
  [[ "$warmup" == 0 ]] || require_positive --warmup "$warmup"
  [[ "$mode" =~ ^(simple|extended|prepared)$ ]] || die "--mode=$mode: use simple, extended or prepared"
  local tool
  for tool in $tools; do
    [[ "$tool" =~ ^(pgbench|tpcc|tpcc-platform|tpcc-virtual|tpcc-metrics|tpcc-alt)$ ]] ||
      die "--tools=$tools: '$tool' is not one of pgbench, tpcc, tpcc-platform, tpcc-virtual, tpcc-metrics, tpcc-alt"
  done
  if [[ "$tools" == *tpcc-alt* && -z "${alt_java_opts// /}" ]]; then
    die "--tools=$tools: tpcc-alt needs --alt-java-opts, the JVM options it measures"
  fi
  [[ -n "${tools// /}" ]] || die "--tools is empty: name pgbench or a tpcc tool"
  if [[ "$tools" == *tpcc-metrics* ]]; then
    command -v curl >/dev/null || die "--tools=$tools: tpcc-metrics needs curl to scrape"
  fi
  [[ -n "${workloads// /}" ]] || die "--workloads is empty"
  [[ "$connect" =~ ^(tcp|socket)$ ]] || die "--connect=$connect is invalid: use tcp or socket"
  placement_parse "$cpus" "$server_cpus" "$client_cpus"
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

pgbench_cmd() {
  "$CLUSTER_CLIENT_BINDIR/pgbench" -h "$BENCH_HOST" -p "$CLUSTER_PORT" -U postgres "$@" "$db"
}

tpcc_cmd() {
  "$root/bin/tpcc" tpcb -h "$BENCH_HOST" -p "$CLUSTER_PORT" -U postgres "$@" "$db"
}

tpcc_platform_cmd() {
  TPCC_JAVA_OPTS="${TPCC_JAVA_OPTS:-} -Dtpcc.clientThreads=platform" tpcc_cmd "$@"
}

tpcc_virtual_cmd() {
  TPCC_JAVA_OPTS="${TPCC_JAVA_OPTS:-} -Dtpcc.clientThreads=virtual" tpcc_cmd "$@"
}

tpcc_alt_cmd() {
  # shellcheck disable=SC2154 # exported by main
  TPCC_JAVA_OPTS="${TPCC_JAVA_OPTS:-} $BENCH_ALT_JAVA_OPTS" tpcc_cmd "$@"
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

# The script options for a workload: a builtin, or one of the harness scripts main writes.
script_options() {
  case "$1" in
    set-only | select-1) echo "-f $workdir/$1.sql" ;;
    *) echo "-b $1" ;;
  esac
}

# measure TOOL WORKLOAD ROUND CLIENTS JOBS: one run; appends "tps whole_cpu_s transactions
# steady_cpu_s steady_transactions" to the tool's results for the client count and workload.
measure() {
  local tool="$1" workload="$2" round="$3" c="$4" j="$5" log cpu tps txns scraper="" ok=1
  local from=$((duration / 3)) to=$((duration - 2)) whole steady steady_txns
  log="$workdir/$tool-$workload-c$c-$round.log"
  if [[ "$tool" == tpcc-metrics ]]; then
    METRICS_PORT="$(cluster_free_port)" || die "no free port for --metrics-port"
    export METRICS_PORT
    scrape_metrics &
    scraper=$!
  fi
  # shellcheck disable=SC2046 # script_options is two words
  cpu="$(client_measured "$log" pgbench "$from" "$to" "${tool//-/_}_cmd" \
    $(script_options "$workload") -M "$mode" -c "$c" -j "$j" -T "$duration" -P 1)" || ok=""
  if [[ -n "$scraper" ]]; then
    kill "$scraper" 2>/dev/null || true
    wait "$scraper" 2>/dev/null || true
  fi
  if [[ -z "$ok" ]]; then
    tail -n 20 "$log" >&2
    die "$tool failed"
  fi
  read -r whole steady _ <<<"$cpu"
  tps="$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$log")"
  txns="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$log")"
  steady_txns="$(steady_transactions "$log" pgbench "$from" "$to")"
  awk -v r="$round" -v c="$c" -v w="$workload" -v t="$tool" -v tps="$tps" -v cpu="$whole" \
    -v n="$txns" -v s="$steady" -v sn="$steady_txns" 'BEGIN {
    printf "  round %d  -c %-4d %-12s %-13s %11.1f tps %7.2f s CPU  %9.2f us/txn whole  %9s us/txn steady\n",
      r, c, w, t, tps, cpu, cpu * 1e6 / n, (s == "nan" || sn == 0) ? "n/a" : sprintf("%.2f", s * 1e6 / sn)
  }'
  echo "$tps $whole $txns $steady $steady_txns" >>"$workdir/$tool-$workload-c$c.results"
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# medians FILE: the median tps, whole-process and steady-state CPU us per transaction of a results
# file.
medians() {
  echo "$(awk '{ print $1 }' "$1" | median)" \
    "$(awk '{ print $2 * 1e6 / $3 }' "$1" | median)" \
    "$(awk '{ print ($4 == "nan" || $5 == 0) ? "nan" : $4 * 1e6 / $5 }' "$1" | median)"
}

# Per client count, workload and tool: the median tps and client CPU per transaction (whole and
# steady), each with its ratio to the first tool's.
report() {
  local c workload tool first base tps whole steady
  first="${tools%% *}"
  echo
  for c in $clients; do
    for workload in $workloads; do
      base="$(medians "$workdir/$first-$workload-c$c.results")"
      for tool in $tools; do
        read -r tps whole steady <<<"$(medians "$workdir/$tool-$workload-c$c.results")"
        awk -v c="$c" -v w="$workload" -v t="$tool" -v f="$first" -v tps="$tps" -v whole="$whole" \
          -v steady="$steady" -v base="$base" 'BEGIN {
          split(base, b, " ")
          printf "-c %-4d %-12s %-13s median tps %10.1f (%.3f x %s)  client CPU per txn: whole %8.2f us (%.3f x)  steady %8.2f us (%.3f x)\n",
            c, w, t, tps, tps / b[1], f, whole, whole / b[2], steady, steady / b[3]
        }'
      done
    done
  done
}

# The harness workloads: a transaction with no statement, and the cheapest round trip.
write_harness_scripts() {
  echo '\set aid 1' >"$workdir/set-only.sql"
  echo 'SELECT 1;' >"$workdir/select-1.sql"
}

max_clients() {
  echo "$clients" | tr ' ' '\n' | sort -n | tail -n 1
}

main() {
  parse_args "$@"
  echo "bench-tpcb: building bin/tpcc if needed..."
  "$root/bin/tpcc" --version | tail -n 1 || die "bin/tpcc does not build or start"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcb-bench-logs.XXXXXX")"
  write_harness_scripts
  cluster_start "$(mktemp -d "${TMPDIR:-/tmp}/tpcb-bench-cluster.XXXXXX")" \
    "shared_buffers = 1GB" "max_wal_size = 8GB" "checkpoint_timeout = 30min" \
    "max_connections = $(($(max_clients) + 50))" "log_min_messages = warning"
  placement_pin_server
  BENCH_HOST=127.0.0.1
  [[ "$connect" == tcp ]] || BENCH_HOST="$CLUSTER_SOCKET_DIR"
  [[ -x "$CLUSTER_CLIENT_BINDIR/pgbench" ]] || die "no pgbench in $CLUSTER_CLIENT_BINDIR"
  "$CLUSTER_CLIENT_BINDIR/psql" -X -q -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres -d postgres \
    -c "CREATE DATABASE $db"
  if ! pgbench_cmd -i -s "$scale" -q >"$workdir/init.log" 2>&1; then
    cat "$workdir/init.log" >&2
    die "pgbench -i failed"
  fi
  echo "bench-tpcb: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}') on" \
    "$BENCH_HOST, port $CLUSTER_PORT; scale $scale, -c \"$clients\" -j \"$jobs\", -M $mode, ${duration} s" \
    "per run, $rounds round(s); $(placement_describe); load average $(cut -d' ' -f1-3 /proc/loadavg)" \
    "${alt_java_opts:+; tpcc-alt: TPCC_JAVA_OPTS += $alt_java_opts}"
  # The clients run in a wrapper shell (see client_measured), which needs these.
  export -f pgbench_cmd tpcc_cmd tpcc_platform_cmd tpcc_virtual_cmd tpcc_metrics_cmd tpcc_alt_cmd
  export CLUSTER_BINDIR CLUSTER_CLIENT_BINDIR CLUSTER_PORT BENCH_HOST db root
  export BENCH_ALT_JAVA_OPTS="$alt_java_opts"
  local round workload tool order i
  if ((warmup > 0)); then
    echo "bench-tpcb: warming up: pgbench -S -c ${client_counts[0]} -T $warmup, not measured"
    # shellcheck disable=SC2016 # expanded by the pinned shell
    client_pinned bash -c 'pgbench_cmd "$@"' warmup -S -M "$mode" -c "${client_counts[0]}" \
      -j "${client_jobs[0]}" -T "$warmup" >"$workdir/warmup.log" 2>&1 ||
      { tail -n 20 "$workdir/warmup.log" >&2; die "the warm-up run failed"; }
  fi
  for ((round = 1; round <= rounds; round++)); do
    # Odd rounds in the order given, even rounds reversed, so drift hits every tool alike.
    order="$tools"
    if ((round % 2 == 0)); then order="$(echo "$tools" | tr ' ' '\n' | tac | tr '\n' ' ')"; fi
    for i in "${!client_counts[@]}"; do
      for workload in $workloads; do
        for tool in $order; do
          measure "$tool" "$workload" "$round" "${client_counts[i]}" "${client_jobs[i]}"
        done
      done
    done
  done
  report
}

main "$@"
