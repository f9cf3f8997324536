package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;

/**
 * Bad options: one line that names the option and value, one line that points to the help, and exit
 * code 2. The full usage text is left to {@code --help}, so the error is not buried in it.
 */
final class UsageErrorHandler implements IParameterExceptionHandler {
  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine commandLine = ex.getCommandLine();
    PrintWriter err = commandLine.getErr();
    String command = commandLine.getCommandSpec().qualifiedName();
    err.println(command + ": " + ex.getMessage());
    err.println("Try '" + command + " --help' for more information.");
    err.flush();
    return commandLine.getCommandSpec().exitCodeOnInvalidInput();
  }
}
