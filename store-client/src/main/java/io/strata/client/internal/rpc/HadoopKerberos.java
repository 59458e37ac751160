package io.strata.client.internal.rpc;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Turns Kerberos on in Hadoop's UserGroupInformation, which logs in with it only when its
 * configuration says hadoop.security.authentication=kerberos: once per process, and only where
 * the process's own Hadoop configuration has not already.
 */
public final class HadoopKerberos {
  private HadoopKerberos() {}

  public static synchronized void enable() {
    if (!UserGroupInformation.isSecurityEnabled()) {
      Configuration c = new Configuration();
      c.set("hadoop.security.authentication", "kerberos");
      UserGroupInformation.setConfiguration(c);
    }
  }
}
