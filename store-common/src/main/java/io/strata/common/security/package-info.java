/**
 * What clients and servers share about authentication: tokens, their file format
 * (docs/formats/token.md) and the SASL mechanism that proves them (docs/security.md).
 */
package io.strata.common.security;
