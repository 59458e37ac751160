package io.strata.common.error;

import java.util.Map;

/** A create_namespace named a namespace that already exists. */
public final class NamespaceExistsException extends DoNotRetryException {
  public NamespaceExistsException(String namespace) {
    this("namespace '" + namespace + "' already exists; choose another name", Map.of("namespace", namespace));
  }

  NamespaceExistsException(String message, Map<String, String> details) {
    super(ErrorCode.NAMESPACE_EXISTS, message, details);
  }
}
