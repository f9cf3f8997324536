# shellcheck shell=bash
# Where the benchmark scripts put the server and the client, and what the client's CPU costs per
# transaction, whole process and steady state. Sourced beside lib/cluster.sh; each script defines
# die().
#
#   placement_parse CPUS SERVER_CPUS CLIENT_CPUS  checks --cpus (shared|split) and the two CPU lists;
#                                                 sets PLACEMENT_SERVER_CPUS, PLACEMENT_CLIENT_CPUS
#   placement_pin_server                          pins the running cluster's postmaster and its
#                                                 processes (later backends inherit it)
#   placement_describe                            one line: where each side runs
#   client_pinned CMD...                          runs CMD on the client's CPUs (when split)
#   client_measured LOG FORMAT FROM TO CMD...     runs CMD (pinned when split), its output in LOG;
#                                                 prints "WHOLE_CPU_S STEADY_CPU_S STEADY_USER_S"
#                                                 (the steady state's user time, the rest system)
#   steady_transactions LOG FORMAT FROM TO        transactions from second FROM to second TO
#
# Split placement stands in for a client on another machine, as the published runs have it: the
# server cannot take the client's CPU and the client's cost per transaction is its own.
# Steady state is the part of the run from second FROM to second TO of its progress lines (FORMAT
# pgbench: "progress: 10.0 s, ..."; sysbench: "[ 10s ] ..."), so JVM start, JIT warm-up,
# connecting and the end of the run are not in it.

PLACEMENT_SERVER_CPUS=""
PLACEMENT_CLIENT_CPUS=""

placement_parse() {
  local cpus="$1" server="$2" client="$3" last
  case "$cpus" in
    shared)
      [[ -z "$server$client" ]] ||
        die "--server-cpus and --client-cpus need --cpus=split, not --cpus=shared"
      return 0
      ;;
    split) ;;
    *) die "--cpus=$cpus is invalid: use shared or split" ;;
  esac
  command -v taskset >/dev/null || die "--cpus=split needs taskset (util-linux)"
  last=$(($(nproc) - 1))
  ((last >= 1)) || die "--cpus=split needs at least 2 CPUs; this machine has $(nproc)"
  # Default: the server on the first half of the CPUs, the client on the rest.
  PLACEMENT_SERVER_CPUS="${server:-0-$(((last + 1) / 2 - 1))}"
  PLACEMENT_CLIENT_CPUS="${client:-$(((last + 1) / 2))-$last}"
  local option list
  for option in --server-cpus=$PLACEMENT_SERVER_CPUS --client-cpus=$PLACEMENT_CLIENT_CPUS; do
    list="${option#*=}"
    [[ "$list" =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] ||
      die "$option is invalid: use a CPU list such as 0 or 0-3 or 0,2"
    taskset -c "$list" true 2>/dev/null || die "$option is invalid: not CPUs of this machine (0-$last)"
  done
}

placement_pin_server() {
  [[ -n "$PLACEMENT_SERVER_CPUS" ]] || return 0
  local postmaster child
  postmaster="$(head -n 1 "$CLUSTER_DATA/postmaster.pid")"
  taskset -a -p -c "$PLACEMENT_SERVER_CPUS" "$postmaster" >/dev/null ||
    die "could not pin the postmaster ($postmaster) to CPUs $PLACEMENT_SERVER_CPUS"
  for child in $(ps --ppid "$postmaster" -o pid=); do
    taskset -a -p -c "$PLACEMENT_SERVER_CPUS" "$child" >/dev/null 2>&1 || true
  done
}

placement_describe() {
  if [[ -n "$PLACEMENT_SERVER_CPUS" ]]; then
    echo "split cores: server on CPU $PLACEMENT_SERVER_CPUS, client on CPU $PLACEMENT_CLIENT_CPUS"
  else
    echo "shared cores: server and client on all $(nproc) CPUs"
  fi
}

# CPU ticks of a process and its live descendants, and of the descendants that have ended and were
# waited for (cutime, cstime): "USER+SYSTEM USER".
tree_cpu_ticks() {
  local root="$1"
  ps -e -o pid=,ppid= | awk -v root="$root" '
    { parent[$1] = $2 }
    END {
      keep[root] = 1
      do { added = 0; for (p in parent) if (!(p in keep) && (parent[p] in keep)) { keep[p] = 1; added = 1 } }
      while (added)
      for (p in keep) print p
    }' | while read -r pid; do
    awk '{ print $14 + $15 + $16 + $17, $14 + $16 }' "/proc/$pid/stat" 2>/dev/null || true
  done | awk '{ t += $1; u += $2 } END { print t + 0, u + 0 }'
}

# The extended regular expression of a progress line: \1 its second, \2 its tps.
progress_pattern() {
  case "$1" in
    pgbench) echo '^progress: ([0-9]+)\.[0-9]+ s, ([0-9.]+) tps' ;;
    sysbench) echo '^\[ ([0-9]+)s \] .*tps: ([0-9.]+)' ;;
  esac
}

# Waits (polling LOG every 0.05 s) until PID's progress line for second FROM and then TO appear,
# reading the client's CPU ticks at each; prints the ticks between (all, then user), or nothing if
# the run ended first.
steady_watch() {
  local log="$1" pid="$2" format="$3" from="$4" to="$5" second ticks=() user=() pattern
  pattern="$(progress_pattern "$format")"
  for second in "$from" "$to"; do
    while ! grep -Eq "${pattern/\(\[0-9\]+\)/$second}" "$log" 2>/dev/null; do
      kill -0 "$pid" 2>/dev/null || return 0
      sleep 0.05
    done
    read -r "ticks[${#ticks[@]}]" "user[${#user[@]}]" < <(tree_cpu_ticks "$pid")
  done
  echo $((ticks[1] - ticks[0])) $((user[1] - user[0]))
}

steady_transactions() {
  local log="$1" format="$2" from="$3" to="$4"
  sed -E -n "s/$(progress_pattern "$format").*/\1 \2/p" "$log" |
    awk -v from="$from" -v to="$to" '
      $1 > from && $1 <= to { n += ($1 - last) * $2 }
      { last = $1 }
      END { printf "%.0f", n }'
}

client_pinned() {
  if [[ -n "$PLACEMENT_CLIENT_CPUS" ]]; then
    taskset -c "$PLACEMENT_CLIENT_CPUS" "$@"
  else
    "$@"
  fi
}

client_measured() {
  local log="$1" format="$2" from="$3" to="$4" pid watcher rc=0 hz whole steady
  shift 4
  # A wrapper shell waits for the client, then reads its own cutime and cstime (fields 16 and
  # 17 of /proc/<pid>/stat), which now hold the client's and its children's.
  # shellcheck disable=SC2016 # expanded by the wrapper shell
  client_pinned bash -c '"$@" >"$0" 2>&1; rc=$?; read -r -a f </proc/$$/stat; echo "${f[15]} ${f[16]}" >"$0.cpu"; exit $rc' \
    "$log" "$@" &
  pid=$!
  steady_watch "$log" "$pid" "$format" "$from" "$to" >"$log.steady" &
  watcher=$!
  wait "$pid" || rc=$?
  wait "$watcher" || true
  hz="$(getconf CLK_TCK)"
  whole="$(awk -v hz="$hz" '{ printf "%.2f", ($1 + $2) / hz }' "$log.cpu" 2>/dev/null)"
  steady="$(awk -v hz="$hz" '{ printf "%.2f %.2f", $1 / hz, $2 / hz }' "$log.steady")"
  echo "${whole:-0} ${steady:-nan nan}"
  return "$rc"
}
