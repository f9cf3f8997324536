package org.tpccpg.driver.cli;

import picocli.CommandLine.Option;

/**
 * sysbench 1.0.20's MySQL driver options, which sysbench accepts whatever {@code --db-driver} says,
 * so that a wrapper script that passes them to both drivers' runs works here too. They change
 * nothing with {@code --db-driver=pgsql}, in sysbench and here; the on/off ones are checked as
 * sysbench checks them. A password given here is hidden from process titles as {@code
 * --pgsql-password}'s is (bin/tpcc) and never printed or recorded.
 */
final class MysqlDriverOptions {
  @Option(names = "--mysql-host", paramLabel = "LIST", description = NO_EFFECT)
  String host;

  @Option(names = "--mysql-port", paramLabel = "LIST", description = NO_EFFECT)
  String port;

  @Option(names = "--mysql-socket", paramLabel = "LIST", description = NO_EFFECT)
  String socket;

  @Option(names = "--mysql-user", paramLabel = "USER", description = NO_EFFECT)
  String user;

  @Option(names = "--mysql-password", paramLabel = "PASSWORD", description = NO_EFFECT)
  String password;

  @Option(names = "--mysql-db", paramLabel = "DB", description = NO_EFFECT)
  String database;

  @Option(names = "--mysql-ssl-cipher", paramLabel = "CIPHER", description = NO_EFFECT)
  String sslCipher;

  @Option(names = "--mysql-ignore-errors", paramLabel = "LIST", description = NO_EFFECT)
  String ignoreErrors;

  @Option(
      names = "--mysql-ssl",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description = NO_EFFECT)
  Boolean ssl;

  @Option(
      names = "--mysql-compression",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description = NO_EFFECT)
  Boolean compression;

  @Option(
      names = "--mysql-debug",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description = NO_EFFECT)
  Boolean debug;

  @Option(
      names = "--mysql-dry-run",
      paramLabel = "on|off",
      arity = "0..1",
      fallbackValue = "on",
      converter = SysbenchBoolean.class,
      description = NO_EFFECT)
  Boolean dryRun;

  private static final String NO_EFFECT =
      "sysbench's MySQL driver option: accepted, no effect with --db-driver=pgsql (as in"
          + " sysbench).";
}
