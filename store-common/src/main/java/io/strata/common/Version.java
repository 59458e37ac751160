package io.strata.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of this Strata build, from the build's own resources. */
public final class Version {
  private static final String VERSION = load();

  private Version() {}

  private static String load() {
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from store-common");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String get() {
    return VERSION;
  }

  /** Prints {@code Strata <version>} and the Java runtime. */
  public static void main(String[] args) {
    System.out.println("Strata " + VERSION);
    System.out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
  }
}
