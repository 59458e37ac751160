/**
 * Table snapshots on the file system (docs/formats/snapshot.md): where they live, their
 * manifests, and which block files they, and the links of tables cloned from them, keep from the
 * archive cleaner and from being written over. The master's snapshot procedures and the region
 * servers use it; the block file, cache and WAL layers know nothing of it.
 */
package io.strata.server.snapshot;
