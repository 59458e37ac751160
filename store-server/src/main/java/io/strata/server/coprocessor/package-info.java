/**
 * Coprocessors, as HBase's: code loaded into a region server that runs next to the data.
 * Observers ({@link io.strata.server.coprocessor.RegionObserver}) are called around a region's
 * operations and may bypass them or change their results; each region's are held by a
 * {@link io.strata.server.coprocessor.RegionCoprocessorHost}, loaded from
 * {@code strata.coprocessor.region.classes} and the table's descriptor. The region, block file,
 * cache and WAL layers know nothing of them: the region server calls the host around its calls
 * into a region.
 */
package io.strata.server.coprocessor;
