package io.strata.it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The status pages in a real browser, headless Chromium from Debian's packages: the master's
 * page lists the live servers and the tables, a table's page its regions, each page's charts are
 * drawn (their lines' colour fills part of a screenshot), and no page logs a script error.
 */
class StatusPagesBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void masterTableAndRegionServerPages() throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
        "Chromium and ChromeDriver are not installed (apt-get install chromium "
            + "chromium-driver; .ci/run does): the status pages were not tested in a browser");
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.status.history.interval", "200ms");
    try (MiniCluster mini = MiniCluster.start(conf, dir.resolve("cluster"), 2)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      TableName name = TableName.valueOf("t");
      admin.createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), new byte[][] {
              Bytes.toBytes("g"), Bytes.toBytes("n"), Bytes.toBytes("t")});
      Table t = conn.getTable(name);
      // Requests spread over a few samples, so the charts have lines to draw.
      long end = System.nanoTime() + Duration.ofMillis(1500).toNanos();
      int i = 0;
      while (System.nanoTime() < end) {
        byte[] row = Bytes.toBytes((char) ('a' + i % 26) + "row" + i);
        t.put(new Put(row).addColumn(F, F, row));
        t.get(new Get(row));
        i++;
      }
      List<String> regions = new ArrayList<>();
      conn.getRegionLocator(name).getAllRegionLocations()
          .forEach(l -> regions.add(l.region().getEncodedName()));
      assertEquals(4, regions.size());

      WebDriver browser = browser();
      try {
        browser.get("http://127.0.0.1:" + mini.master().infoPort() + "/");
        String text = browser.findElement(By.tagName("body")).getText();
        for (RegionServer rs : mini.regionServers()) {
          assertTrue(text.contains(rs.serverName().toString()), text);
        }
        chartsDrawn(browser, 2);
        noScriptErrors(browser);

        browser.findElement(By.linkText("t")).click();
        String table = browser.findElement(By.tagName("body")).getText();
        assertTrue(browser.getTitle().equals("Table t"), browser.getTitle());
        for (String r : regions) {
          assertTrue(table.contains(r), r + " on the table's page:\n" + table);
        }
        noScriptErrors(browser);

        for (RegionServer rs : mini.regionServers()) {
          browser.get("http://127.0.0.1:" + rs.infoPort() + "/");
          String page = browser.findElement(By.tagName("body")).getText();
          assertTrue(page.contains(rs.serverName().toString()), page);
          assertTrue(page.contains("Block cache") && page.contains("Slow calls"), page);
          chartsDrawn(browser, 3);
          noScriptErrors(browser);
        }
      } finally {
        browser.quit();
      }
    }
  }

  private WebDriver browser() throws Exception {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1280,2000", "--user-data-dir="
            + Files.createDirectories(dir.resolve("chromium")));
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort()
        .withLogFile(dir.resolve("chromedriver.log").toFile()).build();
    return new ChromeDriver(service, options);
  }

  /**
   * Each chart's lines cover a fair part of its screenshot: pixels of a line's colour (a
   * saturated one; the background is white, the axes grey, the text black).
   */
  private static void chartsDrawn(WebDriver browser, int expected) throws Exception {
    List<WebElement> charts = browser.findElements(By.cssSelector("svg.chart"));
    assertEquals(expected, charts.size());
    for (WebElement chart : charts) {
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(
          chart.getScreenshotAs(OutputType.BYTES)));
      int coloured = 0;
      for (int y = 0; y < img.getHeight(); y++) {
        for (int x = 0; x < img.getWidth(); x++) {
          int rgb = img.getRGB(x, y);
          int r = rgb >> 16 & 0xff;
          int g = rgb >> 8 & 0xff;
          int b = rgb & 0xff;
          if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
            coloured++;
          }
        }
      }
      // The legend's swatches are 30 pixels each, at most 4 a chart; a line across the chart
      // is some 1,000.
      assertTrue(coloured > 400, chart.getAttribute("aria-label") + ": " + coloured
          + " coloured pixels in " + chart.getAttribute("outerHTML"));
    }
  }

  private static void noScriptErrors(WebDriver browser) {
    for (LogEntry e : browser.manage().logs().get(LogType.BROWSER)) {
      assertTrue(e.getLevel().intValue() < Level.SEVERE.intValue(),
          browser.getCurrentUrl() + " logged " + e);
    }
  }
}
