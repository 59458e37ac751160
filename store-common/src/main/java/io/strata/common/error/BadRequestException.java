package io.strata.common.error;

import java.util.Map;

/** The request itself is wrong (empty row key, oversized cell, malformed message); the message says what to change. */
public final class BadRequestException extends DoNotRetryException {
  public BadRequestException(String problem) {
    this("bad request: " + problem, Map.of());
  }

  BadRequestException(String message, Map<String, String> details) {
    super(ErrorCode.BAD_REQUEST, message, details);
  }

  /** A server's answer to a call of a method its service does not have. */
  public static BadRequestException noSuchMethod(String service, String method) {
    return new BadRequestException("service " + service + " has no method '" + method + "'");
  }

  /** A server's answer to a call whose parameter does not parse: {@code why} says where. */
  public static BadRequestException malformedParameter(String service, String method,
      String why) {
    return new BadRequestException("the parameter of " + service + "." + method
        + " is malformed: " + why);
  }

  /**
   * Whether {@code e} is {@link #noSuchMethod}'s answer about {@code method}: how a client tells
   * a server of an earlier release, which has no such method, from a call the server refused.
   */
  public static boolean isNoSuchMethod(Throwable e, String method) {
    return e instanceof BadRequestException && String.valueOf(e.getMessage())
        .endsWith(" has no method '" + method + "'");
  }
}
