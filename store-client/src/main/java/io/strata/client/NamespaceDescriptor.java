package io.strata.client;

import io.strata.common.schema.TableName;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A namespace: a name grouping tables ({@code ns:table}), with free-form settings.
 *
 * <pre>{@code
 * admin.createNamespace(NamespaceDescriptor.create("analytics").build());
 * }</pre>
 */
public final class NamespaceDescriptor {
  private final String name;
  private final Map<String, String> configuration;

  private NamespaceDescriptor(String name, Map<String, String> configuration) {
    this.name = TableName.validateNamespace(name);
    this.configuration = Collections.unmodifiableMap(new TreeMap<>(configuration));
  }

  public static Builder create(String name) {
    return new Builder(name);
  }

  public String getName() {
    return name;
  }

  public Map<String, String> getConfiguration() {
    return configuration;
  }

  public String getConfigurationValue(String key) {
    return configuration.get(key);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NamespaceDescriptor n && n.name.equals(name)
        && n.configuration.equals(configuration);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return "{NAME => '" + name + "'" + (configuration.isEmpty() ? "" : ", " + configuration)
        + "}";
  }

  public static final class Builder {
    private final String name;
    private final Map<String, String> configuration = new TreeMap<>();

    private Builder(String name) {
      this.name = name;
    }

    public Builder addConfiguration(String key, String value) {
      configuration.put(key, value);
      return this;
    }

    public NamespaceDescriptor build() {
      return new NamespaceDescriptor(name, configuration);
    }
  }
}
