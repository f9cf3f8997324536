package org.tpccpg.driver.cli;

import picocli.CommandLine.Option;

/** pgbench's initialization options ({@code -i} mode). */
final class TpcbInitOptions {
  @Option(
      names = {"-i", "--initialize"},
      description = "Initialization mode: create and fill pgbench's tables.")
  boolean initialize;

  @Option(
      names = {"-I", "--init-steps"},
      paramLabel = "[dtgGvpf]+",
      description =
          "Steps to run (default dtgvp): d drop, t create tables, g generate here and COPY,"
              + " G generate on the server, v vacuum, p primary keys, f foreign keys.")
  String steps;

  @Option(
      names = {"-F", "--fillfactor"},
      paramLabel = "NUM",
      description = "Fill factor of branches, tellers and accounts, 10..100 (default 100).")
  String fillfactor;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print generation progress at most every 5 seconds.")
  boolean quiet;

  @Option(names = "--foreign-keys", description = "Create foreign keys between the tables.")
  boolean foreignKeys;

  @Option(
      names = "--index-tablespace",
      paramLabel = "TABLESPACE",
      description = "Create the primary keys in this tablespace.")
  String indexTablespace;

  @Option(
      names = "--tablespace",
      paramLabel = "TABLESPACE",
      description = "Create the tables in this tablespace.")
  String tablespace;

  @Option(names = "--unlogged-tables", description = "Create the tables as unlogged tables.")
  boolean unlogged;

  @Option(
      names = "--partitions",
      paramLabel = "NUM",
      description = "Partition pgbench_accounts into NUM parts (default 0: not partitioned).")
  String partitions;

  @Option(
      names = "--partition-method",
      paramLabel = "range|hash",
      description = "How to partition pgbench_accounts (default range).")
  String partitionMethod;
}
