package io.strata.shell.lang;

import java.util.List;

/**
 * One statement: {@code [assignTo =] name[.method] args}. {@code name} is a command, or a
 * variable (then {@code method} may name a table method, as in {@code t.put 'r', 'f:q', 'v'}).
 * {@code text} is the statement as typed, for error reports; {@code line} where it starts.
 */
public record Statement(String assignTo, String name, String method, List<Object> args,
    String text, int line) {}
