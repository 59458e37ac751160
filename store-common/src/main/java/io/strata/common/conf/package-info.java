/**
 * Typed configuration: every key declared once ({@link io.strata.common.conf.ConfigKey}) in a
 * holder listed by {@link io.strata.common.conf.ConfigKeys}, values layered from defaults, the
 * site file and {@code -D} properties, and the generated reference docs/configuration.md.
 * Imports no other Strata package.
 */
package io.strata.common.conf;
