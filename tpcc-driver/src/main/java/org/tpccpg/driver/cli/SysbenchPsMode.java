package org.tpccpg.driver.cli;

import org.tpccpg.driver.connect.StatementMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** sysbench's {@code --db-ps-mode} values, {@code auto} and {@code disable}, in any case. */
final class SysbenchPsMode implements ITypeConverter<StatementMode> {
  @Override
  public StatementMode convert(String value) {
    try {
      return StatementMode.parseSysbench(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
