/**
 * The MapReduce tools behind {@code bin/strata}, with HBase's arguments (docs/mapreduce.md):
 * rowcounter, cellcounter, copytable, export, import and importtsv. Each runs on Hadoop's local
 * job runner unless the configuration names a cluster ({@code mapreduce.framework.name=yarn}).
 */
package io.strata.shell.mapreduce;
