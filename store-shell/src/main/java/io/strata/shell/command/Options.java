package io.strata.shell.command;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A hash of {@code KEY => value} options that a command accepts. Any key it does not take is an
 * error naming the keys it does take, so a typo never goes silently unused.
 */
public final class Options {
  private final String command;
  private final Map<Object, Object> map;

  public Options(String command, Map<Object, Object> map, String... allowed) {
    this.command = command;
    this.map = map;
    Set<String> ok = new LinkedHashSet<>(Arrays.asList(allowed));
    for (Object key : map.keySet()) {
      if (!(key instanceof String k) || !ok.contains(k)) {
        throw new CommandException(command + " does not take " + key + "; it takes "
            + String.join(", ", ok));
      }
    }
  }

  public static Options empty(String command) {
    return new Options(command, Map.of());
  }

  public boolean has(String key) {
    return map.containsKey(key) && map.get(key) != null;
  }

  public Object raw(String key) {
    return map.get(key);
  }

  public byte[] bytes(String key) {
    return has(key) ? Values.toBytes(map.get(key), key) : null;
  }

  public String string(String key) {
    return has(key) ? Values.toText(map.get(key), key) : null;
  }

  public String string(String key, String otherwise) {
    return has(key) ? string(key) : otherwise;
  }

  public long longValue(String key, long otherwise) {
    return has(key) ? Values.toLong(map.get(key), key) : otherwise;
  }

  public int intValue(String key, int otherwise) {
    return has(key) ? Values.toInt(map.get(key), key) : otherwise;
  }

  public boolean bool(String key, boolean otherwise) {
    return has(key) ? Values.toBool(map.get(key), key) : otherwise;
  }

  /** A list; a single value counts as a list of one ({@code COLUMNS => 'f1'}). */
  public List<Object> list(String key) {
    if (!has(key)) {
      return List.of();
    }
    Object v = map.get(key);
    if (v instanceof List<?> l) {
      return Collections.unmodifiableList(new ArrayList<>(l));
    }
    return List.of(v);
  }

  @SuppressWarnings("unchecked")
  public Map<Object, Object> hash(String key) {
    if (!has(key)) {
      return Map.of();
    }
    Object v = map.get(key);
    if (!(v instanceof Map)) {
      throw new CommandException(key + " of " + command + " must be a hash such as "
          + "{'key' => 'value'}, got " + Values.inspect(v));
    }
    return (Map<Object, Object>) v;
  }

  public boolean isEmpty() {
    return map.isEmpty();
  }
}
