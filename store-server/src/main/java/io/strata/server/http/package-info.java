/**
 * Each daemon's info port (HTTP): metrics as JMX JSON and Prometheus text, the configuration,
 * thread dumps, log levels and files, and the status pages. Netty's HTTP codec serves it; the
 * pages read the daemon through the interfaces it hands in, never the other way round.
 */
package io.strata.server.http;
