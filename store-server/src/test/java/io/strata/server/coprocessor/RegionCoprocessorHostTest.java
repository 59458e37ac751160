package io.strata.server.coprocessor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Put;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A region's host on its own: loading, the error policies and the slow-hook log. */
class RegionCoprocessorHostTest {
  private static final TableName T = TableName.valueOf("t");
  private static final RegionInfo REGION = RegionInfo.newBuilder(T).build();
  private static final Put PUT = new Put(Bytes.toBytes("r")).addColumn(Bytes.toBytes("f"),
      Bytes.toBytes("q"), Bytes.toBytes("v"));

  @TempDir
  Path dir;

  /** Sleeps 30 ms in prePut. */
  public static class Slow implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) throws IOException {
      try {
        Thread.sleep(30);
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
    }
  }

  /** Bypasses from a post hook, which only pre hooks may: a bug. */
  public static class WrongBypass implements RegionCoprocessor, RegionObserver {
    static final AtomicInteger STOPPED = new AtomicInteger();

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void postPut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
        Durability durability) {
      c.bypass();
    }

    @Override
    public void stop(CoprocessorEnvironment<?> env) {
      STOPPED.incrementAndGet();
    }
  }

  /** Not a coprocessor at all. */
  public static class NotOne {}

  private RegionCoprocessorHost host(StrataConfiguration conf, Runnable abort,
      Class<?>... classes) throws IOException {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(T)
        .setColumnFamily(ColumnFamilyDescriptor.of("f"));
    for (Class<?> c : classes) {
      b.addCoprocessor(new CoprocessorSpec(c.getName(), null, CoprocessorSpec.PRIORITY_USER,
          Map.of()));
    }
    return RegionCoprocessorHost.load(REGION, b.build(), ServerName.valueOf("h", 1, 1), conf,
        new CoprocessorLoader(new org.apache.hadoop.conf.Configuration(), dir.toFile()),
        () -> null, abort);
  }

  @Test
  void aSlowHookIsLoggedWithItsClassHookRegionAndDuration() throws Exception {
    List<String> warnings = Collections.synchronizedList(new ArrayList<>());
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    AbstractAppender capture = new AbstractAppender("capture", null, null, true,
        Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent event) {
        warnings.add(event.getMessage().getFormattedMessage());
      }
    };
    capture.start();
    ctx.getConfiguration().getRootLogger().addAppender(capture, Level.WARN, null);
    ctx.updateLoggers();
    try {
      RegionCoprocessorHost h = host(StrataConfiguration.defaults()
          .set("strata.coprocessor.slow.hook", "10ms"), () -> { }, Slow.class);
      assertFalse(h.prePut("bob", PUT, Durability.USE_DEFAULT));
      List<String> slow = warnings.stream().filter(w -> w.startsWith("coprocessor "
          + Slow.class.getName())).toList();
      assertEquals(1, slow.size(), warnings.toString());
      assertTrue(slow.get(0).matches("coprocessor \\S+Slow took \\d+ ms in prePut on region "
          + java.util.regex.Pattern.quote(REGION.getRegionNameAsString())), slow.get(0));
      h.postPut("bob", PUT, Durability.USE_DEFAULT); // quick: not logged
      assertEquals(1, warnings.stream().filter(w -> w.contains("Slow took")).count());
    } finally {
      ctx.getConfiguration().getRootLogger().removeAppender("capture");
      ctx.updateLoggers();
      capture.stop();
    }
  }

  @Test
  void aBugAbortsTheServerOrUnloadsTheCoprocessor() throws Exception {
    AtomicInteger aborts = new AtomicInteger();
    RegionCoprocessorHost aborting = host(StrataConfiguration.defaults(),
        aborts::incrementAndGet, WrongBypass.class);
    CoprocessorException e = assertThrows(CoprocessorException.class,
        () -> aborting.postPut("bob", PUT, Durability.USE_DEFAULT));
    assertTrue(e.getMessage().startsWith("coprocessor " + WrongBypass.class.getName()
        + " threw java.lang.UnsupportedOperationException: this hook cannot bypass its"
        + " action"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" from postPut; its server aborts"
        + " (strata.coprocessor.abortonerror)"), e.getMessage());
    assertEquals(1, aborts.get());

    int stopped = WrongBypass.STOPPED.get();
    RegionCoprocessorHost unloading = host(StrataConfiguration.defaults()
        .set("strata.coprocessor.abortonerror", "false"), aborts::incrementAndGet,
        WrongBypass.class, Slow.class);
    assertEquals(List.of(WrongBypass.class.getName(), Slow.class.getName()),
        unloading.classNames());
    assertThrows(CoprocessorException.class,
        () -> unloading.postPut("bob", PUT, Durability.USE_DEFAULT));
    assertEquals(List.of(Slow.class.getName()), unloading.classNames());
    assertEquals(stopped + 1, WrongBypass.STOPPED.get(), "stopped once unloaded");
    unloading.postPut("bob", PUT, Durability.USE_DEFAULT); // the rest go on
    assertEquals(1, aborts.get());
  }

  @Test
  void aClassThatCannotLoadFailsTheRegionOrIsLeftOut() throws Exception {
    CoprocessorException e = assertThrows(CoprocessorException.class,
        () -> host(StrataConfiguration.defaults(), () -> { }, NotOne.class, Slow.class));
    assertEquals("coprocessor class " + NotOne.class.getName() + " (from the server's class"
        + " path) is not a io.strata.server.coprocessor.RegionCoprocessor; a region"
        + " coprocessor implements RegionCoprocessor", e.getMessage());
    RegionCoprocessorHost without = host(StrataConfiguration.defaults()
        .set("strata.coprocessor.abortonerror", "false"), () -> { }, NotOne.class, Slow.class);
    assertEquals(List.of(Slow.class.getName()), without.classNames());
    assertEquals(null, host(StrataConfiguration.defaults(), () -> { }), "none: no host");
  }

  @Test
  void onlyTheOperationsWhoseHooksAreOverriddenAreObserved() throws Exception {
    RegionCoprocessorHost puts = host(StrataConfiguration.defaults(), () -> { }, Slow.class);
    assertEquals(List.of(true, false, false, false), List.of(puts.observesPutsAndDeletes(),
        puts.observesGets(), puts.observesIncrementsAndAppends(), puts.observesScans()));
    RegionCoprocessorHost none = host(StrataConfiguration.defaults(), () -> { }, Empty.class);
    assertEquals(List.of(false, false, false, false), List.of(none.observesPutsAndDeletes(),
        none.observesGets(), none.observesIncrementsAndAppends(), none.observesScans()));
  }

  /** An observer overriding no hook. */
  public static class Empty implements RegionCoprocessor, RegionObserver {
    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }
  }
}
