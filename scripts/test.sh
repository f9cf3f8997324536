#!/usr/bin/env bash
# The test command: starts a throwaway PostgreSQL cluster, runs `mvn -B verify` against it, and
# removes the cluster afterwards, also on failure, Ctrl-C or kill.
#
#   scripts/test.sh [extra maven arguments, e.g. -pl tpcc-core -Dit.test=PostgresFixtureIT]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/cluster.sh
source scripts/lib/cluster.sh

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-test.XXXXXX")"
maven_pid=""

finish() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$maven_pid" ]] && kill -0 "$maven_pid" 2>/dev/null; then
    kill -TERM -- "-$maven_pid" 2>/dev/null || kill -TERM "$maven_pid" 2>/dev/null || true
    wait "$maven_pid" 2>/dev/null || true
  fi
  if ((status != 0)) && [[ -f "$workdir/server.log" ]]; then
    echo "--- last lines of the test server's log ---" >&2
    tail -n 30 "$workdir/server.log" >&2 || true
  fi
  if [[ -n "${TPCC_TEST_SERVER_LOG:-}" && -f "$workdir/server.log" ]]; then
    cp "$workdir/server.log" "$TPCC_TEST_SERVER_LOG" || true
  fi
  cluster_stop
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Durability is not under test: trade it for speed. Enough connections for the pooler and
# many-thread tests.
settings=("fsync = off" "synchronous_commit = off" "full_page_writes = off"
  "max_connections = 300" "shared_buffers = 256MB" "max_wal_size = 4GB"
  "checkpoint_timeout = 30min" "log_min_messages = warning"
  "max_pred_locks_per_transaction = 256")
# TPCC_TEST_SERVER_LOG=FILE keeps the server's log there, each connection's backend pid and
# database in it (for scripts/suite-costs.sh).
if [[ -n "${TPCC_TEST_SERVER_LOG:-}" ]]; then
  settings+=("log_connections = on" "log_line_prefix = '%p %d '")
fi
cluster_start "$workdir" "${settings[@]}"

echo "test server: PostgreSQL $("$CLUSTER_BINDIR/postgres" --version | awk '{print $3}')" \
  "on 127.0.0.1:$CLUSTER_PORT, socket directory $CLUSTER_SOCKET_DIR"
export TPCC_TEST_JDBC_URL="jdbc:postgresql://127.0.0.1:$CLUSTER_PORT/postgres?user=postgres"
# For tests that control the server itself (restarts, sockets, poolers).
export TPCC_TEST_PGBIN="$CLUSTER_BINDIR"
export TPCC_TEST_PGDATA="$CLUSTER_DATA"
export TPCC_TEST_SOCKET_DIR="$CLUSTER_SOCKET_DIR"
export TPCC_TEST_PORT="$CLUSTER_PORT"

# Maven runs in its own process group, in the background, so that a signal reaches this script
# at once (bash defers traps while a foreground child runs) and can be passed on to all of Maven.
# A background job of a non-interactive shell starts with SIGINT ignored, and a JVM keeps an
# inherited SIG_IGN: the signal tests' drivers could then not be interrupted. Maven starts with
# INT, TERM and HUP at their defaults where env can reset them (coreutils 8.31 or later).
default_signals=()
if env --default-signal=INT true 2>/dev/null; then
  default_signals=(env --default-signal=INT --default-signal=TERM --default-signal=HUP)
fi
set -m
"${default_signals[@]}" mvn -B verify "$@" &
maven_pid=$!
set +m
# The servers the tests start yield the CPU to the tests' own processes, as a server on another
# machine would: every postgres process of this script's cluster, or of a throwaway cluster an IT
# starts (LocalCluster's /tmp/tpcc-quickstart-*), runs at nice 10, checked every second (a
# restarted server's new processes included; backends inherit the postmaster's). Timed runs at full
# speed then take only the CPU the JVMs leave, so a class that asserts a report line every second
# or a rate keeps its timing beside the others. Servers the tests did not start are not touched.
lower_server_priority() {
  local pid nice command cwd
  while kill -0 "$maven_pid" 2>/dev/null; do
    while read -r pid nice command; do
      if [[ "$command" != postgres || ! "$nice" =~ ^-?[0-9]+$ ]] || ((nice >= 10)); then
        continue
      fi
      cwd="$(readlink "/proc/$pid/cwd" 2>/dev/null)" || continue
      case "$cwd" in
        "$workdir"/* | /tmp/tpcc-quickstart-*) # LocalCluster: java.io.tmpdir, /tmp whatever TMPDIR is
          renice -n 10 -p "$pid" >/dev/null 2>&1 || true ;;
      esac
    done < <(ps -e -o pid=,ni=,comm=)
    sleep 1
  done
}
lower_server_priority </dev/null >/dev/null 2>&1 &
# Should this script be killed outright (SIGKILL, no trap), take Maven down with it; the
# cluster has a watchdog of its own.
# shellcheck disable=SC2016 # the watchdog's own shell expands $1 and $2, its arguments
setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -TERM -- "-$2" 2>/dev/null' \
  maven-watchdog "$$" "$maven_pid" </dev/null >/dev/null 2>&1 &
disown
wait "$maven_pid"
