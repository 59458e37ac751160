package io.strata.common.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DescriptorTest {
  private static String familyError(ColumnFamilyDescriptor.Builder b) {
    return assertThrows(IllegalArgumentException.class, b::build).getMessage();
  }

  @Test
  void familyDefaultsMatchTheDesign() {
    ColumnFamilyDescriptor cf = ColumnFamilyDescriptor.of("cf");
    assertEquals(1, cf.getMaxVersions());
    assertEquals(0, cf.getMinVersions());
    assertEquals(ColumnFamilyDescriptor.FOREVER, cf.getTimeToLive());
    assertEquals(65536, cf.getBlockSize());
    assertEquals(BloomType.ROW, cf.getBloomFilterType());
    assertEquals(Compression.NONE, cf.getCompression());
    assertEquals(DataBlockEncoding.NONE, cf.getDataBlockEncoding());
    assertEquals(false, cf.isInMemory());
    assertEquals(true, cf.isBlockCacheEnabled());
    assertEquals("{NAME => 'cf', VERSIONS => '1', MIN_VERSIONS => '0', TTL => 'FOREVER', "
        + "BLOCKSIZE => '65536', BLOOMFILTER => 'ROW', COMPRESSION => 'NONE', "
        + "DATA_BLOCK_ENCODING => 'NONE', IN_MEMORY => 'false', BLOCKCACHE => 'true'}",
        cf.toString());
  }

  @Test
  void familyValidationNamesTheAttribute() {
    assertEquals("column family 'cf': VERSIONS must be at least 1, was 0",
        familyError(ColumnFamilyDescriptor.newBuilder("cf").setMaxVersions(0)));
    assertEquals("column family 'cf': MIN_VERSIONS (3) must not exceed VERSIONS (2)",
        familyError(ColumnFamilyDescriptor.newBuilder("cf").setMaxVersions(2).setMinVersions(3)));
    assertEquals("column family 'cf': MIN_VERSIONS must not be negative, was -1",
        familyError(ColumnFamilyDescriptor.newBuilder("cf").setMinVersions(-1)));
    assertEquals("column family 'cf': TTL must be a positive number of seconds or FOREVER, was 0",
        familyError(ColumnFamilyDescriptor.newBuilder("cf").setTimeToLive(0)));
    assertEquals("column family 'cf': BLOCKSIZE must be between 1024 and 16777216 bytes, was 100",
        familyError(ColumnFamilyDescriptor.newBuilder("cf").setBlockSize(100)));
    assertEquals("column family 'cf': the bloom filter error rate must be above 0 and at most "
        + "0.5, was 0.0", familyError(ColumnFamilyDescriptor.newBuilder("cf").setBloomErrorRate(0)));
    assertEquals("column family name must not be empty; name it, for example 'cf'",
        familyError(ColumnFamilyDescriptor.newBuilder("")));
    assertEquals("column family name 'a:b': character ':' at position 1 is not allowed; use "
        + "letters, digits, '_', '-' and '.'", familyError(ColumnFamilyDescriptor.newBuilder("a:b")));
    assertEquals("column family name 'a\\x00': character 0x00 at position 1 is not allowed; use "
        + "letters, digits, '_', '-' and '.'",
        familyError(ColumnFamilyDescriptor.newBuilder(new byte[] {'a', 0})));
    assertEquals("column family name '.x' must not start with '.'",
        familyError(ColumnFamilyDescriptor.newBuilder(".x")));
  }

  @Test
  void enumAttributesParseCaseInsensitivelyAndListChoices() {
    assertEquals(Compression.ZSTD, Compression.parse("zstd"));
    assertEquals(BloomType.ROWCOL, BloomType.parse(" ROWCOL "));
    assertEquals(DataBlockEncoding.FAST_DIFF, DataBlockEncoding.parse("fast_diff"));
    assertEquals(DataBlockEncoding.ROW_INDEX_V1, DataBlockEncoding.parse("ROW_INDEX_V1"));
    assertEquals(Durability.FSYNC_WAL, Durability.parse("FSYNC_WAL"));
    assertEquals("unknown COMPRESSION 'lzo'; use one of NONE, GZ, SNAPPY, LZ4, ZSTD",
        assertThrows(IllegalArgumentException.class, () -> Compression.parse("lzo")).getMessage());
    assertEquals("unknown BLOOMFILTER 'null'; use one of NONE, ROW, ROWCOL",
        assertThrows(IllegalArgumentException.class, () -> BloomType.parse(null)).getMessage());
  }

  private static TableDescriptor fullTable() {
    return TableDescriptor.newBuilder(TableName.valueOf("ns:t"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder("b").setMaxVersions(5)
            .setMinVersions(1).setTimeToLive(3600).setBlockSize(8192)
            .setBloomFilterType(BloomType.ROWCOL).setBloomErrorRate(0.05)
            .setCompression(Compression.LZ4).setDataBlockEncoding(DataBlockEncoding.PREFIX)
            .setInMemory(true).setBlockCacheEnabled(false)
            .setConfiguration("strata.x", "1").build())
        .setColumnFamily(ColumnFamilyDescriptor.of("a"))
        .setMaxFileSize(10L << 30)
        .setMemStoreFlushSize(64L << 20)
        .setDurability(Durability.ASYNC_WAL)
        .setReadOnly(true)
        .addCoprocessor(new CoprocessorSpec("com.example.Observer", "hdfs:///cp.jar", 7,
            Map.of("k", "v")))
        .setValue("owner", "team-a")
        .build();
  }

  @Test
  void tableKeepsFamiliesInNameOrder() {
    TableDescriptor t = fullTable();
    assertEquals(List.of("a", "b"), t.getColumnFamilyNames());
    assertTrue(t.hasColumnFamily(Bytes.toBytes("b")));
    assertEquals(5, t.getColumnFamily(Bytes.toBytes("b")).getMaxVersions());
  }

  @Test
  void descriptorsRoundTripThroughProtobuf() {
    TableDescriptor t = fullTable();
    TableDescriptor back = SchemaCodec.parseTableDescriptor(SchemaCodec.serialize(t), "test");
    assertEquals(t, back);
    assertEquals(t.toString(), back.toString());
    TableDescriptor minimal = TableDescriptor.newBuilder(TableName.valueOf("m"))
        .setColumnFamily(ColumnFamilyDescriptor.of("cf")).build();
    assertEquals(minimal, SchemaCodec.parseTableDescriptor(SchemaCodec.serialize(minimal), "t"));
  }

  @Test
  void alteringKeepsTheRest() {
    TableDescriptor t = fullTable();
    TableDescriptor altered = TableDescriptor.newBuilder(t)
        .removeColumnFamily(Bytes.toBytes("a"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(t.getColumnFamily(Bytes.toBytes("b")))
            .setMaxVersions(9).build())
        .build();
    assertEquals(List.of("b"), altered.getColumnFamilyNames());
    assertEquals(9, altered.getColumnFamily(Bytes.toBytes("b")).getMaxVersions());
    assertEquals(3600, altered.getColumnFamily(Bytes.toBytes("b")).getTimeToLive());
    assertEquals(Durability.ASYNC_WAL, altered.getDurability());
  }

  @Test
  void tableValidationNamesTheProblem() {
    assertEquals("table 't': a table needs at least one column family; add one, for example 'cf'",
        assertThrows(IllegalArgumentException.class,
            () -> TableDescriptor.newBuilder(TableName.valueOf("t")).build()).getMessage());
    assertEquals("table 't': MAX_FILESIZE must be a positive number of bytes, was 0",
        assertThrows(IllegalArgumentException.class,
            () -> TableDescriptor.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(ColumnFamilyDescriptor.of("cf")).setMaxFileSize(0).build())
            .getMessage());
    assertEquals("column family 'x' does not exist in table 't'; its families are cf",
        assertThrows(IllegalArgumentException.class,
            () -> TableDescriptor.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(ColumnFamilyDescriptor.of("cf"))
                .removeColumnFamily(Bytes.toBytes("x"))).getMessage());
    assertEquals("coprocessor class name 'not a class' is not a Java class name such as "
        + "'com.example.MyObserver'", assertThrows(IllegalArgumentException.class,
            () -> CoprocessorSpec.of("not a class")).getMessage());
  }

  @Test
  void refusesAnUnknownFormatVersion() {
    byte[] data = SchemaCodec.toProto(fullTable()).toBuilder().setVersion(2).build().toByteArray();
    assertEquals("table descriptor has format version 2; this Strata reads version 1 (written by "
        + "a newer Strata, or damaged)", assertThrows(IllegalArgumentException.class,
            () -> SchemaCodec.parseTableDescriptor(data, "x")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> SchemaCodec.parseTableDescriptor(new byte[] {(byte) 0xFF, 1, 2}, "f/.tabledesc"))
        .getMessage().startsWith("cannot read the table descriptor in f/.tabledesc: "));
  }
}
