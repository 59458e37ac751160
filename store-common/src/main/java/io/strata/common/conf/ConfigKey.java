package io.strata.common.conf;

import java.time.Duration;

/**
 * One configuration key, declared once with its type, default, unit and description. Keys are
 * declared as constants in the classes that {@link ConfigKeys} lists; docs/configuration.md is
 * generated from those declarations.
 *
 * <pre>{@code
 * public static final ConfigKey<Long> FLUSH_SIZE = ConfigKey.size(
 *     "strata.memstore.flush.size", "128m", "Flush a region's memstore when it reaches this size.");
 * long bytes = conf.get(FLUSH_SIZE);
 * }</pre>
 */
public final class ConfigKey<T> {
  private final String name;
  private final ConfigType<T> type;
  private final String defaultValue;
  private final String unit;
  private final String description;

  private ConfigKey(String name, ConfigType<T> type, String defaultValue, String unit,
      String description) {
    if (!name.startsWith("strata.")) {
      throw new IllegalArgumentException("configuration key '" + name
          + "' must start with 'strata.'");
    }
    this.name = name;
    this.type = type;
    this.defaultValue = defaultValue;
    this.unit = unit;
    this.description = description;
    if (defaultValue != null && !defaultValue.contains("${")) {
      type.parse(name, defaultValue, "its declaration"); // a bad default is a programming error
    }
  }

  public static ConfigKey<String> string(String name, String defaultValue, String description) {
    return new ConfigKey<>(name, ConfigType.STRING, defaultValue, "", description);
  }

  public static ConfigKey<Integer> integer(String name, int defaultValue, String unit,
      String description) {
    return new ConfigKey<>(name, ConfigType.INT, Integer.toString(defaultValue), unit, description);
  }

  public static ConfigKey<Long> longKey(String name, long defaultValue, String unit,
      String description) {
    return new ConfigKey<>(name, ConfigType.LONG, Long.toString(defaultValue), unit, description);
  }

  public static ConfigKey<Double> decimal(String name, double defaultValue, String unit,
      String description) {
    return new ConfigKey<>(name, ConfigType.DOUBLE, Double.toString(defaultValue), unit,
        description);
  }

  public static ConfigKey<Boolean> bool(String name, boolean defaultValue, String description) {
    return new ConfigKey<>(name, ConfigType.BOOLEAN, Boolean.toString(defaultValue), "",
        description);
  }

  /** A byte size; the default is written the way users write it, for example "128m". */
  public static ConfigKey<Long> size(String name, String defaultValue, String description) {
    return new ConfigKey<>(name, ConfigType.SIZE_BYTES, defaultValue, "bytes", description);
  }

  /** A duration; the default is written the way users write it, for example "30s". */
  public static ConfigKey<Duration> duration(String name, String defaultValue,
      String description) {
    return new ConfigKey<>(name, ConfigType.DURATION_TYPE, defaultValue, "time", description);
  }

  public String name() {
    return name;
  }

  public ConfigType<T> type() {
    return type;
  }

  /** The default as text, possibly with {@code ${var}} references; null when there is none. */
  public String defaultValue() {
    return defaultValue;
  }

  public String unit() {
    return unit;
  }

  public String description() {
    return description;
  }

  @Override
  public String toString() {
    return name;
  }
}
