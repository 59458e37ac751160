package io.strata.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.rpc.Tls;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a TCP connection to a server with strata.rpc.tls.enabled: it looks at
 * the first bytes, puts a TLS handler in its place when they open a TLS handshake, and answers a
 * plaintext client with an error frame saying to turn TLS on, instead of a handshake failure
 * the client could not read.
 */
final class TlsGate extends ByteToMessageDecoder {
  private static final Logger LOG = LoggerFactory.getLogger(TlsGate.class);
  /** A TLS record's header: type, version, length. */
  private static final int HEADER = 5;

  private final Tls tls;
  private final String server;

  TlsGate(Tls tls, String server) {
    this.tls = tls;
    this.server = server;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.readableBytes() < HEADER) {
      return;
    }
    if (SslHandler.isEncrypted(in)) {
      ctx.pipeline().replace(this, "tls", tls.serverHandler(ctx.alloc()));
      return;
    }
    LOG.warn("{}: refused a plaintext connection from {}: this server takes TLS only", server,
        ctx.channel().remoteAddress());
    in.skipBytes(in.readableBytes());
    ByteBuf buf = ctx.alloc().buffer();
    RpcFrame.write(buf, ResponseHeaderProto.newBuilder().setCallId(0)
        .setException(ServerConnection.toProto(new AccessDeniedException("this server takes "
            + "TLS connections only (strata.rpc.tls.enabled); set strata.rpc.tls.enabled=true "
            + "and strata.tls.truststore on the client"))).build(), null, (byte[]) null);
    ctx.writeAndFlush(buf).addListener(f -> ctx.close());
  }
}
