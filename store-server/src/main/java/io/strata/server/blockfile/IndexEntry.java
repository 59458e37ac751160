package io.strata.server.blockfile;


/** One index entry: the first key of a block and where the block is. */
public record IndexEntry(byte[] key, BlockHandle handle) {}
