package io.strata.server.blockfile;

/**
 * A block read from storage, checksum verified and decompressed: its payload is
 * {@code array[offset, offset + length)}. The array is never changed after construction, so a
 * block may be shared by readers.
 */
public record Block(BlockType type, BlockHandle handle, int encodingId, byte[] array, int offset,
    int length) {}
