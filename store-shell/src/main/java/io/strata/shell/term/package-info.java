/**
 * The interactive terminal: JLine line editing, multi-line input for unfinished statements,
 * tab completion and the history file.
 */
package io.strata.shell.term;
