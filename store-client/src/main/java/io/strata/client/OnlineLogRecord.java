package io.strata.client;

import io.strata.common.schema.ServerName;

/**
 * One call from a region server's slow log, with HBase's OnlineLogRecord's getters: when it
 * started, how long it queued and was processed (milliseconds), its sizes, client, user,
 * method and parameter, and the region and table it named.
 */
public final class OnlineLogRecord {
  private final ServerName server;
  private final long startTime;
  private final long queueMicros;
  private final long processingMicros;
  private final long responseMicros;
  private final long requestSize;
  private final long responseSize;
  private final String clientAddress;
  private final String userName;
  private final String methodName;
  private final String param;
  private final String regionName;
  private final String tableName;
  private final String error;

  public OnlineLogRecord(ServerName server, long startTime, long queueMicros,
      long processingMicros, long responseMicros, long requestSize, long responseSize,
      String clientAddress, String userName, String methodName, String param, String regionName,
      String tableName, String error) {
    this.server = server;
    this.startTime = startTime;
    this.queueMicros = queueMicros;
    this.processingMicros = processingMicros;
    this.responseMicros = responseMicros;
    this.requestSize = requestSize;
    this.responseSize = responseSize;
    this.clientAddress = clientAddress;
    this.userName = userName;
    this.methodName = methodName;
    this.param = param;
    this.regionName = regionName;
    this.tableName = tableName;
    this.error = error;
  }

  /** The region server that answered the call. */
  public ServerName getServerName() {
    return server;
  }

  /** When the call was read, milliseconds since the epoch. */
  public long getStartTime() {
    return startTime;
  }

  /** Milliseconds it waited for a handler. */
  public int getQueueTime() {
    return (int) (queueMicros / 1000);
  }

  /** Milliseconds a handler took to make its answer. */
  public int getProcessingTime() {
    return (int) (processingMicros / 1000);
  }

  /** Milliseconds writing its answer took. */
  public int getResponseTime() {
    return (int) (responseMicros / 1000);
  }

  public long getRequestSize() {
    return requestSize;
  }

  public long getResponseSize() {
    return responseSize;
  }

  public String getClientAddress() {
    return clientAddress;
  }

  public String getUserName() {
    return userName;
  }

  /** The operation (get, scanNext, put, multi, ...). */
  public String getMethodName() {
    return methodName;
  }

  /** The call's parameter as text (cut at 1,024 characters). */
  public String getParam() {
    return param;
  }

  /** The encoded name of the region it named, or "". */
  public String getRegionName() {
    return regionName;
  }

  public String getTableName() {
    return tableName;
  }

  /** The error code it was answered with, or "". */
  public String getError() {
    return error;
  }

  /** The record as indented JSON, as HBase's shell prints it. */
  public String toJsonPrettyPrint() {
    StringBuilder b = new StringBuilder("{\n");
    field(b, "server", server.toString(), false);
    field(b, "start_time", Long.toString(startTime), true);
    field(b, "queue_time", Integer.toString(getQueueTime()), true);
    field(b, "processing_time", Integer.toString(getProcessingTime()), true);
    field(b, "response_time", Integer.toString(getResponseTime()), true);
    field(b, "request_size", Long.toString(requestSize), true);
    field(b, "response_size", Long.toString(responseSize), true);
    field(b, "client_address", clientAddress, false);
    field(b, "user_name", userName, false);
    field(b, "method_name", methodName, false);
    field(b, "region_name", regionName, false);
    field(b, "table_name", tableName, false);
    if (!error.isEmpty()) {
      field(b, "error", error, false);
    }
    b.append("  \"param\": ").append(quote(param)).append("\n}");
    return b.toString();
  }

  private static void field(StringBuilder b, String name, String value, boolean number) {
    b.append("  \"").append(name).append("\": ").append(number ? value : quote(value))
        .append(",\n");
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        default -> b.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
      }
    }
    return b.append('"').toString();
  }

  @Override
  public String toString() {
    return toJsonPrettyPrint();
  }
}
