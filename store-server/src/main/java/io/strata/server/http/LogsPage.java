package io.strata.server.http;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * /logs/: the daemon's log directory listed, and /logs/NAME one of its files (the last 4 MB of
 * a longer one); never a path outside the directory.
 */
final class LogsPage implements Page {
  static final long MAX_BYTES = 4L << 20;

  private final Path dir;
  private final String prefix;

  LogsPage(Path dir, String prefix) {
    this.dir = dir;
    this.prefix = prefix;
  }

  @Override
  public Answer serve(String method, String path, Map<String, List<String>> params)
      throws IOException {
    return path.length() <= prefix.length() ? listing()
        : file(path.substring(prefix.length()));
  }

  Answer listing() throws IOException {
    if (dir == null || !Files.isDirectory(dir)) {
      return Answer.text(404, "this daemon writes no log directory (strata.log.dir unset)\n");
    }
    Map<String, Long> files = new TreeMap<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path p : s) {
        if (Files.isRegularFile(p)) {
          files.put(p.getFileName().toString(), Files.size(p));
        }
      }
    }
    StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        + "<title>Logs</title></head><body><h1>Logs in ").append(HtmlPage.escape(dir.toString()))
        .append("</h1><ul>");
    files.forEach((n, size) -> b.append("<li><a href=\"").append(prefix)
        .append(HtmlPage.escape(n)).append("\">").append(HtmlPage.escape(n)).append("</a> ")
        .append(size).append(" bytes</li>"));
    return Answer.ok("text/html; charset=utf-8", b.append("</ul></body></html>\n").toString());
  }

  Answer file(String name) throws IOException {
    Path f = dir == null ? null : dir.resolve(name).normalize();
    if (f == null || !f.getParent().equals(dir.normalize()) || !Files.isRegularFile(f)) {
      return Answer.text(404, "no log file " + name + "; see " + prefix + " for the list\n");
    }
    long size = Files.size(f);
    try (var ch = Files.newByteChannel(f)) {
      long from = Math.max(0, size - MAX_BYTES);
      ch.position(from);
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) (size - from));
      while (buf.hasRemaining() && ch.read(buf) > 0) {
        // read on
      }
      return new Answer(200, "text/plain; charset=utf-8", buf.array(), null);
    }
  }
}
