package org.tpccpg.driver.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A certificate authority and a server certificate for {@code localhost} (and 127.0.0.1), made with
 * {@code openssl} at test time, plus a second, unrelated CA to be refused by. EC P-256 keys, valid
 * for two days.
 */
record TestCertificates(Path caCert, Path otherCaCert, Path serverCert, Path serverKey) {
  static TestCertificates create(Path dir) throws IOException, InterruptedException {
    makeCa(dir, "ca", "tpcc-test-ca");
    makeCa(dir, "other-ca", "tpcc-other-ca");
    Files.writeString(dir.resolve("server.ext"), "subjectAltName = DNS:localhost, IP:127.0.0.1\n");
    openssl(
        dir,
        "req",
        "-new",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-subj",
        "/CN=localhost",
        "-keyout",
        "server.key",
        "-out",
        "server.csr");
    openssl(
        dir,
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-set_serial",
        "2",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        "server.crt");
    return new TestCertificates(
        dir.resolve("ca.crt"),
        dir.resolve("other-ca.crt"),
        dir.resolve("server.crt"),
        dir.resolve("server.key"));
  }

  private static void makeCa(Path dir, String name, String commonName)
      throws IOException, InterruptedException {
    openssl(
        dir,
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=" + commonName,
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
        "-keyout",
        name + ".key",
        "-out",
        name + ".crt");
  }

  private static void openssl(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("openssl");
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException("openssl " + args[0] + " failed: " + output.strip());
    }
  }
}
