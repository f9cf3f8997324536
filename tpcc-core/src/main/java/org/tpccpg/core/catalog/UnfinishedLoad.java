package org.tpccpg.core.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.schema.TpccTable;

/**
 * What a load whose record still says {@code loading} has left out: a scale-out prepare between its
 * steps, or a range load (or a whole prepare) that was killed. Per table set, the warehouses
 * missing from its {@code warehouse} table and whether its {@code item} table is empty, and the
 * commands that load exactly those and then finish, so that nobody is told to throw away the
 * warehouses that are there.
 *
 * <p>Each warehouse and each set's items load in one transaction ({@code WarehouseLoad}, {@code
 * ItemsLoad}), so a warehouse row means the whole warehouse is there: there are no partial ones to
 * name. Reads only the load's own tables, and only when the record lists them; never writes.
 */
public final class UnfinishedLoad {
  /** How many missing ranges a message lists per set, and how many sets, before it counts. */
  private static final int MAX_NAMED = 5;

  /** The runs of missing warehouse numbers, as gaps and islands. */
  private static final String MISSING =
      """
      SELECT min(g), max(g)
        FROM (SELECT g, g - row_number() OVER (ORDER BY g) AS island
                FROM generate_series(1, ?) g
               WHERE NOT EXISTS (SELECT 1 FROM %s w WHERE w.w_id = g)) missing
       GROUP BY island
       ORDER BY 1""";

  private static final String HAS_ITEMS =
      """
      SELECT EXISTS (SELECT 1 FROM %s)""";

  /**
   * One table set's gaps.
   *
   * @param set the set's number
   * @param missing its missing warehouses, as ranges in order
   * @param itemsMissing whether its item table is empty
   */
  public record SetGaps(int set, List<WarehouseRange> missing, boolean itemsMissing) {
    public SetGaps {
      missing = List.copyOf(missing);
    }

    /** Whether warehouse {@code w} is missing from this set. */
    public boolean lacks(int w) {
      return missing.stream().anyMatch(range -> range.contains(w));
    }
  }

  private final int tableSets;
  private final int warehousesPerSet;
  private final List<SetGaps> gaps;

  UnfinishedLoad(int tableSets, int warehousesPerSet, List<SetGaps> gaps) {
    this.tableSets = tableSets;
    this.warehousesPerSet = warehousesPerSet;
    this.gaps = List.copyOf(gaps);
  }

  /** Reads the gaps of sets 1..{@code tableSets} of {@code warehousesPerSet} warehouses. */
  public static UnfinishedLoad read(Connection c, int tableSets, int warehousesPerSet)
      throws SQLException {
    List<SetGaps> gaps = new ArrayList<>();
    for (int set = 1; set <= tableSets; set++) {
      List<WarehouseRange> missing = new ArrayList<>();
      try (PreparedStatement s =
          c.prepareStatement(MISSING.formatted(TpccTable.WAREHOUSE.nameInSet(set)))) {
        s.setInt(1, warehousesPerSet);
        try (ResultSet rows = s.executeQuery()) {
          while (rows.next()) {
            missing.add(new WarehouseRange(rows.getInt(1), rows.getInt(2)));
          }
        }
      }
      boolean items;
      try (PreparedStatement s =
              c.prepareStatement(HAS_ITEMS.formatted(TpccTable.ITEM.nameInSet(set)));
          ResultSet rows = s.executeQuery()) {
        rows.next();
        items = rows.getBoolean(1);
      }
      gaps.add(new SetGaps(set, missing, !items));
    }
    return new UnfinishedLoad(tableSets, warehousesPerSet, gaps);
  }

  /** The same gaps, only those within {@code range} (the items as they are). */
  public UnfinishedLoad within(WarehouseRange range) {
    List<SetGaps> clipped = new ArrayList<>();
    for (SetGaps g : gaps) {
      List<WarehouseRange> inside = new ArrayList<>();
      for (WarehouseRange missing : g.missing()) {
        if (missing.overlaps(range)) {
          inside.add(
              new WarehouseRange(
                  Math.max(missing.first(), range.first()),
                  Math.min(missing.last(), range.last())));
        }
      }
      clipped.add(new SetGaps(g.set(), inside, g.itemsMissing()));
    }
    return new UnfinishedLoad(tableSets, warehousesPerSet, clipped);
  }

  /** Each set's gaps, sets in order. */
  public List<SetGaps> sets() {
    return gaps;
  }

  /** Whether every warehouse and item of every set is there (only the finish step is left). */
  public boolean rowsComplete() {
    return gaps.stream().allMatch(g -> g.missing().isEmpty() && !g.itemsMissing());
  }

  /** Whether some set's items are missing. */
  public boolean itemsMissing() {
    return gaps.stream().anyMatch(SetGaps::itemsMissing);
  }

  /** From the first missing warehouse of any set to the last: one range load covers them all. */
  public Optional<WarehouseRange> span() {
    int first = Integer.MAX_VALUE;
    int last = 0;
    for (SetGaps g : gaps) {
      for (WarehouseRange range : g.missing()) {
        first = Math.min(first, range.first());
        last = Math.max(last, range.last());
      }
    }
    return last == 0 ? Optional.empty() : Optional.of(new WarehouseRange(first, last));
  }

  /**
   * {@code warehouse1 lacks warehouses 3-4, 7-7 of 8; item1 is empty}; at most {@value #MAX_NAMED}
   * sets and ranges each by name.
   */
  public String describe() {
    List<String> parts = new ArrayList<>();
    int named = 0;
    int unnamed = 0;
    for (SetGaps g : gaps) {
      if (g.missing().isEmpty() && !g.itemsMissing()) {
        continue;
      }
      if (named == MAX_NAMED) {
        unnamed++;
        continue;
      }
      named++;
      if (!g.missing().isEmpty()) {
        parts.add(
            TpccTable.WAREHOUSE.nameInSet(g.set())
                + " lacks warehouses "
                + ranges(g.missing())
                + " of "
                + warehousesPerSet);
      }
      if (g.itemsMissing()) {
        parts.add(TpccTable.ITEM.nameInSet(g.set()) + " is empty");
      }
    }
    if (unnamed > 0) {
      parts.add("and " + unnamed + " more table set(s) have gaps");
    }
    return parts.isEmpty() ? "every warehouse and item is loaded" : String.join("; ", parts);
  }

  /**
   * The range load that adds exactly what is missing: {@code prepare --tables=T --scale=S
   * --warehouses=3-7 --resume [--load-items]}; empty when every row is there.
   */
  public Optional<String> resumeCommand() {
    if (rowsComplete()) {
      return Optional.empty();
    }
    return Optional.of(
        "prepare"
            + shape()
            + " --warehouses="
            + span().orElse(new WarehouseRange(1, 1))
            + " --resume"
            + (itemsMissing() ? " --load-items" : ""));
  }

  /**
   * What to run to complete the load without reloading what is there: the {@link #resumeCommand},
   * then {@code prepare --only=finish}, each with the load's {@code --tables} and {@code --scale}.
   */
  public String nextSteps() {
    String finish = "prepare --only=finish" + shape();
    return resumeCommand()
        .map(
            load ->
                "once no range load is running, load what is missing with "
                    + load
                    + " (it loads only the warehouses and items not there yet), then "
                    + finish)
        .orElse("run " + finish);
  }

  private String shape() {
    return " --tables=" + tableSets + " --scale=" + warehousesPerSet;
  }

  private static String ranges(List<WarehouseRange> missing) {
    List<String> named = new ArrayList<>();
    for (WarehouseRange range : missing.subList(0, Math.min(MAX_NAMED, missing.size()))) {
      named.add(range.size() == 1 ? Integer.toString(range.first()) : range.toString());
    }
    if (missing.size() > MAX_NAMED) {
      named.add("... (" + missing.size() + " ranges)");
    }
    return String.join(", ", named);
  }
}
