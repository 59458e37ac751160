package io.strata.shell.chaos;

/** What an action did, in a line of the log; or why it did nothing this time. */
record ActionResult(boolean skipped, String text) {
  static ActionResult done(String text) {
    return new ActionResult(false, text);
  }

  static ActionResult skipped(String why) {
    return new ActionResult(true, why);
  }
}
