package org.tpccpg.driver.tpcb.script;

import java.util.List;
import java.util.Objects;

/**
 * A parsed script.
 *
 * @param name pgbench's description of it: the file name, or {@code <builtin: ...>}
 * @param commands its commands, at least one, with {@code \if} blocks properly nested
 */
public record Script(String name, List<Command> commands) {
  public Script {
    Objects.requireNonNull(name, "name");
    commands = List.copyOf(commands);
    if (commands.isEmpty()) {
      throw new IllegalArgumentException("commands must not be empty");
    }
  }
}
