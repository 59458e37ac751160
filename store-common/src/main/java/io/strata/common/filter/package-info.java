/**
 * Filter and comparison vocabulary shared by the client (which builds requests) and the server
 * (which evaluates them). Depends only on {@code io.strata.common.util}.
 */
package io.strata.common.filter;
