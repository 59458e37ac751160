/**
 * Authorization (docs/security.md): the {@link io.strata.server.security.access.AccessController}
 * coprocessor, each server's {@link io.strata.server.security.access.AccessChecker} with the
 * permissions of strata:acl in memory, and that table's layout. Calls into regions and the
 * master through coprocessor hooks; the storage layers know nothing of it.
 */
package io.strata.server.security.access;
