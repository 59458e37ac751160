package io.strata.examples.coprocessor;

import io.strata.client.Put;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.ObserverContext;
import io.strata.server.coprocessor.RegionCoprocessor;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
import io.strata.server.coprocessor.RegionObserver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Vetoes puts whose value of one column does not match a pattern: the put fails with a
 * COPROCESSOR error naming the row, the value and the pattern, and nothing of it is written.
 * Properties: {@code validate.column} ("family:qualifier") and {@code validate.pattern} (a Java
 * regular expression the whole value, read as UTF-8, must match).
 */
public class ValidationObserver implements RegionCoprocessor, RegionObserver {
  private byte[] family;
  private byte[] qualifier;
  private Pattern pattern;

  @Override
  public void start(CoprocessorEnvironment<?> env) throws IOException {
    byte[][] column = ObserverSettings.column(env, getClass(), "validate.column");
    family = column[0];
    qualifier = column[1];
    String regex = ObserverSettings.required(env, getClass(), "validate.pattern");
    try {
      pattern = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new CoprocessorException("ValidationObserver's validate.pattern '" + regex
          + "' is not a regular expression: " + e.getDescription());
    }
  }

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  @Override
  public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
      Durability durability) throws IOException {
    for (Cell cell : put.get(family, qualifier)) {
      String value = new String(CellUtil.cloneValue(cell), StandardCharsets.UTF_8);
      if (!pattern.matcher(value).matches()) {
        throw new CoprocessorException("the put of row '" + Bytes.toStringBinary(put.getRow())
            + "' was refused: " + Bytes.toString(family) + ":" + Bytes.toString(qualifier)
            + " = '" + value + "' does not match " + pattern.pattern() + " (ValidationObserver)");
      }
    }
  }
}
