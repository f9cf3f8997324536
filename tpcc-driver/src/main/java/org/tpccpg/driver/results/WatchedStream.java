package org.tpccpg.driver.results;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Keeps the first {@link IOException} of the stream below: a {@link java.io.PrintStream} (which
 * HdrHistogram's log writer needs) swallows it and only says that something failed, not what.
 */
final class WatchedStream extends FilterOutputStream {
  private IOException failure;

  WatchedStream(OutputStream out) {
    super(out);
  }

  /** The first write or flush failure, or null. */
  IOException failure() {
    return failure;
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw keep(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw keep(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw keep(e);
    }
  }

  private IOException keep(IOException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }
}
