package io.strata.client.internal.rpc;

import com.google.protobuf.ByteString;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;

/**
 * Who a client's connections say they are, in each connection header: a user name and, for a
 * cluster's own processes, the cluster secret they share (empty for every other client); with a
 * {@code proof} (a token, a Kerberos login), whose user {@code user} then is, proven after the
 * header ({@link SaslExchange}).
 */
record Identity(String user, byte[] clusterToken, Proof proof) {
  /** The connection header for {@code service} with this identity in it. */
  ConnectionHeaderProto.Builder header(String service) {
    ConnectionHeaderProto.Builder b = ConnectionHeaderProto.newBuilder()
        .setUser(user)
        .setService(service).setCellCodec("keyvalue");
    if (clusterToken != null) {
      b.setClusterToken(ByteString.copyFrom(clusterToken));
    }
    if (proof != null) {
      b.setAuthMechanism(proof.mechanism());
    }
    return b;
  }
}
