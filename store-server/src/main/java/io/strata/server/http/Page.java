package io.strata.server.http;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** What the info server answers one path with. */
@FunctionalInterface
public interface Page {
  /**
   * The answer to a request of {@code method} (GET or POST) for {@code path} (this page's, or
   * one below it) with these query parameters.
   */
  Answer serve(String method, String path, Map<String, List<String>> params)
      throws Exception;

  /**
   * An answer: its status, content type and body; {@code location} for a redirect (else null).
   */
  record Answer(int status, String contentType, byte[] body, String location) {
    public static Answer text(int status, String text) {
      return new Answer(status, "text/plain; charset=utf-8",
          text.getBytes(StandardCharsets.UTF_8), null);
    }

    public static Answer ok(String contentType, String body) {
      return new Answer(200, contentType, body.getBytes(StandardCharsets.UTF_8), null);
    }

    public static Answer redirect(String to) {
      return new Answer(302, "text/plain; charset=utf-8",
          ("see " + to).getBytes(StandardCharsets.UTF_8), to);
    }
  }

  /** The first value of a query parameter, or null. */
  static String param(Map<String, List<String>> params, String name) {
    List<String> v = params.get(name);
    return v == null || v.isEmpty() ? null : v.get(0);
  }
}
