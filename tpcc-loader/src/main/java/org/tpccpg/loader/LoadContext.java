package org.tpccpg.loader;

import org.tpccpg.core.load.TpccDataGenerator;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;

/**
 * What every load unit shares: the run seed, the NURand load constants, the load timestamp and the
 * progress counters. Each unit derives its own generator from (seed, set, warehouse), so the data
 * is the same whatever the number of threads.
 */
record LoadContext(
    long seed, NuRandConstants constants, String loadTimestamp, LoadProgress progress) {
  TpccDataGenerator generator(int set, int warehouse) {
    TpccRandom random = new TpccRandom(TpccRandom.mix(seed, set, warehouse), constants);
    return new TpccDataGenerator(random, loadTimestamp);
  }
}
