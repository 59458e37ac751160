package io.strata.shell.lang;

/** A variable named in an argument ({@code t} in {@code count t}); resolved when it runs. */
public record VarRef(String name) {}
