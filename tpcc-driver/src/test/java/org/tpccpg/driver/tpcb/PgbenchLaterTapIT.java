package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * The pgbench runs that pgbench 17, 18 and 19 added to {@code t/001_pgbench_with_server.pl} and
 * {@code t/002_pgbench_no_server.pl} (read from each release branch's sources), written from what
 * each checks. A case that takes only what pgbench 15 has (18's pipeline cases, 17's bad option)
 * runs on the real pgbench 15 first, as in {@link PgbenchTapServerIT}; one that takes a later
 * option or line runs on tpcc tpcb alone with {@code --pgbench-version} of the release that added
 * it ({@link TapCase#needs}).
 */
class PgbenchLaterTapIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  @TempDir static Path dir;

  @BeforeAll
  static void initialize() {
    TpcbCli.run(POSTGRES.database(), "-i", "-s", "1", "-q");
  }

  static Stream<TapCase> cases() {
    return Stream.of(pgbench17(), pipelinesOf18(), pgbench19()).flatMap(s -> s);
  }

  private static Stream<TapCase> pgbench17() {
    TapCase retrying =
        PgbenchTapServerIT.cases()
            .filter(c -> c.name().equals("concurrent update with retrying"))
            .findFirst()
            .orElseThrow();
    return Stream.of(
        TapCase.of(
                "test --exit-on-abort",
                "-t 10 -c 2 -j 2 --exit-on-abort",
                2,
                List.of(),
                List.of("division by zero", "Run was aborted due to an error in thread"))
            .withFiles(
                Map.of(
                    "001_exit_on_abort",
                    "update counter set i = i+1 returning i \\gset\n"
                        + "\\if :i = 5\n\\set y 1/0\n\\endif\n"))
            .withSetup(
                "CREATE TABLE IF NOT EXISTS counter(i int); DELETE FROM counter;"
                    + " INSERT INTO counter VALUES (0)")
            .needs(17),
        retrying.withOptions(retrying.options().replace(" -d ", " --debug ")).needs(17),
        TapCase.of(
                "working \\startpipeline with \\syncpipeline",
                "-t 1 -n -M extended",
                0,
                List.of("type: .*/001_pgbench_pipeline_sync", "actually processed: 1/1"),
                List.of())
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_sync",
                    "-- test startpipeline\n\\startpipeline\nselect 1;\n\\syncpipeline\n"
                        + "\\syncpipeline\nselect 2;\n\\syncpipeline\nselect 3;\n\\endpipeline\n"))
            .needs(17),
        TapCase.of(
                "error: call \\startpipeline and \\syncpipeline without \\endpipeline",
                "-t 2 -n -M extended",
                2,
                List.of(),
                List.of("end of script reached with pipeline open"))
            .withFiles(
                Map.of(
                    "001_pgbench_pipeline_7",
                    "-- startpipeline with \\syncpipeline only\n\\startpipeline\n\\syncpipeline\n"))
            .needs(17),
        // not a TAP case: before 17, \syncpipeline is an invalid command (real pgbench 15 first)
        TapCase.of(
                "\\syncpipeline is pgbench 17's: invalid before it",
                "-t 1 -n -M extended",
                1,
                List.of(),
                List.of("001_pgbench_sync_15:3: invalid command in command \"syncpipeline\""))
            .withFiles(
                Map.of(
                    "001_pgbench_sync_15",
                    "\\startpipeline\nselect 1;\n\\syncpipeline\n\\endpipeline\n")),
        TapCase.of(
            "pgbench option error: bad option",
            "-h home -p 5432 -U calvin ---debug --bad-option",
            1,
            List.of(),
            List.of("--help.*more information")));
  }

  /**
   * 18's pipeline cases: the server's implicit transaction block in an extended pipeline. Two of
   * them (a statement "inside" the block, after a first one) test how later servers see the block:
   * 18's TAP expects no warning and exit 0, and on the 15 server of this suite the real pgbench 15
   * gets the warning and the error, as for the statement alone. Those two expect what the 15 server
   * gives, which both tools must match.
   */
  private static Stream<TapCase> pipelinesOf18() {
    return Stream.of(
        pipeline(
            "SET LOCAL outside implicit transaction block of pipeline",
            0,
            "WARNING:  SET LOCAL can only be used in transaction blocks",
            "SET LOCAL statement_timeout='1h';"),
        pipeline(
            "SET LOCAL inside implicit transaction block of pipeline, on a 15 server",
            0,
            "WARNING:  SET LOCAL can only be used in transaction blocks",
            "SELECT 1;\nSET LOCAL statement_timeout='1h';"),
        pipeline(
                "SET LOCAL and \\syncpipeline",
                0,
                "WARNING:  SET LOCAL can only be used in transaction blocks",
                "SELECT 1;\n\\syncpipeline\nSET LOCAL statement_timeout='1h';")
            .needs(17),
        pipeline(
            "REINDEX CONCURRENTLY outside implicit transaction block of pipeline",
            0,
            null,
            "REINDEX TABLE CONCURRENTLY pgbench_accounts;\nSELECT 1;"),
        pipeline(
            "error: REINDEX CONCURRENTLY inside implicit transaction block of pipeline",
            2,
            null,
            "SELECT 1;\nREINDEX TABLE CONCURRENTLY pgbench_accounts;"),
        pipeline(
            "VACUUM outside implicit transaction block of pipeline",
            0,
            null,
            "VACUUM pgbench_accounts;"),
        pipeline(
            "error: VACUUM inside implicit transaction block of pipeline",
            2,
            null,
            "SELECT 1;\nVACUUM pgbench_accounts;"),
        pipeline(
            "error: subtransactions not allowed in pipeline",
            2,
            null,
            "SAVEPOINT a;\nSELECT 1;\nROLLBACK TO SAVEPOINT a;\nSELECT 2;"),
        pipeline(
            "error: LOCK TABLE outside implicit transaction block of pipeline",
            2,
            null,
            "LOCK pgbench_accounts;\nSELECT 1;"),
        pipeline(
            "error: LOCK TABLE inside implicit transaction block of pipeline, on a 15 server",
            2,
            "LOCK TABLE can only be used in transaction blocks",
            "SELECT 1;\nLOCK pgbench_accounts;"));
  }

  /** {@code -t 1 -n -M extended} on one pipeline of {@code body}; stderr matching, if given. */
  private static TapCase pipeline(String name, int exitCode, String err, String body) {
    return TapCase.of(
            name,
            "-t 1 -n -M extended",
            exitCode,
            List.of(),
            err == null ? List.of() : List.of(err))
        .withFiles(
            Map.of(
                "001_pgbench_pipeline_" + Integer.toHexString(name.hashCode()),
                "\\startpipeline\n" + body + "\n\\endpipeline\n"));
  }

  private static Stream<TapCase> pgbench19() {
    return Stream.of(
        TapCase.of(
                "test --continue-on-error",
                "-n -t 10 --continue-on-error --failures-detailed",
                0,
                List.of("processed: 1/10\\b", "other failures: 9\\b"),
                List.of())
            .withFiles(Map.of("001_continue_on_error", "INSERT INTO unique_table VALUES(0);\n"))
            .withSetup(
                "CREATE TABLE IF NOT EXISTS unique_table(i int unique); DELETE FROM unique_table")
            .needs(19));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void behavesAsPgbench(TapCase tapCase) throws Exception {
    tapCase.check(dir, POSTGRES.database());
  }
}
