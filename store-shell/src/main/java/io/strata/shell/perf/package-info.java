/**
 * {@code bin/strata perf-suite}: the summary of docs/performance.md, measured end to end on a
 * private standalone with {@code bin/strata pe}, over TCP and through local connections.
 */
package io.strata.shell.perf;
