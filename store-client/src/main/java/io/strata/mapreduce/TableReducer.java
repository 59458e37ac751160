package io.strata.mapreduce;

import io.strata.client.Mutation;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * A reducer writing puts and deletes to a table through {@link TableOutputFormat}, as HBase's
 * TableReducer.
 */
public abstract class TableReducer<KEYIN, VALUEIN, KEYOUT>
    extends Reducer<KEYIN, VALUEIN, KEYOUT, Mutation> {}
