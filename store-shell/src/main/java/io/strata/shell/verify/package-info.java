/**
 * Tools that check a running cluster keeps its promises, meant to run alongside
 * {@code bin/strata chaos}:
 *
 * <ul>
 *   <li>{@code bin/strata itbll generate|verify} ({@link io.strata.shell.verify.ItbllMain}):
 *       writes circular linked lists whose every node must stay reachable, then scans the table
 *       and counts nodes that vanished or lost their referrer. A lost acknowledged write shows
 *       up as an UNDEFINED key.
 *   <li>{@code bin/strata acid} ({@link io.strata.shell.verify.AcidMain}): writes whole rows of
 *       30 cells with one value while other threads read them back with Get and Scan; a read
 *       that sees two values in one row, or only some of its cells, is a torn read.
 * </ul>
 *
 * <p>The judging logic ({@link io.strata.shell.verify.LinkCounts},
 * {@link io.strata.shell.verify.AcidCheck}, {@link io.strata.shell.verify.ItbllChain}) has no
 * I/O, so unit tests cover it without a cluster; the rest only moves data between it and the
 * client API.
 */
package io.strata.shell.verify;
