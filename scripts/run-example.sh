#!/usr/bin/env bash
# Builds and runs examples/library, the separate Maven project that uses tpcc-core as another Java
# tool would: installs tpcc-core (and the parent POM) into the local Maven repository, starts a
# throwaway PostgreSQL cluster, prepares a data set there with bin/tpcc, then compiles the example
# against the installed jar and runs it. Exits non-zero when any step or any of its checks fails.
# Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/cluster.sh
source scripts/lib/cluster.sh

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tpcc-example.XXXXXX")"
trap 'cluster_stop' EXIT

echo "example: installing tpcc-core into the local Maven repository"
mvn -B -q install -pl tpcc-core -am -DskipTests -DskipITs -Ddist.skip=true

cluster_start "$workdir" "fsync = off" "synchronous_commit = off"
url="jdbc:postgresql://127.0.0.1:$CLUSTER_PORT/postgres?user=postgres"
echo "example: preparing a data set on 127.0.0.1:$CLUSTER_PORT"
bin/tpcc prepare --tables=1 --scale=1 --pgsql-host=127.0.0.1 --pgsql-port="$CLUSTER_PORT" \
  --pgsql-user=postgres --pgsql-db=postgres >"$workdir/prepare.log" 2>&1 ||
  {
    cat "$workdir/prepare.log" >&2
    exit 1
  }

project=examples/library
mvn -B -q -f "$project/pom.xml" package \
  dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
modules="$project/target/classes:$(cat "$project/target/classpath.txt")"

# tpcc-core's module exports its API only: a module that reaches into any of its internal packages
# (the loader's row generator, prepare's DDL, the schema and catalog, connections, TPC-C's
# constants, TPC-B, the batched and procedure transactions) must not compile.
probe_unexported() {
  local package="$1" class="$2" probe="$workdir/probe-$2"
  mkdir -p "$probe/src/org/tpccpg/probe"
  echo 'module org.tpccpg.probe { requires org.tpccpg.core; }' >"$probe/src/module-info.java"
  cat >"$probe/src/org/tpccpg/probe/Probe.java" <<JAVA
package org.tpccpg.probe;

final class Probe {
  Object internal = $package.$class.class;
}
JAVA
  if javac --module-path "$modules" -d "$probe/classes" \
    "$probe/src/module-info.java" "$probe/src/org/tpccpg/probe/Probe.java" 2>"$probe/javac.log"; then
    echo "example: FAILED: a module compiled against tpcc-core's unexported $package" >&2
    exit 1
  fi
  grep -q "package $package is not visible\|$package.*not visible" "$probe/javac.log" ||
    {
      cat "$probe/javac.log" >&2
      echo "example: FAILED: the probe of $package failed to compile, but not for the unexported package" >&2
      exit 1
    }
  echo "example: $package is not exported to modules, as intended"
}
probe_unexported org.tpccpg.core.load TpccDataGenerator
probe_unexported org.tpccpg.core.ddl TpccSchema
probe_unexported org.tpccpg.core.catalog DataSetCatalog
probe_unexported org.tpccpg.core.schema DataSetInfo
probe_unexported org.tpccpg.core.jdbc ConnectionFactory
probe_unexported org.tpccpg.core.spec TpccConstants
probe_unexported org.tpccpg.core.tpcb TpcbSchema
probe_unexported org.tpccpg.core.tpcc.batched BatchedTransactions
probe_unexported org.tpccpg.core.tpcc.procedures ProcedureTransactions

# Run as a module on the module path; PgJDBC is an automatic module nothing requires at compile
# time, so it is added for DriverManager to find.
java --module-path "$modules" --add-modules org.postgresql.jdbc \
  -m org.tpccpg.examples/org.tpccpg.examples.RunTransactions "$url"
