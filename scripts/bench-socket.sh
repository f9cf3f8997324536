#!/usr/bin/env bash
# Compares TCP loopback with the unix-domain socket: the same runs of TPC-B ('tpcc tpcb', tpcb-like
# by default, -M prepared) and TPC-C ('tpcc run') at several client counts, over each transport in
# alternating rounds, on each JVM given, on one throwaway PostgreSQL cluster. Each run's
# throughput and client CPU per transaction are printed, then per cell the medians and the ratio
# socket / TCP. A shared machine is noisy: read the ratios, not the absolute figures.
# See docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/java.sh
source "$root/scripts/lib/java.sh"

clients_list="${BENCH_CLIENTS:-4 16 100}"
seconds="${BENCH_TIME:-10}"
scale="${BENCH_SCALE:-2}"
rounds="${BENCH_ROUNDS:-2}"
workloads="${BENCH_WORKLOADS:-tpcb tpcc}"
tpcb_script="${BENCH_TPCB_SCRIPT:-tpcb-like}"
javas="${BENCH_JAVAS:-}"
db=bench

usage() {
  cat <<EOF
Usage: scripts/bench-socket.sh [--clients="4 16 100"] [--time=SECONDS] [--scale=N] [--rounds=N]
                               [--workloads="tpcb tpcc"] [--tpcb-script=NAME] [--javas="J1 J2"]

Initializes pgbench's tables ('tpcc tpcb -i -s N') and a TPC-C data set ('tpcc --tables=1
--scale=N prepare'), then, for each JVM, workload and client count, runs over TCP (127.0.0.1)
and over the unix socket in alternating rounds (TCP first in odd rounds, socket first in even
ones): 'tpcc tpcb -b NAME -M prepared -c N -j N -T S' and 'tpcc --threads=N --time=S run'.
Prints each run's tps and the client's CPU time (user + system of the whole JVM, start-up
included) per 1,000 transactions, then per cell the medians and the ratio socket / TCP.

Options (environment variable in brackets, default last):
  --clients="N ..."   client counts                      [BENCH_CLIENTS]      4 16 100
  --time=SECONDS      length of each run                 [BENCH_TIME]         10
  --scale=N           scale of both data sets            [BENCH_SCALE]        2
  --rounds=N          rounds per transport               [BENCH_ROUNDS]       2
  --workloads="..."   tpcb, tpcc or both                 [BENCH_WORKLOADS]    tpcb tpcc
  --tpcb-script=NAME  pgbench builtin for tpcb           [BENCH_TPCB_SCRIPT]  tpcb-like
  --javas="J ..."     java binaries to run tpcc on       [BENCH_JAVAS]        Java 17 and the newest
EOF
}

die() {
  echo "bench-socket: error: $*" >&2
  exit 1
}

parse_options "--clients=clients_list --time=seconds --scale=scale --rounds=rounds \
  --workloads=workloads --tpcb-script=tpcb_script --javas=javas" "$@"
for c in $clients_list; do require_positive --clients "$c"; done
require_positive --time "$seconds"
require_positive --scale "$scale"
require_positive --rounds "$rounds"
for w in $workloads; do
  [[ "$w" == tpcb || "$w" == tpcc ]] || die "--workloads=$workloads is invalid: use tpcb, tpcc"
done
if [[ -z "$javas" ]]; then
  javas="$(TPCC_JAVA="" choose_java 17)"
  oldest=""
  for j in /usr/lib/jvm/*/bin/java; do
    if [[ -z "$oldest" && -x "$j" && "$(java_major "$j")" == 17 ]]; then oldest="$j"; fi
  done
  if [[ -n "$oldest" && "$(readlink -f "$oldest")" != "$(readlink -f "$javas")" ]]; then
    javas="$oldest $javas"
  fi
fi
for j in $javas; do [[ -x "$j" ]] || die "--javas: $j is not an executable java"; done

trap cluster_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-socket.XXXXXX")"

# Runs one workload over the given host; prints "tps cpu_seconds transactions".
measure() {
  local java="$1" workload="$2" clients="$3" host="$4" cpu
  local args=(tpcb -b "$tpcb_script" -M prepared -c "$clients" -j "$clients" -T "$seconds"
    -h "$host" -p "$CLUSTER_PORT" -U postgres "$db")
  if [[ "$workload" == tpcc ]]; then
    args=(--pgsql-host="$host" --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres
      --pgsql-db="$db" --tables=1 --scale="$scale" --threads="$clients" --time="$seconds" run)
  fi
  # GNU time's %U and %S cover the JVM and every thread it started; its last line is theirs.
  TPCC_JAVA="$java" /usr/bin/time -f '%U %S' -o "$workdir/cpu" \
    "$root/bin/tpcc" "${args[@]}" >"$workdir/run.out" 2>"$workdir/run.err" ||
    die "$workload over $host on $java failed: $(tail -n 3 "$workdir/run.err")"
  cpu="$(tail -n 1 "$workdir/cpu" | awk '{ print $1 + $2 }')"
  if [[ "$workload" == tpcb ]]; then
    awk -v cpu="$cpu" '/^tps = / { tps = $3 }
         /^number of transactions actually processed:/ { n = $6 }
         END { print tps, cpu, n }' "$workdir/run.out"
  else
    awk -v cpu="$cpu" '$1 == "transactions:" { n = $2; tps = substr($3, 2) }
         END { print tps, cpu, n }' "$workdir/run.out"
  fi
}

median() {
  sort -n | awk '{ v[NR] = $1 }
    END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() {
  awk -v s="$1" -v t="$2" 'BEGIN { printf "%.3f", s / t }'
}

cluster_start "$workdir" "max_connections = 150" "shared_buffers = 256MB" \
  "log_min_messages = warning"
cluster_as_owner "$CLUSTER_CLIENT_BINDIR/psql" -h "$CLUSTER_SOCKET_DIR" -p "$CLUSTER_PORT" -U postgres \
  -qc "CREATE DATABASE $db" postgres
echo "PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}'), port $CLUSTER_PORT," \
  "socket directory $CLUSTER_SOCKET_DIR; commit $(git -C "$root" rev-parse --short HEAD);" \
  "${seconds}s per run, scale $scale, $rounds rounds; $(nproc) CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$root/bin/tpcc" tpcb -i -s "$scale" -q -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres "$db" \
  >/dev/null 2>"$workdir/init.err" || die "tpcb -i failed: $(tail -n 3 "$workdir/init.err")"
if [[ " $workloads " == *" tpcc "* ]]; then
  "$root/bin/tpcc" --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres \
    --pgsql-db="$db" --tables=1 --scale="$scale" prepare >/dev/null 2>"$workdir/prepare.err" ||
    die "prepare failed: $(tail -n 3 "$workdir/prepare.err")"
fi

summary=()
for java in $javas; do
  jv="java$(java_major "$java")"
  for workload in $workloads; do
    for clients in $clients_list; do
      tcp_tps=() socket_tps=() tcp_cpu=() socket_cpu=()
      for ((round = 1; round <= rounds; round++)); do
        order=(tcp socket)
        if ((round % 2 == 0)); then order=(socket tcp); fi
        for transport in "${order[@]}"; do
          host=127.0.0.1
          if [[ "$transport" == socket ]]; then host="$CLUSTER_SOCKET_DIR"; fi
          read -r tps cpu count < <(measure "$java" "$workload" "$clients" "$host")
          per_k="$(awk -v c="$cpu" -v n="$count" 'BEGIN { printf "%.1f", 1e6 * c / n }')"
          printf '%-7s %s %3d clients round %d %-6s tps %12s  client CPU %8s ms per 1,000\n' \
            "$jv" "$workload" "$clients" "$round" "$transport" "$tps" "$per_k"
          if [[ "$transport" == tcp ]]; then
            tcp_tps+=("$tps") tcp_cpu+=("$per_k")
          else
            socket_tps+=("$tps") socket_cpu+=("$per_k")
          fi
        done
      done
      t="$(printf '%s\n' "${tcp_tps[@]}" | median)"
      s="$(printf '%s\n' "${socket_tps[@]}" | median)"
      tc="$(printf '%s\n' "${tcp_cpu[@]}" | median)"
      sc="$(printf '%s\n' "${socket_cpu[@]}" | median)"
      summary+=("$(printf '%-7s %s %3d clients: median tps tcp %s, socket %s (socket/tcp %s); %s' \
        "$jv" "$workload" "$clients" "$t" "$s" "$(ratio "$s" "$t")" \
        "CPU per 1,000: tcp $tc ms, socket $sc ms (socket/tcp $(ratio "$sc" "$tc"))")")
    done
  done
done
printf '%s\n' "${summary[@]}"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
