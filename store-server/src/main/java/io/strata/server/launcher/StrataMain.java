package io.strata.server.launcher;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.coordination.EmbeddedZooKeeper;
import io.strata.server.coordination.EnsembleMember;
import io.strata.server.master.Master;
import io.strata.server.regionserver.RegionServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The process {@code bin/strata} runs: {@code standalone}, {@code master}, {@code regionserver}
 * or {@code zookeeper}, in the foreground until SIGTERM, which stops it cleanly (a region server
 * flushes every region). With {@code -Dstrata.info.file=F} it writes its addresses to F once it
 * serves, for {@code bin/strata status}.
 */
public final class StrataMain {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StrataMain.class);

  private StrataMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: StrataMain standalone|master|regionserver|zookeeper");
      System.exit(2);
    }
    if (args[0].equals("standalone") || args[0].equals("zookeeper")) {
      // The largest request the embedded ZooKeeper reads into memory, read once when its
      // classes load: Strata's znodes hold server names, and ZooKeeper's 1 MB default let each
      // of its connections hold a megabyte of this JVM's heap (STRATA_OPTS may set another).
      System.setProperty("jute.maxbuffer", System.getProperty("jute.maxbuffer",
          Integer.toString(256 * 1024)));
    }
    List<String> info = new ArrayList<>();
    Runnable stop;
    java.util.function.BooleanSupplier brokeDown;
    StrataConfiguration conf;
    try {
      conf = StrataConfiguration.create();
      for (String w : conf.warnings()) {
        System.err.println("warning: " + w);
      }
      if (!args[0].equals("zookeeper")) { // the daemon holds a session: its stalls matter
        new io.strata.server.coordination.PauseMonitor(args[0],
            conf.get(io.strata.common.conf.CoreKeys.ZOOKEEPER_SESSION_TIMEOUT));
      }
      switch (args[0]) {
        case "standalone" -> {
          StandaloneCluster c = StandaloneCluster.start(conf);
          info.add("zookeeper=" + c.zookeeperAddress());
          info.add("master=" + c.master().serverName().getAddress());
          info.add("regionserver=" + c.regionServer().serverName().getAddress());
          stop = () -> {
            try {
              c.stop();
            } catch (IOException e) {
              LOG.error("stopping Strata {}", args[0], e);
            }
          };
          brokeDown = c::brokeDown;
        }
        case "master" -> {
          Master m = new Master(conf);
          m.start();
          info.add("master=" + m.serverName().getAddress());
          stop = m::stop;
          brokeDown = m::isStopped;
        }
        case "regionserver" -> {
          RegionServer rs = new RegionServer(conf);
          rs.start();
          info.add("regionserver=" + rs.serverName().getAddress());
          stop = () -> {
            try {
              rs.stop();
            } catch (IOException e) {
              LOG.error("stopping Strata {}", args[0], e);
            }
          };
          brokeDown = rs::isStopped;
        }
        case "zookeeper" -> {
          if (EnsembleMember.quorum(conf).size() > 1) {
            EnsembleMember m = EnsembleMember.start(conf, StandaloneCluster.zookeeperDataDir(conf));
            info.add("zookeeper=" + m.connectString());
            info.add("member=" + m.id());
            stop = m::close;
            brokeDown = m::failed;
          } else {
            java.net.InetSocketAddress at = StandaloneCluster.zookeeperBind(conf);
            EmbeddedZooKeeper zk = new EmbeddedZooKeeper(
                StandaloneCluster.zookeeperDataDir(conf), at.getHostString(), at.getPort());
            info.add("zookeeper=" + zk.connectString());
            stop = zk::close;
            brokeDown = () -> false;
          }
        }
        default -> {
          System.err.println("unknown daemon '" + args[0] + "'; use standalone, master, "
              + "regionserver or zookeeper");
          System.exit(2);
          return;
        }
      }
    } catch (Exception e) {
      // One line for the terminal (bin/strata shows this process's output); the trace is for
      // the log, where whoever digs further looks.
      System.err.println("Strata " + args[0] + " could not start: " + StartFailure.say(e));
      LOG.error("Strata {} could not start", args[0], e);
      System.exit(1);
      return;
    }
    info.add("rootdir=" + conf.get(CoreKeys.ROOT_DIR));
    CountDownLatch stopped = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean shuttingDown =
        new java.util.concurrent.atomic.AtomicBoolean();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      shuttingDown.set(true);
      stop.run();
      stopped.countDown();
    }, "strata-shutdown"));
    String infoFile = System.getProperty("strata.info.file");
    if (infoFile != null) {
      Path p = Path.of(infoFile);
      Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
      Files.writeString(tmp, String.join("\n", info) + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
    System.out.println("Strata " + args[0] + " started: " + String.join(", ", info));
    // A daemon that stops on its own (a master that could not take over, a server that lost
    // its session) ends the process, so bin/strata status tells the truth.
    while (!stopped.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
      if (!shuttingDown.get() && brokeDown.getAsBoolean()) {
        System.err.println("Strata " + args[0] + " stopped on its own; see the log");
        System.exit(1);
      }
    }
  }
}
