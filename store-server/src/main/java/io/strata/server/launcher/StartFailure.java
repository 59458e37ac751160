package io.strata.server.launcher;

/**
 * A failed start said in one line for the terminal: the failure's own message, followed by its
 * causes' where they add something (a bind's "Address already in use" under "cannot listen on
 * 127.0.0.1:17020"), and the kind of failure where nothing says more.
 */
final class StartFailure {
  private StartFailure() {}

  static String say(Throwable e) {
    StringBuilder sb = new StringBuilder(text(e));
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      String t = text(c);
      if (sb.indexOf(t) < 0) {
        sb.append(": ").append(t);
      }
    }
    return sb.toString().replace('\n', ' ');
  }

  private static String text(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }
}
