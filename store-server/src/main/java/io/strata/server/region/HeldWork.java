package io.strata.server.region;

import java.io.IOException;

/** Work a region runs with writes held off, given a sequence id ({@link Region#withWritesHeld}). */
@FunctionalInterface
interface HeldWork<T> {
  T run(long sequenceId) throws IOException;
}
