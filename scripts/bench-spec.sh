#!/usr/bin/env bash
# Spec mode at scale: 10,000 TPC-C terminals (1,000 warehouses' worth, --spec-warehouses) over a
# small data set, on a throwaway PostgreSQL cluster, recording the driver's heap, RSS, threads,
# client CPU per transaction and the scheduling lag. See docs/spec-mode.md and docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/java.sh
source "$root/scripts/lib/java.sh"

seconds="${BENCH_TIME:-600}"
rampup="${BENCH_RAMPUP:-60}"
warehouses="${BENCH_WAREHOUSES:-1000}"
scale="${BENCH_SCALE:-2}"
pool="${BENCH_POOL:-8}"
sample="${BENCH_SAMPLE:-10}"
keying="${BENCH_KEYING:-1}"
think="${BENCH_THINK:-1}"
keep="${BENCH_KEEP:-results/bench-spec-$(date -u +%Y%m%dT%H%M%SZ)}"
java=""
workdir=""
driver_pid=""

usage() {
  cat <<EOF
Usage: scripts/bench-spec.sh [--time=S] [--rampup=S] [--warehouses=W] [--scale=N] [--pool=M]
                             [--keying=X] [--think=X] [--sample=S]

Loads 1 table set of --scale warehouses into a PostgreSQL cluster this script creates and
removes, then runs 'tpcc run --spec --spec-warehouses=W' (10 W terminals) on a pool of --pool
connections for --rampup plus --time seconds, with the JVM's heap capped at 512 MiB
(TPCC_JAVA_OPTS, default -Xmx512m). Every --sample seconds it forces a garbage collection in the
driver (jcmd GC.run) and reads the heap in use after it, the resident set size and the number of
threads. At the end it prints those (first, last, largest), the client's CPU time (user + system
from /proc/PID/stat) per transaction completed, and from summary.json tpmC, the verdict and the
scheduling lag (a due terminal's wait for a worker: actual against intended start). The JVM is
the one bin/tpcc picks (the newest JDK 17 or later; TPCC_JAVA to choose).

Options (environment variable in brackets, default last):
  --time=S        measurement interval in seconds      [BENCH_TIME]       600
  --rampup=S      ramp-up in seconds                   [BENCH_RAMPUP]     60
  --warehouses=W  warehouses' terminals (10 each)      [BENCH_WAREHOUSES] 1000
  --scale=N       warehouses loaded                    [BENCH_SCALE]      2
  --pool=M        pooled connections (and workers)     [BENCH_POOL]       8
  --keying=X      keying-time multiplier               [BENCH_KEYING]     1
  --think=X       think-time multiplier                [BENCH_THINK]      1
  --sample=S      seconds between samples              [BENCH_SAMPLE]     10
  --keep=DIR      where run.log, samples.csv and summary.json are kept
                                                       [BENCH_KEEP] results/bench-spec-<UTC time>
EOF
}

die() {
  echo "bench-spec: error: $*" >&2
  exit 1
}

parse_args() {
  parse_options "--time=seconds --rampup=rampup --warehouses=warehouses --scale=scale --pool=pool --keying=keying --think=think --sample=sample --keep=keep" "$@"
  require_positive --time "$seconds"
  require_positive --warehouses "$warehouses"
  require_positive --scale "$scale"
  require_positive --pool "$pool"
  require_positive --sample "$sample"
  [[ "$rampup" =~ ^[0-9]+$ ]] || die "--rampup=$rampup is invalid: use a whole number of seconds"
  [[ "$keying" =~ ^[0-9]*\.?[0-9]+$ ]] || die "--keying=$keying is invalid: use a number >= 0"
  [[ "$think" =~ ^[0-9]*\.?[0-9]+$ ]] || die "--think=$think is invalid: use a number >= 0"
  java="$(choose_java 17)"
  [[ -n "$java" ]] || die "no JDK 17 or later found (set TPCC_JAVA)"
  [[ -x "$(dirname "$java")/jcmd" ]] || die "'jcmd' not found beside $java; it comes with a full JDK"
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
  exec "$java" ${TPCC_JAVA_OPTS:--Xmx512m} -jar "$root/tpcc-driver/target/tpcc.jar" "$1" \
    --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db=postgres \
    --tables=1 --scale="$scale" "${@:2}"
}

# Appends one CSV line for the JVM $1, $2 seconds into the run; nothing once it has ended.
sample_once() {
  local pid="$1" elapsed="$2" heap rss threads jcmd
  jcmd="$(dirname "$java")/jcmd"
  "$jcmd" "$pid" GC.run >/dev/null 2>&1 || return 0
  # JDK 17 prints "heap   total 57344K, used 17901K", JDK 21+ "heap   total reserved 6172672K,
  # committed 315392K, used 109127K".
  heap="$("$jcmd" "$pid" GC.heap_info 2>/dev/null | awk '/ used [0-9]+K/ {
      for (i = 1; i <= NF; i++) if ($i == "used") u = $(i + 1)
      gsub(/[K,]/, "", u); print u; exit }' || true)" # the JVM may have just ended
  rss="$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)"
  threads="$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)"
  if [[ -n "$heap" && -n "$rss" ]]; then echo "$elapsed,$heap,$rss,$threads" >>"$workdir/samples.csv"; fi
}

# User + system CPU of process $1 so far, in clock ticks (fields 14 and 15 of /proc/PID/stat,
# counted after the command name, which may hold spaces).
cpu_ticks() {
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || { echo "$ticks"; return; }
  echo "${stat##*) }" | awk '{ print $12 + $13 }'
}

# A number from summary.json: json_number 'python expression on s'.
json_number() {
  python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print($1)" "$workdir/results/summary.json"
}

report() {
  local ticks="$1"
  awk -F, '{ n++; if (n == 1) { fh = $2; fr = $3 } lh = $2; lr = $3
      if ($2 > mh) mh = $2; if ($3 > mr) mr = $3; if ($4 > mt) mt = $4 }
    END { if (n == 0) { print "bench-spec: no samples"; exit 1 }
      printf "samples: %d\n", n
      printf "heap after GC (MiB): first %.1f  last %.1f  max %.1f\n", fh / 1024, lh / 1024, mh / 1024
      printf "RSS (MiB):           first %.1f  last %.1f  max %.1f\n", fr / 1024, lr / 1024, mr / 1024
      printf "JVM threads:         max %d\n", mt }' "$workdir/samples.csv"
  local hz transactions
  hz="$(getconf CLK_TCK)"
  # TPC-C's five types, a deferred Delivery once (tpmTotal), over the measurement interval
  transactions="$(json_number "round(s['tpmTotal'] * s['totals']['elapsed_s'] / 60)")"
  echo "client CPU: $(awk -v t="$ticks" -v hz="$hz" 'BEGIN { printf "%.1f", t / hz }') s over the measurement interval;" \
    "$(awk -v t="$ticks" -v hz="$hz" -v n="$transactions" 'BEGIN { printf "%.3f", (n > 0 ? t / hz * 1000 / n : 0) }') ms per transaction measured ($transactions)"
  echo "tpmC: $(json_number "round(s['tpmC'], 1)")  efficiency: $(json_number "round(s['efficiency_percent'], 2)") %" \
    " verdict: $(json_number "s['spec']['verdict']")"
  echo "scheduling lag (ms): p50 $(json_number "s['spec']['scheduling_lag_ms']['p50']")" \
    " p99 $(json_number "s['spec']['scheduling_lag_ms']['p99']")  max $(json_number "s['spec']['scheduling_lag_ms']['max']")"
  echo "pool wait avg (ms): $(json_number "round(s['spec']['pool_wait_avg_ms'], 3)")"
  grep -E '^verdict:|^not a TPC-C result' "$workdir/run.log" || true
}

main() {
  parse_args "$@"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  "$root/bin/tpcc" --version >/dev/null || die "bin/tpcc does not build or start"
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-spec.XXXXXX")"
  chmod 755 "$workdir" # the server may run as the postgres OS user
  cluster_start "$workdir/cluster" "shared_buffers = 256MB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 30min" "log_min_messages = warning" "fsync = off" \
    "synchronous_commit = off" "max_connections = $((pool + 20))"
  echo "bench-spec: PostgreSQL on 127.0.0.1:$CLUSTER_PORT; $((warehouses * 10)) terminals over" \
    "scale $scale, pool $pool, keying x$keying think x$think, ramp-up $rampup s + $seconds s;" \
    "$("$java" -version 2>&1 | head -n 1); ${TPCC_JAVA_OPTS:--Xmx512m}"
  (tpcc prepare --threads=2) >"$workdir/prepare.log" 2>&1 || { tail -n 20 "$workdir/prepare.log" >&2; die "prepare failed"; }
  tpcc run --spec --spec-warehouses="$warehouses" --pool-size="$pool" \
    --keying-multiplier="$keying" --think-multiplier="$think" \
    --time="$seconds" --warmup-time="$rampup" --report-interval=10 \
    --results="$workdir/results" >"$workdir/run.log" 2>&1 &
  driver_pid=$!
  local started="" measuring="" now last=0 ticks=0 ticks0=0
  # The measurement interval starts --rampup seconds after "Threads started!"; CPU per transaction
  # is taken over it alone, from the reading at its start to the last before the JVM exits.
  while kill -0 "$driver_pid" 2>/dev/null; do
    sleep 1
    now="$(date +%s)"
    if [[ -z "$started" ]] && grep -q '^Threads started!' "$workdir/run.log"; then started="$now"; fi
    ticks="$(cpu_ticks "$driver_pid")"
    if [[ -n "$started" && -z "$measuring" ]] && ((now - started >= rampup)); then
      measuring="$now"
      ticks0="$ticks"
    fi
    if [[ -n "$started" ]] && ((now - last >= sample)); then
      last="$now"
      sample_once "$driver_pid" "$((now - started))"
    fi
  done
  wait "$driver_pid" || { tail -n 30 "$workdir/run.log" >&2; die "the run failed"; }
  driver_pid=""
  mkdir -p "$keep" && cp "$workdir/run.log" "$workdir/samples.csv" "$workdir/results/summary.json" "$keep/"
  grep -E '^\[ ' "$workdir/run.log" | tail -n 3
  report "$((ticks - ticks0))"
  echo "bench-spec: run.log, samples.csv and summary.json kept in $keep"
}

main "$@"
