package io.strata.common.schema;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Parses the schema's enum attributes from user text, naming the choices on a mistake. */
final class SchemaEnums {
  private SchemaEnums() {}

  static <E extends Enum<E>> E parse(Class<E> type, String attribute, String text) {
    if (text != null) {
      String wanted = text.trim().toUpperCase(Locale.ROOT);
      for (E e : type.getEnumConstants()) {
        if (e.name().equals(wanted)) {
          return e;
        }
      }
    }
    throw new IllegalArgumentException("unknown " + attribute + " '" + text + "'; use one of "
        + Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", ")));
  }
}
