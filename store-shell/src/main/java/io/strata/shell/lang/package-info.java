/**
 * The shell's language: the part of Ruby HBase shell users type. {@link
 * io.strata.shell.lang.Lexer} turns text into tokens, {@link io.strata.shell.lang.Parser} turns
 * tokens into {@link io.strata.shell.lang.Statement}s whose arguments are plain values: {@link
 * io.strata.shell.lang.ShellString}, {@link Long}, {@link Double}, {@link Boolean}, {@code null}
 * (nil), {@link java.util.List} (arrays), {@link java.util.Map} (hashes, keys as Java strings)
 * and {@link io.strata.shell.lang.VarRef} (a variable, resolved when the statement runs).
 */
package io.strata.shell.lang;
