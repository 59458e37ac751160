package io.strata.server.blockfile;

/** Where a block lives: its file offset and its whole on-disk size (header and checksum too). */
public record BlockHandle(long offset, int size) {}
