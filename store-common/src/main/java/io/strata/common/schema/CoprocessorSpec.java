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
}
