#!/usr/bin/env bash
# Where the test suite's CPU goes: runs scripts/test.sh (its arguments passed on) under BSD process
# accounting, with the test server logging each connection's backend pid and database, then
# prints the CPU seconds of the server's backends per IT class (each class has a database of its
# own, tpcc_it_<class>_...) and the CPU seconds of every program. Needs root and the acct package
# (accton, dump-acct). The classes with a cluster of their own (OwnServerFixture, LocalCluster)
# count under "other clusters".
#
#   scripts/suite-costs.sh -o -pl tpcc-driver -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in accton dump-acct; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: $tool is not installed (apt-get install acct; run as root)" >&2
    exit 2
  fi
done

work="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-costs.XXXXXX")"
trap 'accton off >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
touch "$work/acct"
accton "$work/acct" >/dev/null
started=$SECONDS
status=0
TPCC_TEST_SERVER_LOG="$work/server.log" scripts/test.sh "$@" || status=$?
accton off >/dev/null
elapsed=$((SECONDS - started))

# dump-acct: command|version|user|system|elapsed|uid|gid|memory|io|pid|ppid|... (times in ticks)
dump-acct "$work/acct" >"$work/acct.txt"
echo "--- CPU seconds of the test server's backends, per IT class (wall: ${elapsed} s) ---"
awk -F'|' '
  FNR == NR {
    if (match($0, /^[0-9]+ [^ ]* LOG:  connection authorized: .* database=[^ ]+/)) {
      split($0, word, " ")
      database = $0
      sub(/.* database=/, "", database)
      sub(/ .*/, "", database)
      sub(/^tpcc_it_/, "", database)
      sub(/_[0-9]+_[0-9]+$/, "", database)
      class_of[word[1]] = database
    }
    next
  }
  {
    command = $1
    gsub(/ /, "", command)
    pid = $10 + 0
    seconds = ($3 + $4) / 100
    total += seconds
    if (command == "postgres") {
      if (pid in class_of) {
        class[class_of[pid]] += seconds
      } else {
        other += seconds
      }
    }
  }
  END {
    for (name in class) {
      printf "%8.1f  %s\n", class[name], name | "sort -rn"
    }
    close("sort -rn")
    printf "%8.1f  (other clusters, and server processes of no connection)\n", other
    printf "%8.1f  all processes\n", total
  }
' "$work/server.log" "$work/acct.txt"
echo "--- CPU minutes per program (sa) ---"
sa -a -f "$work/acct" 2>/dev/null | head -n 15 || true
exit "$status"
