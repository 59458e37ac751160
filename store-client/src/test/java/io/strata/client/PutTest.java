package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.assertCell;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import org.junit.jupiter.api.Test;

class PutTest {
  private static final long LATEST = CellLimits.LATEST_TIMESTAMP;

  @Test
  void defaults() {
    Put put = new Put(b("r"));
    assertArrayEquals(b("r"), put.getRow());
    assertEquals(LATEST, put.getTimestamp());
    assertEquals(Durability.USE_DEFAULT, put.getDurability());
    assertTrue(put.isEmpty());
    assertEquals(0, put.size());
    assertTrue(put.cells().isEmpty());
    assertTrue(put.getFamilyCellMap().isEmpty());
  }

  @Test
  void cellsArePutsAtThePutTimestampUnlessGiven() {
    Put put = new Put(b("r"), 100L)
        .addColumn(b("f"), b("a"), b("1"))
        .addColumn(b("f"), b("b"), 7L, b("2"));
    List<Cell> cells = put.cells();
    assertEquals(2, put.size());
    assertFalse(put.isEmpty());
    assertCell(cells.get(0), "r", "f", "a", 100L, CellType.PUT, b("1"));
    assertCell(cells.get(1), "r", "f", "b", 7L, CellType.PUT, b("2"));

    Cell latest = new Put(b("r")).addColumn(b("f"), b("q"), b("v")).cells().get(0);
    assertEquals(LATEST, latest.getTimestamp());
  }

  @Test
  void nullQualifierAndValueAreEmpty() {
    Cell c = new Put(b("r")).addColumn(b("f"), null, null).cells().get(0);
    assertCell(c, "r", "f", "", LATEST, CellType.PUT, Bytes.EMPTY);
  }

  @Test
  void aByteBufferValueIsItsRemainingBytesKeptOrCopied() {
    byte[] pool = b("xxQUALyyVALUEzz");
    ByteBuffer q = ByteBuffer.wrap(pool, 2, 4);
    ByteBuffer v = ByteBuffer.wrap(pool, 8, 5);
    Put put = new Put(b("r")).addColumn(b("f"), q, 9L, v);
    Cell c = put.cells().get(0);
    assertCell(c, "r", "f", "QUAL", 9L, CellType.PUT, b("VALUE"));
    // Neither buffer moved; the value is read from the array it was given, not a copy.
    assertEquals(2, q.position());
    assertEquals(8, v.position());
    assertSame(pool, c.getValueArray());
    assertEquals(8, c.getValueOffset());
    // A qualifier that is all of its array is that array.
    byte[] qual = b("q");
    assertSame(qual, new Put(b("r")).addColumn(b("f"), ByteBuffer.wrap(qual), 1L, v).cells()
        .get(0).getQualifierArray());

    // A direct or read-only buffer is copied; null is empty.
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(b("abc")).flip();
    ByteBuffer readOnly = ByteBuffer.wrap(b("def")).asReadOnlyBuffer();
    Put copies = new Put(b("r"))
        .addColumn(b("f"), b("a"), 1L, b("-"))
        .addColumn(b("f"), null, 2L, (ByteBuffer) null)
        .addColumn(b("f"), direct, 3L, readOnly)
        .addColumn(b("f"), readOnly, 4L, direct);
    List<Cell> cells = copies.cells();
    assertCell(cells.get(1), "r", "f", "", 2L, CellType.PUT, Bytes.EMPTY);
    assertCell(cells.get(2), "r", "f", "abc", 3L, CellType.PUT, b("def"));
    assertCell(cells.get(3), "r", "f", "def", 4L, CellType.PUT, b("abc"));
    assertEquals(0, direct.position());
    assertEquals(0, readOnly.position());
    assertBadArgument(() -> new Put(b("r")).addColumn(b("f"), q, -1L, v), "negative");
  }

  @Test
  void familiesAreInUnsignedByteOrderAndCellsInAddOrder() {
    byte[] high = {(byte) 0xFF};
    Put put = new Put(b("r"))
        .addColumn(high, b("x"), b("1"))
        .addColumn(b("b"), b("z"), b("2"))
        .addColumn(b("a"), b("y"), b("3"))
        .addColumn(b("b"), b("a"), b("4"));
    NavigableMap<byte[], List<Cell>> map = put.getFamilyCellMap();
    List<byte[]> families = new ArrayList<>(map.keySet());
    assertEquals(3, families.size());
    assertArrayEquals(b("a"), families.get(0));
    assertArrayEquals(b("b"), families.get(1));
    assertArrayEquals(high, families.get(2));
    // Within a family the order is the order added (z before a), not sorted.
    assertArrayEquals(b("z"), TestCells.qualifier(map.get(b("b")).get(0)));
    assertArrayEquals(b("a"), TestCells.qualifier(map.get(b("b")).get(1)));
    List<Cell> all = put.cells();
    assertEquals(List.of("3", "2", "4", "1"),
        all.stream().map(c -> Bytes.toString(TestCells.value(c))).toList());
  }

  @Test
  void familyCellMapIsALiveReadOnlyView() {
    Put put = new Put(b("r")).addColumn(b("f"), b("q"), b("v"));
    NavigableMap<byte[], List<Cell>> map = put.getFamilyCellMap();
    assertThrows(UnsupportedOperationException.class, () -> map.remove(b("f")));
    assertThrows(UnsupportedOperationException.class, () -> map.get(b("f")).clear());
    put.addColumn(b("f"), b("q2"), b("v2")).addColumn(b("g"), b("q"), b("v"));
    assertEquals(2, map.get(b("f")).size());
    assertEquals(2, map.size());
  }

  @Test
  void theArraysGivenAreKeptNotCopied() {
    // As HBase's Put since 2.0: a 1 KB value is copied once, into the request, not also here.
    byte[] family = b("f");
    byte[] qualifier = b("q");
    byte[] value = b("v");
    Cell c = new Put(b("r")).addColumn(family, qualifier, value).cells().get(0);
    assertSame(value, c.getValueArray());
    assertSame(family, c.getFamilyArray());
    assertSame(qualifier, c.getQualifierArray());
    assertThrows(UnsupportedOperationException.class,
        () -> new Put(b("r")).addColumn(family, qualifier, value).getFamilyCellMap()
            .get(family).add(c));
  }

  @Test
  void hasAndGetFindColumns() {
    Put put = new Put(b("r"))
        .addColumn(b("f"), b("q"), 1L, b("old"))
        .addColumn(b("f"), b("q"), 2L, b("new"))
        .addColumn(b("f"), b("other"), b("x"));
    assertTrue(put.has(b("f"), b("q")));
    assertFalse(put.has(b("f"), b("q2")));
    assertFalse(put.has(b("g"), b("q")));
    List<Cell> q = put.get(b("f"), b("q"));
    assertEquals(2, q.size());
    assertEquals(1L, q.get(0).getTimestamp());
    assertEquals(2L, q.get(1).getTimestamp());
    assertTrue(put.get(b("g"), b("q")).isEmpty());
  }

  @Test
  void addCellChecksRowAndType() {
    Put put = new Put(b("row1"));
    put.add(KeyValue.of(b("row1"), b("f"), b("q"), 5L, CellType.PUT, b("v")));
    assertEquals(1, put.size());
    assertBadArgument(() -> put.add(KeyValue.of(b("row2"), b("f"), b("q"), 5L, CellType.PUT,
        b("v"))), "'row2'", "'row1'", "differs");
    assertBadArgument(() -> put.add(KeyValue.of(b("row1"), b("f"), b("q"), 5L, CellType.DELETE,
        Bytes.EMPTY)), "DELETE", "Delete");
    assertEquals(1, put.size());
  }

  @Test
  void badRowsAreRejectedWithTheReason() {
    assertBadArgument(() -> new Put(null), "Put row", "null");
    assertBadArgument(() -> new Put(Bytes.EMPTY), "Put row", "empty");
    assertBadArgument(() -> new Put(new byte[CellLimits.MAX_ROW_LENGTH + 1]),
        (CellLimits.MAX_ROW_LENGTH + 1) + " bytes", "limit is " + CellLimits.MAX_ROW_LENGTH);
    assertEquals(CellLimits.MAX_ROW_LENGTH,
        new Put(new byte[CellLimits.MAX_ROW_LENGTH]).getRow().length);
  }

  @Test
  void badFamiliesAndTimestampsAreRejected() {
    Put put = new Put(b("r"));
    assertBadArgument(() -> put.addColumn(null, b("q"), b("v")), "family", "null");
    assertBadArgument(() -> put.addColumn(Bytes.EMPTY, b("q"), b("v")), "family", "empty");
    assertBadArgument(() -> put.addColumn(new byte[256], b("q"), b("v")), "256 bytes");
    assertBadArgument(() -> put.addColumn(b("f"), b("q"), -1L, b("v")), "-1", "negative");
    assertBadArgument(() -> new Put(b("r"), -5L), "-5", "negative");
    assertTrue(put.isEmpty());
  }

  @Test
  void setDurabilityIsFluentAndChecked() {
    Put put = new Put(b("r"));
    Put same = put.setDurability(Durability.FSYNC_WAL);
    assertSame(put, same);
    assertEquals(Durability.FSYNC_WAL, put.getDurability());
    assertBadArgument(() -> put.setDurability(null), "durability", "USE_DEFAULT");
  }

  @Test
  void toStringShowsRowAndCells() {
    Put put = new Put(b("r\u0001")).addColumn(b("f"), b("q"), 3L, b("val"));
    assertEquals("Put{row='r\\x01', ts=LATEST, durability=USE_DEFAULT, "
        + "cells=[r\\x01/f:q/3/PUT/vlen=3]}", put.toString());
    Put big = new Put(b("r"));
    for (int i = 0; i < 25; i++) {
      big.addColumn(b("f"), Bytes.toBytes(i), b("v"));
    }
    assertTrue(big.toString().endsWith(", ... 5 more]}"), big.toString());
  }

  @Test
  void familiesMatchAModelWhicheverWayTheyAreAddedAndRead() {
    // A put keeps its first family out of a map until a second family or the map is asked
    // for: every order of adds and reads must give what a sorted map of lists gives.
    java.util.Random random = new java.util.Random(20261127);
    for (int round = 0; round < 500; round++) {
      Put put = new Put(b("r"));
      java.util.TreeMap<byte[], List<String>> model = new java.util.TreeMap<>(Bytes::compare);
      NavigableMap<byte[], List<Cell>> view = null;
      int steps = 1 + random.nextInt(8);
      for (int i = 0; i < steps; i++) {
        // Equal families as new arrays too: they are found by their bytes, not the array.
        byte[] family = b(String.valueOf((char) ('a' + random.nextInt(3))));
        String value = round + "." + i;
        put.addColumn(family, b("q" + i), b(value));
        model.computeIfAbsent(family, f -> new ArrayList<>()).add(value);
        if (random.nextInt(4) == 0 && view == null) {
          view = put.getFamilyCellMap();
        }
        List<String> sofar = new ArrayList<>();
        model.values().forEach(sofar::addAll);
        assertEquals(sofar, values(put.cells()), "round " + round + " step " + i);
      }
      List<String> all = new ArrayList<>();
      model.values().forEach(all::addAll);
      assertEquals(all, values(put.cells()), "round " + round);
      assertEquals(all.size(), put.size());
      for (NavigableMap<byte[], List<Cell>> map : List.of(put.getFamilyCellMap(),
          view == null ? put.getFamilyCellMap() : view)) {
        assertEquals(model.size(), map.size(), "round " + round);
        for (byte[] family : model.keySet()) {
          assertEquals(model.get(family), values(map.get(family)), "round " + round);
        }
        assertEquals(new ArrayList<>(model.keySet()).stream().map(Bytes::toString).toList(),
            map.keySet().stream().map(Bytes::toString).toList());
      }
      assertThrows(UnsupportedOperationException.class, () -> put.cells().remove(0));
      long encoded = 0;
      for (Cell c : put.cells()) {
        encoded += io.strata.common.cell.CellKeys.cellLength(c);
      }
      assertEquals(encoded, put.encodedSize());
    }
  }

  private static List<String> values(List<Cell> cells) {
    return cells.stream().map(c -> Bytes.toString(TestCells.value(c))).toList();
  }
}
