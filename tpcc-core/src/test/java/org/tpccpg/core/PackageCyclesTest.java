package org.tpccpg.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * tpcc-core's packages depend on each other without a cycle, read from its sources: a package uses
 * another when one of its files imports from it or names it fully qualified.
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src", "main", "java");
  private static final Pattern USE =
      Pattern.compile("\\b(org\\.tpccpg\\.core(?:\\.[a-z]\\w*)*)\\.[A-Z]");
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  @Test
  void noCorePackageDependsOnItselfThroughAnother() throws IOException {
    Map<String, Set<String>> uses = uses();
    assertTrue(
        uses.containsKey("org.tpccpg.core.tpcc.batched"), "read the sources: " + uses.keySet());
    assertEquals(List.of(), cycles(uses), "package cycles, from " + uses);
  }

  @Test
  void theOtherTransactionStylesDependOnTheCallersPackageAndNotTheOtherWay() throws IOException {
    Map<String, Set<String>> uses = uses();
    for (String style :
        List.of("org.tpccpg.core.tpcc.batched", "org.tpccpg.core.tpcc.procedures")) {
      assertTrue(
          uses.get(style).contains("org.tpccpg.core.tpcc"), style + " uses " + uses.get(style));
      assertTrue(
          !uses.get("org.tpccpg.core.tpcc").contains(style),
          "core.tpcc reaches " + style + " only through TxnMode, above both");
    }
  }

  private static Map<String, Set<String>> uses() throws IOException {
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      files
          .filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java"))
          .forEach(f -> add(uses, read(f)));
    }
    return uses;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void add(Map<String, Set<String>> uses, String source) {
    Matcher declared = PACKAGE.matcher(source);
    if (!declared.find()) {
      return;
    }
    String own = declared.group(1);
    Set<String> used = uses.computeIfAbsent(own, k -> new TreeSet<>());
    Matcher use = USE.matcher(source.replaceAll("(?s)/\\*.*?\\*/|//[^\\n]*", ""));
    while (use.find()) {
      if (!use.group(1).equals(own)) {
        used.add(use.group(1));
      }
    }
  }

  /** Tarjan's strongly connected components with more than one package. */
  private static List<Set<String>> cycles(Map<String, Set<String>> uses) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    List<Set<String>> components = new ArrayList<>();
    for (String p : uses.keySet()) {
      if (!index.containsKey(p)) {
        connect(p, uses, index, low, stack, components);
      }
    }
    return components.stream().filter(c -> c.size() > 1).toList();
  }

  private static void connect(
      String p,
      Map<String, Set<String>> uses,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      List<Set<String>> components) {
    index.put(p, index.size());
    low.put(p, index.get(p));
    stack.push(p);
    for (String q : uses.getOrDefault(p, Set.of())) {
      if (!index.containsKey(q)) {
        connect(q, uses, index, low, stack, components);
        low.put(p, Math.min(low.get(p), low.get(q)));
      } else if (stack.contains(q)) {
        low.put(p, Math.min(low.get(p), index.get(q)));
      }
    }
    if (low.get(p).equals(index.get(p))) {
      Set<String> component = new TreeSet<>();
      String q;
      do {
        q = stack.pop();
        component.add(q);
      } while (!q.equals(p));
      components.add(component);
    }
  }
}
