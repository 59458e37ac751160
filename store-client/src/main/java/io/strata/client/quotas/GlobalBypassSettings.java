package io.strata.client.quotas;

/** A user whose requests no throttle counts ({@code GLOBAL_BYPASS => true}), or no more. */
public final class GlobalBypassSettings extends QuotaSettings {
  private final boolean bypass;

  GlobalBypassSettings(String user, boolean bypass) {
    super(requireUser(user), null, null, null);
    this.bypass = bypass;
  }

  private static String requireUser(String user) {
    if (user == null || user.isEmpty()) {
      throw new IllegalArgumentException("GLOBAL_BYPASS is set for a user: give USER => 'name'");
    }
    return user;
  }

  @Override
  public QuotaType getQuotaType() {
    return QuotaType.GLOBAL_BYPASS;
  }

  public boolean getBypass() {
    return bypass;
  }

  @Override
  public String toString() {
    return target() + ", GLOBAL_BYPASS => " + bypass;
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && o instanceof GlobalBypassSettings g && bypass == g.bypass;
  }

  @Override
  public int hashCode() {
    return super.hashCode() * 31 + Boolean.hashCode(bypass);
  }
}
