/** {@code bin/strata hbck}: the catalog's consistency check, through the client's Admin. */
package io.strata.shell.hbck;
