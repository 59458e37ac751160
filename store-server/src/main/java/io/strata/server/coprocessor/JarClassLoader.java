package io.strata.server.coprocessor;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one coprocessor jar: the jar's own classes come first, so that it may
 * bring its own versions of libraries, while Strata's API, the JDK and what Strata's API is
 * made of (logging, protobuf) always come from the server, so that the coprocessor and the
 * server agree on them.
 */
final class JarClassLoader extends URLClassLoader {
  private static final String[] SERVER_FIRST = {"java.", "javax.", "jdk.", "sun.",
      "io.strata.", "org.slf4j.", "com.google.protobuf.", "org.apache.hadoop."};

  static {
    registerAsParallelCapable();
  }

  JarClassLoader(URL jar, ClassLoader server) {
    super(new URL[] {jar}, server);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    for (String prefix : SERVER_FIRST) {
      if (name.startsWith(prefix)) {
        return super.loadClass(name, resolve);
      }
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        try {
          c = findClass(name);
        } catch (ClassNotFoundException notInJar) {
          c = getParent().loadClass(name);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  @Override
  public URL getResource(String name) {
    URL own = findResource(name);
    return own != null ? own : super.getResource(name);
  }
}
