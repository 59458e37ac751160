package io.strata.server.coprocessor;

import com.google.protobuf.Service;
import java.io.IOException;
import java.util.List;

/**
 * What every coprocessor is, as HBase's: started when its host loads it (a region opening),
 * stopped when the host goes (the region closing). Priorities order the coprocessors of one
 * host, lowest first; those of {@code strata.coprocessor.region.classes} are system ones.
 */
public interface Coprocessor {
  int PRIORITY_HIGHEST = 0;
  int PRIORITY_SYSTEM = Integer.MAX_VALUE / 4;
  int PRIORITY_USER = Integer.MAX_VALUE / 2;
  int PRIORITY_LOWEST = Integer.MAX_VALUE;

  /** Called once before any hook; an exception here fails the load. */
  default void start(CoprocessorEnvironment<?> env) throws IOException {}

  /** Called once after the last hook. */
  default void stop(CoprocessorEnvironment<?> env) throws IOException {}

  /**
   * The endpoints it offers: protobuf services (generated with {@code option
   * java_generic_services = true}) that clients call by name through {@code
   * Table.coprocessorService} (a region's) or {@code Admin.coprocessorService} (the master's).
   * A method answers by calling its {@code done} callback before it returns, and reports an
   * error with {@code CoprocessorRpcUtils.setControllerException}.
   */
  default Iterable<Service> getServices() {
    return List.of();
  }
}
