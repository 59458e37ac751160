package io.strata.shell.pe;

import java.util.Arrays;
import java.util.Random;

/**
 * Row keys and values laid out as HBase's PerformanceEvaluation lays them out, so that the
 * same command measures the same rows: a key is its row number in 26 zero-padded decimal
 * digits, a value runs of 8 equal capital letters (it compresses about as real data does).
 */
final class RowKeys {
  static final int ROW_LENGTH = 26;

  private RowKeys() {}

  /** Row {@code n}'s key: {@code n} in 26 decimal digits, zero-padded on the left. */
  static byte[] format(long n) {
    byte[] b = new byte[ROW_LENGTH];
    long d = Math.abs(n);
    int i = ROW_LENGTH - 1;
    // The digits past an int's range as a long, the rest as an int, and no division once only
    // zeros are left: C1 (pe's compiler) divides a long by a call into the VM, two a digit.
    for (; d > Integer.MAX_VALUE && i >= 0; i--) {
      b[i] = (byte) ('0' + d % 10);
      d /= 10;
    }
    for (int v = (int) d; v != 0 && i >= 0; i--) {
      b[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
    for (; i >= 0; i--) {
      b[i] = '0';
    }
    return b;
  }

  /**
   * One client's keys in turn: {@link #format} of each number asked for, the key after the last
   * one made by counting up from it. A sequential command asks for row after row, and C1 (pe's
   * compiler) takes a division a digit to format one, some 80 ns of a buffered write's 1.5 µs
   * on pe's own thread; the next key is the last one copied, its low digits carried.
   */
  static final class Sequence {
    private byte[] last;
    private long lastNumber;

    /** Row {@code n}'s key, a new array the caller may keep. */
    byte[] key(long n) {
      byte[] b;
      if (last != null && n == lastNumber + 1 && n > 0) {
        b = Arrays.copyOf(last, ROW_LENGTH); // C1 calls the VM for clone(), some 110 ns here
        int i = ROW_LENGTH - 1;
        while (b[i] == '9') { // n fits in 26 digits, so a digit below 9 ends the carry
          b[i--] = '0';
        }
        b[i]++;
      } else {
        b = format(n);
      }
      last = b;
      lastNumber = n;
      return b;
    }
  }

  /** A random row number in [0, totalRows), drawn as HBase's tool draws it. */
  static int randomRow(Random rand, int totalRows) {
    return rand.nextInt(Integer.MAX_VALUE) % totalRows;
  }

  /** {@code length} bytes: runs of 8 copies of a random capital letter, the tail one letter. */
  static byte[] value(Random rand, int length) {
    byte[] b = new byte[length];
    int i = rand instanceof ClientRandom fast ? fast.fillRuns(b, length) : 0;
    // pe's own draws go through ClientRandom.fillRuns; other Randoms (tests) take this loop.
    for (; i < length - 8; i += 8) {
      Arrays.fill(b, i, i + 8, (byte) ('A' + rand.nextInt(26)));
    }
    byte letter = (byte) ('A' + rand.nextInt(26));
    for (; i < length; i++) {
      b[i] = letter;
    }
    return b;
  }
}
