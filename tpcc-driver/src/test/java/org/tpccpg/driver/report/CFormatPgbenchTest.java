package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** C's %.15g and %f, which pgbench uses for doubles in variables and messages. */
class CFormatPgbenchTest {
  @ParameterizedTest
  @CsvSource({
    "0.1, 0.1",
    "1.5, 1.5",
    "100, 100",
    "1e15, 1e+15",
    "123456789012345, 123456789012345",
    "1234567890123456, 1.23456789012346e+15",
    "0.0001, 0.0001",
    "0.00001, 1e-05",
    "-2.5e-300, -2.5e-300",
    "3.141592653589793, 3.14159265358979",
  })
  void general15(double value, String expected) {
    assertEquals(expected, CFormat.general15(value));
  }

  @ParameterizedTest
  @CsvSource({"1.5, 1.500000", "-0.0000004, -0.000000", "1e19, 10000000000000000000.000000"})
  void fixed6(double value, String expected) {
    assertEquals(expected, CFormat.fixed6(value));
  }
}
