/** store-common: the parts every Strata module shares. Depends on no other Strata module. */
package io.strata.common;
