/**
 * store-client: the public client API (Connection, Table, Admin, operations, Result, filters).
 * Depends on store-common only; never on store-server. Implementation packages are named
 * {@code io.strata.client.internal...}; store-shell and user code must not import them.
 */
package io.strata.client;
