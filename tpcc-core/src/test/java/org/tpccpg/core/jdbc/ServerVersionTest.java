package org.tpccpg.core.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerVersionTest {
  @Test
  void majorsBefore10HaveTwoPartsAndLaterOnesOne() {
    assertEquals("9.6", new ServerVersion(90624).major());
    assertEquals("9.1", new ServerVersion(90124).major());
    assertEquals("10", new ServerVersion(100023).major());
    assertEquals("18", new ServerVersion(180001).major());
  }

  @Test
  void atLeastComparesWithTheFirstReleaseOfAMajor() {
    ServerVersion v96 = new ServerVersion(90624);
    assertTrue(v96.atLeast(9, 6));
    assertTrue(v96.atLeast(9, 5));
    assertFalse(v96.atLeast(10));
    assertTrue(new ServerVersion(100000).atLeast(10));
    assertFalse(new ServerVersion(139999).atLeast(14));
    assertTrue(new ServerVersion(140000).atLeast(9, 6));
  }

  @Test
  void aMajorBefore10MustBeGivenWithItsMinor() {
    assertThrows(IllegalArgumentException.class, () -> new ServerVersion(90624).atLeast(9));
  }

  @Test
  void aNumberNoServerGivesIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new ServerVersion(15));
    assertEquals("server_version_num must be >= 80000 but was 15", e.getMessage());
  }
}
