package io.strata.server.region;

/** Asked by a region whose memstores passed the flush size; flushes it soon, off the caller. */
@FunctionalInterface
public interface FlushRequester {
  void requestFlush(Region region);
}
