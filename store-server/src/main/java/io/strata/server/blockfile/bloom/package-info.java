/**
 * Bloom filter chunks of block files: hashing, chunk layout and bloom keys. Pure bytes: imports
 * nothing from the block file reader or writer.
 */
package io.strata.server.blockfile.bloom;
