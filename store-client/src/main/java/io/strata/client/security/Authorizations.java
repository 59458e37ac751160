package io.strata.client.security;

import io.strata.common.security.VisibilityExpression;
import java.util.Arrays;
import java.util.List;

/**
 * The visibility labels a get or scan reads with, as HBase's Authorizations: the server keeps
 * those the user was given ({@code set_auths}) and shows each cell whose visibility expression
 * they satisfy. A read without authorizations sees only cells without an expression.
 */
public final class Authorizations {
  private final List<String> labels;

  public Authorizations(String... labels) {
    this(Arrays.asList(labels));
  }

  /** @throws IllegalArgumentException for a label with other characters than a label has */
  public Authorizations(List<String> labels) {
    for (String l : labels) {
      if (l == null || !VisibilityExpression.LABEL.matcher(l).matches()) {
        throw new IllegalArgumentException("'" + l + "' is not a visibility label: a label is "
            + "letters, digits and _ - : / .");
      }
    }
    this.labels = List.copyOf(labels);
  }

  public List<String> getLabels() {
    return labels;
  }

  /** The labels as the "strata.authorizations" attribute carries them: comma-separated. */
  public byte[] toBytes() {
    return String.join(",", labels).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The labels of a "strata.authorizations" attribute. */
  public static Authorizations fromBytes(byte[] b) {
    String s = new String(b, java.nio.charset.StandardCharsets.UTF_8);
    return s.isEmpty() ? new Authorizations() : new Authorizations(s.split(","));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Authorizations a && a.labels.equals(labels);
  }

  @Override
  public int hashCode() {
    return labels.hashCode();
  }

  @Override
  public String toString() {
    return labels.toString();
  }
}
