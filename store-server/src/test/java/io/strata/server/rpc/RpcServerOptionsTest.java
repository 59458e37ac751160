package io.strata.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.conf.StrataConfiguration;
import org.junit.jupiter.api.Test;

/** Settings an RPC server cannot run with are refused naming the key and where it was set. */
class RpcServerOptionsTest {
  @Test
  void aHandlerCountBelowOneNamesItsKey() {
    StrataConfiguration conf = StrataConfiguration.defaults().set("strata.rpc.read.handlers",
        "-1");
    assertEquals("strata.rpc.read.handlers is -1 (from set(strata.rpc.read.handlers)); every"
        + " kind of call needs at least 1 thread", assertThrows(IllegalArgumentException.class,
            () -> RpcServerOptions.fromConfig(conf, "127.0.0.1", 0)).getMessage());
  }

  @Test
  void theBudgetIsATenthOfTheHeapUnlessSet() {
    assertEquals((1L << 30) / 10, InflightBudget.capacity(0, 1L << 30));
    assertEquals(5L << 20, InflightBudget.capacity(5L << 20, 1L << 30));
    InflightBudget b = new InflightBudget(100);
    assertEquals(true, b.take(60, false));
    assertEquals(false, b.take(60, false), "over the budget");
    assertEquals(true, b.take(60, true), "a small frame is taken regardless");
    assertEquals(120, b.held());
    b.give(120);
    assertEquals(0, b.held());
  }
}
