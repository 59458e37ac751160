# Environment for bin/strata. Sourced by the launcher; uncomment what you change.

# Java to run with (default: the java on PATH, or $JAVA_HOME/bin/java).
# export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64

# Heap of each daemon, as a JVM size (-Xmx).
# export STRATA_HEAPSIZE=1g

# Extra JVM flags for every Strata JVM, for example -Dkey=value configuration overrides.
# export STRATA_OPTS="-XX:+UseG1GC"

# Where logs and pid files go.
# export STRATA_LOG_DIR=logs
# export STRATA_PID_DIR=pids
