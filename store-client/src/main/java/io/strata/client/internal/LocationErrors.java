package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionMovedException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.WrongRegionException;
import io.strata.common.schema.ServerName;
import java.io.IOException;

/**
 * What a failed call proves about the location it used: the policy behind
 * {@link RegionLocations#onError}. An error proves staleness only of what it names.
 *
 * <table>
 *   <caption>Errors and what they prove</caption>
 *   <tr><th>error</th><th>proves</th></tr>
 *   <tr><td>NotServingRegion, WrongRegion (naming the region used)</td>
 *       <td>{@link Kind#REGION}: that region's entry is stale</td></tr>
 *   <tr><td>RegionMoved (naming the region used)</td>
 *       <td>{@link Kind#MOVED}: the region is on the server the error names</td></tr>
 *   <tr><td>CallTimeout (of a call to the server used) while the server still answered other
 *       calls on the connection</td>
 *       <td>{@link Kind#REGION}: that entry only; the server may just be slow</td></tr>
 *   <tr><td>CallTimeout (of a call to the server used) with the connection silent since the
 *       call was sent</td><td>{@link Kind#SERVER}: every entry on that server. A dead or
 *       cut-off host answers nothing; its regions are reopened elsewhere, and each entry left
 *       would cost the next call to it a whole timeout. A merely stalled server costs only
 *       meta lookups that find it again.</td></tr>
 *   <tr><td>ServerError raised by this client for an I/O error (no connection, or the
 *       connection to the server used was lost)</td><td>{@link Kind#SERVER}: every entry on that
 *       server</td></tr>
 *   <tr><td>anything else, a ServerError the server sent included (its own I/O error), or an
 *       error naming another region or server</td><td>{@link Kind#NOTHING}</td></tr>
 * </table>
 *
 * <p>A ServerErrorException the server sent is rebuilt from the wire without a cause; the client
 * raises its own (failed connect, connection closed or broken) with the I/O error as cause. One
 * whose cause chain holds a runtime exception is a failure inside the client and proves
 * nothing.
 */
final class LocationErrors {
  enum Kind { NOTHING, REGION, MOVED, SERVER }

  /** What an error proves; {@code movedTo} is set for {@link Kind#MOVED}. */
  record Proof(Kind kind, ServerName movedTo) {
    static final Proof NOTHING = new Proof(Kind.NOTHING, null);
    static final Proof REGION = new Proof(Kind.REGION, null);
    static final Proof SERVER = new Proof(Kind.SERVER, null);
  }

  private LocationErrors() {}

  /** What {@code error}, the (unwrapped) failure of a call on {@code used}, proves. */
  static Proof proof(RegionLocation used, Throwable error) {
    if (used == null || error == null) {
      return Proof.NOTHING;
    }
    if (error instanceof NotServingRegionException e) {
      return namesRegion(e.region(), used) ? Proof.REGION : Proof.NOTHING;
    }
    if (error instanceof WrongRegionException e) {
      return namesRegion(e.region(), used) ? Proof.REGION : Proof.NOTHING;
    }
    if (error instanceof RegionMovedException e) {
      if (!namesRegion(e.region(), used)) {
        return Proof.NOTHING;
      }
      try {
        return new Proof(Kind.MOVED, ServerName.parse(e.newServer()));
      } catch (IllegalArgumentException unreadable) {
        return Proof.REGION; // moved, to where we cannot tell: read meta
      }
    }
    if (error instanceof CallTimeoutException e) {
      if (!namesServer(e.details().get("server"), used.server())) {
        return Proof.NOTHING;
      }
      return e.silent() ? Proof.SERVER : Proof.REGION;
    }
    if (error instanceof ServerErrorException e && e.getCause() != null) {
      return namesServer(e.details().get("server"), used.server()) && network(e.getCause())
          ? Proof.SERVER : Proof.NOTHING;
    }
    return Proof.NOTHING;
  }

  /**
   * Whether a failure is the network's: I/O errors all the way down. A runtime exception in the
   * chain is this client's own trouble (Netty refusing to block one of its threads on a connect,
   * for one) and proves nothing about the server.
   */
  static boolean network(Throwable cause) {
    Throwable t = cause;
    for (int depth = 0; t != null && depth < 16; depth++) {
      if (!(t instanceof IOException)) {
        return false;
      }
      t = t.getCause() == t ? null : t.getCause();
    }
    return true;
  }

  /**
   * Whether an error's region (its encoded name or its full name; servers write either) is
   * {@code used}'s region; an error naming none is taken to be about the region called.
   */
  static boolean namesRegion(String named, RegionLocation used) {
    return named == null || named.equals(used.region().getEncodedName())
        || named.equals(used.region().getRegionNameAsString());
  }

  /**
   * Whether an error's server is {@code server}: written {@code host,port,startcode} (a
   * ServerName) or as a socket address ({@code host/ip:port}, {@code /ip:port}, {@code host:port});
   * host and port must match. An error naming none is taken to be about the server called (if
   * the location has one).
   */
  static boolean namesServer(String named, ServerName server) {
    if (server == null) {
      return false;
    }
    if (named == null) {
      return true;
    }
    if (named.indexOf(',') >= 0) {
      try {
        return RegionCache.sameAddress(ServerName.parse(named), server);
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
    int colon = named.lastIndexOf(':');
    if (colon < 0 || !named.substring(colon + 1).equals(Integer.toString(server.port()))) {
      return false;
    }
    String host = server.host().startsWith("[") ? server.host()
        : server.host().indexOf(':') >= 0 ? "[" + server.host() + "]" : server.host();
    for (String part : named.substring(0, colon).split("/", -1)) {
      if (part.equals(server.host()) || part.equals(host)) {
        return true;
      }
    }
    return false;
  }
}
