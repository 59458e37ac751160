package io.strata.common.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ServerNameTest {
  @Test
  void parsesAndPrintsTheHbaseForm() {
    ServerName s = ServerName.parse("127.0.0.1,17020,1700000000000");
    assertEquals(new ServerName("127.0.0.1", 17020, 1700000000000L), s);
    assertEquals("127.0.0.1,17020,1700000000000", s.toString());
    assertEquals("127.0.0.1:17020", s.getAddress());
    assertEquals("[::1]:17020", ServerName.valueOf("::1", 17020, 1).getAddress());
    assertEquals(s, SchemaCodec.fromProto(SchemaCodec.toProto(s)));
  }

  @Test
  void rejectsMalformedNames() {
    assertEquals("server name 'host:17020' is not of the form host,port,startcode (for example "
        + "'host1,16020,1700000000000')", assertThrows(IllegalArgumentException.class,
            () -> ServerName.parse("host:17020")).getMessage());
    assertEquals("server name 'h,x,1': port and start code must be numbers (for example "
        + "'host1,16020,1700000000000')", assertThrows(IllegalArgumentException.class,
            () -> ServerName.parse("h,x,1")).getMessage());
    assertEquals("server port 70000 is outside 1..65535",
        assertThrows(IllegalArgumentException.class, () -> ServerName.parse("h,70000,1"))
            .getMessage());
  }
}
