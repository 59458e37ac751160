package io.strata.common.util;

/**
 * When the call a server thread is serving must end: the client's own timeout, counted from
 * when the call arrived. Work that can run long on one piece of data (a filter's regular
 * expression over a large value, a row of millions of cells) checks it as it goes, and ends the
 * call with {@link Exceeded} rather than hold the thread for a client that has given up.
 */
public final class CallDeadline {
  private static final ThreadLocal<long[]> AT = ThreadLocal.withInitial(() -> new long[1]);

  private CallDeadline() {}

  /** Sets the deadline of the call this thread serves ({@link System#nanoTime}; 0: none). */
  public static void set(long deadlineNanos) {
    AT.get()[0] = deadlineNanos;
  }

  public static void clear() {
    AT.get()[0] = 0;
  }

  /** Throws {@link Exceeded} if this thread's call is past its deadline. */
  public static void check() {
    long d = AT.get()[0];
    if (d != 0 && System.nanoTime() - d > 0) {
      throw new Exceeded();
    }
  }

  /**
   * {@code text} as a regular expression engine reads it, checking this thread's deadline every
   * 64 K characters read; {@code text} itself when the call has no deadline.
   */
  public static CharSequence watched(String text) {
    long d = AT.get()[0];
    return d == 0 ? text : new Watched(text, d);
  }

  /** The call ran past its deadline; the server answers it with a timeout. */
  public static final class Exceeded extends RuntimeException {
    Exceeded() {
      super("the call ran past the client's timeout", null, false, false);
    }
  }

  private static final class Watched implements CharSequence {
    private final String text;
    private final long deadline;
    private int reads;

    Watched(String text, long deadline) {
      this.text = text;
      this.deadline = deadline;
    }

    @Override
    public char charAt(int index) {
      if ((++reads & 0xFFFF) == 0 && System.nanoTime() - deadline > 0) {
        throw new Exceeded();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new Watched(text.substring(start, end), deadline);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
