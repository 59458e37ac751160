package io.strata.client.internal;

import static io.strata.client.internal.RegionCacheTest.S1;
import static io.strata.client.internal.RegionCacheTest.S2;
import static io.strata.client.internal.RegionCacheTest.at;
import static io.strata.client.internal.RegionCacheTest.region;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.RegionLocation;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ErrorCode;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionMovedException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.error.UnknownScannerException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** What each error proves about the location a call used, and what it does not. */
class LocationErrorsTest {
  private static final ServerName LOCAL = ServerName.valueOf("localhost", 16020, 1);
  private final RegionLocation used = at(region("c", "g", 1), LOCAL);

  private LocationErrors.Proof proof(Throwable e) {
    return LocationErrors.proof(used, e);
  }

  private String encoded() {
    return used.region().getEncodedName();
  }

  @Test
  void notServingAndWrongRegionProveTheRegionNamedStale() {
    assertEquals(LocationErrors.Kind.REGION,
        proof(new NotServingRegionException(encoded(), LOCAL.toString())).kind());
    assertEquals(LocationErrors.Kind.REGION, proof(new NotServingRegionException(
        used.region().getRegionNameAsString(), LOCAL.toString())).kind());
    assertEquals(LocationErrors.Kind.REGION, proof(new WrongRegionException("x",
        used.region().getRegionNameAsString())).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new NotServingRegionException(
        region("g", "m", 1).getEncodedName(), LOCAL.toString())).kind(), "another region");
  }

  @Test
  void regionMovedNamesTheNewServer() {
    LocationErrors.Proof p = proof(new RegionMovedException(encoded(), S2.toString()));
    assertEquals(LocationErrors.Kind.MOVED, p.kind());
    assertEquals(S2, p.movedTo());
    assertEquals(LocationErrors.Kind.REGION,
        proof(new RegionMovedException(encoded(), "somewhere")).kind(), "no usable server");
  }

  @Test
  void aTimeoutOfACallToTheServerUsedProvesThatEntryOnly() {
    assertEquals(LocationErrors.Kind.REGION, proof(new CallTimeoutException("ClientService.Get",
        new InetSocketAddress("localhost", 16020).toString(), 100)).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new CallTimeoutException("ClientService.Scan",
        new InetSocketAddress("localhost", 16099).toString(), 100)).kind(),
        "a timeout of meta's server on another port says nothing about this region");
  }

  @Test
  void aTimeoutOnASilentConnectionProvesTheServerGone() {
    assertEquals(LocationErrors.Kind.SERVER, proof(new CallTimeoutException("ClientService.Get",
        new InetSocketAddress("localhost", 16020).toString(), 100, true)).kind());
    assertEquals(LocationErrors.Kind.REGION, proof(new CallTimeoutException("ClientService.Get",
        new InetSocketAddress("localhost", 16020).toString(), 100, false)).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new CallTimeoutException("ClientService.Get",
        new InetSocketAddress("localhost", 16099).toString(), 100, true)).kind());
  }

  @Test
  void aConnectionThisClientLostProvesTheServerGone() {
    assertEquals(LocationErrors.Kind.SERVER, proof(new ServerErrorException(LOCAL.toString(),
        new IOException("cannot connect to localhost:16020"))).kind());
    assertEquals(LocationErrors.Kind.SERVER, proof(new ServerErrorException(
        new InetSocketAddress("localhost", 16020).toString(),
        new IOException("the connection closed"))).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new ServerErrorException("/127.0.0.1:16020",
        new IOException("reset"))).kind(), "an address by IP alone does not name 'localhost'");
    assertEquals(LocationErrors.Kind.NOTHING, proof(new ServerErrorException(S1.toString(),
        new IOException("cannot connect"))).kind(), "another server");
    assertEquals(LocationErrors.Kind.SERVER, proof(new ServerErrorException(LOCAL.toString(),
        new IOException("cannot connect", new java.net.ConnectException("refused")))).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new ServerErrorException(LOCAL.toString(),
        new IOException("cannot connect to localhost:16020", new IllegalStateException(
            "blocking call on a network thread")))).kind(), "the client's own trouble");
  }

  @Test
  void errorsThatSayNothingAboutWhereTheRegionIsChangeNothing() {
    // The server's own failure, rebuilt from the wire: no cause, the server is up.
    StrataException fromServer = StrataException.fromWire(ErrorCode.SERVER_ERROR.code(),
        "unexpected error on localhost,16020,1: disk full", Map.of("server", LOCAL.toString()));
    assertEquals(ServerErrorException.class, fromServer.getClass());
    assertEquals(LocationErrors.Kind.NOTHING, proof(fromServer).kind());
    assertEquals(LocationErrors.Kind.NOTHING,
        proof(new ServerBusyException(LOCAL.toString(), "busy")).kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new UnknownScannerException(7, "gone"))
        .kind());
    assertEquals(LocationErrors.Kind.NOTHING, proof(new IOException("plain")).kind());
    assertEquals(LocationErrors.Kind.NOTHING, LocationErrors.proof(null,
        new NotServingRegionException(encoded(), "s")).kind(), "no location used");
  }

  @Test
  void serversAreNamedByServerNameOrBySocketAddress() {
    assertTrue(LocationErrors.namesServer("localhost,16020,7", LOCAL), "any start code");
    assertTrue(LocationErrors.namesServer("localhost/127.0.0.1:16020", LOCAL));
    assertTrue(LocationErrors.namesServer("localhost/<unresolved>:16020", LOCAL));
    assertTrue(LocationErrors.namesServer("localhost:16020", LOCAL));
    assertTrue(LocationErrors.namesServer(null, LOCAL), "unnamed: the server called");
    assertFalse(LocationErrors.namesServer("localhost:16021", LOCAL));
    assertFalse(LocationErrors.namesServer("otherhost/10.0.0.1:16020", LOCAL));
    assertFalse(LocationErrors.namesServer("127.0.0.1:2181", LOCAL), "ZooKeeper's quorum");
    assertFalse(LocationErrors.namesServer("strata:meta", LOCAL));
    assertFalse(LocationErrors.namesServer(null, null));
  }

  @Test
  void wrappedErrorsAreJudgedByOnErrorAsThemselves() {
    RegionLocations locations = RegionLocationsTest.locations(() -> S1);
    locations.add(used);
    assertTrue(locations.onError(used, new CompletionException(
        new NotServingRegionException(encoded(), LOCAL.toString()))));
    assertEquals(0, locations.cachedLocations(used.region().getTable()).size());
  }
}
