package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemKeyAlgorithmTest {
  @TempDir Path dir;

  private Path pkcs8Pem(String algorithm) throws IOException, NoSuchAlgorithmException {
    byte[] der =
        KeyPairGenerator.getInstance(algorithm).generateKeyPair().getPrivate().getEncoded();
    String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
    return Files.writeString(
        dir.resolve(algorithm + ".key"),
        "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n");
  }

  @Test
  void aPkcs8PemKeyThatIsNotRsaIsNamedForPgjdbcAndAnRsaOneIsLeftToItsDefault() throws Exception {
    assertEquals(Optional.of("EC"), PemKeyAlgorithm.of(pkcs8Pem("EC")));
    assertEquals(Optional.of("Ed25519"), PemKeyAlgorithm.of(pkcs8Pem("Ed25519")));
    assertEquals(Optional.empty(), PemKeyAlgorithm.of(pkcs8Pem("RSA")));
  }

  @Test
  void otherFormsAndMissingFilesAreLeftToPgjdbcAndTraditionalPemIsRecognized() throws Exception {
    Path der = Files.write(dir.resolve("k.pk8"), new byte[] {0x30, 0x03, 0x02, 0x01, 0x00});
    assertEquals(Optional.empty(), PemKeyAlgorithm.of(der));
    assertEquals(Optional.empty(), PemKeyAlgorithm.of(dir.resolve("missing.key")));
    Path sec1 =
        Files.writeString(
            dir.resolve("sec1.key"),
            "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----\n");
    assertEquals(Optional.empty(), PemKeyAlgorithm.of(sec1));
    assertTrue(PemKeyAlgorithm.traditional(sec1));
    assertFalse(PemKeyAlgorithm.traditional(pkcs8Pem("EC")));
    assertFalse(PemKeyAlgorithm.traditional(dir.resolve("missing.key")));
  }
}
