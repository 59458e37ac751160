package io.strata.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.CoreKeys;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick start's example project (docs/examples/quickstart) as a new user builds and runs it:
 * Maven resolves {@code io.strata:store-client} by the coordinates the README gives and compiles
 * the program, which then runs against a cluster and prints what it read. The README shows the
 * same program, character for character.
 *
 * <p>The client's artifacts come from a repository the test writes from this build's classes
 * (as {@code mvn install} would put them in the local repository), and every other artifact from
 * the local repository the build itself used, read as a remote one: the example's build
 * downloads nothing and leaves nothing in the user's repository.
 */
class QuickStartExampleTest {
  private static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."))
      .toAbsolutePath().normalize();
  private static final Path EXAMPLE = ROOT.resolve("docs/examples/quickstart");
  private static final String VERSION = "0.1.0-SNAPSHOT";

  @TempDir
  Path dir;

  @Test
  void theExampleBuildsWithMavenAndRunsAgainstACluster() throws Exception {
    Path repo = dir.resolve("strata-repo");
    publish(repo, "strata-parent", ROOT.resolve("pom.xml"), null);
    publish(repo, "store-common", ROOT.resolve("store-common/pom.xml"),
        ROOT.resolve("store-common/target/classes"));
    publish(repo, "store-client", ROOT.resolve("store-client/pom.xml"),
        ROOT.resolve("store-client/target/classes"));
    Path settings = dir.resolve("settings.xml");
    Path userRepo = Path.of(System.getProperty("maven.repo.local",
        System.getProperty("user.home") + "/.m2/repository"));
    Files.writeString(settings, "<settings>\n"
        + "  <mirrors><mirror><id>build-cache</id><mirrorOf>central</mirrorOf><url>"
        + userRepo.toUri() + "</url></mirror></mirrors>\n"
        + "  <profiles><profile><id>strata</id><repositories><repository><id>strata-build</id>"
        + "<url>" + repo.toUri() + "</url><snapshots><enabled>true</enabled></snapshots>"
        + "</repository></repositories></profile></profiles>\n"
        + "  <activeProfiles><activeProfile>strata</activeProfile></activeProfiles>\n"
        + "</settings>\n");
    Path project = dir.resolve("quickstart");
    copyTree(EXAMPLE, project);

    Run build = run(project, List.of("mvn", "-B", "-q", "-s", settings.toString(),
        "-Dmaven.repo.local=" + dir.resolve("local-repo"), "compile"));
    assertEquals(0, build.exit(), build.out());
    assertTrue(Files.isRegularFile(project.resolve("target/classes/com/example/QuickStart.class")));

    try (MiniCluster cluster = MiniCluster.start(dir.resolve("cluster"), 1)) {
      String quorum = cluster.configuration().get(CoreKeys.ZOOKEEPER_QUORUM);
      String classpath = project.resolve("target/classes") + ":"
          + Files.readString(project.resolve("target/classpath.txt")).trim();
      List<String> java = List.of(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-Dstrata.zookeeper.quorum=" + quorum, "-cp", classpath,
          "com.example.QuickStart");
      Run first = run(project, java);
      assertEquals(0, first.exit(), first.out());
      assertTrue(first.out().contains("u1 info:name = Ada\n"), first.out());
      // The client said where its configuration came from, and which cluster it tries.
      assertTrue(first.out().contains("configuration: no strata-site.xml found in"
          + " $STRATA_CONF_DIR (unset), -Dstrata.conf.dir (unset), the class path, ./conf ("
          + project.resolve("conf/strata-site.xml") + " does not exist); using the defaults"
          + " and -D properties, ZooKeeper quorum " + quorum + "\n"), first.out());
      // Run again, the table already there.
      Run second = run(project, java);
      assertEquals(0, second.exit(), second.out());
      assertTrue(second.out().contains("u1 info:name = Ada\n"), second.out());
    }
  }

  @Test
  void theReadmeShowsTheExampleAsItIs() throws IOException {
    String source = Files.readString(EXAMPLE.resolve(
        "src/main/java/com/example/QuickStart.java"));
    String readme = Files.readString(ROOT.resolve("README.md"));
    assertTrue(readme.contains("```java\n" + source + "```\n"),
        "README.md's Java example differs from " + EXAMPLE + "/src/main/java/com/example/"
            + "QuickStart.java: copy the file into the README");
    assertTrue(readme.contains("<groupId>io.strata</groupId>\n  <artifactId>store-client"
        + "</artifactId>\n  <version>" + VERSION + "</version>"), "Maven coordinates");
    assertTrue(readme.contains("implementation(\"io.strata:store-client:" + VERSION + "\")"),
        "Gradle coordinates");
  }

  private record Run(int exit, String out) {}

  /** Runs {@code cmd} in {@code cwd}, standard error merged into the output. */
  private static Run run(Path cwd, List<String> cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().remove("STRATA_CONF_DIR");
    pb.environment().remove("MAVEN_ARGS");
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(String.join(" ", cmd) + " did not finish in 5 minutes:\n" + out);
    }
    return new Run(p.exitValue(), out);
  }

  /**
   * Writes {@code artifact}'s pom, and its jar made from {@code classes} when not null, into
   * {@code repo} in Maven's repository layout.
   */
  private static void publish(Path repo, String artifact, Path pom, Path classes)
      throws IOException {
    Path at = Files.createDirectories(repo.resolve("io/strata/" + artifact + "/" + VERSION));
    String base = artifact + "-" + VERSION;
    Files.copy(pom, at.resolve(base + ".pom"));
    if (classes == null) {
      return;
    }
    assertTrue(Files.isDirectory(classes), classes + " is built by the reactor before it-tests");
    try (OutputStream out = Files.newOutputStream(at.resolve(base + ".jar"));
        JarOutputStream jar = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        jar.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, jar);
        jar.closeEntry();
      }
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    List<Path> all = new ArrayList<>();
    try (Stream<Path> s = Files.walk(from)) {
      s.forEach(all::add);
    }
    for (Path p : all) {
      Path rel = from.relativize(p);
      if (rel.startsWith("target")) {
        continue; // a build the user ran in the checkout
      }
      Path dest = to.resolve(rel.toString());
      if (Files.isDirectory(p)) {
        Files.createDirectories(dest);
      } else {
        Files.copy(p, dest, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
  }
}
