/**
 * ZooKeeper coordination: the znodes of the cluster ({@link io.strata.common.coordination.ZNodes}),
 * an embedded ZooKeeper server for standalone mode, a client session that reports its expiry,
 * master election, region server liveness and the cluster id. Knows servers by
 * {@link io.strata.common.schema.ServerName}; must not import the region, rpc or storage packages.
 */
package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;
