package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One line for a file that could not be written, naming the file and the system's reason ({@code No
 * space left on device}), which the JDK puts in different places for different exceptions.
 */
public final class FileFailure {
  private FileFailure() {}

  /** {@code cannot write <file>: <reason>}. */
  public static String cannotWrite(Path file, IOException e) {
    return "cannot write " + file + ": " + reason(e);
  }

  /** The reason alone: {@code permission denied}, {@code No space left on device}, ... */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
