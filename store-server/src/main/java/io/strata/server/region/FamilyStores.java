package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.SequencedCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A region's stores in family order, as arrays: reads walk them without an iterator, and writes
 * find a cell's store by comparing its family in place, without copying the name.
 */
final class FamilyStores {
  private final Store[] stores;
  private final byte[][] names;

  /** The stores of {@code byName}, a map sorted by family name. */
  FamilyStores(Map<byte[], Store> byName) {
    this.stores = byName.values().toArray(new Store[0]);
    this.names = byName.keySet().toArray(new byte[0][]);
  }

  int size() {
    return stores.length;
  }

  Store store(int i) {
    return stores[i];
  }

  /** The family names, in order; not to be changed. */
  byte[][] names() {
    return names;
  }

  /**
   * Adds one edit's cells to their stores' memstores under {@code writeNumber}, each store's
   * cells indexed in key order ({@link Store#addAll}; of equal keys the later wins). Every cell
   * stored goes to {@code added} and its store to {@code addedTo}, in step, for a rollback,
   * even when an add throws.
   */
  void addToMemstores(List<KeyValue> cells, long writeNumber, long walSeqId,
      List<SequencedCell> added, List<Store> addedTo) {
    if (stores.length == 1) { // the edit was validated: every cell is of the one family
      addAll(stores[0], cells, writeNumber, walSeqId, added, addedTo);
      return;
    }
    int first = indexOf(cells.get(0));
    boolean oneFamily = true;
    for (int i = 1; i < cells.size() && oneFamily; i++) {
      oneFamily = isFamily(first, cells.get(i));
    }
    if (oneFamily) {
      addAll(stores[first], cells, writeNumber, walSeqId, added, addedTo);
      return;
    }
    List<List<KeyValue>> byStore = new ArrayList<>();
    for (int k = 0; k < stores.length; k++) {
      byStore.add(new ArrayList<>());
    }
    int k = first;
    for (KeyValue c : cells) {
      if (!isFamily(k, c)) {
        k = indexOf(c);
      }
      byStore.get(k).add(c); // in the edit's order, so the later of equal keys stays later
    }
    for (k = 0; k < stores.length; k++) {
      if (!byStore.get(k).isEmpty()) {
        addAll(stores[k], byStore.get(k), writeNumber, walSeqId, added, addedTo);
      }
    }
  }

  private static void addAll(Store store, List<KeyValue> cells, long writeNumber, long walSeqId,
      List<SequencedCell> added, List<Store> addedTo) {
    SequencedCell[] stored = new SequencedCell[cells.size()];
    try {
      store.addAll(cells, writeNumber, walSeqId, stored);
    } finally {
      for (SequencedCell sc : stored) {
        if (sc != null) {
          added.add(sc);
          addedTo.add(store);
        }
      }
    }
  }

  /**
   * The store of the cell's family, which must be one of the region's (a validated edit's
   * cell): with one family, that one, unchecked.
   */
  Store storeOf(Cell c) {
    return stores.length == 1 ? stores[0] : stores[indexOf(c)];
  }

  /** Whether the cell's family is one of the region's, found without copying its name. */
  boolean hasFamilyOf(Cell c) {
    return find(c) >= 0;
  }

  /** The index of the cell's family, which must be one of the region's. */
  private int indexOf(Cell c) {
    int k = find(c);
    if (k < 0) {
      throw new IllegalStateException("no store for family " + Bytes.toStringBinary(
          c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()));
    }
    return k;
  }

  /** The index of the cell's family, or -1 if the region has none of that name. */
  private int find(Cell c) {
    for (int k = 0; k < names.length; k++) {
      if (isFamily(k, c)) {
        return k;
      }
    }
    return -1;
  }

  private boolean isFamily(int k, Cell c) {
    byte[] name = names[k];
    return Bytes.equals(name, 0, name.length, c.getFamilyArray(), c.getFamilyOffset(),
        c.getFamilyLength());
  }
}
