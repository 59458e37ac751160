/** How the shell prints: bytes as HBase prints them, and HBase's two-column tables. */
package io.strata.shell.output;
