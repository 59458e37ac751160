package io.strata.server.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A daemon's info port: an HTTP server of {@link Page}s by path. Requests are served on its own
 * two threads, away from the RPC server's, so a slow page never delays a call; only GET and
 * POST are taken, and bodies are not read beyond 64 KB.
 *
 * <pre>{@code
 * InfoServer info = InfoServer.start("regionserver", "127.0.0.1", 17030, pages);
 * ... info.port() ...
 * info.close();
 * }</pre>
 */
public final class InfoServer implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(InfoServer.class);

  private final String name;
  private final Map<String, Page> pages;
  private final EventLoopGroup group;
  private final Channel channel;

  private InfoServer(String name, Map<String, Page> pages, EventLoopGroup group,
      Channel channel) {
    this.name = name;
    this.pages = pages;
    this.group = group;
    this.channel = channel;
  }

  /**
   * Listens on {@code host:port} (0: a free port) and serves {@code pages}, each at its path; a
   * path ending in "/" also serves every path below it.
   */
  public static InfoServer start(String name, String host, int port, Map<String, Page> pages)
      throws IOException {
    return start(name, host, port, pages, null);
  }

  /** As {@link #start(String, String, int, Map)}, serving HTTPS only when {@code tls} is set. */
  public static InfoServer start(String name, String host, int port, Map<String, Page> pages,
      io.strata.common.rpc.Tls tls) throws IOException {
    Map<String, Page> routes = new LinkedHashMap<>(pages);
    EventLoopGroup group = new NioEventLoopGroup(2, new DefaultThreadFactory(name + "-info"));
    InfoServer[] self = new InfoServer[1];
    try {
      Channel ch = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel c) {
              if (tls != null) {
                c.pipeline().addLast("tls", tls.serverHandler(c.alloc()));
              }
              c.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                  new Handler(self));
            }
          }).bind(host, port).sync().channel();
      self[0] = new InfoServer(name, routes, group, ch);
      LOG.info("{} info server on {}://{}:{}/", name, tls == null ? "http" : "https", host,
          self[0].port());
      return self[0];
    } catch (Exception e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw new IOException(name + " could not serve its info port on " + host + ":" + port
          + ": " + e.getMessage() + "; choose a free port (-1 turns the info port off)", e);
    }
  }

  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  Page find(String path) {
    Page p = pages.get(path);
    if (p != null) {
      return p;
    }
    String best = null;
    for (String prefix : pages.keySet()) {
      if (prefix.endsWith("/") && path.startsWith(prefix)
          && (best == null || prefix.length() > best.length())) {
        best = prefix;
      }
    }
    return best == null ? null : pages.get(best);
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final InfoServer[] server;

    Handler(InfoServer[] server) {
      this.server = server;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
      Page.Answer a = answer(req);
      FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
          HttpResponseStatus.valueOf(a.status()), Unpooled.wrappedBuffer(a.body()));
      res.headers().set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
      res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, a.body().length);
      res.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
      if (a.location() != null) {
        res.headers().set(HttpHeaderNames.LOCATION, a.location());
      }
      boolean keepAlive = HttpUtil.isKeepAlive(req);
      if (keepAlive) {
        res.headers().set(HttpHeaderNames.CONNECTION, "keep-alive");
        ctx.writeAndFlush(res);
      } else {
        ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
      }
    }

    private Page.Answer answer(FullHttpRequest req) {
      InfoServer s = server[0];
      QueryStringDecoder q = new QueryStringDecoder(req.uri());
      if (!req.method().equals(HttpMethod.GET) && !req.method().equals(HttpMethod.POST)) {
        return Page.Answer.text(405, req.method() + " is not served here; use GET (or POST "
            + "for /logLevel)\n");
      }
      Map<String, java.util.List<String>> params = new LinkedHashMap<>(q.parameters());
      if (req.method().equals(HttpMethod.POST)) {
        new QueryStringDecoder(req.content().toString(java.nio.charset.StandardCharsets.UTF_8),
            false).parameters().forEach(params::putIfAbsent);
      }
      Page p = s == null ? null : s.find(q.path());
      if (p == null) {
        return Page.Answer.text(404, "no page " + q.path() + " here; see / for what there is\n");
      }
      try {
        return p.serve(req.method().name(), q.path(), params);
      } catch (IllegalArgumentException e) {
        return Page.Answer.text(400, e.getMessage() + "\n");
      } catch (Exception e) {
        LOG.warn("{} info page {} failed", s.name, q.path(), e);
        return Page.Answer.text(500, "the page failed: " + e + "\n");
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
