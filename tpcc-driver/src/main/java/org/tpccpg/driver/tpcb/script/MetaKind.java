package org.tpccpg.driver.tpcb.script;

import java.util.Locale;
import java.util.Optional;

/**
 * pgbench 15's meta-commands and 17's {@code \syncpipeline}, named case-insensitively after the
 * backslash.
 */
public enum MetaKind {
  SET,
  SETSHELL,
  SHELL,
  SLEEP,
  GSET,
  ASET,
  IF,
  ELIF,
  ELSE,
  ENDIF,
  STARTPIPELINE,
  SYNCPIPELINE,
  ENDPIPELINE;

  /** The meta-command called {@code name}, if pgbench knows it. */
  static Optional<MetaKind> named(String name) {
    for (MetaKind kind : values()) {
      if (kind.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /** Whether the command's argument is an expression. */
  boolean takesExpression() {
    return this == SET || this == IF || this == ELIF;
  }
}
