package io.strata.client;

/**
 * The answer of a {@link CheckAndMutate}: whether the condition held (and so the action was
 * applied), and the values the action returned.
 *
 * <pre>{@code
 * CheckAndMutateResult r = table.checkAndMutate(cam);
 * if (!r.isSuccess()) { ... someone else changed the row first ... }
 * }</pre>
 */
public final class CheckAndMutateResult {
  private final boolean success;
  private final Result result;

  /** @param result the action's values; null is taken as {@link Result#EMPTY} */
  public CheckAndMutateResult(boolean success, Result result) {
    this.success = success;
    this.result = result == null ? Result.EMPTY : result;
  }

  /** Whether the condition held and the action was applied. */
  public boolean isSuccess() {
    return success;
  }

  /**
   * The values the action returned: the new values of an Increment or Append that was applied
   * (unless it was sent with {@code setReturnResults(false)}). Never null: empty for Puts,
   * Deletes, RowMutations, and when the condition did not hold.
   */
  public Result getResult() {
    return result;
  }

  @Override
  public String toString() {
    return "CheckAndMutateResult{success=" + success + ", result=" + result + "}";
  }
}
