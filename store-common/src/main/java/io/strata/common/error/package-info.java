/**
 * The exceptions Strata reports, split into {@link io.strata.common.error.RetryableException}
 * and {@link io.strata.common.error.DoNotRetryException}, each with a stable
 * {@link io.strata.common.error.ErrorCode} for the wire. Imports no other Strata package.
 */
package io.strata.common.error;
