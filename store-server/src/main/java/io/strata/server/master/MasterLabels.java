package io.strata.server.master;

import io.strata.client.security.Permission.Action;
import io.strata.common.error.BadRequestException;
import io.strata.common.proto.AccessProtos.LabelsRequest;
import io.strata.common.proto.AccessProtos.LabelsResponse;
import io.strata.common.security.VisibilityExpression;
import io.strata.server.security.access.AccessChecker;
import io.strata.server.security.access.LabelTable;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Visibility labels as the master keeps them: defined labels and users' authorizations in
 * strata:labels, each change written there and then pushed to every live region server with
 * the permissions ({@link MasterAcls}).
 */
final class MasterLabels {
  private static final Logger LOG = LoggerFactory.getLogger(MasterLabels.class);
  private final Master m;
  private final MasterAcls acls;

  MasterLabels(Master m, MasterAcls acls) {
    this.m = m;
    this.acls = acls;
  }

  synchronized LabelsResponse add(LabelsRequest r) throws IOException {
    AccessChecker c = acls.checker();
    c.requireGlobal("add visibility labels", Action.ADMIN);
    if (r.getLabelsCount() == 0) {
      throw new BadRequestException("no label given; add_labels 'secret' or ['a', 'b']");
    }
    for (String l : r.getLabelsList()) {
      if (!VisibilityExpression.LABEL.matcher(l).matches()) {
        throw new BadRequestException("'" + l + "' is not a visibility label: a label is "
            + "letters, digits and _ - : / .");
      }
    }
    m.ensureSystemTable(LabelTable.descriptor());
    LabelTable.define(m.connection(), r.getLabelsList());
    LOG.info("defined visibility labels {}", r.getLabelsList());
    acls.changed(c);
    return LabelsResponse.getDefaultInstance();
  }

  synchronized LabelsResponse setAuths(LabelsRequest r) throws IOException {
    AccessChecker c = checked(r, "give authorizations");
    Set<String> defined = c.labels().defined();
    for (String l : r.getLabelsList()) {
      if (!defined.contains(l)) {
        throw new BadRequestException("visibility label '" + l + "' is not defined; define it"
            + " first with add_labels '" + l + "'");
      }
    }
    m.ensureSystemTable(LabelTable.descriptor());
    LabelTable.give(m.connection(), r.getUser(), r.getLabelsList());
    LOG.info("gave {} the authorizations {}", r.getUser(), r.getLabelsList());
    acls.changed(c);
    return LabelsResponse.getDefaultInstance();
  }

  synchronized LabelsResponse clearAuths(LabelsRequest r) throws IOException {
    AccessChecker c = checked(r, "clear authorizations");
    if (m.tableNames().contains(LabelTable.TABLE)) {
      LabelTable.take(m.connection(), r.getUser(), r.getLabelsList());
      LOG.info("took the authorizations {} from {}", r.getLabelsList(), r.getUser());
      acls.changed(c);
    }
    return LabelsResponse.getDefaultInstance();
  }

  LabelsResponse getAuths(LabelsRequest r) throws IOException {
    AccessChecker c = acls.checker();
    if (r.getUser().isEmpty()) {
      throw new BadRequestException("whose authorizations? get_auths 'bob'");
    }
    c.requireAdminOnUnlessOwn("read authorizations",
        io.strata.client.security.Permission.newBuilder().build(), r.getUser());
    return LabelsResponse.newBuilder().addAllLabels(new TreeSet<>(c.labels()
        .authsOf(r.getUser()))).build();
  }

  LabelsResponse list(LabelsRequest r) throws IOException {
    AccessChecker c = acls.checker();
    c.requireGlobal("list visibility labels", Action.ADMIN);
    Pattern p;
    try {
      p = r.getRegex().isEmpty() ? null : Pattern.compile(r.getRegex());
    } catch (PatternSyntaxException e) {
      throw new BadRequestException("'" + r.getRegex() + "' is not a regular expression: "
          + e.getDescription());
    }
    List<String> out = new TreeSet<>(c.labels().defined()).stream()
        .filter(l -> p == null || p.matcher(l).matches()).toList();
    return LabelsResponse.newBuilder().addAllLabels(out).build();
  }

  /** The checker, after requiring global ADMIN and a user with at least one label. */
  private AccessChecker checked(LabelsRequest r, String what) throws IOException {
    AccessChecker c = acls.checker();
    c.requireGlobal(what, Action.ADMIN);
    if (r.getUser().isEmpty() || r.getLabelsCount() == 0) {
      throw new BadRequestException("name a user and at least one label: set_auths 'bob', "
          + "['secret']");
    }
    return c;
  }
}
