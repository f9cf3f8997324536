package org.tpccpg.driver.check;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;

class PurgeNoteTest {
  private static DataSetInfo info(boolean purgeUsed) {
    return new DataSetInfo(
        1,
        2,
        7,
        new NuRandConstants(100, 200, 300),
        "t",
        true,
        Instant.parse("2025-03-01T12:00:00Z"),
        true,
        3,
        purgeUsed);
  }

  @Test
  void afterAPurgedRunCheckSaysHistoryIsCheckedByNothingAndNamesWhatItSkips() {
    String note = DataSetCheck.purgeNote(info(true));
    assertTrue(note.contains("conditions 8, 9, 10, 12"), note);
    assertTrue(note.contains("HISTORY, ORDERS"), note);
    assertTrue(note.contains("HISTORY is checked by nothing"), note);
  }

  @Test
  void withoutPurgeThereIsNoNote() {
    assertNull(DataSetCheck.purgeNote(info(false)));
  }
}
