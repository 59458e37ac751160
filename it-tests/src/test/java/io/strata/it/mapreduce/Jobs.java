package io.strata.it.mapreduce;

import io.strata.common.conf.StrataConfiguration;
import io.strata.mapreduce.StrataJobConfiguration;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/** Jobs on Hadoop's local runner against a mini cluster, their files under a test directory. */
public final class Jobs {
  private Jobs() {}

  /** A job configuration reaching {@code cluster} and keeping Hadoop's files in {@code dir}. */
  public static Configuration configuration(StrataConfiguration cluster, Path dir) {
    Configuration conf = StrataJobConfiguration.merge(new Configuration(false), cluster);
    conf.addResource("core-default.xml");
    conf.addResource("mapred-default.xml");
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    conf.set("mapreduce.cluster.local.dir", dir.resolve("mapred-local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
    return conf;
  }
}
