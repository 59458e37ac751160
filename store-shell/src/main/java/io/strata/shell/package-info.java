/**
 * store-shell: command-line tools (admin shell, pe, YCSB binding) built on the public client
 * API only: never on store-server or {@code io.strata.client.internal}.
 */
package io.strata.shell;
