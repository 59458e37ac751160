package io.strata.shell.options;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.rpc.ClusterToken;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cluster secret an operator tool presents (hbck -fix, token create): by default the file in
 * a local root directory, which only the user running the cluster can read.
 */
public final class ClusterSecretFile {
  private ClusterSecretFile() {}

  /**
   * {@code <root>/cluster.secret} of a local root directory; an IOException, naming {@code what}
   * (such as "-fix"), says what to give instead when it is not local or not readable.
   */
  public static String local(StrataConfiguration conf, String what) throws IOException {
    String root = conf.get(CoreKeys.ROOT_DIR);
    URI uri = URI.create(root);
    if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
      throw new IOException(what + " presents the cluster secret, and the root directory " + root
          + " is not local: copy its cluster.secret here and give --secret FILE");
    }
    Path file = (uri.getScheme() == null ? Path.of(root) : Path.of(uri)).resolve(
        ClusterToken.FILE);
    if (!Files.isReadable(file)) {
      throw new IOException(what + " presents the cluster secret, and " + file + " cannot be"
          + " read: run it as the user who runs the cluster, or give --secret FILE");
    }
    return file.toString();
  }
}
