/** The {@code --name=value} command lines of Strata's command-line tools. */
package io.strata.shell.options;
