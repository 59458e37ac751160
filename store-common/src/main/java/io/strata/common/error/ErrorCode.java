package io.strata.common.error;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Stable numbers for every error that crosses the wire. A number is never reused or changed:
 * 1xxx are retryable, 2xxx are not. Each code rebuilds its exception from the message and
 * details sent by the peer, so the client throws the same type with the same text as the server.
 */
public enum ErrorCode {
  REGION_MOVED(1001, true, RegionMovedException::new),
  NOT_SERVING_REGION(1002, true, NotServingRegionException::new),
  SERVER_BUSY(1003, true, ServerBusyException::new),
  THROTTLED(1004, true, ThrottlingException::new),
  CALL_TIMEOUT(1005, true, CallTimeoutException::new),
  SERVER_ERROR(1006, true, ServerErrorException::new),
  WRONG_REGION(1007, true, WrongRegionException::new),
  REGION_IN_TRANSITION(1008, true, RegionInTransitionException::new),
  UNKNOWN_SCANNER(1009, true, UnknownScannerException::new),

  TABLE_NOT_FOUND(2001, false, TableNotFoundException::new),
  NO_SUCH_FAMILY(2002, false, NoSuchFamilyException::new),
  TABLE_DISABLED(2003, false, TableDisabledException::new),
  BAD_REQUEST(2004, false, BadRequestException::new),
  CORRUPT_FILE(2005, false, CorruptFileException::new),
  ACCESS_DENIED(2006, false, AccessDeniedException::new),
  TABLE_EXISTS(2007, false, TableExistsException::new),
  NAMESPACE_NOT_FOUND(2008, false, NamespaceNotFoundException::new),
  NAMESPACE_EXISTS(2009, false, NamespaceExistsException::new),
  TABLE_NOT_ENABLED(2010, false, TableNotEnabledException::new),
  TABLE_NOT_DISABLED(2011, false, TableNotDisabledException::new),
  TABLE_READ_ONLY(2012, false, TableReadOnlyException::new),
  SPACE_LIMITED(2013, false, SpaceLimitingException::new),
  COPROCESSOR(2014, false, CoprocessorException::new),
  SNAPSHOT_EXISTS(2015, false, SnapshotExistsException::new),
  SNAPSHOT_NOT_FOUND(2016, false, SnapshotDoesNotExistException::new),
  CORRUPTED_SNAPSHOT(2017, false, CorruptedSnapshotException::new);

  private static final Map<Integer, ErrorCode> BY_CODE = new HashMap<>();

  static {
    for (ErrorCode c : values()) {
      if (BY_CODE.put(c.code, c) != null) {
        throw new IllegalStateException("error code " + c.code + " is used twice");
      }
    }
  }

  private final int code;
  private final boolean retryable;
  private final BiFunction<String, Map<String, String>, StrataException> rebuild;

  ErrorCode(int code, boolean retryable,
      BiFunction<String, Map<String, String>, StrataException> rebuild) {
    this.code = code;
    this.retryable = retryable;
    this.rebuild = rebuild;
  }

  public int code() {
    return code;
  }

  public boolean retryable() {
    return retryable;
  }

  StrataException rebuild(String message, Map<String, String> details) {
    return rebuild.apply(message, details);
  }

  /** The code with this number, or null for a number this version does not know. */
  public static ErrorCode fromCode(int code) {
    return BY_CODE.get(code);
  }
}
