/**
 * The cell: Strata's unit of data, its binary key encoding (docs/formats/key-encoding.md) and its
 * one sort order. Depends only on {@code io.strata.common.util}.
 */
package io.strata.common.cell;
