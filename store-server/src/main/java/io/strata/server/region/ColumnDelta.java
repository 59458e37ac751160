package io.strata.server.region;

/** One column of an increment: add {@code amount} to the 8-byte big-endian counter. */
public record ColumnDelta(byte[] family, byte[] qualifier, long amount) {}
