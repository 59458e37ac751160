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
import java.io.IOException;
import javax.security.sasl.SaslClient;

/**
 * The client's end of a connection's authentication (docs/formats/rpc.md, "Authentication"):
 * the SASL frames to send after the connection header until the server says the user is
 * proven. Both connection kinds drive it, the Netty one from its event loop, the direct one
 * blocking. Not thread-safe.
 */
final class SaslExchange {
  /** The method name of the client's authentication frames. */
  static final String METHOD = "Authenticate";

  /**
   * Runs a step of the mechanism as the user it proves: as is for a token, in the Kerberos
   * login's Subject for GSSAPI, whose steps take their tickets from it.
   */
  interface Privileged {
    Privileged NONE = new Privileged() {
      @Override
      public byte[] run(Step step) throws IOException {
        return step.run();
      }
    };

    byte[] run(Step step) throws IOException;
  }

  /** One step of the mechanism. */
  interface Step {
    byte[] run() throws IOException;
  }

  private final String address;
  private final SaslClient sasl;
  private final Privileged as;
  /** What the exchange is called in errors ("the token exchange", "the Kerberos exchange"). */
  private final String what;
  private boolean done;

  SaslExchange(SaslClient sasl, String address, Privileged as, String what) {
    this.address = address;
    this.sasl = sasl;
    this.as = as;
    this.what = what;
  }

  /** The first authentication frame, to follow the connection header. */
  void first(ByteBuf out) throws IOException {
    byte[] initial = sasl.hasInitialResponse()
        ? as.run(() -> sasl.evaluateChallenge(new byte[0])) : new byte[0];
    write(out, initial);
  }

  /**
   * Takes the server's answer {@code frame}: writes the next frame to {@code out} and returns
   * false, or returns true once the server says the client is authenticated. An error the
   * server sent instead, or a server that did not prove it knows the user's key, is thrown.
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
      throw new IOException("the server at " + address + " answered " + what + " with a "
          + "malformed frame: " + e.getMessage());
    }
    byte[] challenge = message.getToken().toByteArray();
    byte[] next = sasl.isComplete() ? null : as.run(() -> sasl.evaluateChallenge(challenge));
    if (message.getComplete()) {
      if (!sasl.isComplete()) {
        throw new AccessDeniedException("the server at " + address + " ended " + what
            + " before proving it is a server of this cluster; is it?");
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
