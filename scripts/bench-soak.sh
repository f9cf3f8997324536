#!/usr/bin/env bash
# A long run, measured: bin/tpcc-soak as a user starts it, on a throwaway PostgreSQL cluster that this
# script restarts during the run (fast shutdowns and crashes in turn), sampling the driver's memory,
# the results files and the database as it goes. See docs/soak.md ("A long run, measured").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"
# shellcheck source-path=SCRIPTDIR source=lib/java.sh
source "$root/scripts/lib/java.sh"

seconds="${BENCH_TIME:-10800}"
scale="${BENCH_SCALE:-1}"
threads="${BENCH_THREADS:-4}"
restart_every="${BENCH_RESTART_EVERY:-1800}"
sample="${BENCH_SAMPLE:-60}"
out="${BENCH_OUT:-}"
java=""
workdir=""
soak=""

usage() {
  cat <<EOF
Usage: scripts/bench-soak.sh [--time=S] [--scale=N] [--threads=N] [--restart-every=S]
                             [--sample=S] [--out=DIR]

Starts a PostgreSQL cluster of its own, then 'bin/tpcc-soak start' (cleanup, prepare, run, check)
with --tables=1 --scale=N --threads=N --time=S --report-interval=1 against it. While the run
goes on it restarts the server every --restart-every seconds, a fast shutdown and an immediate
one (a crash) in turn, and every --sample seconds appends a line to DIR/samples.csv: the run's
JVM resident set size and heap in use after a forced GC (jcmd), the size of each results file,
of soak.log and run.log, and of the database. At the end it runs 'bin/tpcc-soak report', timed,
and prints the first and last samples, the growth per day and the soak's outcome. DIR keeps the
soak's own directory (DIR/soak) and the samples. The server and every process run at the
priority this script is given (e.g. nice -n 19 scripts/bench-soak.sh).

Options (environment variable in brackets, default last):
  --time=S           run length in seconds                   [BENCH_TIME]          10800
  --scale=N          warehouses                              [BENCH_SCALE]         1
  --threads=N        client threads                          [BENCH_THREADS]       4
  --restart-every=S  seconds between server restarts, 0: none [BENCH_RESTART_EVERY] 1800
  --sample=S         seconds between samples                 [BENCH_SAMPLE]        60
  --out=DIR          where the soak and samples go           [BENCH_OUT]  results/soak-<UTC time>
EOF
}

die() {
  echo "bench-soak: error: $*" >&2
  exit 1
}

say() {
  echo "bench-soak: $(date -u +%H:%M:%S) $*"
}

parse_args() {
  parse_options "--time=seconds --scale=scale --threads=threads --restart-every=restart_every --sample=sample --out=out" "$@"
  require_positive --time "$seconds"
  require_positive --scale "$scale"
  require_positive --threads "$threads"
  require_positive --sample "$sample"
  [[ "$restart_every" =~ ^[0-9]+$ ]] || die "--restart-every=$restart_every is invalid: use whole seconds, 0 for none"
  java="$(choose_java 17)"
  [[ -n "$java" ]] || die "no JDK 17 or later found (set TPCC_JAVA)"
  [[ -x "$(dirname "$java")/jcmd" ]] || die "'jcmd' not found beside $java; it comes with a full JDK"
  out="${out:-results/soak-$(date -u +%Y%m%dT%H%M%SZ)}"
  [[ ! -e "$out/soak" ]] || die "--out=$out holds a soak already; name another directory"
  mkdir -p "$out" || die "cannot create --out=$out"
  out="$(cd "$out" && pwd)"
  soak="$out/soak"
}

finish() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$soak" && -f "$soak/pid" ]] && "$root/bin/tpcc-soak" status --dir "$soak" >/dev/null 2>&1; then
    "$root/bin/tpcc-soak" stop --dir "$soak" >/dev/null 2>&1 || true
  fi
  cluster_stop
  if [[ -n "$workdir" ]]; then rm -rf "$workdir"; fi
  exit "$status"
}

psql_value() {
  "$CLUSTER_CLIENT_BINDIR/psql" -X -A -t -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres -d postgres -c "$1" 2>/dev/null
}

# The run's JVM: the phase now running, when that phase is the run.
run_jvm() {
  [[ "$(cat "$soak/phase" 2>/dev/null)" == run ]] || return 1
  local pid
  pid="$(cat "$soak/child.pid" 2>/dev/null)" || return 1
  [[ -n "$pid" && -r "/proc/$pid/status" ]] || return 1
  echo "$pid"
}

file_bytes() {
  local total=0 f
  for f in "$@"; do
    if [[ -f "$f" ]]; then total=$((total + $(stat -c %s "$f"))); fi
  done
  echo "$total"
}

sample_once() {
  local elapsed="$1" pid="" rss="" heap="" db
  if pid="$(run_jvm)"; then
    rss="$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)"
    heap="$(heap_after_gc "$(dirname "$java")/jcmd" "$pid")"
    heap="${heap%%,*}"
  fi
  db="$(psql_value "SELECT pg_database_size('postgres')" || true)"
  echo "$elapsed,$(cat "$soak/phase" 2>/dev/null || echo none),${rss},${heap}" \
    ",$(file_bytes "$soak/results/intervals.jsonl"),$(file_bytes "$soak"/results/*.hlog)" \
    ",$(file_bytes "$soak/results/summary.json"),$(file_bytes "$soak/soak.log"),$(file_bytes "$soak/run.log"),${db}" |
    tr -d ' ' >>"$out/samples.csv"
}

restart_server() {
  local mode="$1"
  say "server restart ($mode shutdown)"
  echo "$(($(date +%s) - run_start)),$mode" >>"$out/restarts.csv"
  cluster_as_owner "$CLUSTER_BINDIR/pg_ctl" -D "$CLUSTER_DATA" -m "$mode" -w stop >/dev/null 2>&1 || true
  sleep 5
  cluster_as_owner "$CLUSTER_BINDIR/pg_ctl" -D "$CLUSTER_DATA" -l "$CLUSTER_DIR/server.log" -w -t 300 \
    start >/dev/null || die "the server did not start again; see $CLUSTER_DIR/server.log"
}

start_soak() {
  PGPASSWORD="" "$root/bin/tpcc-soak" start --dir "$soak" -- --pgsql-host=127.0.0.1 \
    --pgsql-port="$CLUSTER_PORT" --pgsql-user=postgres --pgsql-db=postgres --tables=1 \
    --scale="$scale" --threads="$threads" --time="$seconds" --report-interval=1 \
    >"$out/start.log" 2>&1 || { cat "$out/start.log" >&2; die "bin/tpcc-soak start failed"; }
  while [[ "$(cat "$soak/phase" 2>/dev/null)" != run ]]; do
    "$root/bin/tpcc-soak" status --dir "$soak" >/dev/null 2>&1 || {
      tail -n 20 "$soak"/*.log >&2
      die "the soak ended before its run phase"
    }
    sleep 2
  done
}

watch_run() {
  local now next_sample=0 next_restart crashes=0
  next_restart=$((restart_every > 0 ? restart_every : seconds * 2))
  while [[ "$(cat "$soak/phase" 2>/dev/null)" == run ]]; do
    now=$(($(date +%s) - run_start))
    if ((now >= next_sample)); then
      sample_once "$now"
      next_sample=$((next_sample + sample))
    fi
    if ((now >= next_restart && now < seconds - 60)); then
      if ((crashes % 2 == 0)); then restart_server fast; else restart_server immediate; fi
      crashes=$((crashes + 1))
      next_restart=$((next_restart + restart_every))
    fi
    sleep 1
  done
}

summarize() {
  awk -F, 'NR == 1 || $3 == "" { next }
    { n++; if (n == 1) { t0 = $1; r0 = $3; h0 = $4; i0 = $5; g0 = $6; d0 = $10 }
      t = $1; r = $3; h = $4; i = $5; g = $6; d = $10
      if ($3 > mr) mr = $3; if ($4 > mh) mh = $4 }
    END { if (n < 2) { print "bench-soak: fewer than 2 samples of the run"; exit 1 }
      day = 86400 / (t - t0)
      printf "samples of the run: %d over %d s\n", n, t - t0
      printf "RSS (MiB):            first %.1f  last %.1f  max %.1f\n", r0 / 1024, r / 1024, mr / 1024
      printf "heap after GC (MiB):  first %.1f  last %.1f  max %.1f\n", h0 / 1024, h / 1024, mh / 1024
      printf "intervals.jsonl:      %.1f MiB, %.1f MiB per day\n", i / 1048576, (i - i0) * day / 1048576
      printf "*.hlog:               %.1f MiB, %.1f MiB per day\n", g / 1048576, (g - g0) * day / 1048576
      printf "database:             %.1f MiB, %.1f MiB per day\n", d / 1048576, (d - d0) * day / 1048576 }' \
    "$out/samples.csv" | tee "$out/summary.txt"
}

main() {
  parse_args "$@"
  trap finish EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  "$root/bin/tpcc" --version >/dev/null || die "bin/tpcc does not build or start"
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-bench-soak.XXXXXX")"
  chmod 755 "$workdir"
  cluster_start "$workdir/cluster" "shared_buffers = 256MB" "max_wal_size = 2GB" \
    "log_min_messages = warning" "log_checkpoints = on"
  say "PostgreSQL $(psql_value 'SHOW server_version') on 127.0.0.1:$CLUSTER_PORT; scale $scale," \
    "$threads thread(s), $seconds s, a restart every $restart_every s, a sample every $sample s;" \
    "$("$java" -version 2>&1 | head -n 1); into $out"
  echo "elapsed_s,phase,rss_kb,heap_used_kb,intervals_bytes,hlog_bytes,summary_bytes,soak_log_bytes,run_log_bytes,database_bytes" \
    >"$out/samples.csv"
  echo "elapsed_s,shutdown" >"$out/restarts.csv"
  start_soak
  run_start="$(date +%s)"
  say "the run phase started"
  watch_run
  say "the run phase ended; waiting for the check"
  while "$root/bin/tpcc-soak" status --dir "$soak" >/dev/null 2>&1; do sleep 2; done
  local begin end
  begin="$(date +%s%N)"
  "$root/bin/tpcc-soak" report --dir "$soak" >"$out/report.log" 2>&1 || { cat "$out/report.log" >&2; die "the report failed"; }
  end="$(date +%s%N)"
  say "report rendered in $(((end - begin) / 1000000)) ms, $(stat -c %s "$soak/results/report.html") bytes" | tee -a "$out/summary.txt"
  say "soak exit code $(cat "$soak/exit-code"); $(grep -c . "$out/restarts.csv") restart line(s) incl. header" | tee -a "$out/summary.txt"
  grep -e 'transactions:' -e 'Outages' -e 'outage' "$soak/run.log" | head -n 10 | tee -a "$out/summary.txt" || true
  tail -n 5 "$soak/check.log" | tee -a "$out/summary.txt" || true
  summarize
}

main "$@"
