/** {@code bin/strata regionmover}: moving a region server's regions away and back. */
package io.strata.shell.mover;
