package io.strata.server.memstore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A segment's index of cells in {@link SequencedCell#ORDER}: a B+ tree whose nodes keep each
 * entry's four row words side by side in one {@code long[]}, so a search step compares words
 * read in order from one node instead of following a skip list's node and then the cell object,
 * each a cache miss in a memstore of 100,000 cells: a random row's insert into a
 * {@code ConcurrentSkipListMap} of 125,000 cells spent about 2 µs in those misses.
 *
 * <p>Writers take turns (the tree's monitor); readers take no lock and never see a node half
 * written. A batch of cells (a write buffer's 2,000 rows) copies each node on its paths the
 * first time it goes through it, changes its own copies in place for the batch's later cells,
 * and publishes the new root with one volatile write when it is done. A single cell (a single
 * put, an increment) copies only its leaf and swaps the copy in with one release store into the
 * leaf's parent; only a node that splits has its parent copied too. A single cell that goes
 * after the last of a leaf with room (rows written in order) is written into the leaf itself,
 * and the leaf's count is released after it. So an iterator sees every cell published before
 * it was made, and may or may not see cells published while it runs, as a concurrent skip
 * list's iterators do. A reader at an MVCC read point makes its iterators after taking the
 * point, and every edit at or below the point was published before then.
 *
 * <p>Inner nodes hold each child's lower bound: child {@code j} holds cells at or above bound
 * {@code j} and below bound {@code j + 1} (bound 0 is not compared). Removals (rolled-back
 * edits, rare) never merge nodes; a leaf they empty stays, and iterators step over it.
 */
final class CellTree {
  /**
   * Cells a leaf holds. A random write copies its leaf: 16 cells' words are half a KB. A memstore
   * of 125,000 cells (128 MB of 1 KB cells) then has 3 levels above its leaves, as with 32.
   */
  static final int LEAF_WIDTH = 16;
  /** Children an inner node holds. */
  static final int INNER_WIDTH = 32;

  /**
   * Batches of at most this many cells are inserted a cell at a time, each copying its leaf
   * alone; larger ones copy each node on their paths once. A whole path is about 5 KB to copy
   * for one cell; a batch spreads its copies over its cells.
   */
  static final int SMALL_BATCH = 4;

  /** Children are swapped in place with release stores and read with acquiring loads. */
  private static final VarHandle CHILD = MethodHandles.arrayElementVarHandle(Node[].class);
  /** A leaf's count grows in place when a cell goes after its last: released, acquired. */
  private static final VarHandle COUNT;

  static {
    try {
      COUNT = MethodHandles.lookup().findVarHandle(Node.class, "n", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private volatile Node root = new Node(0, 0, false); // its own: cells may go into it in place
  private volatile int size;
  /** Encoded bytes of the cells held. */
  private volatile long bytes;
  /** The current write's mark on the nodes it made; under the monitor. */
  private long owner;
  /** Lengths of cells that equal cells of the current write replaced; under the monitor. */
  private long replaced;
  // Where insert(Node, ...) put its cell: the leaf (null if it split), and the least bound above
  // the leaf's range on the way down (null: none, the right edge). Under the monitor.
  private Node reachedLeaf;
  private SequencedCell reachedBound;

  /** One node; a leaf when {@code children} is null. */
  static final class Node {
    final long owner;
    final int height;
    int n;
    final SequencedCell[] cells;
    /** Entry i's row words at 4i .. 4i + 3. */
    final long[] words;
    final Node[] children;

    Node(long owner, int height, boolean inner) {
      this.owner = owner;
      this.height = height;
      int width = inner ? INNER_WIDTH : LEAF_WIDTH;
      this.cells = new SequencedCell[width];
      this.words = new long[width * 4];
      this.children = inner ? new Node[width] : null;
    }

    /** Entries held, with every entry written before the count grew. */
    int count() {
      return (int) COUNT.getAcquire(this);
    }

    /** Child {@code j}, with everything written into it before it was swapped in. */
    Node child(int j) {
      return (Node) CHILD.getAcquire(children, j);
    }

    Node copy(long newOwner) {
      Node c = new Node(newOwner, height, children != null);
      c.n = n;
      System.arraycopy(cells, 0, c.cells, 0, n);
      System.arraycopy(words, 0, c.words, 0, n * 4);
      if (children != null) {
        System.arraycopy(children, 0, c.children, 0, n);
      }
      return c;
    }

    void set(int i, SequencedCell c) {
      cells[i] = c;
      int w = i * 4;
      words[w] = c.row0();
      words[w + 1] = c.row1();
      words[w + 2] = c.row2();
      words[w + 3] = c.row3();
    }

    /** Opens a slot at {@code i} (n below the width). */
    void open(int i) {
      int move = n - i;
      System.arraycopy(cells, i, cells, i + 1, move);
      System.arraycopy(words, i * 4, words, i * 4 + 4, move * 4);
      if (children != null) {
        System.arraycopy(children, i, children, i + 1, move);
      }
      n++;
    }

    /** Moves entries from {@code from} on to the empty node {@code right}. */
    void moveTail(int from, Node right) {
      int move = n - from;
      System.arraycopy(cells, from, right.cells, 0, move);
      System.arraycopy(words, from * 4, right.words, 0, move * 4);
      if (children != null) {
        System.arraycopy(children, from, right.children, 0, move);
        // Cleared, or the old versions of these children copied later would stay reachable.
        java.util.Arrays.fill(children, from, n, null);
        java.util.Arrays.fill(cells, from, n, null);
      }
      // A leaf's slots past its new count keep their cells: nothing reads past the count, and
      // the tree holds those cells anyway (in the right half). Clearing them was about a tenth
      // of a buffered random write's handler samples; leaves split every eighth random cell.
      right.n = move;
      n = from;
    }

    /** {@code k} against entry {@code i}: words first, the cell itself only when they tie. */
    int compare(SequencedCell k, int i) {
      int w = i * 4;
      long a = words[w];
      if (k.row0() != a) {
        return Long.compareUnsigned(k.row0(), a);
      }
      a = words[w + 1];
      if (k.row1() != a) {
        return Long.compareUnsigned(k.row1(), a);
      }
      a = words[w + 2];
      if (k.row2() != a) {
        return Long.compareUnsigned(k.row2(), a);
      }
      a = words[w + 3];
      if (k.row3() != a) {
        return Long.compareUnsigned(k.row3(), a);
      }
      return SequencedCell.compare(k, cells[i]);
    }

    /** The first entry at or above {@code k}; the count if none. */
    int lowerBound(SequencedCell k) {
      return lowerBound(k, count());
    }

    /** As {@link #lowerBound(SequencedCell)} among the first {@code limit} entries. */
    int lowerBound(SequencedCell k, int limit) {
      return first(k, 0, limit, 1);
    }

    /** The child whose range holds {@code k}: the last with a bound at or below it. */
    int childFor(SequencedCell k) {
      return first(k, 1, n, 0) - 1;
    }

    /** The child whose range holds the cells just below {@code k}: the last bound below it. */
    int childBelow(SequencedCell k) {
      return first(k, 1, n, 1) - 1;
    }

    /**
     * The first entry of {@code [lo, hi)} that {@code k} compares below {@code above} with ({@code
     * hi} if none): 1 finds the first at or above {@code k}, 0 the first above it.
     */
    private int first(SequencedCell k, int lo, int hi, int above) {
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (compare(k, mid) >= above) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }
  }

  int size() {
    return size;
  }

  /** Encoded bytes of the cells held: each published with its cells, taken out with them. */
  long bytes() {
    return bytes;
  }

  /** Levels above the leaves: 0 while the root is a leaf. */
  int height() {
    return root.height;
  }

  /**
   * Adds {@code cells[from, to)}, which are in {@link SequencedCell#ORDER}; a cell equal to one
   * held (same key, same write number) takes its place. Returns the bytes of the cells replaced.
   * More than {@link #SMALL_BATCH} cells are published together, or none if this throws; fewer
   * go in one by one ({@link #insertOne}).
   */
  synchronized long insert(SequencedCell[] sorted, int from, int to) {
    if (from >= to) {
      return 0;
    }
    if (to - from <= SMALL_BATCH) {
      long replacedBytes = 0;
      for (int i = from; i < to; i++) {
        replacedBytes += insertOne(sorted[i]);
      }
      return replacedBytes;
    }
    long mark = ++owner;
    replaced = 0;
    long added = 0;
    int count = size;
    Node r = root;
    r = r.owner == mark ? r : r.copy(mark);
    // A batch above every cell held (rows written in order) goes down the right edge: each cell
    // after the last, with no search on the way. Searched, it was some twenty comparisons a cell.
    boolean appending = goesLast(r, sorted[from]);
    Node finger = null;
    SequencedCell fingerBound = null;
    for (int i = from; i < to; i++) {
      SequencedCell c = sorted[i];
      added += c.getLength();
      long before = replaced;
      // Equal to the cell before it (a column given twice): searched, so it takes its place.
      appending = appending && (i == from || SequencedCell.compare(c, sorted[i - 1]) > 0);
      Node right = null;
      if (appending) {
        right = append(r, c, mark);
      } else if (finger != null && finger.n < LEAF_WIDTH
          && (fingerBound == null || SequencedCell.compare(c, fingerBound) < 0)) {
        // In the leaf the cell before went into: at or above that cell, below the leaf's bound.
        // A batch's cells mostly share leaves; each searched from the root, they took some
        // twenty comparisons apiece.
        putInLeaf(finger, c);
      } else {
        reachedBound = null;
        right = insert(r, c, mark);
        // A leaf that split holds less than the range the bound says; the next cell is searched
        // for again, and so is one that would split a full leaf.
        finger = reachedLeaf != null && reachedLeaf.n < LEAF_WIDTH ? reachedLeaf : null;
        fingerBound = reachedBound;
      }
      if (right != null) {
        r = newRoot(r, right, mark);
      }
      if (replaced == before) {
        count++;
      }
    }
    root = r; // before the size: a reader that read a size finds at least as many cells
    size = count;
    bytes = bytes + added - replaced;
    return replaced;
  }

  /** The leaf whose range holds {@code c}; the inner nodes and child indexes on the way. */
  private static Node descend(Node root, SequencedCell c, Node[] path, int[] index) {
    Node x = root;
    for (int h = root.height; h > 0; h--) {
      path[h] = x;
      index[h] = x.childFor(c);
      x = x.children[index[h]];
    }
    return x;
  }

  /** A root over the two halves of the old one. */
  private static Node newRoot(Node left, Node right, long mark) {
    Node up = new Node(mark, left.height + 1, true);
    up.set(0, left.cells[0]);
    up.children[0] = left;
    up.set(1, right.cells[0]);
    up.children[1] = right;
    up.n = 2;
    return up;
  }

  /**
   * Adds one cell, copying its leaf (and the parents of nodes that split) and swapping the copy
   * in; returns the bytes of the cell it replaced, if any.
   */
  synchronized long insertOne(SequencedCell c) {
    long mark = ++owner;
    Node r = root;
    Node[] path = new Node[r.height + 1];
    int[] index = new int[r.height + 1];
    Node x = descend(r, c, path, index);
    int at = x.lowerBound(c);
    if (at == x.n && at < LEAF_WIDTH) {
      // After the leaf's last cell, with room (rows written in order): written in place, the
      // count released after it. Readers see the cell or not, never half of it.
      x.set(at, c);
      COUNT.setRelease(x, at + 1);
      size = size + 1;
      bytes = bytes + c.getLength();
      return 0;
    }
    Node copy = x.copy(mark);
    Node right = null;
    long replacedBytes = 0;
    if (at < copy.n && copy.compare(c, at) == 0) {
      replacedBytes = copy.cells[at].getLength();
      copy.set(at, c);
    } else {
      right = place(copy, at, c, null, mark);
    }
    swapIn(path, index, copy, right, mark);
    if (replacedBytes == 0) {
      size = size + 1;
    }
    bytes = bytes + c.getLength() - replacedBytes;
    return replacedBytes;
  }

  /**
   * Puts {@code copy} where the node at the bottom of {@code path} was, with {@code right} (if
   * not null) after it: one release store into a parent that does not split; parents that must
   * take a new child are copied, up to a new root if need be.
   */
  private void swapIn(Node[] path, int[] index, Node copy, Node right, long mark) {
    int top = path.length - 1;
    for (int h = 1; h <= top; h++) {
      Node parent = path[h];
      int j = index[h];
      if (right == null) {
        CHILD.setRelease(parent.children, j, copy);
        return;
      }
      Node p = parent.copy(mark);
      p.children[j] = copy;
      right = place(p, j + 1, right.cells[0], right, mark);
      copy = p;
    }
    root = right == null ? copy : newRoot(copy, right, mark);
  }

  /**
   * Whether {@code c} goes after every cell under {@code node}, in the last child at every
   * level: it is at or above the bound of each last child on the right edge (which a search
   * follows, even where removals emptied that child) and above the last leaf's cells.
   */
  private static boolean goesLast(Node node, SequencedCell c) {
    Node x = node;
    while (x.children != null) {
      if (x.n > 1 && x.compare(c, x.n - 1) < 0) {
        return false;
      }
      x = x.children[x.n - 1];
    }
    return x.n == 0 || x.compare(c, x.n - 1) > 0;
  }

  /**
   * As {@link #insert(Node, SequencedCell, long)} for a cell above every cell under {@code node}:
   * it goes after the last, in the last child at every level.
   */
  private Node append(Node node, SequencedCell c, long mark) {
    if (node.children == null) {
      return place(node, node.n, c, null, mark);
    }
    int j = node.n - 1;
    Node right = append(ownedChild(node, j, mark), c, mark);
    return right == null ? null : place(node, j + 1, right.cells[0], right, mark);
  }

  /** Child {@code j} of {@code node} (which this write owns), copied for this write if not yet. */
  private static Node ownedChild(Node node, int j, long mark) {
    Node child = node.children[j];
    if (child.owner != mark) {
      child = child.copy(mark);
      node.children[j] = child;
    }
    return child;
  }

  /** Puts {@code c} into {@code leaf}, which this write owns and which has room for it. */
  private void putInLeaf(Node leaf, SequencedCell c) {
    int i = leaf.lowerBound(c);
    if (!replaces(leaf, i, c)) {
      leaf.open(i);
      leaf.set(i, c);
    }
  }

  /** Puts {@code c} in place of entry {@code i} of {@code leaf} if they are equal; says so. */
  private boolean replaces(Node leaf, int i, SequencedCell c) {
    if (i < leaf.n && leaf.compare(c, i) == 0) {
      replaced += leaf.cells[i].getLength();
      leaf.set(i, c);
      return true;
    }
    return false;
  }

  /**
   * Adds {@code c} under {@code node}, which this write owns; returns a new right sibling. Sets
   * {@link #reachedLeaf} and lowers {@link #reachedBound} to the bounds it passes.
   */
  private Node insert(Node node, SequencedCell c, long mark) {
    if (node.children == null) {
      int i = node.lowerBound(c);
      if (replaces(node, i, c)) {
        reachedLeaf = node;
        return null;
      }
      Node right = place(node, i, c, null, mark);
      reachedLeaf = right == null ? node : null; // split: its range is no longer the bound's
      return right;
    }
    int j = node.childFor(c);
    if (j + 1 < node.n) {
      reachedBound = node.cells[j + 1]; // a deeper bound is never above one passed before
    }
    Node right = insert(ownedChild(node, j, mark), c, mark);
    return right == null ? null : place(node, j + 1, right.cells[0], right, mark);
  }

  /**
   * Puts {@code c} (and, in an inner node, its {@code child}) at slot {@code i}; a full node
   * splits and the new right half is returned. A slot past the end (rows written in order)
   * starts the right half alone, so such writes fill nodes instead of leaving them half empty.
   */
  private static Node place(Node node, int i, SequencedCell c, Node child, long mark) {
    int width = node.cells.length;
    if (node.n < width) {
      node.open(i);
      node.set(i, c);
      if (child != null) {
        node.children[i] = child;
      }
      return null;
    }
    Node right = new Node(mark, node.height, node.children != null);
    int half = i == width ? width : width / 2;
    node.moveTail(half, right);
    Node target = i <= half && i < width ? node : right;
    int at = target == node ? i : i - half;
    target.open(at);
    target.set(at, c);
    if (child != null) {
      target.children[at] = child;
    }
    return right;
  }

  /** Takes out this very cell (not another equal to it); false if it is not held. */
  synchronized boolean remove(SequencedCell c) {
    Node r = root;
    Node[] path = new Node[r.height + 1];
    int[] index = new int[r.height + 1];
    Node x = descend(r, c, path, index);
    int i = x.lowerBound(c);
    if (i >= x.n || x.cells[i] != c) {
      return false;
    }
    Node copy = x.copy(++owner);
    System.arraycopy(copy.cells, i + 1, copy.cells, i, copy.n - i - 1);
    System.arraycopy(copy.words, i * 4 + 4, copy.words, i * 4, (copy.n - i - 1) * 4);
    copy.cells[--copy.n] = null;
    swapIn(path, index, copy, null, owner);
    size = size - 1;
    bytes = bytes - c.getLength();
    return true;
  }

  /** The first cell, or null. */
  SequencedCell first() {
    Iterator<SequencedCell> it = iterator(null);
    return it.hasNext() ? it.next() : null;
  }

  /** The cells at or above {@code from} (all if null), in order. */
  Iterator<SequencedCell> iterator(SequencedCell from) {
    return new Ascending(root, from);
  }

  /** The cells below {@code before} (all if null), highest first. */
  Iterator<SequencedCell> descendingIterator(SequencedCell before) {
    return new Descending(root, before);
  }

  /** A path from the root to a leaf entry, moved one entry at a time. */
  private abstract static class Cursor implements Iterator<SequencedCell> {
    final Node[] path; // path[h] is the node at height h; path[0] the leaf
    final int[] index;
    SequencedCell next;

    Cursor(Node root) {
      path = new Node[root.height + 1];
      index = new int[root.height + 1];
      path[root.height] = root;
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public SequencedCell next() {
      SequencedCell c = next;
      if (c == null) {
        throw new NoSuchElementException();
      }
      step();
      return c;
    }

    abstract void step();
  }

  private static final class Ascending extends Cursor {
    Ascending(Node root, SequencedCell from) {
      super(root);
      Node x = root;
      for (int h = root.height; h > 0; h--) {
        int j = from == null ? 0 : x.childFor(from);
        index[h] = j;
        x = x.child(j);
        path[h - 1] = x;
      }
      int limit = x.count();
      int at = from == null ? 0 : x.lowerBound(from, limit);
      // Past the entries counted, the leaf is done: a cell appended in place since (below
      // from, perhaps) is not to be handed out.
      index[0] = at < limit ? at - 1 : LEAF_WIDTH - 1;
      step();
    }

    @Override
    void step() {
      Node leaf = path[0];
      int i = ++index[0];
      while (i >= leaf.count()) { // the next leaf: up to the first node with a child to the right
        int h = 1;
        while (h < path.length && index[h] + 1 >= path[h].n) {
          h++;
        }
        if (h == path.length) {
          next = null;
          return;
        }
        index[h]++;
        for (; h > 0; h--) {
          path[h - 1] = path[h].child(index[h]);
          index[h - 1] = 0;
        }
        leaf = path[0];
        i = 0;
      }
      next = leaf.cells[i];
    }
  }

  private static final class Descending extends Cursor {
    Descending(Node root, SequencedCell before) {
      super(root);
      Node x = root;
      for (int h = root.height; h > 0; h--) {
        int j = before == null ? x.n - 1 : x.childBelow(before);
        index[h] = j;
        x = x.child(j);
        path[h - 1] = x;
      }
      index[0] = before == null ? x.count() : x.lowerBound(before);
      step();
    }

    @Override
    void step() {
      Node leaf = path[0];
      int i = --index[0];
      while (i < 0) { // the previous leaf
        int h = 1;
        while (h < path.length && index[h] == 0) {
          h++;
        }
        if (h == path.length) {
          next = null;
          return;
        }
        index[h]--;
        for (; h > 0; h--) {
          Node child = path[h].child(index[h]);
          path[h - 1] = child;
          index[h - 1] = h - 1 == 0 ? child.count() : child.n - 1;
        }
        leaf = path[0];
        i = --index[0];
      }
      next = leaf.cells[i];
    }
  }
}
