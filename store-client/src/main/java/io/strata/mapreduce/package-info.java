/**
 * MapReduce over Strata tables, with HBase's names (docs/mapreduce.md): {@link
 * io.strata.mapreduce.TableInputFormat} (a split per region), {@link
 * io.strata.mapreduce.MultiTableInputFormat}, {@link io.strata.mapreduce.TableOutputFormat}
 * (puts and deletes through a write buffer), {@link io.strata.mapreduce.MultiTableOutputFormat},
 * the {@link io.strata.mapreduce.TableMapper} and {@link io.strata.mapreduce.TableReducer} base
 * classes, and {@link io.strata.mapreduce.TableMapReduceUtil} to set a job up. Hadoop
 * MapReduce is a {@code provided} dependency: a job brings it, a plain client does not.
 */
package io.strata.mapreduce;
