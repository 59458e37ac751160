package io.strata.shell.term;

import io.strata.client.Connection;
import io.strata.common.schema.TableName;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes command names (and variables) where a statement starts, table methods after
 * {@code t.}, table names inside quotes, and CONSTANTS elsewhere. Table names
 * come from the cluster at most every few seconds and only once connected, so Tab never waits.
 */
final class ShellCompleter implements Completer {
  /** Option and setting names the commands take. */
  static final List<String> CONSTANTS = List.of("BATCH", "BLOCKCACHE", "BLOCKSIZE",
      "BLOOMFILTER", "CACHE", "CACHE_BLOCKS", "COLUMN", "COLUMNS", "COMPRESSION",
      "CONFIGURATION", "DATA_BLOCK_ENCODING", "DURABILITY", "FILTER", "FORMATTER", "INTERVAL",
      "IN_MEMORY", "LIMIT", "MAXLENGTH", "MAX_FILESIZE", "MEMSTORE_FLUSHSIZE", "METADATA",
      "METHOD", "MIN_VERSIONS", "NAME", "NUMREGIONS", "RAW", "READONLY", "REVERSED",
      "ROWPREFIXFILTER", "SERVER_NAME", "SPLITALGO", "SPLITS", "SPLITS_FILE", "STARTROW",
      "STOPROW", "TIMERANGE", "TIMESTAMP", "TTL", "VERSIONS");
  private static final long TABLE_REFRESH_NANOS = 5_000_000_000L;

  private final ShellContext ctx;
  private List<String> tables = List.of();
  private long tablesAt = Long.MIN_VALUE / 2;

  ShellCompleter(ShellContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> out) {
    if (!(line instanceof ShellLineParser.Word w)) {
      return;
    }
    if (w.quoted()) {
      char quote = w.words().get(0).charAt(w.words().get(0).length() - 1);
      for (String t : tables()) {
        out.add(new Candidate(t + quote, t, "tables", null, null, null, true));
      }
      return;
    }
    if (w.afterDot()) {
      for (String m : ctx.registry().tableMethods()) {
        out.add(new Candidate(m, m, "table methods", null, null, null, true));
      }
      return;
    }
    if (w.statementStart()) {
      for (String name : ctx.registry().names()) {
        out.add(new Candidate(name, name, "commands", null, null, null, true));
      }
      for (Map.Entry<String, Object> v : ctx.variables().entrySet()) {
        if (v.getValue() instanceof TableRef) {
          out.add(new Candidate(v.getKey(), v.getKey(), "variables", null, null, null, false));
        }
      }
      return;
    }
    for (String c : CONSTANTS) {
      out.add(new Candidate(c, c, "constants", null, null, null, true));
    }
    for (String v : ctx.variables().keySet()) {
      out.add(new Candidate(v, v, "variables", null, null, null, true));
    }
  }

  private synchronized List<String> tables() {
    Connection conn = ctx.connectionIfReady();
    long now = System.nanoTime();
    if (conn != null && now - tablesAt > TABLE_REFRESH_NANOS) {
      try {
        List<String> names = new ArrayList<>();
        for (TableName t : conn.getAdmin().listTableNames()) {
          names.add(t.toString());
        }
        tables = names;
        tablesAt = now;
      } catch (Exception e) {
        // Completion is a convenience: a cluster that cannot answer now completes nothing.
      }
    }
    return tables;
  }
}
