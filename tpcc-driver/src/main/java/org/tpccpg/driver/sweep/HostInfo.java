package org.tpccpg.driver.sweep;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The client machine a sweep ran on, for its manifest: host name, CPU model, cores, kernel and
 * operating system, read from Linux's {@code /proc} and {@code /etc/os-release} (elsewhere the
 * JVM's names, or {@code unknown}).
 */
public record HostInfo(String name, String cpu, int cores, String kernel, String os) {
  private static final String UNKNOWN = "unknown";

  /** This machine. */
  public static HostInfo current() {
    return new HostInfo(
        hostName(),
        field(Path.of("/proc/cpuinfo"), "model name", ":").orElse(System.getProperty("os.arch")),
        Runtime.getRuntime().availableProcessors(),
        firstLine(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version")),
        field(Path.of("/etc/os-release"), "PRETTY_NAME", "=")
            .map(value -> value.replace("\"", ""))
            .orElse(System.getProperty("os.name")));
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return firstLine(Path.of("/etc/hostname")).orElse(UNKNOWN);
    }
  }

  private static java.util.Optional<String> field(Path file, String key, String separator) {
    return lines(file).stream()
        .filter(line -> line.startsWith(key))
        .map(line -> line.split(separator, 2))
        .filter(parts -> parts.length == 2 && parts[0].strip().equals(key))
        .map(parts -> parts[1].strip())
        .findFirst();
  }

  private static java.util.Optional<String> firstLine(Path file) {
    return lines(file).stream().map(String::strip).filter(line -> !line.isEmpty()).findFirst();
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
