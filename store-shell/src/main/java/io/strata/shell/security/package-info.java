/** {@code bin/strata token}: tokens for users of a cluster that requires authentication. */
package io.strata.shell.security;
