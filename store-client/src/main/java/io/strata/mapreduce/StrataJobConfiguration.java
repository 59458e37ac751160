package io.strata.mapreduce;

import io.strata.common.conf.StrataConfiguration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Strata's settings inside a job's Hadoop configuration, as HBase's HBaseConfiguration: {@link
 * #create()} makes a Hadoop configuration holding this process's Strata configuration
 * ({@code strata-site.xml}, {@code -D} properties), and {@link #toStrata} reads a job's back,
 * in its tasks.
 */
public final class StrataJobConfiguration {
  private StrataJobConfiguration() {}

  /** A Hadoop configuration with this process's Strata settings in it. */
  public static Configuration create() {
    Configuration conf = new Configuration();
    merge(conf, StrataConfiguration.create());
    return conf;
  }

  /** Copies {@code strata}'s settings into {@code conf}. */
  public static Configuration merge(Configuration conf, StrataConfiguration strata) {
    strata.overrides().forEach(conf::set);
    return conf;
  }

  /**
   * The Strata settings of a job's configuration: every {@code strata.*} key in it but the
   * job's own ({@code strata.mapred*}, MapReduceKeys), which only the MapReduce classes read.
   */
  public static StrataConfiguration toStrata(Configuration conf) {
    StrataConfiguration s = StrataConfiguration.defaults();
    for (Map.Entry<String, String> e : conf) {
      if (e.getKey().startsWith("strata.") && !e.getKey().startsWith("strata.mapred")) {
        s.set(e.getKey(), e.getValue());
      }
    }
    return s;
  }
}
