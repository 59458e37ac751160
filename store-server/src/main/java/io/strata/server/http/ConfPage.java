package io.strata.server.http;

import io.strata.common.conf.ConfigKey;
import io.strata.common.conf.ConfigKeys;
import io.strata.common.conf.StrataConfiguration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * /conf: the daemon's effective configuration, every declared key and every key set, with
 * where each value came from, as Hadoop's configuration XML. Values of keys that look secret
 * (password, secret, token, keytab, credential) are shown as {@code ******}.
 */
final class ConfPage implements Page {
  static final Pattern SECRET = Pattern.compile(
      "(?i).*(password|secret|token|keytab|credential|\\.key$).*");

  private final StrataConfiguration conf;

  ConfPage(StrataConfiguration conf) {
    this.conf = conf;
  }

  @Override
  public Answer serve(String method, String path, Map<String, List<String>> params) {
    Map<String, String> all = new TreeMap<>();
    for (ConfigKey<?> k : ConfigKeys.all().values()) {
      all.put(k.name(), value(k.name()));
    }
    conf.overrides().keySet().forEach(k -> all.put(k, value(k)));
    StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<configuration>\n");
    all.forEach((k, v) -> b.append("  <property><name>").append(HtmlPage.escape(k))
        .append("</name><value>").append(HtmlPage.escape(SECRET.matcher(k).matches() && v != null
            && !v.isEmpty() ? "******" : v))
        .append("</value><source>").append(HtmlPage.escape(conf.sourceOf(k)))
        .append("</source></property>\n"));
    b.append("</configuration>\n");
    return Answer.ok("text/xml; charset=utf-8", b.toString());
  }

  private String value(String key) {
    try {
      String v = conf.getRaw(key);
      return v == null ? "" : v;
    } catch (IllegalArgumentException e) {
      return "(unresolved: " + e.getMessage() + ")";
    }
  }
}
