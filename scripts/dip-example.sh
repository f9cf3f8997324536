#!/usr/bin/env bash
# The dips example of docs/soak.md: a TPC-C run on a throwaway PostgreSQL cluster with two planted
# dips, then the run's text summary (its stability lines name each dip's causes) and its report.
#   1. from --lock-at: another session holds warehouse1 locked (every New-Order and Payment waits),
#      runs VACUUM (FREEZE) of stock1 slowed by vacuum_cost_delay, and issues a CHECKPOINT,
#      for --hold seconds;
#   2. from --storm-at: a checkpoint storm, a CHECKPOINT every --storm-every seconds (0: one after
#      another) for --hold seconds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

usage() {
  cat <<EOF
Usage: scripts/dip-example.sh [--time=330] [--lock-at=120] [--storm-at=220] [--hold=20]
                              [--storm-every=1] [--results=DIR]

  --time=S       the run's length (text stability lines need 300 s or more)
  --lock-at=S    when the lock, slowed VACUUM and CHECKPOINT start, in s after the run's start
  --storm-at=S   when the checkpoint storm starts
  --storm-every=S  seconds from one storm CHECKPOINT's start to the next's request (0: each
                 requested as soon as the one before ends)
  --hold=S       how long each lasts
  --results=DIR  the run's results directory (default: results/dip-example-<UTC time>); kept,
                 with report.html beside intervals.jsonl
EOF
}

die() {
  echo "dip-example: error: $*" >&2
  exit 1
}

time=330 lock_at=120 storm_at=220 hold=20 storm_every=1 results=""
parse_options "--time=time --lock-at=lock_at --storm-at=storm_at --hold=hold \
  --storm-every=storm_every --results=results" "$@"
for pair in "--time=$time" "--lock-at=$lock_at" "--storm-at=$storm_at" "--hold=$hold"; do
  require_positive "${pair%%=*}" "${pair#*=}"
done
[[ "$storm_every" =~ ^[0-9]+$ ]] || die "--storm-every=$storm_every is invalid: it must be 0 or more"
[[ -n "$results" ]] || results="$root/results/dip-example-$(date -u +%Y%m%dT%H%M%SZ)"

workdir="$(mktemp -d)"
chmod 755 "$workdir" # the server runs as its own OS user when this runs as root
cleanup() {
  cluster_stop
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cluster_start "$workdir/pg"
sql() {
  "$CLUSTER_CLIENT_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CLUSTER_PORT" -U postgres \
    -d postgres "$@"
}
tpcc=("$root/bin/tpcc" --pgsql-host=127.0.0.1 "--pgsql-port=$CLUSTER_PORT" --pgsql-user=postgres
  --pgsql-db=postgres --tables=1 --scale=2 --threads=4)
"${tpcc[@]}" prepare >/dev/null
sql -c CHECKPOINT
echo "dip-example: $(sql -At -c 'SELECT version()'); results in $results"

"${tpcc[@]}" "--time=$time" --report-interval=10 "--results=$results" run &
run=$!
sleep "$lock_at"
echo "dip-example: $(date -u +%T) warehouse1 locked, VACUUM (FREEZE) stock1 slowed, CHECKPOINT"
sql -c "BEGIN; LOCK TABLE warehouse1 IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep($hold); COMMIT;" \
  >/dev/null &
lock=$!
# the statement timeout ends the VACUUM with the lock: an error expected, so not shown
sql -c "SET statement_timeout = '${hold}s'" -c "SET vacuum_cost_delay = 100" \
  -c "SET vacuum_cost_limit = 1" -c "VACUUM (FREEZE) stock1" 2>/dev/null &
vacuum=$!
sql -c CHECKPOINT
wait "$lock"
wait "$vacuum" || true
sleep $((storm_at - lock_at - hold > 0 ? storm_at - lock_at - hold : 0))
echo "dip-example: $(date -u +%T) checkpoint storm: a CHECKPOINT every ${storm_every} s for $hold s"
storm_end=$((SECONDS + hold))
while ((SECONDS < storm_end)); do
  sql -c CHECKPOINT
  sleep "$storm_every"
done
wait "$run"
"$root/bin/tpcc" report "$results" -o "$results/report.html"
