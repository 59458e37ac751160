package io.strata.server.coprocessor;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.server.fs.StorageFileSystems;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes coprocessor instances from class names: from the server's class path, or from a jar on
 * the cluster's file system, copied to a local directory once (per path and modification time)
 * and given a {@link JarClassLoader} of its own, shared by the regions that load it.
 */
public final class CoprocessorLoader {
  private static final Logger LOG = LoggerFactory.getLogger(CoprocessorLoader.class);
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
      String kind = type == RegionCoprocessor.class ? "region"
          : type == MasterCoprocessor.class ? "master" : "region server";
      throw new CoprocessorException("coprocessor class " + className + " (from " + from
          + ") is not a " + type.getName() + "; a " + kind + " coprocessor implements "
          + type.getSimpleName());
    }
    try {
      return type.cast(c.getDeclaredConstructor().newInstance());
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new CoprocessorException("coprocessor class " + className + " (from " + from
          + ") cannot be made: it needs a public constructor without arguments (" + e + ")");
    }
  }

  /** Makes a coprocessor's environment once it is made. */
  @FunctionalInterface
  interface Environments<C extends Coprocessor, E extends CoprocessorEnvironment<C>> {
    E make(C instance, int priority, int sequence, StrataConfiguration conf, ClassLoader loader);
  }

  /** The system coprocessors a configuration value names (priority PRIORITY_SYSTEM, +1, ...). */
  static List<CoprocessorSpec> systemSpecs(String classes) {
    List<CoprocessorSpec> specs = new ArrayList<>();
    int priority = Coprocessor.PRIORITY_SYSTEM;
    for (String name : classes.split(",")) {
      if (!name.isBlank()) {
        specs.add(new CoprocessorSpec(name.trim(), null, priority++, Map.of()));
      }
    }
    return specs;
  }

  /**
   * Makes and starts the coprocessors of {@code specs}, of {@code type}, for {@code where}. One
   * that cannot be made or started fails the load with a COPROCESSOR error naming it, unless
   * {@code abortOnError} is false, when it is left out and logged.
   */
  <C extends Coprocessor, E extends CoprocessorEnvironment<C>, O>
      List<ObserverChain.Entry<E, O>> loadAll(List<CoprocessorSpec> specs, Class<C> type,
          StrataConfiguration conf, Environments<C, E> environments,
          java.util.function.Function<C, O> observerOf, String where, boolean abortOnError)
      throws IOException {
    List<ObserverChain.Entry<E, O>> loaded = new ArrayList<>();
    for (CoprocessorSpec spec : specs) {
      String from = spec.jarPath() == null ? "the server's class path" : spec.jarPath();
      try {
        ClassLoader cl = classLoader(spec.jarPath());
        C cp = instantiate(spec.className(), cl, type, from);
        StrataConfiguration own = conf.copy();
        spec.properties().forEach(own::set);
        E env = environments.make(cp, spec.priority(), loaded.size(), own, cl);
        ObserverChain.withLoader(cl, () -> cp.start(env));
        loaded.add(new ObserverChain.Entry<>(env, observerOf.apply(cp), cp, cl));
      } catch (IOException | RuntimeException | LinkageError e) {
        String why = "coprocessor " + spec.className() + " (from " + from + ") of " + where
            + " cannot be loaded: " + e.getMessage();
        if (abortOnError) {
          ObserverChain.stop(loaded);
          throw e instanceof CoprocessorException ce ? ce : new CoprocessorException(why);
        }
        LOG.error("{}; going on without it (strata.coprocessor.abortonerror is false)", why, e);
      }
    }
    return loaded;
  }
}
