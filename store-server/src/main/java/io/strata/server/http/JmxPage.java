package io.strata.server.http;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * /jmx: every JMX bean of the process as JSON, in HBase's form ({@code {"beans": [{"name":
 * ..., "modelerType": ..., attributes...}]}}). {@code ?qry=Strata:*} (an ObjectName pattern)
 * narrows the beans; {@code ?get=BEAN::ATTRIBUTE} gives one attribute.
 */
final class JmxPage implements Page {
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

  @Override
  public Answer serve(String method, String path, Map<String, List<String>> params)
      throws Exception {
    String get = Page.param(params, "get");
    String qry = Page.param(params, "qry");
    String attribute = null;
    if (get != null) {
      int sep = get.indexOf("::");
      if (sep < 0) {
        throw new IllegalArgumentException("get=" + get + " is not BEAN::ATTRIBUTE, e.g. "
            + "get=java.lang:type=Memory::HeapMemoryUsage");
      }
      qry = get.substring(0, sep);
      attribute = get.substring(sep + 2);
    }
    ObjectName pattern;
    try {
      pattern = new ObjectName(qry == null ? "*:*" : qry);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("qry=" + qry + " is not a JMX object name pattern ("
          + e.getMessage() + "), e.g. qry=Strata:* or qry=java.lang:type=Memory");
    }
    Set<ObjectName> names = new TreeSet<>(server.queryNames(pattern, null));
    StringBuilder b = new StringBuilder("{\n  \"beans\" : [");
    boolean first = true;
    for (ObjectName n : names) {
      StringBuilder bean = bean(n, attribute);
      if (bean == null) {
        continue;
      }
      b.append(first ? "\n" : ",\n").append(bean);
      first = false;
    }
    b.append("\n  ]\n}\n");
    return Answer.ok("application/json; charset=utf-8", b.toString());
  }

  /** One bean, or null if it went away or lacks the attribute asked for. */
  private StringBuilder bean(ObjectName n, String only) {
    MBeanInfo info;
    AttributeList values;
    try {
      info = server.getMBeanInfo(n);
      String[] wanted = only != null ? new String[] {only}
          : java.util.Arrays.stream(info.getAttributes()).filter(MBeanAttributeInfo::isReadable)
              .map(MBeanAttributeInfo::getName).toArray(String[]::new);
      values = server.getAttributes(n, wanted);
    } catch (Exception e) {
      return null; // unregistered meanwhile, or unreadable
    }
    if (only != null && values.isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder("  {\n    \"name\" : ");
    Json.string(b, n.toString());
    b.append(",\n    \"modelerType\" : ");
    Json.string(b, info.getClassName());
    for (Attribute a : values.asList()) {
      b.append(",\n    ");
      Json.string(b, a.getName());
      b.append(" : ");
      Json.value(b, a.getValue());
    }
    return b.append("\n  }");
  }
}
