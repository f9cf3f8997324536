package org.tpccpg.driver.htmlreport;

/**
 * The figures of one target and client count in a sweep table, each the spread of its finished
 * repeats: what the published version tables show per server. Sizes come from the bundle's manifest
 * (a bundle made before sweeps recorded them has none: they are missing), the rest from each run's
 * {@code summary.json}.
 *
 * @param seconds the run's own elapsed time ({@code totals.elapsed_s}), as pgbench's "duration"
 * @param tps transactions per second
 * @param tpmC a TPC-C run's New-Order transactions per minute (its summary's {@code tpmC}); missing
 *     for other runs
 * @param avgMs the average latency in milliseconds
 * @param p95Ms the 95th percentile latency in milliseconds
 * @param bytesBefore {@code pg_database_size} right before the run
 * @param bytesAfter the same right after it
 * @param growthBytes after minus before, per repeat
 * @param checkpoints the checkpoints the server completed during the run (missing without server
 *     statistics)
 * @param walBytes the WAL it wrote during the run
 * @param connectionMs a TPC-B run's connection time: the average per connection with {@code -C},
 *     the initial connections' without (pgbench's two lines)
 */
public record SweepRow(
    Spread seconds,
    Spread tps,
    Spread tpmC,
    Spread avgMs,
    Spread p95Ms,
    Spread bytesBefore,
    Spread bytesAfter,
    Spread growthBytes,
    Spread checkpoints,
    Spread walBytes,
    Spread connectionMs) {}
