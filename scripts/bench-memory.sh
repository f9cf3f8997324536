#!/usr/bin/env bash
# Memory over a long run: heap after GC and RSS of the driver every --sample seconds during a
# TPC-C (or TPC-B) run with 1 s reports, on a throwaway PostgreSQL cluster. See docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/java.sh
source "$root/scripts/lib/java.sh"

seconds="${BENCH_TIME:-600}"
scale="${BENCH_SCALE:-2}"
threads="${BENCH_THREADS:-4}"
sample="${BENCH_SAMPLE:-10}"
csv="${BENCH_CSV:-}"
workload="${BENCH_WORKLOAD:-tpcc}"
rate="${BENCH_RATE:-0}"
java=""
workdir=""
driver_pid=""

usage() {
  cat <<EOF
Usage: scripts/bench-memory.sh [--workload=tpcc|tpcb] [--time=S] [--scale=N] [--threads=N]
                               [--rate=TPS] [--sample=S] [--csv=FILE]

Loads 1 table set of --scale warehouses into a PostgreSQL cluster this script creates and
removes, then runs 'tpcc run --report-interval=1 --results=...' for --time seconds (with
--workload=tpcb: 'tpcc tpcb -i -s SCALE', then 'tpcc tpcb -M prepared -c THREADS -P 1
--results=...'). Every
--sample seconds it forces a garbage collection in the driver (jcmd GC.run), reads the heap in
use after it (jcmd GC.heap_info) and the resident set size (VmRSS in /proc/PID/status), and
appends a line to the CSV: elapsed_s,heap_used_kb,heap_committed_kb,rss_kb. At the end it prints
the first, last and largest values. The JVM is the one bin/tpcc picks (the newest JDK 17 or later;
TPCC_JAVA to choose), with TPCC_JAVA_OPTS. --rate paces the run (--rate / -R), so that many
clients can be held open without the run taking every core; the server's max_connections is
raised to fit --threads.

Options (environment variable in brackets, default last):
  --workload=W tpcc or tpcb                          [BENCH_WORKLOAD] tpcc
  --time=S     run length in seconds                 [BENCH_TIME]    600
  --scale=N    warehouses                            [BENCH_SCALE]   2
  --threads=N  client threads                        [BENCH_THREADS] 4
  --rate=TPS   transactions per second, 0 = no limit [BENCH_RATE]    0
  --sample=S   seconds between samples               [BENCH_SAMPLE]  10
  --csv=FILE   where the samples go                  [BENCH_CSV]     results/memory-<UTC time>.csv
EOF
}

die() {
  echo "bench-memory: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--workload=workload --time=seconds --scale=scale --threads=threads --rate=rate --sample=sample --csv=csv" "$@"
  require_positive --time "$seconds"
  require_positive --scale "$scale"
  require_positive --threads "$threads"
  require_positive --sample "$sample"
  [[ "$rate" =~ ^[0-9]+$ ]] || die "--rate=$rate is invalid: use a whole number of transactions per second, 0 for no limit"
  [[ "$workload" == tpcc || "$workload" == tpcb ]] || die "--workload=$workload is invalid: use tpcc or tpcb"
  java="$(choose_java 17)"
  [[ -n "$java" ]] || die "no JDK 17 or later found (set TPCC_JAVA)"
  [[ -x "$(dirname "$java")/jcmd" ]] || die "'jcmd' not found beside $java; it comes with a full JDK"
  csv="${csv:-results/memory-$(date -u +%Y%m%dT%H%M%SZ).csv}"
  mkdir -p "$(dirname "$csv")" || die "cannot create the directory of $csv"
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$driver_pid" ]]; then kill -TERM "$driver_pid" 2>/dev/null || true; fi
  cluster_stop
  if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
  exit "$status"
}

# Runs the driver; 'exec', so that a background call's pid is the JVM's (call it in a subshell).
tpcc() {
  # shellcheck disable=SC2086 # TPCC_JAVA_OPTS is a list of JVM options
  exec "$java" ${TPCC_JAVA_OPTS:-} -jar "$root/tpcc-driver/target/tpcc.jar" "$1" \
    --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db=postgres \
    --tables=1 --scale="$scale" --threads="$threads" "${@:2}"
}

# The same for pgbench's command line: tpcb [options], against the cluster's postgres database.
tpcb() {
  # shellcheck disable=SC2086 # TPCC_JAVA_OPTS is a list of JVM options
  PGHOST=127.0.0.1 PGPORT="$CLUSTER_PORT" PGUSER=postgres \
    exec "$java" ${TPCC_JAVA_OPTS:-} -jar "$root/tpcc-driver/target/tpcc.jar" tpcb "$@" postgres
}

# Appends one CSV line for the JVM $1, $2 seconds into the run; nothing once it has ended.
sample_once() {
  local pid="$1" elapsed="$2" heap rss
  local jcmd
  jcmd="$(dirname "$java")/jcmd"
  heap="$(heap_after_gc "$jcmd" "$pid")"
  [[ -n "$heap" ]] || return 0
  rss="$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)"
  if [[ -n "$heap" && -n "$rss" ]]; then echo "$elapsed,$heap,$rss" >>"$csv"; fi
}

report() {
  awk -F, 'NR == 1 { next }
    { n++; if (n == 1) { fh = $2; fr = $4 } lh = $2; lr = $4
      if ($2 > mh) mh = $2; if ($4 > mr) mr = $4 }
    END { if (n == 0) { print "bench-memory: no samples"; exit 1 }
      printf "samples: %d (CSV: %s)\n", n, FILENAME
      printf "heap after GC (MiB): first %.1f  last %.1f  max %.1f\n", fh / 1024, lh / 1024, mh / 1024
      printf "RSS (MiB):           first %.1f  last %.1f  max %.1f\n", fr / 1024, lr / 1024, mr / 1024 }' "$csv"
}

main() {
  parse_args "$@"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  "$root/bin/tpcc" --version >/dev/null || die "bin/tpcc does not build or start"
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-memory.XXXXXX")"
  chmod 755 "$workdir" # the server may run as the postgres OS user
  cluster_start "$workdir/cluster" "shared_buffers = 512MB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 30min" "log_min_messages = warning" \
    "max_connections = $((threads > 90 ? threads + 10 : 100))"
  echo "bench-memory: PostgreSQL on 127.0.0.1:$CLUSTER_PORT; $workload, scale $scale, $threads" \
    "thread(s), rate $rate, $seconds s, a sample every $sample s into $csv; $("$java" -version 2>&1 | head -n 1)"
  if [[ "$workload" == tpcc ]]; then
    (tpcc prepare) >"$workdir/prepare.log" 2>&1 || { tail -n 20 "$workdir/prepare.log" >&2; die "prepare failed"; }
  else
    (tpcb -i -s "$scale") >"$workdir/prepare.log" 2>&1 || { tail -n 20 "$workdir/prepare.log" >&2; die "tpcb -i failed"; }
  fi
  echo "elapsed_s,heap_used_kb,heap_committed_kb,rss_kb" >"$csv"
  if [[ "$workload" == tpcc ]]; then
    tpcc run --time="$seconds" --rate="$rate" --report-interval=1 --results="$workdir/results" \
      >"$workdir/run.log" 2>&1 &
  else
    local paced=()
    if ((rate > 0)); then paced=(-R "$rate"); fi
    tpcb -M prepared -c "$threads" -j "$threads" -T "$seconds" -P 1 "${paced[@]}" \
      --results="$workdir/results" >"$workdir/run.log" 2>&1 &
  fi
  driver_pid=$!
  local start now
  start="$(date +%s)"
  while kill -0 "$driver_pid" 2>/dev/null; do
    sleep "$sample"
    now="$(date +%s)"
    sample_once "$driver_pid" "$((now - start))"
  done
  wait "$driver_pid" || { tail -n 20 "$workdir/run.log" >&2; die "the run failed"; }
  driver_pid=""
  echo "bench-memory: $(grep -c -e '^\[ ' -e '^progress: ' "$workdir/run.log") report lines;" \
    "$(grep -m1 -e 'transactions:' -e 'actually processed' "$workdir/run.log" | sed 's/^ *//')"
  report
}

main "$@"
