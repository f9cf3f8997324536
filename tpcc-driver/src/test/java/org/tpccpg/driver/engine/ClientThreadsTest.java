package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ClientThreadsTest {
  private static final boolean VIRTUAL_THREADS = Runtime.version().feature() >= 21;

  @AfterEach
  void clearProperty() {
    System.clearProperty(ClientThreads.PROPERTY);
  }

  @Test
  void clientsRunOnVirtualThreadsFromJava21AndOnPlatformThreadsBefore() throws Exception {
    ClientThreads.Kind expected =
        VIRTUAL_THREADS ? ClientThreads.Kind.VIRTUAL : ClientThreads.Kind.PLATFORM;
    assertEquals(expected, ClientThreads.preferred());
    boolean[] ran = new boolean[1];
    Thread thread = ClientThreads.unstarted(expected, "tpcb-client-7", () -> ran[0] = true);
    assertEquals("tpcb-client-7", thread.getName());
    thread.start();
    thread.join();
    assertTrue(ran[0]);
  }

  @Test
  void tpccWorkersRunOnPlatformThreadsUnlessThePropertyAsks() {
    assertEquals(java.util.Optional.empty(), ClientThreads.chosen());
    System.setProperty(ClientThreads.PROPERTY, "platform");
    assertEquals(java.util.Optional.of(ClientThreads.Kind.PLATFORM), ClientThreads.chosen());
  }

  @Test
  void thePropertyChoosesPlatformThreadsOnAnyJvm() {
    System.setProperty(ClientThreads.PROPERTY, "Platform");
    assertEquals(ClientThreads.Kind.PLATFORM, ClientThreads.preferred());
    assertEquals(
        "TPC-B clients run on platform threads, TPC-C workers on platform threads",
        ClientThreads.describe());
  }

  @Test
  void aBadPropertyValueIsRefusedNamingIt() {
    System.setProperty(ClientThreads.PROPERTY, "virt");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, ClientThreads::preferred);
    assertEquals("-Dtpcc.clientThreads=virt is invalid: use virtual or platform", e.getMessage());
  }

  @Test
  void virtualThreadsAskedForBeforeJava21AreRefused() {
    System.setProperty(ClientThreads.PROPERTY, "virtual");
    if (VIRTUAL_THREADS) {
      assertEquals(ClientThreads.Kind.VIRTUAL, ClientThreads.preferred());
    } else {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, ClientThreads::preferred);
      assertTrue(e.getMessage().contains("needs Java 21 or later"), e.getMessage());
    }
  }
}
