package org.tpccpg.core.tpcc.batched;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;

/**
 * Test helper: a connection that counts the executions of its prepared statements. pgjdbc sends
 * each {@code execute*} call, a whole batch included, and waits for its reply, so the count is the
 * round trips the transactions made, whatever they report themselves.
 */
final class CountingConnection {
  private long executions;
  private final Connection connection;

  CountingConnection(Connection target) {
    connection =
        (Connection)
            Proxy.newProxyInstance(
                Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                forward(target, true));
  }

  Connection connection() {
    return connection;
  }

  /** Executions since the last call. */
  long takeExecutions() {
    long taken = executions;
    executions = 0;
    return taken;
  }

  private InvocationHandler forward(Object target, boolean isConnection) {
    return (proxy, method, args) -> {
      Object result = invoke(target, method, args);
      if (isConnection && method.getName().equals("prepareStatement")) {
        return Proxy.newProxyInstance(
            PreparedStatement.class.getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            forward(result, false));
      }
      if (!isConnection && method.getName().startsWith("execute")) {
        executions++;
      }
      return result;
    };
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
