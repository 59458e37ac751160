package io.strata.client.quotas;

/** What a quota setting is: a request throttle, a space limit, or a user's global bypass. */
public enum QuotaType { THROTTLE, SPACE, GLOBAL_BYPASS }
