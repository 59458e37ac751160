package io.strata.it.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The module and package layering of docs/architecture.md, as ArchUnit rules over a base
 * package, so the same rules check Strata ({@code io.strata}) and a fixture that breaks each.
 */
final class LayeringRules {
  private LayeringRules() {}

  static List<ArchRule> over(String base) {
    String common = base + ".common..";
    String client = base + ".client..";
    String clientInternal = base + ".client.internal..";
    String server = base + ".server..";
    String shell = base + ".shell..";
    String it = base + ".it..";
    return List.of(
        noClasses().that().resideInAPackage(common)
            .should().dependOnClassesThat().resideInAnyPackage(client, server, shell, it)
            .because("store-common depends on no other Strata module")
            .allowEmptyShould(true),
        noClasses().that().resideInAPackage(client)
            .should().dependOnClassesThat().resideInAnyPackage(server, shell, it)
            .because("the client never imports server code")
            .allowEmptyShould(true),
        noClasses().that().resideInAPackage(shell)
            .should().dependOnClassesThat().resideInAnyPackage(server, clientInternal, it)
            .because("the shell uses only the client's public API")
            .allowEmptyShould(true),
        noClasses().that().resideInAnyPackage(base + ".server.blockfile..",
                base + ".server.cache..", base + ".server.wal..", base + ".server.fs..",
                base + ".server.memstore..", base + ".server.compress..")
            .should().dependOnClassesThat().resideInAnyPackage(base + ".server.region..",
                base + ".server.master..", base + ".server.rpc..")
            .because("block files, the block cache, the WAL and the memstore know nothing of regions")
            .allowEmptyShould(true),
        noClasses().that().resideInAnyPackage(base + ".server.region..",
                base + ".server.blockfile..", base + ".server.cache..", base + ".server.wal..",
                base + ".server.memstore..", base + ".server.scan..",
                base + ".server.compaction..")
            .should().dependOnClassesThat().resideInAnyPackage(base + ".server.coprocessor..",
                base + ".server.quota..", base + ".server.security..")
            .because("coprocessor, quota and access control hooks call into regions; regions and"
                + " the storage below them know nothing of them")
            .allowEmptyShould(true),
        noClasses().that().resideInAnyPackage(base + ".server.region..",
                base + ".server.blockfile..", base + ".server.cache..", base + ".server.wal..",
                base + ".server.memstore..", base + ".server.scan..",
                base + ".server.compaction..", base + ".server.rpc..")
            .should().dependOnClassesThat().resideInAnyPackage(base + ".server.metrics..",
                base + ".server.http..")
            .because("metrics and info pages read the daemons through what they report; "
                + "storage, regions and RPC know nothing of them")
            .allowEmptyShould(true));
  }
}
