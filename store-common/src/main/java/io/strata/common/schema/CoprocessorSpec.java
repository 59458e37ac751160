package io.strata.common.schema;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A coprocessor attached to a table: its class, an optional jar to load it from, its priority
 * (lower runs first) and string properties passed to it.
 */
public record CoprocessorSpec(String className, String jarPath, int priority,
    Map<String, String> properties) {
  /** HBase's priority for user coprocessors; system ones run before. */
  public static final int PRIORITY_USER = Integer.MAX_VALUE / 2;

  public CoprocessorSpec {
    if (className == null || className.isBlank()) {
      throw new IllegalArgumentException("coprocessor class name must not be empty");
    }
    for (String part : className.split("\\.", -1)) {
      if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))
          || !part.chars().allMatch(Character::isJavaIdentifierPart)) {
        throw new IllegalArgumentException("coprocessor class name '" + className
            + "' is not a Java class name such as 'com.example.MyObserver'");
      }
    }
    jarPath = jarPath == null || jarPath.isEmpty() ? null : jarPath;
    properties = Collections.unmodifiableMap(new TreeMap<>(properties == null ? Map.of() : properties));
  }

  public static CoprocessorSpec of(String className) {
    return new CoprocessorSpec(className, null, PRIORITY_USER, Map.of());
  }

  /** The form HBase's shell takes and shows, for errors. */
  public static final String FORM = "'[jar path]|class name|[priority]|[key=value,...]', such as"
      + " 'hdfs:///cp/obs.jar|com.example.Obs|1001|k1=v1,k2=v2' or '|com.example.Obs||'";

  /**
   * Parses HBase's table attribute form: jar path (empty: the server's class path), class
   * name, priority (empty: {@link #PRIORITY_USER}) and properties, separated by {@code |}. An
   * IllegalArgumentException names the form.
   */
  public static CoprocessorSpec parse(String text) {
    String[] parts = (text == null ? "" : text).split("\\|", -1);
    if (parts.length < 2 || parts.length > 4) {
      throw new IllegalArgumentException("coprocessor '" + text + "' is not " + FORM);
    }
    int priority = PRIORITY_USER;
    if (parts.length > 2 && !parts[2].isBlank()) {
      try {
        priority = Integer.parseInt(parts[2].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("coprocessor '" + text + "' has priority '"
            + parts[2] + "', not a number; the form is " + FORM);
      }
    }
    Map<String, String> props = new TreeMap<>();
    if (parts.length > 3 && !parts[3].isBlank()) {
      for (String kv : parts[3].split(",")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("coprocessor '" + text + "' has property '" + kv
              + "', not key=value; the form is " + FORM);
        }
        props.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
      }
    }
    return new CoprocessorSpec(parts[1].trim(), parts[0].trim(), priority, props);
  }

  /** HBase's attribute form: {@code jar|class|priority|k=v,k2=v2}. */
  public String format() {
    StringBuilder sb = new StringBuilder(jarPath == null ? "" : jarPath).append('|')
        .append(className).append('|').append(priority).append('|');
    String sep = "";
    for (Map.Entry<String, String> e : properties.entrySet()) {
      sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
      sep = ",";
    }
    return sb.toString();
  }
}
