# shellcheck shell=bash
# A throwaway PostgreSQL cluster for tests and benchmarks, sourced by the scripts beside it.
#
#   cluster_start DIR [setting=value ...]   initdb + start on a free port; sets CLUSTER_PORT,
#                                           CLUSTER_BINDIR, CLUSTER_DATA, CLUSTER_SOCKET_DIR,
#                                           and CLUSTER_CLIENT_BINDIR (where psql is)
#   cluster_stop                            stops the server and removes DIR
#
# CLUSTER_PG_BINDIR, when set, is the directory of initdb, pg_ctl and postgres to use (e.g. another
# major's, from scripts/test-versions.sh); otherwise they are looked for on the machine.
#
# When run as root the server runs as the 'postgres' OS user, since PostgreSQL refuses root.
# A watchdog process stops the server even when the calling script is killed with SIGKILL.

cluster_find_bindir() {
  local dir
  if [[ -n "${CLUSTER_PG_BINDIR:-}" ]]; then
    if [[ -x "$CLUSTER_PG_BINDIR/initdb" && -x "$CLUSTER_PG_BINDIR/pg_ctl" ]]; then
      readlink -f "$CLUSTER_PG_BINDIR"
      return 0
    fi
    echo "error: CLUSTER_PG_BINDIR=$CLUSTER_PG_BINDIR has no initdb and pg_ctl" >&2
    return 1
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return 0
    fi
  fi
  dir="$(printf '%s\n' /usr/lib/postgresql/*/bin | grep -v '[*]' | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
    echo "$dir"
    return 0
  fi
  echo "error: no PostgreSQL server binaries (initdb, pg_ctl) found in PATH, 'pg_config --bindir'" \
    "or /usr/lib/postgresql/*/bin; install them, e.g. 'apt-get install postgresql'" >&2
  return 1
}

# The directory of the client programs (psql) for a server directory: the server's own when it has
# them, else the machine's (the other majors' binaries from Maven carry no psql or pgbench; any
# psql of 9.6 or later talks to every major of the matrix).
cluster_find_client_bindir() {
  local server="$1" dir
  if [[ -x "$server/psql" ]]; then
    echo "$server"
    return 0
  fi
  # Debian's /usr/bin/psql is a wrapper elsewhere: its real directory holds pgbench too.
  dir="$(printf '%s\n' /usr/lib/postgresql/*/bin/psql | grep -v '[*]' | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" ]]; then
    dirname "$dir"
    return 0
  fi
  if command -v psql >/dev/null 2>&1; then
    dirname "$(command -v psql)"
    return 0
  fi
  return 1
}

# Runs a command as the cluster's owner.
cluster_as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cluster_free_port() {
  local port tries=0
  while ((tries < 100)); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
    tries=$((tries + 1))
  done
  echo "error: no free TCP port found on 127.0.0.1" >&2
  return 1
}

cluster_start() {
  local dir="$1"
  shift
  CLUSTER_BINDIR="$(cluster_find_bindir)" || return 1
  # For the scripts that use psql; the tests need none, so a machine without it is no error here.
  # shellcheck disable=SC2034 # for the scripts that source this file
  CLUSTER_CLIENT_BINDIR="$(cluster_find_client_bindir "$CLUSTER_BINDIR" 2>/dev/null ||
    echo "$CLUSTER_BINDIR")"
  if [[ "$(id -u)" == 0 ]] && ! id postgres >/dev/null 2>&1; then
    echo "error: running as root but there is no 'postgres' OS user to run the server;" \
      "install the postgresql package or run as an ordinary user" >&2
    return 1
  fi
  CLUSTER_DIR="$dir"
  CLUSTER_DATA="$dir/data"
  CLUSTER_SOCKET_DIR="$dir/socket"
  mkdir -p "$CLUSTER_SOCKET_DIR"
  if [[ "$(id -u)" == 0 ]]; then
    chown -R postgres: "$dir"
  fi
  chmod 700 "$dir"
  # -N: initdb's --no-sync, which 9.6 spells --nosync
  cluster_as_owner "$CLUSTER_BINDIR/initdb" -D "$CLUSTER_DATA" -U postgres --auth=trust \
    -E UTF8 --locale=C -N >"$dir/initdb.log" 2>&1 || {
    echo "error: initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    return 1
  }
  local attempt setting
  for attempt in 1 2 3; do
    CLUSTER_PORT="$(cluster_free_port)" || return 1
    {
      echo "port = $CLUSTER_PORT"
      echo "listen_addresses = '127.0.0.1'"
      echo "unix_socket_directories = '$CLUSTER_SOCKET_DIR'"
      for setting in "$@"; do
        echo "$setting"
      done
    } >"$CLUSTER_DATA/postgresql.auto.conf"
    if cluster_as_owner "$CLUSTER_BINDIR/pg_ctl" -D "$CLUSTER_DATA" -l "$dir/server.log" \
      -w -t 60 start >/dev/null; then
      cluster_watchdog "$$"
      return 0
    fi
    echo "warning: server did not start on port $CLUSTER_PORT (attempt $attempt)" >&2
  done
  echo "error: PostgreSQL did not start; last lines of $dir/server.log:" >&2
  tail -n 20 "$dir/server.log" >&2 || true
  return 1
}

# Stops the server once the given process is gone, however it ended.
cluster_watchdog() {
  local owner="$1"
  # shellcheck disable=SC2016 # the watchdog's own shell expands $1..$4, its arguments
  setsid bash -c '
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    if [[ -f "$3/postmaster.pid" ]]; then
      if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$2/pg_ctl" -D "$3" -m immediate stop
      else "$2/pg_ctl" -D "$3" -m immediate stop; fi
    fi
    rm -rf "$4"
  ' cluster-watchdog "$owner" "$CLUSTER_BINDIR" "$CLUSTER_DATA" "$CLUSTER_DIR" \
    </dev/null >/dev/null 2>&1 &
  disown
}

cluster_stop() {
  if [[ -n "${CLUSTER_DATA:-}" && -f "$CLUSTER_DATA/postmaster.pid" ]]; then
    cluster_as_owner "$CLUSTER_BINDIR/pg_ctl" -D "$CLUSTER_DATA" -m immediate -w stop \
      >/dev/null 2>&1 || true
  fi
  if [[ -n "${CLUSTER_DIR:-}" ]]; then
    rm -rf "$CLUSTER_DIR"
  fi
  CLUSTER_DATA=""
  CLUSTER_DIR=""
}
