package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad tpcb input fails before connecting with exit code 1 and pgbench's error line (followed by
 * pgbench's detail or hint lines where it prints them; PgbenchTapNoServerIT compares those).
 */
class TpcbCommandTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "-T 1 -t 5|specify either a number of transactions (-t) or a duration (-T), not both",
        "-c abc|invalid value \"abc\" for option -c/--clients",
        "-j 0|-j/--jobs must be in range 1..2147483647",
        "-T 0|-T/--time must be in range 1..2147483647",
        "-M bogus|invalid query mode (-M): \"bogus\"",
        "-b nope|no builtin script found for name \"nope\"",
        "-b select-only@0|total script weight must not be zero",
        "-i -I dtx|unrecognized initialization step \"x\"",
        "-i -F 5|-F/--fillfactor must be in range 10..100",
        "-i --partition-method hash|--partition-method requires greater than zero --partitions",
        "-i --partitions 2 --partition-method list|invalid partition method, expecting \"range\""
            + " or \"hash\", got: \"list\"",
        "-i -c 2|some of the specified options cannot be used in initialization (-i) mode",
        "--foreign-keys -t 1|some of the specified options cannot be used in benchmarking mode",
        "-t 1 db1 db2|too many command-line arguments (first is \"db2\")",
        "-p 70000|-p/--port must be in range 1..65535",
        "--max-tries=-2|invalid number of maximum tries: \"-2\"",
        "--max-tries=0 -t 5|an unlimited number of transaction tries can only be used with"
            + " --latency-limit or a duration (-T)",
        "-R 0|invalid rate limit: \"0\"",
        "-R abc|invalid rate limit: \"abc\"",
        "-L 0|invalid latency limit: \"0\"",
        "-L -3|invalid latency limit: \"-3\"",
        "--aggregate-interval=0|--aggregate-interval must be in range 1..2147483647",
        "--aggregate-interval=2|log aggregation is allowed only when actually logging transactions",
        "-l --sampling-rate=2|invalid sampling rate: \"2\"",
        "--sampling-rate=0.5|log sampling (--sampling-rate) is allowed only when logging"
            + " transactions (-l)",
        "-l --sampling-rate=0.5 --aggregate-interval=1|log sampling (--sampling-rate) and"
            + " aggregation (--aggregate-interval) cannot be used at the same time",
        "--log-prefix=x|log file prefix (--log-prefix) is allowed only when logging transactions"
            + " (-l)",
        "-l --aggregate-interval=2 -T 3|duration (3) must be a multiple of aggregation interval (2)",
        "-i --max-tries=2|some of the specified options cannot be used in initialization (-i) mode",
        "-i --check|--check cannot be used in initialization (-i) mode",
        "-i --results=r|some of the specified options cannot be used in initialization (-i) mode",
        "-t 1 --results=/etc/passwd/x|--results=/etc/passwd/x cannot be used: cannot create it (Not a directory)",
        "-T 5 --results=/proc/nope|--results=/proc/nope cannot be used: cannot create it (no such file or directory)",
        "-f /nonexistent/x.sql|could not open file \"/nonexistent/x.sql\": No such file or directory",
        "-f /tmp|could not read file \"/tmp\": Is a directory",
        "-f x.sql@y|invalid weight specification: @y",
        "-f x.sql@-1|weight specification out of range (0 .. 2147483647): -1",
        "-D foo|invalid variable definition: \"foo\"",
        "-D =1|invalid variable definition: \"=1\"",
        "-D 1x=2|option: invalid variable name: \"1x\"",
        "-F 1|-F/--fillfactor must be in range 10..100",
        "-c three -b list|invalid value \"three\" for option -c/--clients",
        "-l -T 1 --aggregate-interval=3|number of seconds for aggregation (3) must not be higher"
            + " than test duration (1)",
        "--progress-timestamp|--progress-timestamp is allowed only under --progress",
        "--random-seed=one|unrecognized random seed option \"one\"",
        "-T 1 --metrics-port=70000|--metrics-port=70000 is invalid: it must be a port number, 0 to"
            + " 65535",
        "-T 1 --metrics-port=x|--metrics-port=x is invalid: it must be a port number, 0 to 65535",
        "-T 1 --metrics-bind=0.0.0.0|--metrics-bind=0.0.0.0 needs --metrics-port",
        "-T 1 --metrics-port=0 --metrics-bind=[::zz]|--metrics-bind=[::zz] is invalid: not an"
            + " address or a known host name",
        "-T 1 --metrics-port=0 --metrics-bind=192.0.2.1|--metrics-port=0 cannot be served on"
            + " 192.0.2.1: Cannot assign requested address",
        "-i --server-stats=off|some of the specified options cannot be used in initialization (-i)"
            + " mode",
        "-i --metrics-port=9000|some of the specified options cannot be used in initialization (-i)"
            + " mode",
      })
  void badInputPrintsPgbenchsErrorLineAndExitsWithOne(String args, String message) {
    StringWriter err = new StringWriter();
    int code =
        TpccCli.execute(
            ("tpcb " + args).split(" "),
            new PrintWriter(new StringWriter()),
            new PrintWriter(err),
            Map.of("PGHOST", "127.0.0.1", "PGPORT", "1"));
    assertEquals(1, code);
    assertEquals("tpcc tpcb: error: " + message, err.toString().lines().findFirst().orElse(""));
  }
}
