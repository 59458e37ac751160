/**
 * The YCSB binding: {@link io.strata.shell.ycsb.StrataYcsbClient}, a {@code site.ycsb.DB} over
 * the public client API, and {@link io.strata.shell.ycsb.YcsbMain}, which
 * {@code bin/strata ycsb load|run} runs: it checks the command line, makes sure the table is
 * there (creating it for {@code load}) and hands over to YCSB's {@code site.ycsb.Client}.
 * {@link io.strata.shell.ycsb.YcsbSettings} reads the binding's YCSB properties.
 *
 * <p>Imports only {@code io.strata.client}, {@code io.strata.common} and YCSB; never
 * {@code io.strata.client.internal} or the server.
 */
package io.strata.shell.ycsb;
