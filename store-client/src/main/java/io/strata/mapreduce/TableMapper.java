package io.strata.mapreduce;

import io.strata.client.Result;
import org.apache.hadoop.mapreduce.Mapper;

/** A mapper of a table's rows (key: the row, value: its Result), as HBase's TableMapper. */
public abstract class TableMapper<KEYOUT, VALUEOUT>
    extends Mapper<ImmutableBytesWritable, Result, KEYOUT, VALUEOUT> {}
