#!/usr/bin/env bash
# Shows that `mvn verify` fails on a dependency declared and unused: copies the committed tree,
# declares commons-math3 (used by no class of tpcc-loader) in tpcc-loader, and expects the build to
# fail naming it. Run by .ci/run; needs no server.
set -euo pipefail
cd "$(dirname "$0")/.."

copy="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-depcheck.XXXXXX")"
trap 'rm -rf "$copy"' EXIT
git archive HEAD | tar -x -C "$copy"

python3 - "$copy/tpcc-loader/pom.xml" <<'PY'
import sys
path = sys.argv[1]
pom = open(path).read()
unused = """    <dependency>
      <groupId>org.apache.commons</groupId>
      <artifactId>commons-math3</artifactId>
    </dependency>
  </dependencies>"""
assert pom.count("  </dependencies>") == 1, "tpcc-loader/pom.xml: expected one <dependencies>"
open(path, "w").write(pom.replace("  </dependencies>", unused, 1))
PY

log="$copy/build.log"
if mvn -B -o -f "$copy/pom.xml" verify -pl tpcc-core,tpcc-loader -DskipTests -DskipITs \
  -Ddist.skip=true -Dspotless.check.skip=true >"$log" 2>&1; then
  echo "dependency analysis: FAILED: the build passed with an unused dependency declared" >&2
  exit 1
fi
if ! grep -q 'Unused declared dependencies found' "$log" || ! grep -q 'commons-math3' "$log"; then
  echo "dependency analysis: FAILED: the build failed, but not on the unused dependency:" >&2
  tail -n 30 "$log" >&2
  exit 1
fi
echo "dependency analysis: mvn verify fails on an unused declared dependency, as it should"
