#!/usr/bin/env bash
# Compares TCP loopback with the unix-domain socket: the same TPC-C run, over each transport in
# alternating rounds, on one throwaway PostgreSQL cluster. See docs/connecting.md.
#
# The issue asks for TPC-B select-only with 8 clients; until the tpcb command lands this runs the
# TPC-C mix. TODO: switch to 'tpcb -S' (select-only) once it exists: there the round trip, which
# is what the transport changes, is a far larger share of each transaction.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"

threads="${BENCH_THREADS:-8}"
seconds="${BENCH_TIME:-30}"
scale="${BENCH_SCALE:-10}"
rounds="${BENCH_ROUNDS:-2}"
db=bench

usage() {
  cat <<EOF
Usage: scripts/bench-socket.sh [--threads=N] [--time=SECONDS] [--scale=N] [--rounds=N]

Loads one TPC-C table set, then runs 'tpcc run' over TCP (127.0.0.1) and over the unix socket
in alternating rounds and prints each round's tps and average latency, the medians and the
ratio socket / TCP.

Options (environment variable in brackets, default last):
  --threads=N       worker threads           [BENCH_THREADS]  8
  --time=SECONDS    length of each run       [BENCH_TIME]     30
  --scale=N         warehouses               [BENCH_SCALE]    10
  --rounds=N        rounds per transport     [BENCH_ROUNDS]   2
EOF
}

die() {
  echo "bench-socket: error: $*" >&2
  exit 1
}

for arg in "$@"; do
  case "$arg" in
    -h | --help) usage; exit 0 ;;
    --threads=*) threads="${arg#*=}" ;;
    --time=*) seconds="${arg#*=}" ;;
    --scale=*) scale="${arg#*=}" ;;
    --rounds=*) rounds="${arg#*=}" ;;
    *) die "unknown argument '$arg' (see --help)" ;;
  esac
done

trap cluster_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

tpcc() {
  "$root/bin/tpcc" --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db="$db" \
    --tables=1 --scale="$scale" "$@"
}

# Prints "tps avg_latency_ms" from the summary of a run over the given host.
measure() {
  local out
  out="$(tpcc --pgsql-host="$1" --threads="$threads" --time="$seconds" run)" ||
    die "the run over $1 failed"
  awk '/transactions:/ { gsub(/\(/, "", $3); tps = $3 }
       /^ +avg:/ && lat == "" { lat = $2 }
       END { print tps, lat }' <<<"$out"
}

median() {
  sort -n | awk '{ v[NR] = $1 }
    END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-socket.XXXXXX")"
cluster_start "$workdir" "max_connections = 100" "shared_buffers = 256MB" \
  "log_min_messages = warning"
cluster_as_owner "$CLUSTER_BINDIR/psql" -h "$CLUSTER_SOCKET_DIR" -p "$CLUSTER_PORT" -U postgres \
  -qc "CREATE DATABASE $db" postgres
echo "PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}'), port $CLUSTER_PORT," \
  "socket directory $CLUSTER_SOCKET_DIR; $threads threads, ${seconds}s per run, $scale warehouses"
tpcc --pgsql-host=127.0.0.1 --threads=4 prepare >/dev/null || die "prepare failed"

tcp_tps=()
socket_tps=()
for ((round = 1; round <= rounds; round++)); do
  order=(tcp socket)
  if ((round % 2 == 0)); then order=(socket tcp); fi
  for transport in "${order[@]}"; do
    host=127.0.0.1
    if [[ "$transport" == socket ]]; then host="$CLUSTER_SOCKET_DIR"; fi
    read -r tps lat < <(measure "$host")
    printf 'round %d %-6s tps %10s  avg latency %8s ms\n' "$round" "$transport" "$tps" "$lat"
    if [[ "$transport" == tcp ]]; then tcp_tps+=("$tps"); else socket_tps+=("$tps"); fi
  done
done
tcp_median="$(printf '%s\n' "${tcp_tps[@]}" | median)"
socket_median="$(printf '%s\n' "${socket_tps[@]}" | median)"
echo "median tps: tcp $tcp_median, socket $socket_median," \
  "socket/tcp $(awk -v s="$socket_median" -v t="$tcp_median" 'BEGIN { printf "%.3f", s / t }')"
