package io.strata.shell.lang;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A string literal as bytes. Double-quoted escapes such as {@code "\x00"} make bytes that are
 * not UTF-8, so a row key typed that way reaches the table exactly; {@link #text()} is the UTF-8
 * reading for names and options.
 */
public final class ShellString {
  private final byte[] bytes;

  public ShellString(byte[] bytes) {
    this.bytes = bytes.clone();
  }

  public static ShellString of(String text) {
    return new ShellString(text.getBytes(StandardCharsets.UTF_8));
  }

  public byte[] bytes() {
    return bytes.clone();
  }

  public String text() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShellString s && Arrays.equals(bytes, s.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return text();
  }
}
