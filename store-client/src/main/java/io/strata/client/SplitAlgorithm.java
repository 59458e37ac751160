package io.strata.client;

import io.strata.common.util.Bytes;
import java.math.BigInteger;
import java.util.Locale;

/**
 * How to pick split keys when a table is created with a number of regions, as HBase's
 * {@code RegionSplitter} algorithms do:
 * <ul>
 *   <li>{@link #HEX_STRING} ("HexStringSplit"): rows are hex strings of 8 characters (such as MD5
 *       prefixes); the keys split 00000000..FFFFFFFF evenly.
 *   <li>{@link #UNIFORM} ("UniformSplit"): rows are raw bytes, evenly spread; the keys split
 *       0x00.. to 0xFF.. evenly over 8 bytes.
 *   <li>{@link #DECIMAL_STRING} ("DecimalStringSplit"): rows are decimal strings of 8 digits.
 * </ul>
 */
public enum SplitAlgorithm {
  HEX_STRING("HexStringSplit"),
  UNIFORM("UniformSplit"),
  DECIMAL_STRING("DecimalStringSplit");

  private final String hbaseName;

  SplitAlgorithm(String hbaseName) {
    this.hbaseName = hbaseName;
  }

  /** By HBase's class name (HexStringSplit, UniformSplit, DecimalStringSplit) or enum name. */
  public static SplitAlgorithm parse(String text) {
    for (SplitAlgorithm a : values()) {
      if (a.hbaseName.equalsIgnoreCase(text) || a.name().equalsIgnoreCase(text)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown split algorithm '" + text + "'; use "
        + "HexStringSplit, UniformSplit or DecimalStringSplit");
  }

  /** The {@code regions - 1} split keys that cut the key space into {@code regions}. */
  public byte[][] split(int regions) {
    if (regions < 2) {
      throw new IllegalArgumentException("a table split into " + regions + " region(s) needs no "
          + "split keys; ask for at least 2 regions");
    }
    BigInteger range = switch (this) {
      case HEX_STRING -> BigInteger.valueOf(0xFFFFFFFFL).add(BigInteger.ONE);
      case UNIFORM -> BigInteger.ONE.shiftLeft(64);
      case DECIMAL_STRING -> BigInteger.valueOf(100_000_000L);
    };
    if (range.compareTo(BigInteger.valueOf(regions)) < 0) {
      throw new IllegalArgumentException(regions + " regions are more than " + hbaseName
          + " can make distinct keys for");
    }
    byte[][] keys = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      BigInteger k = range.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(regions));
      keys[i - 1] = switch (this) {
        case HEX_STRING -> Bytes.toBytes(String.format(Locale.ROOT, "%08x", k.longValue()));
        case DECIMAL_STRING -> Bytes.toBytes(String.format(Locale.ROOT, "%08d", k.longValue()));
        case UNIFORM -> Bytes.toBytes(k.longValue());
      };
    }
    return keys;
  }

  @Override
  public String toString() {
    return hbaseName;
  }
}
