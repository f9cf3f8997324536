package org.tpccpg.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's edge (issue #29): the packages module-info exports hold at most {@value #MOST}
 * public types, counted from the compiled classes (a nested type counts when it and every type
 * around it are public). That no exported signature names an unexported type is javac's {@code
 * -Xlint:exports}, an error under {@code -Werror}.
 */
class ExportedApiTest {
  private static final int MOST = 40;
  private static final Path CLASSES = Path.of("target", "classes");

  @Test
  void theExportedPackagesHoldAtMostFortyPublicTypes() throws IOException {
    Set<String> types = new TreeSet<>();
    for (String pkg : exportedPackages()) {
      types.addAll(publicTypes(pkg));
    }
    assertTrue(types.contains("org.tpccpg.core.tpcc.RunSetup"), "read the classes: " + types);
    assertTrue(types.size() <= MOST, types.size() + " exported public types: " + types);
  }

  @Test
  void theToolsOwnPackagesAreNotExported() throws IOException {
    assertEquals(
        Set.of(
            "org.tpccpg.core",
            "org.tpccpg.core.check",
            "org.tpccpg.core.random",
            "org.tpccpg.core.sql",
            "org.tpccpg.core.tpcc",
            "org.tpccpg.core.tpcc.mode"),
        exportedPackages(),
        "load, ddl, schema, catalog, jdbc, spec, tpcb, tpcc.batched and tpcc.procedures are the"
            + " tool's own");
  }

  private static Set<String> exportedPackages() throws IOException {
    try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
      return ModuleDescriptor.read(in).exports().stream()
          .filter(e -> !e.isQualified())
          .map(ModuleDescriptor.Exports::source)
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static Set<String> publicTypes(String pkg) throws IOException {
    Set<String> types = new TreeSet<>();
    try (Stream<Path> files = Files.list(CLASSES.resolve(pkg.replace('.', '/')))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name = file.getFileName().toString().replaceFirst("\\.class$", "");
        if (!name.equals("package-info") && isPublicAllTheWayOut(load(pkg + "." + name))) {
          types.add(pkg + "." + name);
        }
      }
    }
    return types;
  }

  private static boolean isPublicAllTheWayOut(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, ExportedApiTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no class " + name, e);
    }
  }
}
