package io.strata.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.ReflectionException;

/**
 * A daemon's Strata metrics as one JMX bean, in the shape HBase's beans have: a timer {@code
 * strata.requests} of operation get is {@code Get_num_ops}, {@code Get_mean}, {@code Get_max},
 * {@code Get_median}, {@code Get_75th_percentile}, ... {@code Get_99.9th_percentile}, in
 * milliseconds; other tagged meters are {@code tag_value_..._metric_name} as HBase names its
 * per-region metrics; untagged ones their name in camel case. The JVM's meters are left to
 * the JVM's own beans (java.lang).
 */
final class MetricsBean implements DynamicMBean {
  private final Metrics metrics;
  private ObjectName name;

  private MetricsBean(Metrics metrics) {
    this.metrics = metrics;
  }

  static MetricsBean register(Metrics metrics) {
    MetricsBean bean = new MetricsBean(metrics);
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String base = "Strata:service=" + metrics.service() + ",name=Metrics";
    // Daemons sharing a JVM (standalone, mini clusters) get a bean each.
    for (int i = 1; bean.name == null; i++) {
      try {
        ObjectName n = new ObjectName(i == 1 ? base : base + ",instance=" + i);
        server.registerMBean(bean, n);
        bean.name = n;
      } catch (javax.management.InstanceAlreadyExistsException e) {
        // try the next instance number
      } catch (JMException e) {
        throw new IllegalStateException("cannot register metrics bean " + base, e);
      }
    }
    return bean;
  }

  ObjectName name() {
    return name;
  }

  void unregister() {
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
    } catch (JMException e) {
      // already gone
    }
  }

  /** Every attribute and its value now. */
  Map<String, Object> values() {
    metrics.refresh();
    Map<String, Object> out = new TreeMap<>();
    for (Meter m : metrics.registry().getMeters()) {
      String metric = m.getId().getName();
      if (!metric.startsWith("strata.")) {
        continue;
      }
      String base = attributeBase(m);
      if (m instanceof Timer t) {
        histogram(out, base, t.takeSnapshot(), TimeUnit.MILLISECONDS);
      } else if (m instanceof DistributionSummary d) {
        histogram(out, base, d.takeSnapshot(), null);
      } else if (m instanceof Counter c) {
        out.put(base, (long) c.count());
      } else if (m instanceof FunctionCounter c) {
        out.put(base, (long) c.count());
      } else if (m instanceof Gauge g) {
        double v = g.value();
        out.put(base, v == Math.rint(v) && !Double.isInfinite(v) ? (Object) (long) v : v);
      }
    }
    return out;
  }

  private static void histogram(Map<String, Object> out, String base, HistogramSnapshot s,
      TimeUnit unit) {
    out.put(base + "_num_ops", s.count());
    out.put(base + "_mean", unit == null ? s.mean() : s.mean(unit));
    out.put(base + "_max", unit == null ? s.max() : s.max(unit));
    for (ValueAtPercentile p : s.percentileValues()) {
      double v = unit == null ? p.value() : p.value(unit);
      out.put(base + "_" + percentileName(p.percentile()), v);
    }
  }

  static String percentileName(double p) {
    if (p == 0.5) {
      return "median";
    }
    double pct = p * 100;
    String n = pct == Math.rint(pct) ? Long.toString((long) pct) : Double.toString(pct);
    return n + "th_percentile";
  }

  /** HBase's naming: Get_..., or tag_value_..._metric_name, or the name in camel case. */
  static String attributeBase(Meter m) {
    String metric = camel(m.getId().getName().substring("strata.".length()));
    List<Tag> tags = m.getId().getTags();
    if (m.getId().getName().equals(MetricCatalog.REQUESTS.name()) && tags.size() == 1) {
      String op = tags.get(0).getValue();
      return Character.toUpperCase(op.charAt(0)) + op.substring(1);
    }
    if (tags.isEmpty()) {
      return metric;
    }
    StringBuilder b = new StringBuilder();
    for (Tag t : tags) {
      b.append(t.getKey()).append('_').append(t.getValue()).append('_');
    }
    return b.append("metric_").append(metric).toString();
  }

  static String camel(String dotted) {
    StringBuilder b = new StringBuilder();
    boolean up = false;
    for (char c : dotted.toCharArray()) {
      if (c == '.') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(c) : c);
        up = false;
      }
    }
    return b.toString();
  }

  @Override
  public Object getAttribute(String attribute) throws AttributeNotFoundException {
    Object v = values().get(attribute);
    if (v == null) {
      throw new AttributeNotFoundException(attribute);
    }
    return v;
  }

  @Override
  public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
    throw new AttributeNotFoundException("metrics are read-only: " + attribute.getName());
  }

  @Override
  public AttributeList getAttributes(String[] attributes) {
    Map<String, Object> all = values();
    AttributeList list = new AttributeList();
    for (String a : attributes) {
      if (all.containsKey(a)) {
        list.add(new Attribute(a, all.get(a)));
      }
    }
    return list;
  }

  @Override
  public AttributeList setAttributes(AttributeList attributes) {
    return new AttributeList();
  }

  /** The bean declares no operations (its MBeanInfo lists none): JMX's answer for a name it lacks. */
  @Override
  public Object invoke(String actionName, Object[] params, String[] signature)
      throws ReflectionException {
    throw new ReflectionException(new NoSuchMethodException(actionName),
        "Strata's metrics beans are read-only attributes; there is no operation " + actionName);
  }

  @Override
  public MBeanInfo getMBeanInfo() {
    List<MBeanAttributeInfo> attrs = new ArrayList<>();
    values().forEach((k, v) -> attrs.add(new MBeanAttributeInfo(k, v.getClass().getName(), k,
        true, false, false)));
    return new MBeanInfo(getClass().getName(), "Strata " + metrics.service() + " metrics",
        attrs.toArray(new MBeanAttributeInfo[0]), null, null, null);
  }
}
