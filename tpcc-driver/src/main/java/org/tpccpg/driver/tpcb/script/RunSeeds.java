package org.tpccpg.driver.tpcb.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The random states pgbench 15 derives from {@code --random-seed}, in pgbench's order: its base
 * sequence is seeded with the seed; each client's state for the script functions draws one seed
 * from it (client 0 first); then {@code :default_seed} (unless -D set it); then each thread's
 * states for choosing a script, throttling and log sampling.
 *
 * @param seed the run's seed ({@code :random_seed})
 * @param clients one state per client, for random(), random_*() in its scripts
 * @param defaultSeed {@code :default_seed}, the hash functions' and permute()'s default seed
 * @param threads per thread: the states for choosing scripts, throttling and sampling
 */
public record RunSeeds(
    long seed, List<PgPrng> clients, long defaultSeed, List<ThreadStates> threads) {
  public RunSeeds {
    clients = List.copyOf(clients);
    threads = List.copyOf(threads);
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("clients must not be empty");
    }
    if (threads.isEmpty() || threads.size() > clients.size()) {
      throw new IllegalArgumentException(
          "threads must number 1.." + clients.size() + " but were " + threads.size());
    }
  }

  /**
   * The states pgbench derives for a run.
   *
   * @param seed the {@code --random-seed} integer (read as unsigned, as pgbench does)
   * @param clients -c
   * @param threads -j, after pgbench lowers it to at most the number of clients
   * @param defaultSeedDefined whether -D set {@code default_seed}, so pgbench draws none
   */
  public static RunSeeds derive(long seed, int clients, int threads, boolean defaultSeedDefined) {
    if (clients < 1) {
      throw new IllegalArgumentException("clients must be >= 1 but was " + clients);
    }
    if (threads < 1 || threads > clients) {
      throw new IllegalArgumentException(
          "threads must be in 1.." + clients + " but was " + threads);
    }
    PgPrng base = PgPrng.seeded(seed);
    List<PgPrng> clientStates = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      clientStates.add(PgPrng.seeded(base.nextUint64()));
    }
    long defaultSeed = defaultSeedDefined ? 0 : base.nextUint64();
    List<ThreadStates> threadStates = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      PgPrng choose = PgPrng.seeded(base.nextUint64());
      PgPrng throttle = PgPrng.seeded(base.nextUint64());
      PgPrng sample = PgPrng.seeded(base.nextUint64());
      threadStates.add(new ThreadStates(choose, throttle, sample));
    }
    return new RunSeeds(seed, clientStates, defaultSeed, threadStates);
  }

  /**
   * A client's variables at the start of the run, as pgbench sets them: the -D variables, then
   * {@code scale}, {@code client_id}, {@code default_seed} and {@code random_seed} unless -D
   * defined them.
   *
   * @param defined the -D variables (copied, not changed)
   * @param client the client's number, from 0
   * @param scale -s, or the number of branches for the builtin scripts
   */
  public Variables clientVariables(Variables defined, int client, int scale) {
    if (client < 0 || client >= clients.size()) {
      throw new IllegalArgumentException(
          "client must be in 0.." + (clients.size() - 1) + " but was " + client);
    }
    Variables variables = defined.copy();
    try {
      putUnlessDefined(variables, "scale", scale);
      putUnlessDefined(variables, "client_id", client);
      putUnlessDefined(variables, "default_seed", defaultSeed);
      putUnlessDefined(variables, "random_seed", seed);
    } catch (EvaluationException e) {
      throw new IllegalStateException("automatic variable names are valid", e);
    }
    return variables;
  }

  private static void putUnlessDefined(Variables variables, String name, long value)
      throws EvaluationException {
    if (!variables.contains(name)) {
      variables.put("startup", name, Value.of(value));
    }
  }

  /**
   * A thread's states.
   *
   * @param choose picks the script of each transaction (-b/-f weights)
   * @param throttle draws the --rate delays
   * @param sample draws --sampling-rate
   */
  public record ThreadStates(PgPrng choose, PgPrng throttle, PgPrng sample) {
    public ThreadStates {
      Objects.requireNonNull(choose, "choose");
      Objects.requireNonNull(throttle, "throttle");
      Objects.requireNonNull(sample, "sample");
    }
  }
}
