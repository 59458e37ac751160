package io.strata.server.region;

/** One column of an append: the new value is the old value followed by {@code suffix}. */
public record ColumnAppend(byte[] family, byte[] qualifier, byte[] suffix) {}
