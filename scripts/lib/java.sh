# shellcheck shell=bash
# Finds the JVM to run tpcc on, sourced by bin/tpcc and .ci/run.
#
#   java_major BINARY   the major version of the JDK a java binary belongs to, from its release
#                       file (no JVM is started), or nothing
#   choose_java [MIN]   TPCC_JAVA if set; else the newest java, of version MIN (default 17) or later,
#                       in JAVA_HOME, on PATH or under /usr/lib/jvm; nothing when there is none
#   heap_after_gc JCMD PID  forces a GC in the JVM PID, then prints its heap in use and committed
#                       (KiB) as "used,committed"; nothing when the JVM is gone

java_major() {
  local home
  home="$(dirname "$(dirname "$(readlink -f "$1")")")"
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null | head -n 1
}

choose_java() {
  local min="${1:-17}"
  if [[ -n "${TPCC_JAVA:-}" ]]; then
    echo "$TPCC_JAVA"
    return
  fi
  local candidates=() best="" best_major=0 candidate major
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME/bin/java")
  command -v java >/dev/null 2>&1 && candidates+=("$(command -v java)")
  for candidate in /usr/lib/jvm/*/bin/java; do candidates+=("$candidate"); done
  for candidate in "${candidates[@]}"; do
    [[ -x "$candidate" ]] || continue
    major="$(java_major "$candidate")"
    if [[ -n "$major" ]] && ((major >= min && major > best_major)); then
      best="$candidate"
      best_major="$major"
    fi
  done
  echo "$best"
}

heap_after_gc() {
  "$1" "$2" GC.run >/dev/null 2>&1 || return 0
  # JDK 17 prints "heap   total 57344K, used 17901K", JDK 21+ "heap   total reserved 6172672K,
  # committed 315392K, used 109127K": committed is "total" in the first and "committed" in the other.
  "$1" "$2" GC.heap_info 2>/dev/null | awk '/ used [0-9]+K/ {
      t = ""; for (i = 1; i <= NF; i++) {
        if ($i == "committed" || ($i == "total" && $(i + 1) != "reserved")) t = $(i + 1)
        if ($i == "used") u = $(i + 1) }
      gsub(/[K,]/, "", t); gsub(/[K,]/, "", u); print u "," t; exit }'
}
