package io.strata.server.wal;

import io.strata.common.cell.KeyValue;
import java.util.List;

/**
 * One edit read back from a WAL: its user (region) name, sequence id, write time and cells, and
 * the file offset it starts at.
 */
public record WalEntry(String region, long sequenceId, long writeTimeMillis, List<KeyValue> cells,
    long offset) {}
