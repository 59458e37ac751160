package io.strata.server.rpc;

import java.util.Map;

/**
 * A named set of methods a server offers, such as "ClientService". A connection addresses one
 * service in its header; each call names one of its methods.
 */
public record RpcService(String name, Map<String, RpcMethod> methods) {
  public RpcService {
    methods = Map.copyOf(methods);
  }
}
