package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the manifest may show of a server's settings: passwords masked or the value hidden. */
class SecretTextTest {
  @Test
  void aConninfosPasswordsAreMaskedAndTheRestKept() {
    assertEquals(
        "host=db1 port=5432 user=rep password=******** application_name=s1",
        SecretText.shown(
            "primary_conninfo", "host=db1 port=5432 user=rep password=r3pl application_name=s1"));
    assertEquals(
        "user=rep password = ******** sslpassword=******** host=db1",
        SecretText.mask("user=rep password = 'a b\\' c' sslpassword=k3y host=db1"));
  }

  @Test
  void aUrisPasswordIsMaskedInItsUserInfoAndItsQuery() {
    assertEquals(
        "postgresql://rep:********@db1:5432/x?sslpassword=********&sslmode=require",
        SecretText.mask("postgresql://rep:r3pl@db1:5432/x?sslpassword=k3y&sslmode=require"));
    assertEquals("postgresql://rep@db1/x", SecretText.mask("postgresql://rep@db1/x"));
  }

  @Test
  void aSettingNamedAsASecretIsHiddenWhole() {
    assertEquals(SecretText.HIDDEN, SecretText.shown("ssl_passphrase_command", "echo k3yS3cret"));
    assertNull(SecretText.shown("ssl_passphrase_command", null));
    assertTrue(SecretText.secretName("ssl_passphrase_command"));
    assertFalse(SecretText.secretName("work_mem"));
  }

  @Test
  void valuesWithoutAPasswordStayAsTheyAre() {
    assertEquals("64MB", SecretText.shown("work_mem", "64MB"));
    assertEquals("'$user', public", SecretText.shown("search_path", "'$user', public"));
    assertFalse(SecretText.holdsPassword("host=db1 user=rep"));
    assertTrue(SecretText.holdsPassword("host=db1 password=x"));
  }
}
