package io.strata.server.memstore;

/**
 * Puts one write's cells into {@link SequencedCell#ORDER} before they are indexed, stably
 * (equal keys keep the order given, so the later of two still replaces the earlier).
 *
 * <p>Not {@code Arrays.sort}: its TimSort is one piece of compiled code for every caller in the
 * server, and each caller's arrays and comparator made the JIT's compiled merges of the others
 * wrong. In a server's first 1,000,000 random writes after sequential ones, its compiler
 * compiled TimSort's merges 28 times: 2.4 s of the 5.8 s it spent there (a JFR recording of
 * compilations). This sort compares through {@link SequencedCell#compare} directly, on arrays
 * of one type, so what is compiled for it stays right.
 */
final class BatchOrder {
  /** Runs this short are sorted by insertion before the merges. */
  private static final int RUN = 16;

  private BatchOrder() {}

  /**
   * Sorts {@code cells} stably. An array already in order (a write buffer's sequential rows) is
   * only read.
   */
  static void sort(SequencedCell[] cells) {
    int n = cells.length;
    int inOrder = 1;
    while (inOrder < n && SequencedCell.compare(cells[inOrder - 1], cells[inOrder]) <= 0) {
      inOrder++;
    }
    if (inOrder >= n) {
      return;
    }
    for (int lo = 0; lo < n; lo += RUN) {
      insertionSort(cells, lo, Math.min(lo + RUN, n));
    }
    SequencedCell[] from = cells;
    SequencedCell[] to = new SequencedCell[n];
    for (int width = RUN; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        merge(from, lo, Math.min(lo + width, n), Math.min(lo + 2 * width, n), to);
      }
      SequencedCell[] t = from;
      from = to;
      to = t;
    }
    if (from != cells) {
      System.arraycopy(from, 0, cells, 0, n);
    }
  }

  private static void insertionSort(SequencedCell[] a, int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
      SequencedCell c = a[i];
      int j = i - 1;
      while (j >= lo && SequencedCell.compare(a[j], c) > 0) { // not >=: stable
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = c;
    }
  }

  /** Merges the sorted {@code from[lo, mid)} and {@code from[mid, hi)} into {@code to[lo, hi)}. */
  private static void merge(SequencedCell[] from, int lo, int mid, int hi, SequencedCell[] to) {
    if (mid >= hi || SequencedCell.compare(from[mid - 1], from[mid]) <= 0) {
      System.arraycopy(from, lo, to, lo, hi - lo); // already in order across the two
      return;
    }
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      // The left one on a tie: stable.
      to[k] = i < mid && (j >= hi || SequencedCell.compare(from[i], from[j]) <= 0)
          ? from[i++] : from[j++];
    }
  }
}
