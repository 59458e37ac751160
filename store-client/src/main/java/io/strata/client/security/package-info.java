/**
 * Permissions as HBase's access control has them: {@link io.strata.client.security.Permission}
 * (actions on a global, namespace, table, family or qualifier scope),
 * {@link io.strata.client.security.UserPermission}, and what {@code Admin.grant},
 * {@code revoke} and {@code getUserPermissions} take (docs/security.md).
 */
package io.strata.client.security;
