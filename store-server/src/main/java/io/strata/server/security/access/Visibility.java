package io.strata.server.security.access;

import io.strata.client.security.Authorizations;
import io.strata.client.security.CellAcls;
import io.strata.common.cell.Cell;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import io.strata.common.security.VisibilityExpression;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Visibility labels (docs/security.md): the tag a mutation's cell visibility gives its cells,
 * and which cells a read may see with the authorizations it asks for.
 */
final class Visibility {
  private static final byte VERSION = 1;

  private Visibility() {}

  /**
   * The cells a read by {@code user} may see: those without an expression, and those whose
   * expression the read's authorizations satisfy, counting only the labels the user was given
   * (a superuser: all it asks for). Null when no label is defined, so no cell can carry one.
   */
  static Predicate<Cell> check(AccessChecker checker, String user,
      Map<String, byte[]> attributes) throws BadRequestException {
    if (!checker.loaded()) { // before the first read of strata:labels: no labeled cell shows
      return c -> Tag.valueOf(c, Tag.VISIBILITY_TYPE) == null;
    }
    LabelTable.Labels labels = checker.labels();
    if (labels.defined().isEmpty()) {
      return null;
    }
    byte[] a = attributes.get(CellAcls.AUTHORIZATIONS_ATTRIBUTE);
    Set<String> auths = new HashSet<>();
    if (a != null) {
      try {
        auths.addAll(Authorizations.fromBytes(a).getLabels());
      } catch (IllegalArgumentException e) {
        throw new BadRequestException(e.getMessage());
      }
    }
    if (!checker.isSuperuser(user)) {
      auths.retainAll(labels.authsOf(user));
    }
    Set<String> held = Set.copyOf(auths);
    return c -> {
      byte[] v = Tag.valueOf(c, Tag.VISIBILITY_TYPE);
      if (v == null) {
        return true;
      }
      if (v.length == 0 || v[0] != VERSION) {
        return false; // not this release's: shown to none
      }
      String text = new String(v, 1, v.length - 1, StandardCharsets.UTF_8);
      VisibilityExpression e = checker.parsed("v" + text,
          k -> VisibilityExpression.parse(k.substring(1)));
      return e.evaluate(held);
    };
  }

  /** The tag of a mutation's visibility expression, whose labels must all be defined. */
  static Tag tag(AccessChecker checker, String expression) throws BadRequestException {
    VisibilityExpression e;
    try {
      e = VisibilityExpression.parse(expression);
    } catch (IllegalArgumentException bad) {
      throw new BadRequestException(bad.getMessage());
    }
    Set<String> defined = checker.labels().defined();
    for (String label : e.labels()) {
      if (!defined.contains(label)) {
        throw new BadRequestException("visibility label '" + label + "' is not defined; an "
            + "administrator defines it with add_labels '" + label + "'");
      }
    }
    byte[] text = e.toString().getBytes(StandardCharsets.UTF_8);
    byte[] value = new byte[text.length + 1];
    value[0] = VERSION;
    System.arraycopy(text, 0, value, 1, text.length);
    return new Tag(Tag.VISIBILITY_TYPE, value);
  }
}
