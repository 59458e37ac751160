package io.strata.examples.coprocessor;

import io.strata.common.error.CoprocessorException;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.CoprocessorEnvironment;

/** The properties an example observer is loaded with ('coprocessor' => 'jar|class|prio|k=v'). */
final class ObserverSettings {
  private ObserverSettings() {}

  /** A property the observer cannot work without; its absence fails the load, naming it. */
  static String required(CoprocessorEnvironment<?> env, Class<?> observer, String key)
      throws CoprocessorException {
    String v = env.getConfiguration().getRaw(key);
    if (v == null || v.isEmpty()) {
      throw new CoprocessorException(observer.getSimpleName() + " needs the property " + key
          + "; load it with 'coprocessor' => '|" + observer.getName() + "|1001|" + key
          + "=...'");
    }
    return v;
  }

  /** A column property "family:qualifier" as {family, qualifier}. */
  static byte[][] column(CoprocessorEnvironment<?> env, Class<?> observer, String key)
      throws CoprocessorException {
    String v = required(env, observer, key);
    int colon = v.indexOf(':');
    if (colon <= 0) {
      throw new CoprocessorException(observer.getSimpleName() + "'s property " + key + " is '"
          + v + "'; write it as family:qualifier");
    }
    return new byte[][] {Bytes.toBytes(v.substring(0, colon)),
        Bytes.toBytes(v.substring(colon + 1))};
  }
}
