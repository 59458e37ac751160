/**
 * The client's implementation: connections, the region location cache, the retrying caller,
 * the scanner protocol, and wire conversions. Not API: store-shell and user code use
 * {@code io.strata.client} only.
 */
package io.strata.client.internal;
