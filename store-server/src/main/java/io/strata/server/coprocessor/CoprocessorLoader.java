package io.strata.server.coprocessor;

import io.strata.common.error.CoprocessorException;
import io.strata.server.fs.StorageFileSystems;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Makes coprocessor instances from class names: from the server's class path, or from a jar on
 * the cluster's file system, copied to a local directory once (per path and modification time)
 * and given a {@link JarClassLoader} of its own, shared by the regions that load it.
 */
public final class CoprocessorLoader {
  private final Configuration hadoop;
  private final File localDir;
  private final Map<String, ClassLoader> jars = new ConcurrentHashMap<>();

  /** {@code localDir}: where jars are copied; made if missing. */
  public CoprocessorLoader(Configuration hadoop, File localDir) {
    this.hadoop = hadoop;
    this.localDir = localDir;
  }

  /** The class loader for {@code jarPath}, or the server's for null. */
  ClassLoader classLoader(String jarPath) throws IOException {
    if (jarPath == null) {
      return CoprocessorLoader.class.getClassLoader();
    }
    Path path = new Path(jarPath);
    FileSystem fs = StorageFileSystems.forPath(path, hadoop);
    FileStatus status;
    try {
      status = fs.getFileStatus(path);
    } catch (java.io.FileNotFoundException e) {
      throw new CoprocessorException("coprocessor jar " + jarPath + " does not exist; copy the"
          + " jar there (the cluster's file system) or fix the path in the table's coprocessor"
          + " attribute");
    }
    String key = status.getPath() + "@" + status.getModificationTime();
    ClassLoader known = jars.get(key);
    if (known != null) {
      return known;
    }
    synchronized (this) {
      known = jars.get(key);
      if (known != null) {
        return known;
      }
      Files.createDirectories(localDir.toPath());
      File local = File.createTempFile("coprocessor-", "-" + path.getName(), localDir);
      local.deleteOnExit();
      try (var in = fs.open(path)) {
        Files.copy(in, local.toPath(), StandardCopyOption.REPLACE_EXISTING);
      }
      ClassLoader loader;
      try {
        loader = new JarClassLoader(local.toURI().toURL(),
            CoprocessorLoader.class.getClassLoader());
      } catch (MalformedURLException e) {
        throw new IOException("cannot load " + local, e);
      }
      jars.put(key, loader);
      return loader;
    }
  }

  /**
   * A new instance of {@code className} from {@code loader}, which must implement
   * {@code type} and have a public constructor without arguments.
   */
  <T> T instantiate(String className, ClassLoader loader, Class<T> type, String from)
      throws CoprocessorException {
    Class<?> c;
    try {
      c = Class.forName(className, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new CoprocessorException("coprocessor class " + className + " cannot be loaded from "
          + from + ": " + e);
    }
    if (!type.isAssignableFrom(c)) {
      throw new CoprocessorException("coprocessor class " + className + " (from " + from
          + ") is not a " + type.getName() + "; a region coprocessor implements"
          + " RegionCoprocessor");
    }
    try {
      return type.cast(c.getDeclaredConstructor().newInstance());
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new CoprocessorException("coprocessor class " + className + " (from " + from
          + ") cannot be made: it needs a public constructor without arguments (" + e + ")");
    }
  }
}
