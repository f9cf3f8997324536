package org.tpccpg.driver.merge;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.tpccpg.core.WarehouseRange;

/**
 * Whether several drivers' results are parts of one run: TPC-C runs of one data set (the same
 * tables, scale, load time and load seed) with the same kinds and rules, on warehouse ranges that
 * do not overlap. The first thing that differs is named in one line.
 */
final class ShapeCheck {
  /** The {@code config} members that must be equal in every driver's summary. */
  private static final List<String> SAME_CONFIG =
      List.of(
          "tables",
          "scale",
          "sysbench_compat",
          "percentile",
          "report_interval_seconds",
          "purge",
          "data_set_loaded_at",
          "data_set_seed");

  private ShapeCheck() {}

  static void require(List<DriverResult> drivers) throws MergeRefused, IOException {
    DriverResult first = drivers.get(0);
    for (DriverResult d : drivers) {
      if (!"tpcc".equals(d.workload())) {
        throw new MergeRefused(
            d.directory()
                + " is a "
                + d.workload()
                + " run: merge takes the results of tpcc run (--results), one per driver");
      }
    }
    Map<String, Object> reference = first.config();
    for (DriverResult d : drivers.subList(1, drivers.size())) {
      if (!d.kinds().equals(first.kinds())) {
        throw new MergeRefused(
            "the shapes do not fit: "
                + first.directory()
                + " has the kinds "
                + first.kinds()
                + " but "
                + d.directory()
                + " has "
                + d.kinds());
      }
      Map<String, Object> config = d.config();
      for (String member : SAME_CONFIG) {
        if (!Objects.equals(reference.get(member), config.get(member))) {
          throw new MergeRefused(
              "the shapes do not fit: "
                  + member
                  + " is "
                  + show(reference.get(member))
                  + " in "
                  + first.directory()
                  + " but "
                  + show(config.get(member))
                  + " in "
                  + d.directory()
                  + (member.startsWith("data_set") ? " (not the same data set)" : ""));
        }
      }
    }
    requireDisjointWarehouses(drivers);
  }

  private static void requireDisjointWarehouses(List<DriverResult> drivers)
      throws MergeRefused, IOException {
    for (int i = 0; i < drivers.size(); i++) {
      for (int j = i + 1; j < drivers.size(); j++) {
        WarehouseRange a = range(drivers.get(i));
        WarehouseRange b = range(drivers.get(j));
        if (a.overlaps(b)) {
          throw new MergeRefused(
              "the shapes do not fit: "
                  + drivers.get(i).directory()
                  + " ran on warehouses "
                  + a
                  + " and "
                  + drivers.get(j).directory()
                  + " on "
                  + b
                  + ", which overlap (the same directory twice, or drivers without --warehouses)");
        }
      }
    }
  }

  static WarehouseRange range(DriverResult d) throws IOException {
    try {
      return WarehouseRange.parse(d.warehouses());
    } catch (IllegalArgumentException e) {
      throw new IOException(d.summaryFile() + ": home_warehouses " + e.getMessage(), e);
    }
  }

  private static String show(Object value) {
    if (value instanceof Double d && d == Math.rint(d)) {
      return Long.toString(d.longValue());
    }
    return String.valueOf(value);
  }
}
