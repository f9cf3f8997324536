#!/usr/bin/env bash
# Compares TCP loopback with the unix-domain socket: the same TPC-B select-only run
# ('tpcc tpcb -S -M prepared', 8 clients on 8 threads), over each transport in alternating rounds,
# on one throwaway PostgreSQL cluster. Select-only transactions are one indexed read each, so the
# round trip, which is what the transport changes, is most of their cost. See docs/connecting.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

clients="${BENCH_CLIENTS:-8}"
seconds="${BENCH_TIME:-30}"
scale="${BENCH_SCALE:-10}"
rounds="${BENCH_ROUNDS:-3}"
db=bench

usage() {
  cat <<EOF
Usage: scripts/bench-socket.sh [--clients=N] [--time=SECONDS] [--scale=N] [--rounds=N]

Initializes pgbench's tables ('tpcc tpcb -i'), then runs 'tpcc tpcb -S -M prepared -c N -j N'
over TCP (127.0.0.1) and over the unix socket in alternating rounds (TCP first in odd rounds,
socket first in even ones). Prints each round's tps and the client's CPU time (user + system of
the whole JVM, start-up included) per 1,000 transactions, then the medians and the ratio
socket / TCP.

Options (environment variable in brackets, default last):
  --clients=N       clients, one thread each  [BENCH_CLIENTS]  8
  --time=SECONDS    length of each run        [BENCH_TIME]     30
  --scale=N         pgbench scale factor      [BENCH_SCALE]    10
  --rounds=N        rounds per transport      [BENCH_ROUNDS]   3
EOF
}

die() {
  echo "bench-socket: error: $*" >&2
  exit 1
}

parse_options "--clients=clients --time=seconds --scale=scale --rounds=rounds" "$@"
require_positive --clients "$clients"
require_positive --time "$seconds"
require_positive --scale "$scale"
require_positive --rounds "$rounds"

trap cluster_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Prints "tps cpu_seconds transactions" of one select-only run over the given host.
measure() {
  local cpu
  # GNU time's %U and %S cover the JVM and every thread it started.
  /usr/bin/time -f '%U %S' -o "$workdir/cpu" \
    "$root/bin/tpcc" tpcb -S -M prepared -c "$clients" -j "$clients" -T "$seconds" \
    -h "$1" -p "$CLUSTER_PORT" -U postgres "$db" >"$workdir/run.out" 2>"$workdir/run.err" ||
    die "the run over $1 failed: $(tail -n 3 "$workdir/run.err")"
  cpu="$(awk 'END { print $1 + $2 }' "$workdir/cpu")"
  awk -v cpu="$cpu" '/^tps = / { tps = $3 }
       /^number of transactions actually processed:/ { n = $6 }
       END { print tps, cpu, n }' "$workdir/run.out"
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
  "socket directory $CLUSTER_SOCKET_DIR; tpcb -S -M prepared, $clients clients," \
  "${seconds}s per run, scale $scale; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$root/bin/tpcc" tpcb -i -s "$scale" -q -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres "$db" \
  >/dev/null 2>"$workdir/init.err" || die "tpcb -i failed: $(tail -n 3 "$workdir/init.err")"

tcp_tps=()
socket_tps=()
tcp_cpu=()
socket_cpu=()
for ((round = 1; round <= rounds; round++)); do
  order=(tcp socket)
  if ((round % 2 == 0)); then order=(socket tcp); fi
  for transport in "${order[@]}"; do
    host=127.0.0.1
    if [[ "$transport" == socket ]]; then host="$CLUSTER_SOCKET_DIR"; fi
    read -r tps cpu count < <(measure "$host")
    per_k="$(awk -v c="$cpu" -v n="$count" 'BEGIN { printf "%.1f", 1e6 * c / n }')"
    printf 'round %d %-6s tps %12s  client CPU %7s ms per 1,000 transactions\n' \
      "$round" "$transport" "$tps" "$per_k"
    if [[ "$transport" == tcp ]]; then
      tcp_tps+=("$tps")
      tcp_cpu+=("$per_k")
    else
      socket_tps+=("$tps")
      socket_cpu+=("$per_k")
    fi
  done
done
tcp_median="$(printf '%s\n' "${tcp_tps[@]}" | median)"
socket_median="$(printf '%s\n' "${socket_tps[@]}" | median)"
echo "median tps: tcp $tcp_median, socket $socket_median," \
  "socket/tcp $(awk -v s="$socket_median" -v t="$tcp_median" 'BEGIN { printf "%.3f", s / t }')"
echo "median client CPU per 1,000 transactions: tcp $(printf '%s\n' "${tcp_cpu[@]}" | median) ms," \
  "socket $(printf '%s\n' "${socket_cpu[@]}" | median) ms"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
