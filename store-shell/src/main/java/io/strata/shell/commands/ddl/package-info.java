/** Table commands: create, alter, describe, list, enable, disable, drop, regions, ... */
package io.strata.shell.commands.ddl;
