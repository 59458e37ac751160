package io.strata.common.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import org.junit.jupiter.api.Test;

class RegionInfoTest {
  private static final TableName T = TableName.valueOf("users");

  private static RegionInfo region(String start, String end) {
    return RegionInfo.newBuilder(T).setStartKey(Bytes.toBytesBinary(start))
        .setEndKey(Bytes.toBytesBinary(end)).setRegionId(1700000000000L).build();
  }

  @Test
  void namesAreStable() {
    RegionInfo r = region("m\\x00", "");
    assertEquals("users,m\\x00,1700000000000", r.getRegionNameAsString());
    // Directory names on disk depend on this value: it must never change.
    assertEquals("2bb37996ef03f70db7956aee92d4aae4", r.getEncodedName());
    assertEquals(r.getEncodedName(), region("m\\x00", "").getEncodedName());
    assertNotEquals(r.getEncodedName(), region("m", "").getEncodedName());
    RegionInfo replica = RegionInfo.newBuilder(r).setReplicaId(2).build();
    assertEquals("users,m\\x00,1700000000000_0002", replica.getRegionNameAsString());
  }

  @Test
  void encodedNameIsTheMd5OfTheRegionName() throws Exception {
    RegionInfo r = region("a", "b");
    byte[] md5 = java.security.MessageDigest.getInstance("MD5").digest(r.getRegionName());
    assertEquals(Bytes.toHex(md5), r.getEncodedName());
    assertEquals("db3e766061d3c801ce806cbb53b39396", region("", "").getEncodedName());
  }

  @Test
  void containsRowHonoursTheHalfOpenRange() {
    RegionInfo r = region("b", "d");
    assertFalse(r.containsRow(Bytes.toBytes("a")));
    assertTrue(r.containsRow(Bytes.toBytes("b")));
    assertTrue(r.containsRow(Bytes.toBytes("c\\xFF")));
    assertFalse(r.containsRow(Bytes.toBytes("d")));
    RegionInfo whole = region("", "");
    assertTrue(whole.containsRow(Bytes.EMPTY));
    assertTrue(whole.containsRow(Bytes.toBytes("zzz")));
    assertTrue(whole.isFirst() && whole.isLast());
    assertTrue(r.containsRange(Bytes.toBytes("b"), Bytes.toBytes("d")));
    assertFalse(r.containsRange(Bytes.toBytes("b"), Bytes.toBytes("e")));
    assertFalse(r.containsRange(Bytes.toBytes("b"), Bytes.EMPTY));
    assertTrue(region("b", "").containsRange(Bytes.toBytes("c"), Bytes.EMPTY));
  }

  @Test
  void validationNamesTheProblem() {
    assertEquals("region of table 'users': start key 'd' must sort before end key 'b'",
        assertThrows(IllegalArgumentException.class, () -> region("d", "b")).getMessage());
    assertEquals("region of table 'users': start key 'b' must sort before end key 'b'",
        assertThrows(IllegalArgumentException.class, () -> region("b", "b")).getMessage());
    assertEquals("region of table 'users': replica id 65536 is outside 0..65535",
        assertThrows(IllegalArgumentException.class,
            () -> RegionInfo.newBuilder(T).setReplicaId(65536).build()).getMessage());
  }

  @Test
  void roundTripsThroughProtobuf() {
    RegionInfo r = RegionInfo.newBuilder(region("a", "q")).setReplicaId(1).setOffline(true)
        .setSplit(true).build();
    RegionInfo back = SchemaCodec.parseRegionInfo(SchemaCodec.serialize(r), "test");
    assertEquals(r, back);
    assertEquals(r.toString(), back.toString());
    assertEquals("{ENCODED => " + r.getEncodedName() + ", NAME => 'users,a,1700000000000_0001', "
        + "STARTKEY => 'a', ENDKEY => 'q', REPLICA_ID => 1, OFFLINE => true, SPLIT => true}",
        r.toString());
  }

  @Test
  void ordersByTableThenStartKey() {
    assertTrue(region("", "b").compareTo(region("b", "")) < 0);
    assertTrue(region("b", "").compareTo(RegionInfo.newBuilder(TableName.valueOf("v"))
        .setRegionId(1).build()) < 0);
  }
}
