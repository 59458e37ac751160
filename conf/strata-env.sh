# Environment for bin/strata. Sourced by the launcher; uncomment what you change.

# Java to run with (default: the java on PATH, or $JAVA_HOME/bin/java).
# export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64

# Heap of each daemon, as a JVM size (-Xmx); the JVM's default is a quarter of the memory. A
# region server (and a standalone Strata) takes all of it as it starts, every page touched, so
# that its writes do not pay for growing the heap; STRATA_OPTS=-XX:-AlwaysPreTouch leaves the
# pages untouched until used.
# export STRATA_HEAPSIZE=1g

# Extra JVM flags for every Strata JVM, for example -Dkey=value configuration overrides.
# export STRATA_OPTS="-XX:+UseG1GC"

# Where logs and pid files go.
# export STRATA_LOG_DIR=logs
# export STRATA_PID_DIR=pids
