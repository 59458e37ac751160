package io.strata.shell.verify;

import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The two kinds of acid reader, each checking every row it reads with {@link AcidCheck}
 * through {@link AcidStats#check}: a getter reads random rows with Get, a scanner reads the
 * whole table over and over with Scan. Partial results are not asked for, so each Result a
 * scan returns is a whole row as the server read it.
 */
final class AcidReaders {
  private static final int SCAN_CACHING = 100;

  private AcidReaders() {}

  static Runnable getter(Connection conn, TableName name, int rows, SplittableRandom random,
      AtomicBoolean stop, AcidStats stats) {
    return () -> {
      try (Table table = conn.getTable(name)) {
        while (!stop.get()) {
          try {
            Result r = table.get(new Get(AcidTable.row(random.nextInt(rows))));
            stats.gets.increment();
            stats.check(r);
          } catch (IOException | RuntimeException e) {
            stats.failed("get", e);
          }
        }
      }
    };
  }

  static Runnable scanner(Connection conn, TableName name, AtomicBoolean stop,
      AcidStats stats) {
    return () -> {
      try (Table table = conn.getTable(name)) {
        while (!stop.get()) {
          try (ResultScanner rs = table.getScanner(new Scan().setCaching(SCAN_CACHING))) {
            Result r;
            while ((r = rs.next()) != null && !stop.get()) {
              stats.check(r);
            }
            if (r == null) {
              stats.scans.increment();
            }
          } catch (IOException | RuntimeException e) {
            stats.failed("scan", e);
          }
        }
      }
    };
  }
}
