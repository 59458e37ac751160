/** Small utilities every module shares: byte arrays. Imports nothing from other Strata packages. */
package io.strata.common.util;
