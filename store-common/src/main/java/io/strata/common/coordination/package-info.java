/**
 * The names of Strata's znodes, shared by the servers that write them and the client that reads
 * them. Plain constants: the ZooKeeper library is used by store-client and store-server, not
 * here.
 */
package io.strata.common.coordination;
