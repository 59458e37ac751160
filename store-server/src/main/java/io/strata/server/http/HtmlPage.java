package io.strata.server.http;

import java.util.Map;

/**
 * A status page in plain HTML (it works with scripts off): a title, sections, tables of facts
 * and rows, and the daemon's links (/jmx, /prometheus, /conf, /stacks, /logs/) at the top.
 */
public final class HtmlPage {
  private final StringBuilder b = new StringBuilder();

  public HtmlPage(String title) {
    // An empty icon: a browser asks for /favicon.ico otherwise, and logs the 404 as an error.
    b.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        + "<link rel=\"icon\" href=\"data:,\"><title>")
        .append(escape(title)).append("</title><style>")
        .append("body{font-family:sans-serif;margin:1em 2em}table{border-collapse:collapse}")
        .append("td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}")
        .append("th{background:#eee}nav a{margin-right:1em}</style></head><body>\n<nav>")
        .append("<a href=\"/\">status</a><a href=\"/jmx\">/jmx</a>")
        .append("<a href=\"/prometheus\">/prometheus</a><a href=\"/conf\">/conf</a>")
        .append("<a href=\"/stacks\">/stacks</a><a href=\"/logs/\">/logs</a></nav>\n<h1>")
        .append(escape(title)).append("</h1>\n");
  }

  public HtmlPage section(String heading) {
    b.append("<h2>").append(escape(heading)).append("</h2>\n");
    return this;
  }

  /** A two-column table of names and values. */
  public HtmlPage facts(Map<String, String> facts) {
    b.append("<table>");
    new java.util.TreeMap<>(facts).forEach((k, v) -> b.append("<tr><th>").append(escape(k))
        .append("</th><td>").append(escape(v)).append("</td></tr>"));
    b.append("</table>\n");
    return this;
  }

  public HtmlPage tableStart(String... headings) {
    b.append("<table><tr>");
    for (String h : headings) {
      b.append("<th>").append(escape(h)).append("</th>");
    }
    b.append("</tr>\n");
    return this;
  }

  public HtmlPage row(String... cells) {
    b.append("<tr>");
    for (String c : cells) {
      b.append("<td>").append(escape(c)).append("</td>");
    }
    b.append("</tr>\n");
    return this;
  }

  /** A row whose cells are HTML already (links). */
  public HtmlPage rowHtml(String... cells) {
    b.append("<tr>");
    for (String c : cells) {
      b.append("<td>").append(c).append("</td>");
    }
    b.append("</tr>\n");
    return this;
  }

  /** HTML made elsewhere (a chart). */
  public HtmlPage raw(String html) {
    b.append(html).append('\n');
    return this;
  }

  /** A link to {@code href} reading {@code text}, both escaped. */
  public static String link(String href, String text) {
    return "<a href=\"" + escape(href) + "\">" + escape(text) + "</a>";
  }

  /** The daemon's charts, each an inline SVG. */
  public HtmlPage charts(java.util.List<io.strata.server.metrics.History.Chart> charts,
      java.util.Map<String, String> units) {
    b.append("<div class=\"charts\">");
    for (io.strata.server.metrics.History.Chart c : charts) {
      b.append(SvgChart.render(c, units.getOrDefault(c.title(), ""))).append(' ');
    }
    b.append("</div>\n");
    return this;
  }

  public HtmlPage tableEnd() {
    b.append("</table>\n");
    return this;
  }

  public String render() {
    return b + "</body></html>\n";
  }

  /** Bytes in KB, MB or GB, as operators read sizes. */
  public static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format("%.1f %s", v, units[u]);
  }

  /** {@code s} safe in HTML and XML text and attributes; null is "". */
  public static String escape(String s) {
    if (s == null) {
      return "";
    }
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
