package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line, the row counts it makes (as HBase's tool makes them) and its mistakes. */
class PeArgsTest {
  private static PeOptions parse(String... args) {
    return PeArgs.parse(args).options();
  }

  private static void assertUsage(String message, String... args) {
    PeUsageException e = assertThrows(PeUsageException.class, () -> PeArgs.parse(args));
    assertEquals(message, e.getMessage());
  }

  @Test
  void defaultsAreHbases() {
    PeOptions o = parse("randomRead", "1");
    assertEquals(PeCommand.RANDOM_READ, o.command);
    assertEquals("TestTable", o.table);
    assertEquals(1_048_576, o.perClientRows);
    assertEquals(1_048_576, o.totalRows);
    assertEquals(1000, o.valueSize);
    assertEquals(30, o.caching);
    assertEquals(BloomType.ROW, o.bloomFilter);
    assertEquals(65536, o.blockSize);
    assertFalse(o.autoFlush);
    assertTrue(o.writeToWal);
    assertTrue(o.cacheBlocks);
    assertArrayEquals(new byte[][] {Bytes.toBytes("info0")}, o.familyNames());
    assertArrayEquals(new byte[][] {Bytes.toBytes("0")}, o.qualifiers());
  }

  @Test
  void rowsArePerClientAndClientsTakeConsecutiveSlices() {
    PeOptions o = parse("--rows=1000", "sequentialWrite", "4");
    assertEquals(1000, o.perClientRows);
    assertEquals(4000, o.totalRows);
    assertEquals(0, o.startRowOf(0));
    assertEquals(3000, o.startRowOf(3));
    PeOptions same = parse("--rows", "1000", "sequentialWrite", "4");
    assertEquals(4000, same.totalRows);
  }

  @Test
  void sizeIsTheWholeTableSharedByTheClients() {
    PeOptions o = parse("--size=2", "sequentialWrite", "4");
    assertEquals(2 * 1_048_576, o.totalRows);
    assertEquals(1_048_576 / 2, o.perClientRows);
    // randomRead with both: --size is the key space, --rows the gets of each client.
    PeOptions r = parse("--size=2", "--rows=500", "randomRead", "4");
    assertEquals(2 * 1_048_576, r.totalRows);
    assertEquals(500, r.perClientRows);
    // Random value sizes halve the row size, doubling the rows in a gigabyte.
    assertEquals(2 * 1_048_576, parse("--size=1", "--valueRandom", "scan", "1").totalRows);
  }

  @Test
  void aGivenStartRowIsEveryClientsAndTheCheckCommandsShareRowsFromZero() {
    PeOptions o = parse("--rows=10", "--startRow=500", "sequentialRead", "3");
    assertEquals(500, o.startRowOf(0));
    assertEquals(500, o.startRowOf(2));
    PeOptions inc = parse("--rows=10", "increment", "3");
    assertEquals(0, inc.startRowOf(2));
  }

  @Test
  void everyOptionIsParsed() {
    PeOptions o = parse("--table=t1", "--valueSize=100", "--valueZipf", "--columns=3",
        "--families=2", "--presplit=4", "--compress=lz4", "--blockEncoding=ROW_INDEX_V1",
        "--bloomFilter=NONE", "--blockSize=16384", "--inmemory=true", "--writeToWAL=false",
        "--autoFlush=true", "--multiPut=10", "--multiGet=5", "--caching=100",
        "--cacheBlocks=false", "--latency", "--oneCon=true", "--cycles=2",
        "--sampleRate=0.1", "--seed=7", "--json=out/r.json", "--nomapred", "--addColumns=false",
        "--bufferSize=4096", "--rows=100", "randomWrite", "2");
    assertEquals("t1", o.table);
    assertEquals(100, o.valueSize);
    assertTrue(o.valueZipf);
    assertEquals(3, o.columns);
    assertEquals(2, o.families);
    assertEquals(4, o.presplit);
    assertEquals(Compression.LZ4, o.compress);
    assertEquals(DataBlockEncoding.ROW_INDEX_V1, o.blockEncoding);
    assertEquals(BloomType.NONE, o.bloomFilter);
    assertEquals(16384, o.blockSize);
    assertTrue(o.inMemory);
    assertFalse(o.writeToWal);
    assertTrue(o.autoFlush);
    assertEquals(10, o.multiPut);
    assertEquals(5, o.multiGet);
    assertEquals(100, o.caching);
    assertFalse(o.cacheBlocks);
    assertTrue(o.latency);
    assertTrue(o.oneCon);
    assertEquals(2, o.cycles);
    assertEquals(10, o.everyN());
    assertEquals(7, o.seed);
    assertEquals(Path.of("out/r.json"), o.json);
    assertFalse(o.addColumns);
    assertEquals(4096, o.bufferSize);
    assertEquals(200, o.totalRows);
  }

  @Test
  void presplitKeysDivideTheKeySpaceEvenly() {
    PeOptions o = parse("--rows=1000", "--presplit=4", "sequentialWrite", "1");
    byte[][] keys = PeTable.splits(o);
    assertEquals(3, keys.length);
    assertEquals("00000000000000000000000250", Bytes.toString(keys[0]));
    assertEquals("00000000000000000000000750", Bytes.toString(keys[2]));
  }

  @Test
  void mistakesAreNamedWithWhatToDo() {
    assertUsage("say which command to run, e.g. bin/strata pe --rows=100000 sequentialWrite 1");
    assertUsage("unknown command 'randomread'; did you mean randomRead?", "randomread", "1");
    assertUsage("unknown command 'frob'; bin/strata pe --help lists the commands", "frob", "1");
    assertUsage("unknown option '--row'; bin/strata pe --help lists the options", "--row=5",
        "scan", "1");
    assertUsage("unknown option '--valuesize'; did you mean --valueSize?", "--valuesize=5",
        "scan", "1");
    assertUsage("say how many clients scan runs, e.g. bin/strata pe scan 1", "scan");
    assertUsage("the number of clients 'x' is not a number; options go before the command",
        "scan", "x");
    assertUsage("the number of clients must be at least 1, not 0", "scan", "0");
    assertUsage("unexpected '--rows=5' after the number of clients; options go before the"
        + " command", "scan", "1", "--rows=5");
    assertUsage("--rows=abc is not a whole number", "--rows=abc", "scan", "1");
    assertUsage("--rows=0 must be from 1 to 2147483647", "--rows=0", "scan", "1");
    assertUsage("--rows needs a value, e.g. --rows=10", "--rows");
    assertUsage("--autoFlush=yes: say true or false", "--autoFlush=yes", "scan", "1");
    assertUsage("--sampleRate=0 must be above 0 and at most 1", "--sampleRate=0", "scan", "1");
    assertUsage("--size=0.5 is in gigabytes and must be at least 1; use --rows for smaller runs",
        "--size=0.5", "scan", "1");
    assertUsage("--compress=zip: unknown COMPRESSION 'zip'; use one of NONE, GZ, SNAPPY, LZ4,"
        + " ZSTD", "--compress=zip", "scan", "1");
    assertUsage("--blockSize=10 is outside 1024..16777216", "--blockSize=10", "scan", "1");
    assertUsage("--valueRandom and --valueZipf exclude each other; pick one", "--valueRandom",
        "--valueZipf", "scan", "1");
    assertUsage("--multiPut needs --autoFlush=true (batches are sent with Table.put(List);"
        + " without autoFlush every write goes through the write buffer)", "--multiPut=10",
        "sequentialWrite", "1");
    assertUsage("--rows=2000000000 × 2 clients is more than 2147483647 rows; ask for fewer",
        "--rows=2000000000", "scan", "2");
    assertUsage("--startRow=2147483000 plus 1000 rows passes the last row number, 2147483647",
        "--rows=1000", "--startRow=2147483000", "scan", "1");
  }
}
