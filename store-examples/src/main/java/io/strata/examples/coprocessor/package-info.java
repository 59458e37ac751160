/**
 * Example coprocessors to start from (docs/coprocessors.md): {@link
 * io.strata.examples.coprocessor.AggregateImplementation} with {@link
 * io.strata.examples.coprocessor.AggregationClient}, {@link
 * io.strata.examples.coprocessor.WaterfallEndpoint} with {@link
 * io.strata.examples.coprocessor.WaterfallClient}, {@link
 * io.strata.examples.coprocessor.BulkDeleteEndpoint}, {@link
 * io.strata.examples.coprocessor.SecondaryIndexObserver} and {@link
 * io.strata.examples.coprocessor.ValidationObserver}.
 */
package io.strata.examples.coprocessor;
