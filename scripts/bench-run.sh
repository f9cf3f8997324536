#!/usr/bin/env bash
# Measures `run`: throughput and the driver's own CPU per 1,000 transactions, for ours and (when
# available) sysbench-tpcc, on one throwaway PostgreSQL cluster. See docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

tables="${BENCH_TABLES:-1}"
scale="${BENCH_SCALE:-10}"
threads="${BENCH_THREADS:-8}"
seconds="${BENCH_TIME:-60}"
rounds="${BENCH_ROUNDS:-2}"
sysbench_dir="${SYSBENCH_TPCC_DIR:-}"
workdir=""

usage() {
  cat <<EOF
Usage: scripts/bench-run.sh [--tables=N] [--scale=N] [--threads=N] [--time=S] [--rounds=N]
                            [--sysbench-tpcc-dir=DIR]

Loads the same TPC-C data set for each tool into a database of its own on a PostgreSQL cluster
this script creates and removes, then runs each tool for --time seconds, alternating, --rounds
times. Prints per round the throughput and the client's CPU seconds (user + system, the whole
process, JVM start-up included) per 1,000 transactions, then the medians.
Without a sysbench-tpcc checkout only ours is measured.

Options (environment variable in brackets, default last):
  --tables=N               table sets                     [BENCH_TABLES]   1
  --scale=N                warehouses per set             [BENCH_SCALE]    10
  --threads=N              client threads                 [BENCH_THREADS]  8
  --time=S                 seconds per run                [BENCH_TIME]     60
  --rounds=N               runs per tool                  [BENCH_ROUNDS]   2
  --sysbench-tpcc-dir=DIR  sysbench-tpcc's Lua scripts    [SYSBENCH_TPCC_DIR]
EOF
}

die() {
  echo "bench-run: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--tables=tables --scale=scale --threads=threads --time=seconds --rounds=rounds --sysbench-tpcc-dir=sysbench_dir" "$@"
  require_positive --tables "$tables"
  require_positive --scale "$scale"
  require_positive --threads "$threads"
  require_positive --time "$seconds"
  require_positive --rounds "$rounds"
  if [[ -n "$sysbench_dir" ]]; then
    command -v sysbench >/dev/null 2>&1 || die "'sysbench' not found; install it: apt-get install sysbench"
    [[ -f "$sysbench_dir/tpcc.lua" ]] || die "no tpcc.lua in '$sysbench_dir'"
    sysbench_dir="$(cd "$sysbench_dir" && pwd)"
  fi
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  cluster_stop
  if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
  exit "$status"
}

sql() {
  "$CLUSTER_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres \
    -d "${2:-postgres}" -c "$1"
}

ours() {
  "$root/bin/tpcc" "$1" --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres \
    --pgsql-db=ours --tables="$tables" --scale="$scale" --threads="$threads" --time="$seconds" \
    --trx_level=RC --db-ps-mode=auto
}

sysbench_tpcc() {
  (cd "$sysbench_dir" && exec sysbench tpcc.lua --db-driver=pgsql --pgsql-host=127.0.0.1 \
    --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db=sysbench --tables="$tables" \
    --scale="$scale" --threads="$threads" --time="$seconds" --trx_level=RC "$1")
}

# Runs one tool's 'run' in a child shell whose 'times' gives the finished child's user + system
# CPU; prints "<transactions> <tps> <cpu seconds>" read from the summary both tools print.
measured() {
  local tool="$1" log="$2" cpu
  cpu="$( (
    "$tool" run >"$log" 2>&1 || { tail -n 20 "$log" >&2; exit 1; }
    times
  ) | tail -n 1 | awk '{ c = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); c += t[1] * 60 + t[2] }
      printf "%.2f", c }')"
  awk -v cpu="$cpu" '/^ +transactions:/ { gsub(/[()]/, ""); n = $2; tps = $3 }
    END { printf "%d %.2f %s\n", n, tps, cpu }' "$log"
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
  local tools=(ours) tool round n tps cpu
  if [[ -n "$sysbench_dir" ]]; then tools+=(sysbench_tpcc); fi
  echo "bench-run: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}') on" \
    "127.0.0.1:$CLUSTER_PORT; $tables set(s) x $scale warehouse(s), $threads thread(s)," \
    "$seconds s per run, $rounds round(s); $(nproc) cores; tools: ${tools[*]}"
  for tool in "${tools[@]}"; do
    sql "CREATE DATABASE ${tool%_tpcc}"
    echo "bench-run: loading for $tool..."
    "$tool" prepare >"$workdir/$tool-prepare.log" 2>&1 ||
      { tail -n 20 "$workdir/$tool-prepare.log" >&2; die "$tool prepare failed"; }
  done
  sql "CHECKPOINT"
  printf '%-14s %5s %12s %10s %14s\n' tool round transactions tps "cpu s/1000 tx"
  for ((round = 1; round <= rounds; round++)); do
    for tool in "${tools[@]}"; do
      read -r n tps cpu < <(measured "$tool" "$workdir/$tool-run-$round.log")
      awk -v t="$tool" -v r="$round" -v n="$n" -v tps="$tps" -v cpu="$cpu" 'BEGIN {
        printf "%-14s %5d %12d %10.2f %14.3f\n", t, r, n, tps, (n > 0 ? cpu * 1000 / n : 0) }' |
        tee -a "$workdir/results"
    done
    tools=("${tools[@]:1}" "${tools[0]}") # alternate who goes first
  done
  echo
  for tool in ours sysbench_tpcc; do
    grep -q "^$tool " "$workdir/results" || continue
    printf '%-14s median tps %10s   median cpu s/1000 tx %8s\n' "$tool" \
      "$(awk -v t="$tool" '$1 == t { print $4 }' "$workdir/results" | median)" \
      "$(awk -v t="$tool" '$1 == t { print $5 }' "$workdir/results" | median)"
  done
}

main "$@"
