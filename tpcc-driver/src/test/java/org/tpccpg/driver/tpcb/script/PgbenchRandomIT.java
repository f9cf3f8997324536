package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tpccpg.testkit.PostgresFixture;

/**
 * pgbench's random functions against the real pgbench 15: with the same {@code --random-seed}, each
 * client draws the same values in the same order.
 */
class PgbenchRandomIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final List<String> DRAWN = List.of("u", "e", "g", "z", "h", "f", "p", "q");

  @TempDir Path tmp;

  @ParameterizedTest
  @CsvSource({
    "20261130, 2, 2, scale=1",
    "18446744073709551615, 3, 2, scale=1",
    "0, 1, 1, default_seed=-5",
  })
  void seededRandomFunctionsDrawPgbenchsValuesInPgbenchsOrderForEachClient(
      String seedText, int clients, int threads, String define) throws Exception {
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS draws");
      s.execute(
          "CREATE TABLE draws (n serial, client int, u bigint, e bigint, g bigint, z bigint,"
              + " h bigint, f bigint, p bigint, q bigint, default_seed bigint)");
    }
    String text =
        "\\set u random(1, 1000000000)\n"
            + "\\set e random_exponential(-50, 1000000, 3.5)\n"
            + "\\set g random_gaussian(1, 1000000, 2.5)\n"
            + "\\set z random_zipfian(1, 1000000, 1.07)\n"
            + "\\set h hash(:u)\n"
            + "\\set f hash_fnv1a(:u, :g)\n"
            + "\\set p permute(:u, 1000003)\n"
            + "\\set q random(-4611686018427387904, 4611686018427387902) + :random_seed % 2\n"
            + "INSERT INTO draws (client, u, e, g, z, h, f, p, q, default_seed)"
            + " VALUES (:client_id, :u, :e, :g, :z, :h, :f, :p, :q, :default_seed);\n";
    Path file = tmp.resolve("draws.sql");
    Files.writeString(file, text);
    int transactions = 25;
    PgbenchProcess.run(
        POSTGRES.database(),
        "-n",
        "-c",
        Integer.toString(clients),
        "-j",
        Integer.toString(threads),
        "-t",
        Integer.toString(transactions),
        "--random-seed=" + seedText,
        "-D",
        define,
        "-f",
        file.toString());

    long seed = Long.parseUnsignedLong(seedText);
    Script script = ScriptParser.parse(file.toString(), text);
    Variables defined = new Variables();
    defined.define(define);
    RunSeeds seeds = RunSeeds.derive(seed, clients, threads, defined.contains("default_seed"));
    for (int client = 0; client < clients; client++) {
      Variables variables = seeds.clientVariables(defined, client, 1);
      Evaluator evaluator = new Evaluator(variables, seeds.clients().get(client), v -> {});
      List<List<Long>> ours = new ArrayList<>();
      for (int t = 0; t < transactions; t++) {
        for (Command command : script.commands()) {
          if (command instanceof MetaCommand set) {
            variables.put("set", set.variable(), evaluator.evaluate(set.expression()));
          }
        }
        List<Long> row = new ArrayList<>();
        for (String name : DRAWN) {
          row.add(variables.value(name).asInt());
        }
        row.add(variables.value("default_seed").asInt());
        ours.add(row);
      }
      assertEquals(pgbenchsDraws(client), ours, "client " + client);
    }
  }

  private static List<List<Long>> pgbenchsDraws(int client) throws Exception {
    List<List<Long>> rows = new ArrayList<>();
    try (Connection c = POSTGRES.database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT u, e, g, z, h, f, p, q, default_seed FROM draws WHERE client = "
                    + client
                    + " ORDER BY n")) {
      while (r.next()) {
        List<Long> row = new ArrayList<>();
        for (int i = 1; i <= DRAWN.size() + 1; i++) {
          row.add(r.getLong(i));
        }
        rows.add(row);
      }
    }
    assertFalse(rows.isEmpty(), "pgbench inserted rows for client " + client);
    return rows;
  }
}
