package io.strata.common.schema;

import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The immutable settings of one column family. Build one with {@link #newBuilder}; the builder
 * checks every value and names the shell attribute that is wrong.
 *
 * <pre>{@code
 * ColumnFamilyDescriptor cf = ColumnFamilyDescriptor.newBuilder("d")
 *     .setMaxVersions(3).setTimeToLive(86_400).setCompression(Compression.ZSTD).build();
 * }</pre>
 */
public final class ColumnFamilyDescriptor {
  public static final int DEFAULT_MAX_VERSIONS = 1;
  public static final int DEFAULT_MIN_VERSIONS = 0;
  /** TTL meaning "never expire". */
  public static final long FOREVER = Long.MAX_VALUE;
  public static final int DEFAULT_BLOCK_SIZE = 64 * 1024;
  public static final int MIN_BLOCK_SIZE = 1024;
  public static final int MAX_BLOCK_SIZE = 16 * 1024 * 1024;
  public static final BloomType DEFAULT_BLOOM_TYPE = BloomType.ROW;
  public static final double DEFAULT_BLOOM_ERROR_RATE = 0.01;

  private final byte[] name;
  private final int maxVersions;
  private final int minVersions;
  private final long timeToLiveSeconds;
  private final int blockSize;
  private final BloomType bloomType;
  private final double bloomErrorRate;
  private final Compression compression;
  private final DataBlockEncoding dataBlockEncoding;
  private final boolean inMemory;
  private final boolean blockCacheEnabled;
  private final Map<String, String> configuration;

  private ColumnFamilyDescriptor(Builder b) {
    this.name = b.name.clone();
    this.maxVersions = b.maxVersions;
    this.minVersions = b.minVersions;
    this.timeToLiveSeconds = b.timeToLiveSeconds;
    this.blockSize = b.blockSize;
    this.bloomType = b.bloomType;
    this.bloomErrorRate = b.bloomErrorRate;
    this.compression = b.compression;
    this.dataBlockEncoding = b.dataBlockEncoding;
    this.inMemory = b.inMemory;
    this.blockCacheEnabled = b.blockCacheEnabled;
    this.configuration = Collections.unmodifiableMap(new TreeMap<>(b.configuration));
  }

  public static Builder newBuilder(String name) {
    return new Builder(Bytes.toBytes(name));
  }

  public static Builder newBuilder(byte[] name) {
    return new Builder(name);
  }

  /** A builder holding every setting of {@code from}, to change some of them. */
  public static Builder newBuilder(ColumnFamilyDescriptor from) {
    return new Builder(from);
  }

  /** A family with every default. */
  public static ColumnFamilyDescriptor of(String name) {
    return newBuilder(name).build();
  }

  public byte[] getName() {
    return name.clone();
  }

  public String getNameAsString() {
    return Bytes.toString(name);
  }

  public int getMaxVersions() {
    return maxVersions;
  }

  public int getMinVersions() {
    return minVersions;
  }

  /** Seconds a cell lives after its timestamp; {@link #FOREVER} when it never expires. */
  public long getTimeToLive() {
    return timeToLiveSeconds;
  }

  public int getBlockSize() {
    return blockSize;
  }

  public BloomType getBloomFilterType() {
    return bloomType;
  }

  public double getBloomErrorRate() {
    return bloomErrorRate;
  }

  public Compression getCompression() {
    return compression;
  }

  public DataBlockEncoding getDataBlockEncoding() {
    return dataBlockEncoding;
  }

  public boolean isInMemory() {
    return inMemory;
  }

  public boolean isBlockCacheEnabled() {
    return blockCacheEnabled;
  }

  /** Per-family overrides of server configuration keys. */
  public Map<String, String> getConfiguration() {
    return configuration;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnFamilyDescriptor d && Arrays.equals(d.name, name)
        && d.maxVersions == maxVersions && d.minVersions == minVersions
        && d.timeToLiveSeconds == timeToLiveSeconds && d.blockSize == blockSize
        && d.bloomType == bloomType && d.bloomErrorRate == bloomErrorRate
        && d.compression == compression && d.dataBlockEncoding == dataBlockEncoding
        && d.inMemory == inMemory && d.blockCacheEnabled == blockCacheEnabled
        && d.configuration.equals(configuration);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(name) * 31 + maxVersions;
  }

  /** HBase shell style: {@code {NAME => 'd', VERSIONS => '3', ...}}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{NAME => '").append(Bytes.toStringBinary(name))
        .append("', VERSIONS => '").append(maxVersions)
        .append("', MIN_VERSIONS => '").append(minVersions)
        .append("', TTL => '").append(timeToLiveSeconds == FOREVER ? "FOREVER" : timeToLiveSeconds)
        .append("', BLOCKSIZE => '").append(blockSize)
        .append("', BLOOMFILTER => '").append(bloomType)
        .append("', COMPRESSION => '").append(compression)
        .append("', DATA_BLOCK_ENCODING => '").append(dataBlockEncoding)
        .append("', IN_MEMORY => '").append(inMemory)
        .append("', BLOCKCACHE => '").append(blockCacheEnabled).append('\'');
    if (!configuration.isEmpty()) {
      sb.append(", CONFIGURATION => ").append(configuration);
    }
    return sb.append('}').toString();
  }

  /** Collects settings; {@link #build()} validates them all. */
  public static final class Builder {
    private final byte[] name;
    private int maxVersions = DEFAULT_MAX_VERSIONS;
    private int minVersions = DEFAULT_MIN_VERSIONS;
    private long timeToLiveSeconds = FOREVER;
    private int blockSize = DEFAULT_BLOCK_SIZE;
    private BloomType bloomType = DEFAULT_BLOOM_TYPE;
    private double bloomErrorRate = DEFAULT_BLOOM_ERROR_RATE;
    private Compression compression = Compression.NONE;
    private DataBlockEncoding dataBlockEncoding = DataBlockEncoding.NONE;
    private boolean inMemory;
    private boolean blockCacheEnabled = true;
    private final Map<String, String> configuration = new TreeMap<>();

    private Builder(byte[] name) {
      this.name = name.clone();
    }

    private Builder(ColumnFamilyDescriptor d) {
      this.name = d.name.clone();
      this.maxVersions = d.maxVersions;
      this.minVersions = d.minVersions;
      this.timeToLiveSeconds = d.timeToLiveSeconds;
      this.blockSize = d.blockSize;
      this.bloomType = d.bloomType;
      this.bloomErrorRate = d.bloomErrorRate;
      this.compression = d.compression;
      this.dataBlockEncoding = d.dataBlockEncoding;
      this.inMemory = d.inMemory;
      this.blockCacheEnabled = d.blockCacheEnabled;
      this.configuration.putAll(d.configuration);
    }

    public Builder setMaxVersions(int v) {
      this.maxVersions = v;
      return this;
    }

    public Builder setMinVersions(int v) {
      this.minVersions = v;
      return this;
    }

    public Builder setTimeToLive(long seconds) {
      this.timeToLiveSeconds = seconds;
      return this;
    }

    public Builder setBlockSize(int bytes) {
      this.blockSize = bytes;
      return this;
    }

    public Builder setBloomFilterType(BloomType t) {
      this.bloomType = t;
      return this;
    }

    public Builder setBloomErrorRate(double rate) {
      this.bloomErrorRate = rate;
      return this;
    }

    public Builder setCompression(Compression c) {
      this.compression = c;
      return this;
    }

    public Builder setDataBlockEncoding(DataBlockEncoding e) {
      this.dataBlockEncoding = e;
      return this;
    }

    public Builder setInMemory(boolean v) {
      this.inMemory = v;
      return this;
    }

    public Builder setBlockCacheEnabled(boolean v) {
      this.blockCacheEnabled = v;
      return this;
    }

    public Builder setConfiguration(String key, String value) {
      if (value == null) {
        configuration.remove(key);
      } else {
        configuration.put(key, value);
      }
      return this;
    }

    public ColumnFamilyDescriptor build() {
      validateName(name);
      String where = "column family '" + Bytes.toStringBinary(name) + "': ";
      if (maxVersions < 1) {
        throw new IllegalArgumentException(where + "VERSIONS must be at least 1, was "
            + maxVersions);
      }
      if (minVersions < 0) {
        throw new IllegalArgumentException(where + "MIN_VERSIONS must not be negative, was "
            + minVersions);
      }
      if (minVersions > maxVersions) {
        throw new IllegalArgumentException(where + "MIN_VERSIONS (" + minVersions
            + ") must not exceed VERSIONS (" + maxVersions + ")");
      }
      if (timeToLiveSeconds <= 0) {
        throw new IllegalArgumentException(where + "TTL must be a positive number of seconds"
            + " or FOREVER, was " + timeToLiveSeconds);
      }
      if (blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
        throw new IllegalArgumentException(where + "BLOCKSIZE must be between " + MIN_BLOCK_SIZE
            + " and " + MAX_BLOCK_SIZE + " bytes, was " + blockSize);
      }
      if (!(bloomErrorRate > 0 && bloomErrorRate <= 0.5)) {
        throw new IllegalArgumentException(where
            + "the bloom filter error rate must be above 0 and at most 0.5, was " + bloomErrorRate);
      }
      if (bloomType == null || compression == null || dataBlockEncoding == null) {
        throw new IllegalArgumentException(where
            + "BLOOMFILTER, COMPRESSION and DATA_BLOCK_ENCODING must not be null");
      }
      return new ColumnFamilyDescriptor(this);
    }

    /**
     * Family names become directory names and appear in {@code family:qualifier} text, so they
     * are limited to letters, digits, '_', '-' and '.', not starting with '.'.
     */
    private static void validateName(byte[] name) {
      if (name.length == 0) {
        throw new IllegalArgumentException(
            "column family name must not be empty; name it, for example 'cf'");
      }
      String shown = Bytes.toStringBinary(name);
      if (name.length > 255) {
        throw new IllegalArgumentException("column family name '" + shown + "' is "
            + name.length + " bytes; the limit is 255");
      }
      if (name[0] == '.') {
        throw new IllegalArgumentException(
            "column family name '" + shown + "' must not start with '.'");
      }
      for (int i = 0; i < name.length; i++) {
        int c = name[i] & 0xFF;
        boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '_' || c == '-' || c == '.';
        if (!ok) {
          String ch = c >= 0x20 && c < 0x7F ? "'" + (char) c + "'" : String.format("0x%02X", c);
          throw new IllegalArgumentException("column family name '" + shown + "': character "
              + ch + " at position " + i
              + " is not allowed; use letters, digits, '_', '-' and '.'");
        }
      }
    }
  }
}
