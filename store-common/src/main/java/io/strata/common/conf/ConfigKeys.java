package io.strata.common.conf;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of every declared key. A class that declares keys (public static final
 * {@link ConfigKey} fields plus a {@code SECTION} string) is listed in {@link #HOLDERS}; adding a
 * key anywhere else is a mistake that the configuration doc test catches.
 */
public final class ConfigKeys {
  /** The key-declaring classes, in the order their sections appear in the reference. */
  static final List<Class<?>> HOLDERS = List.of(CoreKeys.class, RegionKeys.class, CompactionKeys.class,
      WalKeys.class, BlockCacheKeys.class, RpcKeys.class, ServerKeys.class, CoprocessorKeys.class,
      SecurityKeys.class, ClientKeys.class, MapReduceKeys.class, ShellKeys.class);

  private static final Map<String, ConfigKey<?>> BY_NAME;
  private static final Map<String, List<ConfigKey<?>>> BY_SECTION;

  static {
    Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
    Map<String, List<ConfigKey<?>>> bySection = new LinkedHashMap<>();
    for (Class<?> holder : HOLDERS) {
      String section = sectionOf(holder);
      List<ConfigKey<?>> keys = new ArrayList<>();
      for (Field f : holder.getDeclaredFields()) {
        int mod = f.getModifiers();
        if (f.getType() == ConfigKey.class && Modifier.isStatic(mod) && Modifier.isFinal(mod)) {
          ConfigKey<?> key = (ConfigKey<?>) read(f);
          if (byName.put(key.name(), key) != null) {
            throw new IllegalStateException("configuration key '" + key.name()
                + "' is declared twice; declare it once");
          }
          keys.add(key);
        }
      }
      bySection.put(section, Collections.unmodifiableList(keys));
    }
    BY_NAME = Collections.unmodifiableMap(byName);
    BY_SECTION = Collections.unmodifiableMap(bySection);
  }

  private ConfigKeys() {}

  private static String sectionOf(Class<?> holder) {
    try {
      return (String) holder.getField("SECTION").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(holder.getName() + " must declare a public SECTION", e);
    }
  }

  private static Object read(Field f) {
    try {
      return f.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("key field " + f + " must be public", e);
    }
  }

  /** The declared key of this name, or null. */
  public static ConfigKey<?> find(String name) {
    return BY_NAME.get(name);
  }

  public static Map<String, ConfigKey<?>> all() {
    return BY_NAME;
  }

  /** Section title to keys, in declaration order. */
  public static Map<String, List<ConfigKey<?>>> bySection() {
    return BY_SECTION;
  }

  /**
   * The declared key closest to {@code unknown} by edit distance, if it is close enough to be a
   * likely typo (at most a third of the name's length away); otherwise null.
   */
  public static String closest(String unknown) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String known : BY_NAME.keySet()) {
      int d = editDistance(unknown, known);
      if (d < bestDistance) {
        bestDistance = d;
        best = known;
      }
    }
    return best != null && bestDistance <= Math.max(2, unknown.length() / 3) ? best : null;
  }

  static int editDistance(String a, String b) {
    return io.strata.common.util.EditDistance.between(a, b);
  }
}
