package io.strata.it.coprocessor;

import io.strata.common.error.CoprocessorException;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionServerCoprocessor;
import io.strata.server.coprocessor.RegionServerCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionServerObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Region server observers the test loads from the servers' class path. */
public final class RegionServerObservers {
  public static final List<String> CALLS = Collections.synchronizedList(new ArrayList<>());
  /** Whether the guard refuses WAL rolls. */
  public static volatile boolean refuseRolls;

  private RegionServerObservers() {}

  /** Records each hook with its caller. */
  public static class Recorder implements RegionServerCoprocessor, RegionServerObserver {
    @Override
    public Optional<RegionServerObserver> getRegionServerObserver() {
      return Optional.of(this);
    }

    @Override
    public void preStopRegionServer(ObserverContext<RegionServerCoprocessorEnvironment> c) {
      CALLS.add("preStopRegionServer " + c.getCaller().orElse("-"));
    }

    @Override
    public void preRollWALWriterRequest(
        ObserverContext<RegionServerCoprocessorEnvironment> c) {
      CALLS.add("preRollWALWriterRequest " + c.getCaller().orElse("-"));
    }

    @Override
    public void postRollWALWriterRequest(
        ObserverContext<RegionServerCoprocessorEnvironment> c) {
      CALLS.add("postRollWALWriterRequest " + c.getCaller().orElse("-"));
    }
  }

  /** Refuses WAL rolls while {@link #refuseRolls}. */
  public static class RollGuard implements RegionServerCoprocessor, RegionServerObserver {
    @Override
    public Optional<RegionServerObserver> getRegionServerObserver() {
      return Optional.of(this);
    }

    @Override
    public void preRollWALWriterRequest(ObserverContext<RegionServerCoprocessorEnvironment> c)
        throws IOException {
      if (refuseRolls) {
        throw new CoprocessorException("no WAL rolls now");
      }
    }
  }
}
