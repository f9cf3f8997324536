package org.tpccpg.driver.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** sysbench's boolean values: on/off, yes/no, true/false, 1/0, in any case. */
final class SysbenchBoolean implements ITypeConverter<Boolean> {
  @Override
  public Boolean convert(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "on", "yes", "true", "1" -> Boolean.TRUE;
      case "off", "no", "false", "0" -> Boolean.FALSE;
      default ->
          throw new TypeConversionException(
              "'" + value + "' is not a boolean (on/off, yes/no, true/false, 1/0)");
    };
  }
}
