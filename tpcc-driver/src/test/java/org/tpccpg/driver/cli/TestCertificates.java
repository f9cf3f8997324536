package org.tpccpg.driver.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * A certificate authority and a server certificate for {@code localhost} (and 127.0.0.1), made with
 * {@code openssl} at test time, plus a second, unrelated CA to be refused by, and a client
 * certificate for the role {@link #CLIENT_ROLE} twice, with an RSA key and with an EC one (PEM,
 * readable by their owner only). EC P-256 keys otherwise, valid for two days.
 */
record TestCertificates(
    Path caCert,
    Path otherCaCert,
    Path serverCert,
    Path serverKey,
    Path clientCert,
    Path clientKey,
    Path clientEcCert,
    Path clientEcKey) {
  /** The common name of the client certificate, which pg_hba.conf's {@code cert} maps to a role. */
  static final String CLIENT_ROLE = "certuser";

  static TestCertificates create(Path dir) throws IOException, InterruptedException {
    makeCa(dir, "ca", "tpcc-test-ca");
    makeCa(dir, "other-ca", "tpcc-other-ca");
    Files.writeString(dir.resolve("server.ext"), "subjectAltName = DNS:localhost, IP:127.0.0.1\n");
    List<String> ec = List.of("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1");
    sign(dir, "server", "localhost", "2", ec, List.of("-extfile", "server.ext"));
    // an RSA client key and an EC one, both PKCS-8 PEM (BEGIN PRIVATE KEY), as openssl 3 writes
    sign(dir, "client", CLIENT_ROLE, "3", List.of("-newkey", "rsa:2048"), List.of());
    sign(dir, "client-ec", CLIENT_ROLE, "4", ec, List.of());
    for (String key : List.of("client.key", "client-ec.key")) {
      Files.setPosixFilePermissions(dir.resolve(key), PosixFilePermissions.fromString("rw-------"));
    }
    return new TestCertificates(
        dir.resolve("ca.crt"),
        dir.resolve("other-ca.crt"),
        dir.resolve("server.crt"),
        dir.resolve("server.key"),
        dir.resolve("client.crt"),
        dir.resolve("client.key"),
        dir.resolve("client-ec.crt"),
        dir.resolve("client-ec.key"));
  }

  /** The PEM key {@code key} as PKCS-8 DER, beside it with {@code .pk8} added, owner-only. */
  static Path pkcs8Der(Path key) throws IOException, InterruptedException {
    Path der = key.resolveSibling(key.getFileName() + ".pk8");
    openssl(
        key.getParent(),
        "pkcs8",
        "-topk8",
        "-nocrypt",
        "-in",
        key.toString(),
        "-outform",
        "DER",
        "-out",
        der.toString());
    Files.setPosixFilePermissions(der, PosixFilePermissions.fromString("rw-------"));
    return der;
  }

  /**
   * The PKCS-8 PEM EC key {@code key} in its traditional form ({@code BEGIN EC PRIVATE KEY}, SEC1),
   * beside it with {@code .sec1} added, owner-only.
   */
  static Path traditionalEc(Path key) throws IOException, InterruptedException {
    Path sec1 = key.resolveSibling(key.getFileName() + ".sec1");
    openssl(key.getParent(), "ec", "-in", key.toString(), "-out", sec1.toString());
    Files.setPosixFilePermissions(sec1, PosixFilePermissions.fromString("rw-------"));
    return sec1;
  }

  /**
   * A key and a certificate for {@code commonName}, signed by the test CA.
   *
   * @param keyType openssl's {@code -newkey} and its options
   */
  private static void sign(
      Path dir,
      String name,
      String commonName,
      String serial,
      List<String> keyType,
      List<String> more)
      throws IOException, InterruptedException {
    List<String> request = new ArrayList<>(List.of("req", "-new"));
    request.addAll(keyType);
    request.addAll(
        List.of(
            "-nodes",
            "-subj",
            "/CN=" + commonName,
            "-keyout",
            name + ".key",
            "-out",
            name + ".csr"));
    openssl(dir, request.toArray(String[]::new));
    List<String> args =
        new ArrayList<>(
            List.of(
                "x509",
                "-req",
                "-in",
                name + ".csr",
                "-CA",
                "ca.crt",
                "-CAkey",
                "ca.key",
                "-set_serial",
                serial,
                "-days",
                "2",
                "-out",
                name + ".crt"));
    args.addAll(more);
    openssl(dir, args.toArray(String[]::new));
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
