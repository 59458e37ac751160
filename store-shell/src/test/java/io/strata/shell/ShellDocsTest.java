package io.strata.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.shell.command.Command;
import io.strata.shell.command.CommandRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Fails when docs/shell-commands.md's command reference differs from the commands' help. Regenerate with
 * {@code mvn -q -pl store-shell test -Dtest=ShellDocsTest -Dstrata.regenerateDocs=true}.
 */
class ShellDocsTest {
  @Test
  void referenceMatchesTheCommands() throws Exception {
    Path doc = Path.of(System.getProperty("strata.source.root", ".."), "docs", "shell-commands.md");
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    int at = text.indexOf(ShellDocs.MARKER);
    assertTrue(at >= 0, doc + " lacks the line " + ShellDocs.MARKER);
    String expected = text.substring(0, at) + ShellDocs.render(Commands.all());
    if (Boolean.getBoolean("strata.regenerateDocs")) {
      Files.writeString(doc, expected, StandardCharsets.UTF_8);
    }
    assertEquals(expected, Files.readString(doc, StandardCharsets.UTF_8),
        "docs/shell-commands.md is stale; regenerate it with mvn -q -pl store-shell test "
            + "-Dtest=ShellDocsTest -Dstrata.regenerateDocs=true");
  }

  @Test
  void everyCommandHasAnExample() {
    CommandRegistry registry = Commands.all();
    for (Command c : registry.all()) {
      String help = c.help();
      assertTrue(help.contains("\n  " + c.name()) || help.contains("\n  t1 = get_table")
          || help.contains("\n  " + c.aliases().stream().findFirst().orElse(c.name())),
          c.name() + "'s help shows no example of it");
      assertTrue(help.endsWith("\n"), c.name());
    }
  }
}
