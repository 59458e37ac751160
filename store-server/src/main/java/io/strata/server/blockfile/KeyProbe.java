package io.strata.server.blockfile;

/** Compares a stored key {@code array[offset, offset+length)} with the key being looked for. */
@FunctionalInterface
public interface KeyProbe {
  /** Negative, zero or positive as the stored key sorts before, equal to or after the probe. */
  int compareStored(byte[] array, int offset, int length);
}
