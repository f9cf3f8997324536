#!/usr/bin/env bash
# The example tables of docs/sweep.md, one command each: starts a throwaway PostgreSQL cluster
# (and, for poolers, pgbouncer in session and in transaction pooling in front of it), runs
# 'tpcc sweep examples/sweeps/KIND.sweep', then prints 'tpcc report --format=md' of the bundle.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source-path=SCRIPTDIR source=lib/cluster.sh
source "$root/scripts/lib/cluster.sh"
# shellcheck source-path=SCRIPTDIR source=lib/args.sh
source "$root/scripts/lib/args.sh"

usage() {
  cat <<EOF
Usage: scripts/sweep-example.sh settings|poolers|versions|tuning [--bundle=DIR]

  settings   examples/sweeps/settings.sweep: TPC-B with synchronous_commit on and off (the
             settings dimension) on one throwaway cluster
  poolers    examples/sweeps/poolers.sweep: TPC-B select-only with a connection per transaction
             (-C), direct and through pgbouncer in session and in transaction pooling
  versions   examples/sweeps/versions.sweep: TPC-B with a fixed number of transactions per
             client (events, -t) and -j 2, the database's size before and after each run; both
             targets name the one throwaway cluster (the second is the control)
  tuning     examples/sweeps/tuning.sweep: TPC-B with max_wal_size 32MB and 1GB, the tables'
             checkpoints and WAL columns saying what the server did

Prints the sweep's progress, then the bundle's tables as Markdown (tpcc report --format=md).
  --bundle=DIR   where the bundle goes (default: sweeps/example-KIND-<UTC time>); kept afterwards
EOF
}

die() {
  echo "sweep-example: error: $*" >&2
  exit 1
}

kind="${1:-}"
if [[ "$kind" == -h || "$kind" == --help ]]; then
  usage
  exit 0
fi
[[ "$kind" == settings || "$kind" == poolers || "$kind" == versions || "$kind" == tuning ]] ||
  die "give settings, poolers, versions or tuning (see --help)"
shift
bundle=""
parse_options "--bundle=bundle" "$@"
[[ -n "$bundle" ]] || bundle="$root/sweeps/example-$kind-$(date -u +%Y%m%dT%H%M%SZ)"
if [[ "$kind" == poolers ]] && ! command -v pgbouncer >/dev/null; then
  [[ -x /usr/sbin/pgbouncer ]] || die "pgbouncer is not installed (apt-get install pgbouncer)"
  PATH="$PATH:/usr/sbin"
fi

bouncer_pidfiles=()
cleanup() {
  local pidfile
  for pidfile in "${bouncer_pidfiles[@]}"; do
    if [[ -f "$pidfile" ]]; then
      kill "$(cat "$pidfile")" 2>/dev/null || true
    fi
  done
  cluster_stop
  if [[ -n "${workdir:-}" ]]; then
    rm -rf "$workdir"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Starts pgbouncer in the given pool mode in front of the cluster, on the given port.
start_pgbouncer() {
  local mode="$1" port="$2" dir="$workdir/pgbouncer-$1" tries=0
  mkdir -p "$dir"
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$CLUSTER_PORT
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = $mode
max_client_conn = 200
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
  echo '"postgres" ""' >"$dir/userlist.txt"
  if [[ "$(id -u)" == 0 ]]; then
    chown -R postgres: "$dir"
  fi
  # As a daemon with a pid file: the pid of runuser, which a background start would give, is not
  # pgbouncer's, and killing it leaves pgbouncer running.
  bouncer_pidfiles+=("$dir/pgbouncer.pid")
  cluster_as_owner pgbouncer -d "$dir/pgbouncer.ini" >"$dir/stdout.log" 2>&1 ||
    die "pgbouncer ($mode) did not start: $(cat "$dir/stdout.log" "$dir/pgbouncer.log" 2>/dev/null)"
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    tries=$((tries + 1))
    ((tries < 100)) || die "pgbouncer ($mode) did not start: $(cat "$dir/stdout.log")"
    sleep 0.1
  done
}

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-sweep-example.XXXXXX")"
chmod 711 "$workdir" # the postgres OS user reaches its cluster and pgbouncer directories inside
# A cluster as initdb makes it, fsync on: what synchronous_commit saves is a WAL flush per COMMIT.
cluster_start "$workdir/cluster" "max_connections = 100" "log_min_messages = warning"
cluster_as_owner "$CLUSTER_CLIENT_BINDIR/psql" -h "$CLUSTER_SOCKET_DIR" -p "$CLUSTER_PORT" -U postgres \
  -qc "CREATE DATABASE bench" postgres
sweep_file="$workdir/$kind.sweep"
if [[ "$kind" != poolers ]]; then
  cp "$root/examples/sweeps/$kind.sweep" "$sweep_file"
  export PGHOST=127.0.0.1 PGPORT="$CLUSTER_PORT"
else
  session_port="$(cluster_free_port)"
  start_pgbouncer session "$session_port"
  transaction_port="$(cluster_free_port)"
  start_pgbouncer transaction "$transaction_port"
  sed -e "s/@DIRECT_PORT@/$CLUSTER_PORT/" -e "s/@SESSION_PORT@/$session_port/" \
    -e "s/@TRANSACTION_PORT@/$transaction_port/" \
    "$root/examples/sweeps/poolers.sweep" >"$sweep_file"
fi
echo "sweep-example: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}')" \
  "on port $CLUSTER_PORT; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg);" \
  "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
"$root/bin/tpcc" sweep "$sweep_file" --bundle "$bundle"
echo "sweep-example: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; bundle $bundle"
"$root/bin/tpcc" report --format=md "$bundle"
