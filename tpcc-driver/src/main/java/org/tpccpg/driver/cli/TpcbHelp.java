package org.tpccpg.driver.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code tpcc tpcb --help} in pgbench 15's layout: its sections (Initialization options, Options to
 * select what to run, Benchmarking options, Common options) with pgbench's option lines, then the
 * options pgbench does not have. The text is written here rather than generated from the options
 * because pgbench lists {@code -n} and {@code -s} in two sections with two meanings; TpcbHelpTest
 * checks that it names every option of the command.
 */
final class TpcbHelp {
  static final String TEXT =
      """
      tpcc tpcb is a benchmarking tool for PostgreSQL, compatible with pgbench.

      Usage:
        tpcc tpcb [OPTION]... [DBNAME]

      Initialization options:
        -i, --initialize         invokes initialization mode
        -I, --init-steps=[dtgGvpf]+ (default "dtgvp")
                                 run selected initialization steps
        -F, --fillfactor=NUM     set fill factor
        -n, --no-vacuum          do not run VACUUM during initialization
        -q, --quiet              quiet logging (one message each 5 seconds)
        -s, --scale=NUM          scaling factor
        --foreign-keys           create foreign key constraints between tables
        --index-tablespace=TABLESPACE
                                 create indexes in the specified tablespace
        --partition-method=(range|hash)
                                 partition pgbench_accounts with this method (default: range)
        --partitions=NUM         partition pgbench_accounts into NUM parts (default: 0)
        --tablespace=TABLESPACE  create tables in the specified tablespace
        --unlogged-tables        create tables as unlogged tables

      Options to select what to run:
        -b, --builtin=NAME[@W]   add builtin script NAME weighted at W (default: 1)
                                 (use "-b list" to list available scripts)
        -f, --file=FILENAME[@W]  add script FILENAME weighted at W (default: 1)
        -N, --skip-some-updates  skip updates of pgbench_tellers and pgbench_branches
                                 (same as "-b simple-update")
        -S, --select-only        perform SELECT-only transactions
                                 (same as "-b select-only")

      Benchmarking options:
        -c, --client=NUM         number of concurrent database clients (default: 1)
        -C, --connect            establish new connection for each transaction
        -D, --define=VARNAME=VALUE
                                 define variable for use by custom script
        -j, --jobs=NUM           number of threads (default: 1; accepted and reported,
                                 every client has a thread of its own)
        -l, --log                write transaction times to log file
        -L, --latency-limit=NUM  count transactions lasting more than NUM ms as late
        -M, --protocol=simple|extended|prepared
                                 protocol for submitting queries (default: simple)
        -n, --no-vacuum          do not run VACUUM before tests
        -P, --progress=NUM       show thread progress report every NUM seconds
        -r, --report-per-command report latencies, failures, and retries per command
            --report-latencies   (the same)
        -R, --rate=NUM           target rate in transactions per second
        -s, --scale=NUM          report this scale factor in output
        -t, --transactions=NUM   number of transactions each client runs (default: 10)
        -T, --time=NUM           duration of benchmark test in seconds
        -v, --vacuum-all         vacuum all four standard tables before tests
        --aggregate-interval=NUM aggregate data over NUM seconds
        --continue-on-error      continue running after an SQL error (pgbench 19)
        --exit-on-abort          exit when any client is aborted (pgbench 17)
        --failures-detailed      report the failures grouped by basic types
        --log-prefix=PREFIX      prefix for transaction time log file
                                 (default: "pgbench_log")
        --max-tries=NUM          max number of tries to run transaction (default: 1)
        --progress-timestamp     use Unix epoch timestamps for progress
        --random-seed=SEED       set random seed ("time", "rand", integer)
        --sampling-rate=NUM      fraction of transactions to log (e.g., 0.01 for 1%)
        --show-script=NAME       show builtin script code, then exit
        --verbose-errors         print messages of all errors

      Common options:
        -d, --debug              print debugging output (-d only with --pgbench-version=
                                 15 or 16; from 17, -d, --dbname=DBNAME is the database)
        -h, --host=HOSTNAME      database server host or socket directory
        -p, --port=PORT          database server port number
        -U, --username=USERNAME  connect as specified database user
        -V, --version            output version information, then exit
        -?, --help               show this help, then exit

      Options of tpcc tpcb only:
        --check                  check the balances of pgbench's tables instead of running
                                 (with the run's -b, -N, -S); exit code 1 when one is off
        --results=DIR            record every interval and summary.json in DIR
                                 (runs with -T of an hour or more record by default)
        --server-stats=on|off    record the server's checkpoints, WAL, commits, deadlocks,
                                 autovacuum workers and wait events in each recorded interval
                                 over one extra connection (default on)
        --metrics-port=PORT      serve live figures for Prometheus at /metrics (0: a free port)
        --metrics-bind=ADDR      the address --metrics-port listens on (default 127.0.0.1)
        --pgbench-version=MAJOR  follow pgbench MAJOR's options and closing block: 15,
                                 16, 17 (-d is the database), 18 or 19 (default)
        --verbose                on failure, print the stack trace; print the effective
                                 configuration before a run

      The password comes from PGPASSWORD or ~/.pgpass; docs/tpcb.md tells where tpcc tpcb
      differs from pgbench.
      Report bugs to the tpcc issue tracker.
      """;

  private static final String SECTION = "tpcbHelp";

  private TpcbHelp() {}

  /** Makes {@code tpcb}'s usage help print {@link #TEXT} and nothing else. */
  static void install(CommandLine tpcb) {
    Map<String, CommandLine.IHelpSectionRenderer> sections = tpcb.getHelpSectionMap();
    sections.put(SECTION, help -> TEXT);
    tpcb.setHelpSectionKeys(List.of(SECTION));
  }
}
