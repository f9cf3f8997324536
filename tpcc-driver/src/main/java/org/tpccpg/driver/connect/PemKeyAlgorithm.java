package org.tpccpg.driver.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The algorithm of a client key in PKCS-8 PEM ({@code BEGIN PRIVATE KEY}), which PgJDBC reads as
 * the algorithm its {@code pemKeyAlgorithm} names, RSA unless told; libpq reads any. So an EC key,
 * what {@code openssl req -newkey ec} writes, is read as libpq reads it once this names it.
 *
 * <p>It does not read other forms (PKCS-8 DER, {@code BEGIN EC PRIVATE KEY}, {@code BEGIN RSA
 * PRIVATE KEY}): PgJDBC reads DER itself and refuses the other two, which {@link ConnectFailure}
 * explains. The key's bytes are cleared once looked at.
 */
final class PemKeyAlgorithm {
  private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String END = "-----END PRIVATE KEY-----";
  private static final List<String> NOT_RSA = List.of("EC", "Ed25519", "Ed448");

  private PemKeyAlgorithm() {}

  /**
   * The algorithm PgJDBC must be told for {@code keyFile}; empty for RSA, for a file that is not a
   * PKCS-8 PEM key, and for one that cannot be read (PgJDBC then says why).
   */
  static Optional<String> of(Path keyFile) {
    byte[] der;
    try {
      String text = Files.readString(keyFile, StandardCharsets.US_ASCII);
      int begin = text.indexOf(BEGIN);
      int end = text.indexOf(END);
      if (begin < 0 || end < begin) {
        return Optional.empty();
      }
      der = Base64.getMimeDecoder().decode(text.substring(begin + BEGIN.length(), end));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
    try {
      for (String algorithm : NOT_RSA) {
        if (reads(algorithm, der)) {
          return Optional.of(algorithm);
        }
      }
      return Optional.empty();
    } finally {
      Arrays.fill(der, (byte) 0);
    }
  }

  /**
   * Whether {@code keyFile} holds a PEM key in its traditional form ({@code BEGIN EC PRIVATE KEY},
   * {@code BEGIN RSA PRIVATE KEY}), which libpq reads and PgJDBC does not.
   */
  static boolean traditional(Path keyFile) {
    try {
      String text = Files.readString(keyFile, StandardCharsets.US_ASCII);
      return text.contains("-----BEGIN EC PRIVATE KEY-----")
          || text.contains("-----BEGIN RSA PRIVATE KEY-----");
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean reads(String algorithm, byte[] der) {
    try {
      KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      return true;
    } catch (GeneralSecurityException e) {
      return false;
    }
  }
}
