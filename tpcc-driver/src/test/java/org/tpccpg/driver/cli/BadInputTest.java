package org.tpccpg.driver.cli;

import static org.tpccpg.driver.cli.BadInput.bad;
import static org.tpccpg.driver.cli.BadInput.badWithEnvironment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad command lines refused before any connection is made: each fails with exit code 2, one line
 * that names the option and value, and picocli's hint. Nothing listens on port 1, so a case that
 * wrongly got as far as connecting would fail differently and be caught.
 */
class BadInputTest {
  private static final String NOWHERE = "--pgsql-port=1";

  /** A port in use on 127.0.0.1 for as long as the tests run. */
  private static final ServerSocket BUSY = busyPort();

  private static ServerSocket busyPort() {
    try {
      return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Stream<Arguments> usageErrors() {
    return Stream.of(
        bad("Unknown option: '--nosuch'", "run", "--nosuch"),
        bad("Unknown option: '--nosuch=1'", "prepare", "--nosuch=1"),
        bad("Unmatched argument", "nosuchcommand"),
        bad("Unmatched argument", "run", "extra"),
        bad("a command is required", "--verbose"),
        bad("'--time'", "run", "--time"),
        bad("'--results'", "run", "--results"),
        bad("'--threads': 'abc'", "run", "--threads=abc"),
        bad("'--threads': ''", "run", "--threads="),
        bad("'--threads': '2147483648'", "run", "--threads=2147483648"),
        bad("'--time': '1.5'", "run", "--time=1.5"),
        bad("'--time': '99999999999999999999'", "run", "--time=99999999999999999999"),
        bad("'--report-interval': 'abc'", "run", "--report-interval=abc"),
        bad("'--rate': 'abc'", "run", "--rate=abc"),
        bad("'--events': 'abc'", "run", "--events=abc"),
        bad("'--rand-seed': 'x'", "run", "--rand-seed=x"),
        bad("--time=-1", "run", "--time=-1"),
        bad("--events=-3", "run", "--events=-3"),
        bad("--warmup-time=-1", "run", "--warmup-time=-1"),
        bad("--report-interval=-1", "run", "--report-interval=-1"),
        bad("--check-every=0", "run", "--check-every=0"),
        bad("'--check-every': 'soon'", "run", "--check-every=soon"),
        bad("--check-every=5 needs recorded results", "run", "--check-every=5"),
        bad("--verdict=cv=5 is invalid: 'cv=5' is not NAME=NUMBER", "run", "--verdict=cv=5"),
        bad("--pool-size=-1", "run", "--pool-size=-1"),
        bad("-C and --pool-size=2 exclude each other", "run", "-C", "--pool-size=2"),
        bad("--scale=0", "run", "--scale=0"),
        bad("--scale=-5", "prepare", "--scale=-5"),
        bad("--scale=32768", "prepare", "--scale=32768"),
        bad("--tables=0", "run", "--tables=0"),
        bad("--tables=-1", "check", "--tables=-1"),
        bad("--threads=0", "run", "--threads=0"),
        bad("--threads=-2", "prepare", "--threads=-2"),
        bad("--percentile=101", "run", "--percentile=101"),
        bad("--percentile=-1", "run", "--percentile=-1"),
        bad("--percentile=NaN", "run", "--percentile=NaN"),
        bad("--rate=-5", "run", "--rate=-5"),
        bad("--rate=NaN", "run", "--rate=NaN"),
        bad("--rate=Infinity", "run", "--rate=Infinity"),
        bad("--histogram=on", "run", "--histogram=on", "--percentile=0"),
        bad("'--trx-level'", "run", "--trx_level=XX"),
        bad("'--trx-level'", "run", "--trx-level="),
        bad("'--db-ps-mode'", "run", "--db-ps-mode=maybe"),
        // sysbench's own options, accepted from a pasted command line, checked as sysbench does
        bad("'--num-threads': 'abc'", "run", "--num-threads=abc"),
        bad("'--max-time': '1.5'", "run", "--max_time=1.5"),
        bad("'--max-requests': 'x'", "prepare", "--max-requests=x"),
        bad("'--tx-rate': 'fast'", "run", "--tx-rate=fast"),
        bad("--rand-type=bogus is invalid", "run", "--rand-type=bogus"),
        bad("--rand-type=Uniform is invalid", "run", "--rand-type=Uniform"),
        bad("'--rand-spec-pct': 'x'", "run", "--rand-spec-pct=x"),
        bad("'--rand-pareto-h': 'h'", "run", "--rand-pareto-h=h"),
        bad("--verbosity=6 is invalid: it must be between 0 and 5", "run", "--verbosity=6"),
        bad("'--debug'", "run", "--debug=maybe"),
        bad("--thread-stack-size=big is invalid", "run", "--thread-stack-size=big"),
        bad("--force-pk=1 is not supported", "prepare", "--force_pk=1"),
        bad("'--splittable': 'maybe'", "run", "--splittable=maybe"),
        bad("--forced-shutdown=soon is invalid", "run", "--forced-shutdown=soon"),
        bad(
            "--report-checkpoints=10,2.5 is invalid: '2.5' is not a whole number of seconds",
            "run",
            "--report-checkpoints=10,2.5"),
        bad(
            "--report-checkpoints=10 and --spec exclude each other",
            "run",
            "--spec",
            "--report-checkpoints=10"),
        bad("--pgsql-schema= is empty", "prepare", "--pgsql_schema="),
        bad("--forced-shutdown=-1 is invalid", "run", "--forced-shutdown=-1"),
        bad("--forced-shutdown=5s is invalid", "run", "--forced-shutdown=5s"),
        bad(
            "--forced-shutdown=3 and --spec exclude each other",
            "run",
            "--spec",
            "--forced-shutdown=3"),
        bad(
            "--config-file=/nonexistent/sb.cfg cannot be read: no such file",
            "run",
            NOWHERE,
            "--config-file=/nonexistent/sb.cfg"),
        bad("'--use-fk'", "prepare", "--use_fk=2"),
        bad("'--enable-purge'", "run", "--enable_purge=perhaps"),
        bad("'--histogram'", "run", "--histogram=maybe"),
        bad("'--report-csv'", "run", "--report-csv=maybe"),
        bad("'--sysbench-compat'", "run", "--sysbench-compat=2"),
        bad("'--pk-index-tablespace'", "prepare", "--pk-index-tablespace=sometimes"),
        bad("--pgsql-port=0", "run", "--pgsql-port=0"),
        bad("--pgsql-port=99999", "run", "--pgsql-port=99999"),
        bad("--pgsql-port=-1", "run", "--pgsql-port=-1"),
        bad("--pgsql-port=abc is not a port number (1 to 65535)", "run", "--pgsql-port=abc"),
        bad("--db-driver=mysql", "run", "--db-driver=mysql"),
        bad("--db-driver=", "prepare", "--db-driver="),
        bad("--table-options", "prepare", NOWHERE, "--table-options=tablespace x; DROP TABLE y"),
        bad(
            "--table-options",
            "prepare",
            NOWHERE,
            "--table-options=with (fillfactor=80); select 1"),
        bad("--table-options", "prepare", NOWHERE, "--table-options=tablespace x' or '1'='1"),
        bad("--table-options", "prepare", NOWHERE, "--table-options=partition by range (x)"),
        bad("--index-options", "prepare", NOWHERE, "--index-options=with (fillfactor=90)) --"),
        bad("--index-options", "prepare", NOWHERE, "--index-options=tablespace a /* c */"),
        bad("--index-options", "run", NOWHERE, "--index-options=tablespace \"a\"\"; drop"),
        badWithEnvironment(
            "pgsql_table_options",
            Map.of("pgsql_table_options", "tablespace t; drop table x"),
            "prepare",
            NOWHERE),
        badWithEnvironment("PGPORT=abc", Map.of("PGPORT", "abc"), "run"),
        badWithEnvironment("PGPORT=0", Map.of("PGPORT", "0"), "run"),
        bad("--results=/etc/passwd/x", "run", NOWHERE, "--results=/etc/passwd/x"),
        bad("--results=/proc/nope", "run", NOWHERE, "--results=/proc/nope"),
        bad("--tables=100000 is more than --max-tables=1000", "prepare", "--tables=100000"),
        bad(
            "--tables=20 is more than --max-tables=10",
            "prepare",
            "--tables=20",
            "--max-tables=10"),
        bad("--max-tables=0", "prepare", "--max-tables=0"),
        bad("--pgsql-db= is empty", "run", NOWHERE, "--pgsql-db="),
        bad("--pgsql-db= is empty", "prepare", NOWHERE, "--pgsql-db="),
        bad("--pgsql-host= is empty", "run", NOWHERE, "--pgsql-host="),
        bad("--pgsql-user= is empty", "check", NOWHERE, "--pgsql-user="),
        bad("--pgsql-password= is empty", "run", NOWHERE, "--pgsql-password="),
        bad("--pgsql-sslmode= is empty", "run", NOWHERE, "--pgsql-sslmode="),
        bad("--pgsql-sslrootcert= is empty", "run", NOWHERE, "--pgsql-sslrootcert="),
        bad("--pgsql-conninfo= is empty", "cleanup", NOWHERE, "--pgsql-conninfo="),
        bad("--pgsql-url= is empty", "run", NOWHERE, "--pgsql-url="),
        bad("--pgsql-db= is empty", "run", NOWHERE, "--pgsql-db", ""),
        bad(
            "Invalid value for option '--db-ps-mode': expected one of [AUTO, DISABLE]"
                + " (case-insensitive) but was 'prepared'",
            "run",
            "--db-ps-mode=prepared"),
        bad(
            "--statement-mode=fast is invalid: it must be simple, extended or prepared",
            "run",
            "--statement-mode=fast"),
        bad(
            "--statement-mode=simple and --db-ps-mode exclude each other",
            "run",
            "--statement-mode=simple",
            "--db-ps-mode=disable"),
        bad("B is missing: give two results directories", "compare", "a"),
        bad("Unmatched argument", "compare", "a", "b", "c"),
        bad("'--fail-if-worse': 'x'", "compare", "a", "b", "--fail-if-worse=x"),
        bad("--fail-if-worse must be >= 0 but was -1.0", "compare", "a", "b", "--fail-if-worse=-1"),
        bad("--min-change must be >= 0 but was -0.5", "compare", "a", "b", "--min-change=-0.5"),
        bad("'--min-change': 'lots'", "compare", "a", "b", "--min-change=lots"),
        bad("--keying-multiplier needs --spec", "run", NOWHERE, "--keying-multiplier=0.1"),
        bad("--spec-limit needs --spec", "run", NOWHERE, "--spec-limit", "new_order=1"),
        bad(
            "--think-multiplier=-1.0 is invalid",
            "run",
            NOWHERE,
            "--spec",
            "--think-multiplier=-1"),
        bad(
            "--delivery-executors=0 is invalid",
            "run",
            NOWHERE,
            "--spec",
            "--delivery-executors=0"),
        bad("--spec-warehouses=-2 is invalid", "run", NOWHERE, "--spec", "--spec-warehouses=-2"),
        bad(
            "--spec-limit menu=1 is invalid: the kind must be one of new_order",
            "run",
            NOWHERE,
            "--spec",
            "--spec-limit",
            "menu=1"),
        bad(
            "--spec-limit new_order=0 is invalid: the limit must be a number of seconds above 0",
            "run",
            NOWHERE,
            "--spec",
            "--spec-limit",
            "new_order=0"),
        bad("--rate=10.0 and --spec exclude each other", "run", NOWHERE, "--spec", "--rate=10"),
        bad("--events=5 and --spec exclude each other", "run", NOWHERE, "--spec", "--events=5"),
        bad("-C and --spec exclude each other", "run", NOWHERE, "--spec", "-C"),
        bad("--warehouses=abc is invalid: it must be FROM-TO", "run", NOWHERE, "--warehouses=abc"),
        bad("--warehouses=3-2 is invalid", "prepare", NOWHERE, "--scale=4", "--warehouses=3-2"),
        bad("--warehouses=0-1 is invalid", "run", NOWHERE, "--scale=4", "--warehouses=0-1"),
        bad(
            "--warehouses=1-5 reaches beyond --scale=4",
            "run",
            NOWHERE,
            "--scale=4",
            "--warehouses=1-5"),
        bad(
            "--start-at=2000-01-01T00:00:00Z is invalid: it is in the past",
            "run",
            NOWHERE,
            "--start-at=2000-01-01T00:00:00Z"),
        bad(
            "--start-at=soon is invalid: it must be an ISO-8601 time",
            "run",
            NOWHERE,
            "--start-at=soon"),
        bad(
            "--only=all is invalid: it must be schema, load or finish",
            "prepare",
            NOWHERE,
            "--only=all"),
        bad("--load-items goes with a range load", "prepare", NOWHERE, "--load-items"),
        bad(
            "--warehouses=1-2 loads a range, which --only=finish does not",
            "prepare",
            NOWHERE,
            "--scale=4",
            "--only=finish",
            "--warehouses=1-2"),
        bad(
            "--force replaces a data set, which only the schema step",
            "prepare",
            NOWHERE,
            "--warehouses=1-1",
            "--force"),
        bad(
            "--distribute=greenplum is invalid: it must be none or citus",
            "prepare",
            NOWHERE,
            "--distribute=greenplum"),
        bad("requires at least 2 values, but only 1 were specified: [a]", "merge", "a"),
        bad(
            "--warehouses=1-2 and --spec-warehouses=10 exclude each other",
            "run",
            NOWHERE,
            "--scale=4",
            "--spec",
            "--spec-warehouses=10",
            "--warehouses=1-2"),
        bad("Missing required parameter: 'BUNDLE|RESULTS'", "report"),
        bad("'--format'", "report", "--format=pdf", "a"),
        bad(
            "--output is for the HTML file; --format=md prints",
            "report",
            "--format=md",
            "-o",
            "x",
            "a"),
        bad(
            "--txn-mode=fast is invalid: it must be statements, batched or procedures",
            "run",
            "--txn-mode=fast"),
        bad(
            "--sysbench-compat=on and --txn-mode=procedures exclude each other",
            "run",
            "--sysbench-compat=on",
            "--txn-mode=procedures"),
        bad(
            "--sysbench-compat=on and --txn-mode=batched exclude each other",
            "run",
            "--sysbench-compat=on",
            "--txn-mode=batched"),
        bad(
            "--txn-mode=fast is invalid: it must be statements, batched or procedures",
            "quickstart",
            "--txn-mode=fast"),
        bad("'--server-stats': 'maybe' is not a boolean", "run", "--server-stats=maybe"),
        bad(
            "--metrics-port=70000 is invalid: it must be a port number, 0 to 65535",
            "run",
            NOWHERE,
            "--metrics-port=70000"),
        bad("--metrics-port=x is invalid", "run", NOWHERE, "--metrics-port=x"),
        bad(
            "--metrics-bind=0.0.0.0 needs --metrics-port",
            "run",
            NOWHERE,
            "--metrics-bind=0.0.0.0"),
        bad(
            "--metrics-bind=[::zz] is invalid: not an address or a known host name",
            "run",
            NOWHERE,
            "--metrics-port=0",
            "--metrics-bind=[::zz]"),
        bad(
            "--metrics-port=" + BUSY.getLocalPort() + " cannot be served on 127.0.0.1:",
            "run",
            NOWHERE,
            "--metrics-port=" + BUSY.getLocalPort()),
        bad(
            "--spec-warehouses needs --spec",
            "run",
            NOWHERE,
            "--warehouses=1-1",
            "--spec-warehouses=10"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("usageErrors")
  void aBadCommandLineFailsWithOneLineNamingTheProblem(
      String fragment, Map<String, String> environment, List<String> args) {
    CliRun run = CliRun.of(environment, BadInput.array(args));
    BadInput.assertFailsInOneLine(run, fragment, args);
    org.junit.jupiter.api.Assertions.assertEquals(2, run.exitCode(), run.err());
  }

  /**
   * #32: {@code quickstart --scale=0} ran initdb and started a cluster before refusing. Nothing is
   * printed before the refusal, so no cluster was started (its first line says so).
   */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"--scale=0", "--threads=0", "--time=-1"})
  void quickstartChecksItsOptionsBeforeStartingACluster(String option) {
    List<String> args = List.of("quickstart", option);
    CliRun run = CliRun.of(BadInput.array(args));
    BadInput.assertFailsInOneLine(run, option, args);
    org.junit.jupiter.api.Assertions.assertEquals(2, run.exitCode(), run.err());
    org.junit.jupiter.api.Assertions.assertEquals("", run.out(), "no cluster was started");
  }
}
