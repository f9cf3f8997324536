package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 64 cases of pgbench 15's {@code t/002_pgbench_no_server.pl}, written from what each checks
 * (its options or script, exit code 1 or 0, and the patterns of stdout and stderr), each run on the
 * real pgbench and then on {@code tpcc tpcb}. No server: the connection settings lead nowhere, as
 * every case fails (or exits) before connecting.
 */
class PgbenchTapNoServerIT {
  /** Perl's {@code qr{^$}}: nothing printed (or one empty line). */
  private static final List<String> EMPTY = List.of("^$");

  private static final Map<String, String> NOWHERE =
      Map.of("PGHOST", "/nonexistent-tap-socket-dir", "PGPORT", "5432", "PGUSER", "nobody");

  @TempDir Path dir;

  static Stream<TapCase> cases() {
    return Stream.of(
        TapCase.of(
            "pgbench option error: bad option",
            "-h home -p 5432 -U calvin -d --bad-option",
            1,
            EMPTY,
            List.of("--help.*more information")),
        TapCase.of(
            "pgbench option error: no file",
            "-f no-such-file",
            1,
            EMPTY,
            List.of("could not open file \"no-such-file\":")),
        TapCase.of(
            "pgbench option error: no builtin",
            "-b no-such-builtin",
            1,
            EMPTY,
            List.of("no builtin script .* \"no-such-builtin\"")),
        TapCase.of(
            "pgbench option error: invalid weight",
            "--builtin=select-only@one",
            1,
            EMPTY,
            List.of("invalid weight specification: @one")),
        TapCase.of(
            "pgbench option error: invalid weight",
            "-b select-only@-1",
            1,
            EMPTY,
            List.of("weight spec.* out of range .*: -1")),
        TapCase.of(
            "pgbench option error: too many scripts",
            "-S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S -S ",
            1,
            EMPTY,
            List.of("at most 128 SQL scripts")),
        TapCase.of(
            "pgbench option error: bad #clients",
            "-c three",
            1,
            EMPTY,
            List.of("invalid value \"three\" for option -c/--clients")),
        TapCase.of(
            "pgbench option error: bad #threads",
            "-j eleven",
            1,
            EMPTY,
            List.of("invalid value \"eleven\" for option -j/--jobs")),
        TapCase.of(
            "pgbench option error: bad scale",
            "-i -s two",
            1,
            EMPTY,
            List.of("invalid value \"two\" for option -s/--scale")),
        TapCase.of(
            "pgbench option error: invalid #transactions",
            "-t zil",
            1,
            EMPTY,
            List.of("invalid value \"zil\" for option -t/--transactions")),
        TapCase.of(
            "pgbench option error: invalid duration",
            "-T ten",
            1,
            EMPTY,
            List.of("invalid value \"ten\" for option -T/--time")),
        TapCase.of(
            "pgbench option error: -t XOR -T",
            "-N -l --aggregate-interval=5 --log-prefix=notused -t 1000 -T 1",
            1,
            EMPTY,
            List.of("specify either ")),
        TapCase.of(
            "pgbench option error: -T XOR -t",
            "-P 1 --progress-timestamp -l --sampling-rate=0.001 -T 10 -t 1000",
            1,
            EMPTY,
            List.of("specify either ")),
        TapCase.of(
            "pgbench option error: bad variable",
            "--define foobla",
            1,
            EMPTY,
            List.of("invalid variable definition")),
        TapCase.of(
            "pgbench option error: invalid fillfactor",
            "-F 1",
            1,
            EMPTY,
            List.of("-F/--fillfactor must be in range")),
        TapCase.of(
            "pgbench option error: invalid query mode",
            "-M no-such-mode",
            1,
            EMPTY,
            List.of("invalid query mode")),
        TapCase.of(
            "pgbench option error: invalid progress",
            "--progress=0",
            1,
            EMPTY,
            List.of("-P/--progress must be in range")),
        TapCase.of(
            "pgbench option error: invalid rate",
            "--rate=0.0",
            1,
            EMPTY,
            List.of("invalid rate limit")),
        TapCase.of(
            "pgbench option error: invalid latency",
            "--latency-limit=0.0",
            1,
            EMPTY,
            List.of("invalid latency limit")),
        TapCase.of(
            "pgbench option error: invalid sampling rate",
            "--sampling-rate=0",
            1,
            EMPTY,
            List.of("invalid sampling rate")),
        TapCase.of(
            "pgbench option error: invalid aggregate interval",
            "--aggregate-interval=-3",
            1,
            EMPTY,
            List.of("--aggregate-interval must be in range")),
        TapCase.of(
            "pgbench option error: weight zero",
            "-b se@0 -b si@0 -b tpcb@0",
            1,
            EMPTY,
            List.of("weight must not be zero")),
        TapCase.of(
            "pgbench option error: init vs run",
            "-i -S",
            1,
            EMPTY,
            List.of("cannot be used in initialization")),
        TapCase.of(
            "pgbench option error: run vs init",
            "-S -F 90",
            1,
            EMPTY,
            List.of("cannot be used in benchmarking")),
        TapCase.of(
            "pgbench option error: ambiguous builtin", "-b s", 1, EMPTY, List.of("ambiguous")),
        TapCase.of(
            "pgbench option error: --progress-timestamp => --progress",
            "--progress-timestamp",
            1,
            EMPTY,
            List.of("allowed only under")),
        TapCase.of(
            "pgbench option error: -I without init option",
            "-I dtg",
            1,
            EMPTY,
            List.of("cannot be used in benchmarking mode")),
        TapCase.of(
            "pgbench option error: invalid init step",
            "-i -I dta",
            1,
            EMPTY,
            List.of("unrecognized initialization step", "Allowed step characters are")),
        TapCase.of(
            "pgbench option error: bad random seed",
            "--random-seed=one",
            1,
            EMPTY,
            List.of(
                "unrecognized random seed option \"one\"",
                "Expecting an unsigned integer, \"time\" or \"rand\"",
                "error while setting random seed from --random-seed option")),
        TapCase.of(
            "pgbench option error: bad partition method",
            "-i --partition-method=BAD",
            1,
            EMPTY,
            List.of("\"range\"", "\"hash\"", "\"BAD\"")),
        TapCase.of(
            "pgbench option error: bad partition number",
            "-i --partitions -1",
            1,
            EMPTY,
            List.of("--partitions must be in range")),
        TapCase.of(
            "pgbench option error: partition method without partitioning",
            "-i --partition-method=hash",
            1,
            EMPTY,
            List.of("partition-method requires greater than zero --partitions")),
        TapCase.of(
            "pgbench option error: bad maximum number of tries",
            "--max-tries -10",
            1,
            EMPTY,
            List.of("invalid number of maximum tries: \"-10\"")),
        TapCase.of(
            "pgbench option error: an infinite number of tries",
            "--max-tries 0",
            1,
            EMPTY,
            List.of(
                "an unlimited number of transaction tries can only be used with --latency-limit or a duration")),
        TapCase.of(
            "pgbench option error: sampling => log",
            "--sampling-rate=0.01",
            1,
            EMPTY,
            List.of("log sampling .* only when")),
        TapCase.of(
            "pgbench option error: sampling XOR aggregate",
            "-l --sampling-rate=0.1 --aggregate-interval=3",
            1,
            EMPTY,
            List.of("sampling .* aggregation .* cannot be used at the same time")),
        TapCase.of(
            "pgbench option error: aggregate => log",
            "--aggregate-interval=3",
            1,
            EMPTY,
            List.of("aggregation .* only when")),
        TapCase.of(
            "pgbench option error: log-prefix => log",
            "--log-prefix=x",
            1,
            EMPTY,
            List.of("prefix .* only when")),
        TapCase.of(
            "pgbench option error: duration & aggregation",
            "-l -T 1 --aggregate-interval=3",
            1,
            EMPTY,
            List.of("aggr.* not be higher")),
        TapCase.of(
            "pgbench option error: duration % aggregation",
            "-l -T 5 --aggregate-interval=3", 1, EMPTY, List.of("multiple")),
        TapCase.of(
            "pgbench help",
            "--help",
            0,
            List.of(
                "benchmarking tool for PostgreSQL",
                "Usage",
                "Initialization options:",
                "Common options:",
                "Report bugs to"),
            EMPTY),
        TapCase.of("pgbench version", "-V", 0, List.of("^$PROGRAM .(PostgreSQL|tpcc). "), EMPTY),
        TapCase.of(
            "pgbench builtin list",
            "-b list",
            0,
            EMPTY,
            List.of("Available builtin scripts:", "tpcb-like", "simple-update", "select-only")),
        TapCase.of(
            "pgbench builtin listing",
            "--show-script se",
            0,
            EMPTY,
            List.of(
                "select-only: ",
                "SELECT abalance FROM pgbench_accounts WHERE",
                "(?!UPDATE)",
                "(?!INSERT)")),
        TapCase.of(
                "pgbench option error: missing endif",
                "",
                1,
                EMPTY,
                List.of("\\\\if without matching \\\\endif"))
            .withFiles(Map.of("if-noendif.sql", "\\if 1")),
        TapCase.of(
                "pgbench option error: missing if on elif",
                "",
                1,
                EMPTY,
                List.of("\\\\elif without matching \\\\if"))
            .withFiles(Map.of("elif-noif.sql", "\\elif 1")),
        TapCase.of(
                "pgbench option error: missing if on else",
                "",
                1,
                EMPTY,
                List.of("\\\\else without matching \\\\if"))
            .withFiles(Map.of("else-noif.sql", "\\else")),
        TapCase.of(
                "pgbench option error: missing if on endif",
                "",
                1,
                EMPTY,
                List.of("\\\\endif without matching \\\\if"))
            .withFiles(Map.of("endif-noif.sql", "\\endif")),
        TapCase.of(
                "pgbench option error: elif after else",
                "",
                1,
                EMPTY,
                List.of("\\\\elif after \\\\else"))
            .withFiles(Map.of("else-elif.sql", "\\if 1\n\\else\n\\elif 0\n\\endif")),
        TapCase.of(
                "pgbench option error: else after else",
                "",
                1,
                EMPTY,
                List.of("\\\\else after \\\\else"))
            .withFiles(Map.of("else-else.sql", "\\if 1\n\\else\n\\else\n\\endif")),
        TapCase.of(
                "pgbench option error: if syntax error",
                "",
                1,
                EMPTY,
                List.of("syntax error in command \"if\""))
            .withFiles(Map.of("if-bad.sql", "\\if\n\\endif\n")),
        TapCase.of(
                "pgbench option error: elif syntax error",
                "",
                1,
                EMPTY,
                List.of("syntax error in command \"elif\""))
            .withFiles(Map.of("elif-bad.sql", "\\if 0\n\\elif +\n\\endif\n")),
        TapCase.of(
                "pgbench option error: else syntax error",
                "",
                1,
                EMPTY,
                List.of("unexpected argument in command \"else\""))
            .withFiles(Map.of("else-bad.sql", "\\if 0\n\\else BAD\n\\endif\n")),
        TapCase.of(
                "pgbench option error: endif syntax error",
                "",
                1,
                EMPTY,
                List.of("unexpected argument in command \"endif\""))
            .withFiles(Map.of("endif-bad.sql", "\\if 0\n\\endif BAD\n")),
        TapCase.of(
                "pgbench option error: not enough arguments for least",
                "",
                1,
                EMPTY,
                List.of("at least one argument expected \\(least\\)"))
            .withFiles(Map.of("bad-least.sql", "\\set i least()\n")),
        TapCase.of(
                "pgbench option error: not enough arguments for greatest",
                "",
                1,
                EMPTY,
                List.of("at least one argument expected \\(greatest\\)"))
            .withFiles(Map.of("bad-greatest.sql", "\\set i greatest()\n")),
        TapCase.of(
                "pgbench option error: not enough arguments for hash",
                "",
                1,
                EMPTY,
                List.of("unexpected number of arguments \\(hash\\)"))
            .withFiles(Map.of("bad-hash-1.sql", "\\set i hash()\n")),
        TapCase.of(
                "pgbench option error: too many arguments for hash",
                "",
                1,
                EMPTY,
                List.of("unexpected number of arguments \\(hash\\)"))
            .withFiles(Map.of("bad-hash-2.sql", "\\set i hash(1,2,3)\n")),
        TapCase.of(
                "pgbench option error: bigint overflow 1",
                "",
                1,
                EMPTY,
                List.of("bigint constant overflow"))
            .withFiles(Map.of("overflow-1.sql", "\\set i 100000000000000000000\n")),
        TapCase.of(
                "pgbench option error: double overflow 2",
                "",
                1,
                EMPTY,
                List.of("double constant overflow"))
            .withFiles(Map.of("overflow-2.sql", "\\set d 1.0E309\n")),
        TapCase.of(
                "pgbench option error: double overflow 3",
                "",
                1,
                EMPTY,
                List.of("double constant overflow"))
            .withFiles(Map.of("overflow-3.sql", "\\set d .1E310\n")),
        TapCase.of(
                "pgbench option error: set i",
                "",
                1,
                EMPTY,
                List.of("set i 1 ", "\\^ error found here"))
            .withFiles(Map.of("set_i_op", "\\set i 1 +\n")),
        TapCase.of(
                "pgbench option error: not enough arguments to permute",
                "",
                1,
                EMPTY,
                List.of("unexpected number of arguments \\(permute\\)"))
            .withFiles(Map.of("bad-permute-1.sql", "\\set i permute(1)\n")),
        TapCase.of(
                "pgbench option error: too many arguments to permute",
                "",
                1,
                EMPTY,
                List.of("unexpected number of arguments \\(permute\\)"))
            .withFiles(Map.of("bad-permute-2.sql", "\\set i permute(1, 2, 3, 4)\n")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void behavesAsPgbench(TapCase tapCase) throws Exception {
    tapCase.check(dir, NOWHERE, false);
  }
}
