package io.strata.client.internal.rpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.netty.buffer.ByteBuf;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.RpcProtos.ExceptionProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.proto.RpcProtos.SaslMessageProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.security.DigestSasl;
import io.strata.common.security.Token;
import java.io.IOException;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;

/**
 * The client's end of a connection's token exchange (docs/formats/rpc.md, "Authentication"):
 * the frames to send after the connection header until the server says the token's user is
 * proven. Both connection kinds drive it, the Netty one from its event loop, the direct one
 * blocking. Not thread-safe.
 */
final class TokenSaslClient {
  /** The method name of the client's authentication frames. */
  static final String METHOD = "Authenticate";

  private final String address;
  private final SaslClient sasl;
  private boolean done;

  TokenSaslClient(Token token, String address) throws IOException {
    this.address = address;
    this.sasl = Sasl.createSaslClient(new String[] {DigestSasl.MECHANISM}, null,
        DigestSasl.PROTOCOL, DigestSasl.SERVER_NAME, DigestSasl.PROPERTIES,
        DigestSasl.clientCallbacks(token));
    if (sasl == null) {
      throw new IOException("this JVM offers no " + DigestSasl.MECHANISM + " SASL client");
    }
  }

  /** The first authentication frame, to follow the connection header. */
  void first(ByteBuf out) throws SaslException {
    byte[] initial = sasl.hasInitialResponse() ? sasl.evaluateChallenge(new byte[0]) : new byte[0];
    write(out, initial);
  }

  /**
   * Takes the server's answer {@code frame}: writes the next frame to {@code out} and returns
   * false, or returns true once the server says the client is authenticated. An error the
   * server sent instead, or a server that did not prove it knows the token, is thrown.
   */
  boolean answer(RpcFrame frame, ByteBuf out) throws IOException {
    ResponseHeaderProto header;
    SaslMessageProto message;
    try {
      header = ResponseHeaderProto.parseFrom(frame.header());
      if (header.hasException()) {
        ExceptionProto e = header.getException();
        throw StrataException.fromWire(e.getCode(), e.getMessage(), e.getDetailsMap());
      }
      message = SaslMessageProto.parseFrom(frame.param());
    } catch (InvalidProtocolBufferException e) {
      throw new IOException("the server at " + address + " answered the token exchange with a "
          + "malformed frame: " + e.getMessage());
    }
    byte[] next = sasl.isComplete() ? null : sasl.evaluateChallenge(message.getToken().toByteArray());
    if (message.getComplete()) {
      if (!sasl.isComplete()) {
        throw new AccessDeniedException("the server at " + address + " ended the token exchange "
            + "before proving it knows the token's key; is it a server of this cluster?");
      }
      done = true;
      return true;
    }
    write(out, next == null ? new byte[0] : next);
    return false;
  }

  boolean isDone() {
    return done;
  }

  private static void write(ByteBuf out, byte[] token) {
    RpcFrame.write(out, RequestHeaderProto.newBuilder().setCallId(0).setMethod(METHOD).build(),
        SaslMessageProto.newBuilder().setToken(ByteString.copyFrom(token)).build(),
        (byte[]) null);
  }
}
