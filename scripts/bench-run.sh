#!/usr/bin/env bash
# Measures `run`: throughput and the driver's own CPU per 1,000 transactions, for ours and (when
# available) sysbench-tpcc, on one throwaway PostgreSQL cluster, on shared cores or with the server
# and the client on CPUs of their own. See docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/clientcpu.sh
source "$root/scripts/lib/clientcpu.sh"

tables="${BENCH_TABLES:-1}"
scale="${BENCH_SCALE:-10}"
threads="${BENCH_THREADS:-8}"
seconds="${BENCH_TIME:-60}"
rounds="${BENCH_ROUNDS:-2}"
modes="${BENCH_MODES:-statements}"
sysbench_dir="${SYSBENCH_TPCC_DIR:-}"
cpus="${BENCH_CPUS:-shared}"
server_cpus="${BENCH_SERVER_CPUS:-}"
client_cpus="${BENCH_CLIENT_CPUS:-}"
workdir=""

usage() {
  cat <<EOF
Usage: scripts/bench-run.sh [--tables=N] [--scale=N] [--threads=N] [--time=S] [--rounds=N]
                            [--modes=LIST] [--sysbench-tpcc-dir=DIR] [--cpus=shared|split]
                            [--server-cpus=LIST] [--client-cpus=LIST]

Loads the same TPC-C data set for each tool into a database of its own on a PostgreSQL cluster
this script creates and removes, then runs each tool for --time seconds, alternating, --rounds
times, with --report-interval=1. Prints per round the throughput, the client's CPU seconds (user +
system of the whole process, JVM start-up included; and in the steady state, from the report line
of second S/3 to that of second S-2) and the server's (the postmaster and all its processes) per
1,000 transactions, the steady state's share of user time, the round trips per transaction (ours
counted by the run, sysbench-tpcc's queries) and the steady state's client CPU per round trip,
then the medians. Each of our --modes (run's --txn-mode) counts as a tool of
its own, on the same data set. --cpus=split pins the server to --server-cpus (default the first
half of the CPUs) and each client to --client-cpus (default the rest), as if the client ran on
another machine.
Without a sysbench-tpcc checkout only ours is measured. BENCH_KEEP_LOGS=DIR keeps every run's
output (its per-type table: p95 and round trips per transaction) in DIR.

Options (environment variable in brackets, default last):
  --tables=N               table sets                     [BENCH_TABLES]   1
  --scale=N                warehouses per set             [BENCH_SCALE]    10
  --threads=N              client threads                 [BENCH_THREADS]  8
  --time=S                 seconds per run                [BENCH_TIME]     60
  --rounds=N               runs per tool                  [BENCH_ROUNDS]   2
  --modes=LIST             our --txn-mode values, comma-separated
                                                          [BENCH_MODES]    statements
  --sysbench-tpcc-dir=DIR  sysbench-tpcc's Lua scripts    [SYSBENCH_TPCC_DIR]
  --cpus=PLACEMENT         shared or split                [BENCH_CPUS]     shared
  --server-cpus=LIST       the server's CPUs when split   [BENCH_SERVER_CPUS] first half
  --client-cpus=LIST       the client's CPUs when split   [BENCH_CLIENT_CPUS] the rest
EOF
}

die() {
  echo "bench-run: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--tables=tables --scale=scale --threads=threads --time=seconds --rounds=rounds --modes=modes --sysbench-tpcc-dir=sysbench_dir --cpus=cpus --server-cpus=server_cpus --client-cpus=client_cpus" "$@"
  require_positive --tables "$tables"
  require_positive --scale "$scale"
  require_positive --threads "$threads"
  require_positive --time "$seconds"
  ((seconds >= 10)) || die "--time=$seconds is invalid: at least 10 s, for a steady state"
  require_positive --rounds "$rounds"
  local mode
  for mode in ${modes//,/ }; do
    case "$mode" in
      statements | batched | procedures) ;;
      *) die "--modes: '$mode' is not one of statements, batched, procedures" ;;
    esac
  done
  if [[ -n "$sysbench_dir" ]]; then
    command -v sysbench >/dev/null 2>&1 || die "'sysbench' not found; install it: apt-get install sysbench"
    [[ -f "$sysbench_dir/tpcc.lua" ]] || die "no tpcc.lua in '$sysbench_dir'"
    sysbench_dir="$(cd "$sysbench_dir" && pwd)"
  fi
  placement_parse "$cpus" "$server_cpus" "$client_cpus"
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  cluster_stop
  if [[ -n "$workdir" && -n "${BENCH_KEEP_LOGS:-}" ]]; then
    if mkdir -p "$BENCH_KEEP_LOGS"; then cp "$workdir"/*.log "$BENCH_KEEP_LOGS"/ 2>/dev/null || true; fi
  fi
  if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
  exit "$status"
}

sql() {
  "$CLUSTER_CLIENT_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres \
    -d "${2:-postgres}" -c "$1"
}

# tool_command TOOL prepare|run: sets TOOL_CMD to the command line of a tool (ours_<mode> or
# sysbench_tpcc); the mode only matters to run, and statements is its default.
tool_command() {
  local tool="$1" verb="$2" extra=()
  case "$tool" in
    ours_*)
      if [[ "$verb" == run && "$tool" != ours_statements ]]; then extra=(--txn-mode="${tool#ours_}"); fi
      TOOL_CMD=("$root/bin/tpcc" "$verb" "${extra[@]}" --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT"
        --pgsql-user=postgres --pgsql-db=ours --tables="$tables" --scale="$scale" --threads="$threads"
        --time="$seconds" --trx_level=RC --db-ps-mode=auto)
      ;;
    sysbench_tpcc)
      TOOL_CMD=(env -C "$sysbench_dir" sysbench tpcc.lua --db-driver=pgsql --pgsql-host=127.0.0.1
        --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db=sysbench --tables="$tables"
        --scale="$scale" --threads="$threads" --time="$seconds" --trx_level=RC "$verb")
      ;;
  esac
  if [[ "$verb" == run ]]; then TOOL_CMD+=(--report-interval=1); fi
}

# CPU seconds (user + system) the server has used so far: the postmaster's own, that of its
# processes that have exited (the kernel adds those to the postmaster's when it reaps them) and
# that of those still running.
server_cpu() {
  local postmaster ticks
  postmaster="$(head -n 1 "$CLUSTER_DATA/postmaster.pid")"
  ticks="$(getconf CLK_TCK)"
  {
    awk '{ print $14 + $15 + $16 + $17 }' "/proc/$postmaster/stat"
    for child in $(ps --ppid "$postmaster" -o pid=); do
      awk '{ print $14 + $15 }' "/proc/$child/stat" 2>/dev/null || true
    done
  } | awk -v hz="$ticks" '{ t += $1 } END { printf "%.2f", t / hz }'
}

# Runs one tool's 'run' (pinned with --cpus=split); prints "<transactions> <tps> <cpu seconds>
# <server cpu seconds> <steady cpu seconds> <steady transactions> <steady user cpu seconds>
# <round trips per transaction>", read from the summary both tools print: round trips are ours'
# per-type table's (its total row), and sysbench's queries, each a round trip of its own.
measured() {
  local tool="$1" log="$2" cpu server_before server_after from=$((seconds / 3)) to=$((seconds - 2))
  server_before="$(server_cpu)"
  tool_command "$tool" run
  cpu="$(client_measured "$log" sysbench "$from" "$to" "${TOOL_CMD[@]}")" ||
    { tail -n 20 "$log" >&2; die "$tool run failed"; }
  server_after="$(server_cpu)"
  awk -v cpu="$cpu" -v server="$(awk -v a="$server_before" -v b="$server_after" 'BEGIN { printf "%.2f", b - a }')" \
    -v steady_n="$(steady_transactions "$log" sysbench "$from" "$to")" \
    '/^ +transactions:/ { gsub(/[()]/, ""); n = $2; tps = $3 }
    /^ +total: +[0-9]+$/ { queries = $2 }
    /^ +total +[0-9]+ +[0-9.]+ / { trips = $NF }
    END {
      split(cpu, c, " ")
      if (trips == "") trips = (n > 0 ? queries / n : 0)
      printf "%d %.2f %s %s %s %s %s %.2f\n", n, tps, c[1], server, c[2], steady_n, c[3], trips
    }' "$log"
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

main() {
  parse_args "$@"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  "$root/bin/tpcc" --version >/dev/null || die "bin/tpcc does not build or start"
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-run.XXXXXX")"
  cluster_start "$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-cluster.XXXXXX")" "shared_buffers = 1GB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 30min" "max_connections = 200" "log_min_messages = warning"
  placement_pin_server
  local tools=() tool round n tps cpu server steady steady_n steady_user trips mode
  for mode in ${modes//,/ }; do
    tools+=("ours_$mode")
  done
  if [[ -n "$sysbench_dir" ]]; then tools+=(sysbench_tpcc); fi
  echo "bench-run: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}') on" \
    "127.0.0.1:$CLUSTER_PORT; $tables set(s) x $scale warehouse(s), $threads thread(s)," \
    "$seconds s per run, $rounds round(s); $(placement_describe); tools: ${tools[*]}"
  # One data set for all our modes, one for sysbench-tpcc.
  local loader
  for loader in "${tools[0]}" sysbench_tpcc; do
    [[ "$loader" == sysbench_tpcc && -z "$sysbench_dir" ]] && continue
    local db=ours
    [[ "$loader" == sysbench_tpcc ]] && db=sysbench
    sql "CREATE DATABASE $db"
    echo "bench-run: loading for ${db}..."
    tool_command "$loader" prepare
    "${TOOL_CMD[@]}" >"$workdir/$db-prepare.log" 2>&1 ||
      { tail -n 20 "$workdir/$db-prepare.log" >&2; die "$db prepare failed"; }
  done
  sql "CHECKPOINT"
  printf '%-18s %5s %12s %10s %14s %16s %16s %7s %9s %14s\n' tool round transactions tps \
    "cpu s/1000 tx" "server s/1000 tx" "steady s/1000 tx" "user %" "trips/tx" "steady us/trip"
  for ((round = 1; round <= rounds; round++)); do
    for tool in "${tools[@]}"; do
      read -r n tps cpu server steady steady_n steady_user trips \
        < <(measured "$tool" "$workdir/$tool-run-$round.log")
      awk -v t="$tool" -v r="$round" -v n="$n" -v tps="$tps" -v cpu="$cpu" -v server="$server" \
        -v steady="$steady" -v sn="$steady_n" -v su="$steady_user" -v trips="$trips" 'BEGIN {
        ok = (steady != "nan" && sn > 0)
        per_tx = ok ? sprintf("%.3f", steady * 1000 / sn) : "nan"
        user = (ok && steady > 0) ? sprintf("%.0f", su * 100 / steady) : "nan"
        per_trip = (ok && trips > 0) ? sprintf("%.2f", steady * 1e6 / sn / trips) : "nan"
        printf "%-18s %5d %12d %10.2f %14.3f %16.3f %16s %7s %9.2f %14s\n", t, r, n, tps,
          (n > 0 ? cpu * 1000 / n : 0), (n > 0 ? server * 1000 / n : 0), per_tx, user, trips,
          per_trip }' |
        tee -a "$workdir/results"
    done
    tools=("${tools[@]:1}" "${tools[0]}") # alternate who goes first
  done
  echo
  for tool in "${tools[@]}"; do
    printf '%-18s median tps %10s   median cpu s/1000 tx %8s (steady %8s)   median server s/1000 tx %8s   steady us/trip %7s\n' \
      "$tool" \
      "$(awk -v t="$tool" '$1 == t { print $4 }' "$workdir/results" | median)" \
      "$(awk -v t="$tool" '$1 == t { print $5 }' "$workdir/results" | median)" \
      "$(awk -v t="$tool" '$1 == t { print $7 }' "$workdir/results" | median)" \
      "$(awk -v t="$tool" '$1 == t { print $6 }' "$workdir/results" | median)" \
      "$(awk -v t="$tool" '$1 == t { print $10 }' "$workdir/results" | median)"
  done
}

main "$@"
