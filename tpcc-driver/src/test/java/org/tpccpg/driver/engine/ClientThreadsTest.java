package org.tpccpg.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ClientThreadsTest {
  private static final boolean VIRTUAL_THREADS = Runtime.version().feature() >= 21;

  @AfterEach
  void clearProperty() {
    System.clearProperty(ClientThreads.PROPERTY);
  }

  @Test
  void clientsRunOnPlatformThreadsUnlessThePropertyAsks() throws Exception {
    assertEquals(ClientThreads.Kind.PLATFORM, ClientThreads.preferred());
    boolean[] ran = new boolean[1];
    Thread thread =
        ClientThreads.unstarted(ClientThreads.preferred(), "tpcb-client-7", () -> ran[0] = true);
    assertEquals("tpcb-client-7", thread.getName());
    thread.start();
    thread.join();
    assertTrue(ran[0]);
  }

  @Test
  void thePropertyChoosesPlatformThreadsOnAnyJvm() {
    System.setProperty(ClientThreads.PROPERTY, "Platform");
    assertEquals(java.util.Optional.of(ClientThreads.Kind.PLATFORM), ClientThreads.chosen());
    assertEquals(ClientThreads.Kind.PLATFORM, ClientThreads.preferred());
    assertTrue(ClientThreads.describe().startsWith("clients run on platform threads"));
  }

  @Test
  void virtualThreadsAskedForAreUsedAndSaidSo() throws ReflectiveOperationException {
    assumeTrue(VIRTUAL_THREADS, "no virtual threads before Java 21");
    System.setProperty(ClientThreads.PROPERTY, "virtual");
    assertEquals(ClientThreads.Kind.VIRTUAL, ClientThreads.preferred());
    assertEquals("clients run on virtual threads", ClientThreads.verboseLine());
    assertEquals("clients run on virtual threads (-Dtpcc.clientThreads)", ClientThreads.describe());
    Thread thread = ClientThreads.unstarted(ClientThreads.preferred(), "tpcb-client-1", () -> {});
    assertEquals(true, Thread.class.getMethod("isVirtual").invoke(thread)); // Java 21's API
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
