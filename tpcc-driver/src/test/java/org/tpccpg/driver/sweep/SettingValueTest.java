package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The dry parse of the settings dimension's values, against pg_settings' descriptions (15's). */
class SettingValueTest {
  private static final SettingSpec SHARED_BUFFERS =
      new SettingSpec(
          "shared_buffers", "integer", "8kB", 16.0, 1073741823.0, List.of(), "postmaster");
  private static final SettingSpec WORK_MEM =
      new SettingSpec("work_mem", "integer", "kB", 64.0, 2147483647.0, List.of(), "user");
  private static final SettingSpec TIMEOUT =
      new SettingSpec("statement_timeout", "integer", "ms", 0.0, 2147483647.0, List.of(), "user");
  private static final SettingSpec COST =
      new SettingSpec("random_page_cost", "real", null, 0.0, 1.79769e+308, List.of(), "user");
  private static final SettingSpec SEQSCAN =
      new SettingSpec("enable_seqscan", "bool", null, null, null, List.of(), "user");
  private static final SettingSpec COMMIT =
      new SettingSpec(
          "synchronous_commit",
          "enum",
          null,
          null,
          null,
          List.of("local", "remote_write", "remote_apply", "on", "off"),
          "user");

  @Test
  void memoryAndTimeUnitsConvertToTheBaseUnit() {
    assertEquals("12288", SettingValue.normalised(SHARED_BUFFERS, "96MB"));
    assertEquals("16384", SettingValue.normalised(SHARED_BUFFERS, "128MB"));
    assertEquals("12288", SettingValue.normalised(SHARED_BUFFERS, "12288"));
    assertEquals("8192", SettingValue.normalised(WORK_MEM, "8MB"));
    assertEquals("1572864", SettingValue.normalised(WORK_MEM, "1.5GB"));
    assertEquals("90000", SettingValue.normalised(TIMEOUT, "1.5min"));
    assertEquals("1.1", SettingValue.normalised(COST, "1.1"));
  }

  @Test
  void theValueInForceIsCompared() {
    assertTrue(SettingValue.inForce(SHARED_BUFFERS, "96MB", "12288"));
    assertFalse(SettingValue.inForce(SHARED_BUFFERS, "96MB", "16384"));
    assertFalse(SettingValue.inForce(SHARED_BUFFERS, "96MB", null));
    assertTrue(SettingValue.inForce(SEQSCAN, "false", "off"));
    assertTrue(SettingValue.inForce(COMMIT, "OFF", "off"));
    assertFalse(SettingValue.inForce(COMMIT, "local", "on"));
    assertTrue(SettingValue.inForce(COST, "1.1", "1.1"));
  }

  @Test
  void badValuesAreFoundWithWhatIsExpected() {
    assertEquals(
        "not a whole number with a memory unit (B, kB, MB, GB, TB); without one it is in kB"
            + " (hexadecimal and octal are not checked here: give it in decimal)",
        SettingValue.problem(WORK_MEM, "8XB"));
    assertTrue(SettingValue.problem(WORK_MEM, "8ms").startsWith("not a whole number with a mem"));
    assertTrue(SettingValue.problem(TIMEOUT, "5MB").startsWith("not a whole number with a time"));
    assertEquals(
        "out of range: from 64 to 2147483647 (unit kB)", SettingValue.problem(WORK_MEM, "1kB"));
    assertEquals(
        "not a boolean; expected on, off, true, false, yes, no, 1, 0",
        SettingValue.problem(SEQSCAN, "maybe"));
    assertEquals(
        "not one of [local, remote_write, remote_apply, on, off]",
        SettingValue.problem(COMMIT, "sometimes"));
    assertTrue(SettingValue.problem(COST, "fast").startsWith("not a number (this setting takes"));
    assertTrue(SettingValue.problem(WORK_MEM, "1.5").startsWith("not a whole number"));
  }

  @Test
  void goodValuesPass() {
    for (String value : List.of("on", "OFF", "t", "fal", "yes", "n", "1", "0")) {
      assertNull(SettingValue.problem(SEQSCAN, value), value);
    }
    assertNull(SettingValue.problem(WORK_MEM, "64kB"));
    assertNull(SettingValue.problem(WORK_MEM, " 4 MB "));
    assertNull(SettingValue.problem(COMMIT, "remote_apply"));
    assertNull(SettingValue.problem(TIMEOUT, "0"));
  }
}
