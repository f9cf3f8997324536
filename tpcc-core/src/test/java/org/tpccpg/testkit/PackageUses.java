package org.tpccpg.testkit;

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

/**
 * Which packages of a module use which, read from its sources: a package uses another when one of
 * its files imports from it or names one of its types fully qualified (comments left out). For the
 * tests that keep every module free of package cycles (issue #29).
 */
public final class PackageUses {
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  private final Map<String, Set<String>> uses;

  private PackageUses(Map<String, Set<String>> uses) {
    this.uses = uses;
  }

  /** Reads the {@code .java} files under {@code sources}, counting uses of {@code prefix}'s. */
  public static PackageUses read(Path sources, String prefix) throws IOException {
    Pattern use = Pattern.compile("\\b(" + Pattern.quote(prefix) + "(?:\\.[a-z]\\w*)*)\\.[A-Z]");
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      files
          .filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java"))
          .forEach(f -> add(uses, read(f), use));
    }
    return new PackageUses(uses);
  }

  /** Every package read, to what it uses. */
  public Map<String, Set<String>> uses() {
    return uses;
  }

  /** The packages {@code pkg} uses. */
  public Set<String> of(String pkg) {
    return uses.getOrDefault(pkg, Set.of());
  }

  /** The strongly connected sets of more than one package (Tarjan): each is a cycle. */
  public List<Set<String>> cycles() {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    List<Set<String>> components = new ArrayList<>();
    for (String p : uses.keySet()) {
      if (!index.containsKey(p)) {
        connect(p, index, low, stack, components);
      }
    }
    return components.stream().filter(c -> c.size() > 1).toList();
  }

  private void connect(
      String p,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      List<Set<String>> components) {
    index.put(p, index.size());
    low.put(p, index.get(p));
    stack.push(p);
    for (String q : of(p)) {
      if (!index.containsKey(q)) {
        connect(q, index, low, stack, components);
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

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void add(Map<String, Set<String>> uses, String source, Pattern use) {
    Matcher declared = PACKAGE.matcher(source);
    if (!declared.find()) {
      return;
    }
    String own = declared.group(1);
    Set<String> used = uses.computeIfAbsent(own, k -> new TreeSet<>());
    Matcher m = use.matcher(source.replaceAll("(?s)/\\*.*?\\*/|//[^\\n]*", ""));
    while (m.find()) {
      if (!m.group(1).equals(own)) {
        used.add(m.group(1));
      }
    }
  }
}
