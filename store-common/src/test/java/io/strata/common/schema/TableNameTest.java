package io.strata.common.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TableNameTest {
  private static String error(String name) {
    return assertThrows(IllegalArgumentException.class, () -> TableName.valueOf(name))
        .getMessage();
  }

  @Test
  void parsesDefaultAndExplicitNamespaces() {
    TableName users = TableName.valueOf("users");
    assertEquals("default", users.getNamespace());
    assertEquals("users", users.getQualifier());
    assertEquals("users", users.toString());
    assertEquals(users, TableName.valueOf("default:users"));
    TableName cpu = TableName.valueOf("metrics:cpu.load-1_m");
    assertEquals("metrics", cpu.getNamespace());
    assertEquals("cpu.load-1_m", cpu.getQualifier());
    assertEquals("metrics:cpu.load-1_m", cpu.getNameAsString());
    assertFalse(cpu.isSystemTable());
  }

  @Test
  void metaIsTheSystemCatalog() {
    assertSame(TableName.META, TableName.valueOf("strata:meta"));
    assertTrue(TableName.META.isSystemTable());
    assertEquals("strata:meta", TableName.META.toString());
  }

  @Test
  void rejectsBadNamesWithExactMessages() {
    assertEquals("table name must not be empty; name a table such as 'users' or 'ns:users'",
        error(""));
    assertEquals("invalid table name 'a b': character ' ' at position 1 is not allowed in a "
        + "table qualifier; use letters, digits, '_', '-' and '.'", error("a b"));
    assertEquals("invalid table name 'ns:a/b': character '/' at position 4 is not allowed in a "
        + "table qualifier; use letters, digits, '_', '-' and '.'", error("ns:a/b"));
    assertEquals("invalid table name '.hidden': a table qualifier must not start with '.' or '-'",
        error(".hidden"));
    assertEquals("invalid table name '-x': a table qualifier must not start with '.' or '-'",
        error("-x"));
    assertEquals("invalid table name 'a:b:c': it has more than one ':'; write namespace:qualifier",
        error("a:b:c"));
    assertEquals("invalid table name ':t': the namespace before ':' is empty; write "
        + "namespace:qualifier or leave out ':'", error(":t"));
    assertEquals("invalid table name 'ns:': the table qualifier after ':' is empty", error("ns:"));
    assertEquals("invalid namespace 'my-ns' in table name 'my-ns:t': character '-' at position 2 "
        + "is not allowed in a namespace; use letters, digits and '_'", error("my-ns:t"));
    assertEquals("invalid table name '" + "x".repeat(129) + "': the qualifier is 129 characters "
        + "long; the limit is 128", error("x".repeat(129)));
  }

  @Test
  void validatesNamespacesOnTheirOwn() {
    assertEquals("ns_1", TableName.validateNamespace("ns_1"));
    assertEquals("invalid namespace 'a.b': character '.' at position 1 is not allowed in a "
            + "namespace; use letters, digits and '_'",
        assertThrows(IllegalArgumentException.class, () -> TableName.validateNamespace("a.b"))
            .getMessage());
  }

  @Test
  void ordersByNamespaceThenQualifier() {
    assertTrue(TableName.valueOf("a:z").compareTo(TableName.valueOf("b:a")) < 0);
    assertTrue(TableName.valueOf("ns:a").compareTo(TableName.valueOf("ns:b")) < 0);
  }
}
