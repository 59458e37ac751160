/**
 * Schema objects shared by client and server: table names, table and column family
 * descriptors, region and server identities, and their durable protobuf form. Depends only on
 * {@code io.strata.common.util} and the generated {@code io.strata.common.proto}.
 */
package io.strata.common.schema;
