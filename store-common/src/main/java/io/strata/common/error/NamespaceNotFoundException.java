package io.strata.common.error;

import java.util.Map;

/** The named namespace does not exist. */
public final class NamespaceNotFoundException extends DoNotRetryException {
  public NamespaceNotFoundException(String namespace) {
    this("namespace '" + namespace + "' does not exist; create it with create_namespace '" + namespace + "'", Map.of("namespace", namespace));
  }

  NamespaceNotFoundException(String message, Map<String, String> details) {
    super(ErrorCode.NAMESPACE_NOT_FOUND, message, details);
  }
}
