package io.strata.server.http;

import io.strata.server.metrics.History;
import java.util.Locale;

/**
 * A line chart drawn on the server as inline SVG: the page needs no script and fetches nothing.
 * Time runs left to right over the samples kept; the value axis starts at 0 and is labelled with
 * its top value; each line has a colour and a legend entry.
 */
public final class SvgChart {
  static final int WIDTH = 560;
  static final int HEIGHT = 180;
  static final int LEFT = 60;
  static final int BOTTOM = 24;
  static final int TOP = 24;
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
      "#9467bd", "#8c564b", "#e377c2", "#17becf"};

  private SvgChart() {}

  public static String render(History.Chart c, String unit) {
    StringBuilder b = new StringBuilder();
    b.append("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
        .append("\" height=\"").append(HEIGHT).append("\" role=\"img\" aria-label=\"")
        .append(HtmlPage.escape(c.title())).append("\">");
    b.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    b.append("<text x=\"").append(LEFT).append("\" y=\"14\" font-size=\"12\">")
        .append(HtmlPage.escape(c.title() + " (" + unit + ")")).append("</text>");
    double max = 0;
    for (double[] v : c.values()) {
      for (double x : v) {
        if (!Double.isNaN(x)) {
          max = Math.max(max, x);
        }
      }
    }
    double top = niceTop(max);
    int plotW = WIDTH - LEFT - 10;
    int plotH = HEIGHT - TOP - BOTTOM;
    int bottomY = TOP + plotH;
    b.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(bottomY).append("\" x2=\"")
        .append(LEFT + plotW).append("\" y2=\"").append(bottomY)
        .append("\" stroke=\"#888\"/><line x1=\"").append(LEFT).append("\" y1=\"").append(TOP)
        .append("\" x2=\"").append(LEFT).append("\" y2=\"").append(bottomY)
        .append("\" stroke=\"#888\"/>");
    b.append("<text x=\"").append(LEFT - 4).append("\" y=\"").append(TOP + 4)
        .append("\" font-size=\"10\" text-anchor=\"end\">").append(number(top)).append("</text>");
    b.append("<text x=\"").append(LEFT - 4).append("\" y=\"").append(bottomY)
        .append("\" font-size=\"10\" text-anchor=\"end\">0</text>");
    long[] t = c.times();
    if (t.length > 0) {
      long span = t[t.length - 1] - t[0];
      b.append("<text x=\"").append(LEFT).append("\" y=\"").append(HEIGHT - 6)
          .append("\" font-size=\"10\">").append(span == 0 ? "now" : duration(span) + " ago")
          .append("</text><text x=\"").append(LEFT + plotW).append("\" y=\"").append(HEIGHT - 6)
          .append("\" font-size=\"10\" text-anchor=\"end\">now</text>");
    }
    for (int i = 0; i < c.values().size(); i++) {
      String colour = COLOURS[i % COLOURS.length];
      double[] v = c.values().get(i);
      StringBuilder points = new StringBuilder();
      for (int k = 0; k < v.length; k++) {
        if (Double.isNaN(v[k])) {
          continue;
        }
        double x = LEFT + (v.length == 1 ? plotW : (double) plotW * k / (v.length - 1));
        double y = bottomY - (top == 0 ? 0 : plotH * v[k] / top);
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      }
      if (points.length() > 0) {
        b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(colour)
            .append("\" points=\"").append(points.toString().trim()).append("\"/>");
      }
      // The legend sits under the plot, between the time labels, clear of the lines.
      int lx = LEFT + 70 + i * 95;
      b.append("<rect x=\"").append(lx).append("\" y=\"").append(HEIGHT - 11)
          .append("\" width=\"10\" height=\"3\" fill=\"").append(colour).append("\"/><text x=\"")
          .append(lx + 14).append("\" y=\"").append(HEIGHT - 6).append("\" font-size=\"10\">")
          .append(HtmlPage.escape(c.lines().get(i))).append("</text>");
    }
    return b.append("</svg>").toString();
  }

  /** A round number at or above {@code max}: 1, 2 or 5 times a power of ten. */
  static double niceTop(double max) {
    if (max <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(max)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= max) {
        return m * p;
      }
    }
    return 10 * p;
  }

  static String number(double v) {
    return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v)
        : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }

  static String duration(long millis) {
    long s = millis / 1000;
    return s >= 120 ? (s / 60) + " min" : s + " s";
  }
}
