package org.tpccpg.driver.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.check.CheckScope;

/** The probes' scopes move through every range of every table set, then around again. */
class ProbeScopesTest {
  @Test
  void rangesOfTenWarehousesSetAfterSetAndAroundAgain() {
    ProbeScopes scopes = new ProbeScopes(2, 25);
    assertEquals(new CheckScope(1, 1, 10), scopes.scope(0));
    assertEquals(new CheckScope(1, 11, 20), scopes.scope(1));
    assertEquals(new CheckScope(1, 21, 25), scopes.scope(2), "the last range is shorter");
    assertEquals(new CheckScope(2, 1, 10), scopes.scope(3));
    assertEquals(new CheckScope(2, 21, 25), scopes.scope(5));
    assertEquals(new CheckScope(1, 1, 10), scopes.scope(6), "around again");
    assertEquals(new CheckScope(2, 11, 20), scopes.scope(6L * 1_000_000_000 + 4));
  }

  @Test
  void aSmallDataSetIsOneRangeEachTime() {
    ProbeScopes scopes = new ProbeScopes(1, 1);
    assertEquals(new CheckScope(1, 1, 1), scopes.scope(0));
    assertEquals(new CheckScope(1, 1, 1), scopes.scope(7));
    assertThrows(IllegalArgumentException.class, () -> new ProbeScopes(0, 1));
  }
}
