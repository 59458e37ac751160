/**
 * store-server: region server, master, ZooKeeper coordination and the standalone launcher.
 * Each concept lives in its own sub-package whose package-info says what it owns.
 */
package io.strata.server;
