# Environment for bin/strata. Sourced by the launcher; uncomment what you change.

# Java to run with (default: the java on PATH, or $JAVA_HOME/bin/java).
# export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64

# Heap of each daemon, as a JVM size (-Xmx). A standalone Strata takes 1 GB unless this says,
# grown as it is used. A region server in distributed mode takes this (else the JVM's default,
# a quarter of the memory) all as it starts, every page touched, so that its writes do not pay
# for growing the heap; docs/operations.md gives the sizing rule.
# export STRATA_HEAPSIZE=1g

# A standalone sized and started as a benchmark's server (as bin/strata perf-suite starts its
# own): a 4 GB heap, all of it committed and touched at start, which takes a few seconds longer.
# export STRATA_HEAPSIZE=4g
# export STRATA_OPTS="-XX:InitialRAMPercentage=100 -XX:+AlwaysPreTouch"

# Extra JVM flags for every Strata JVM, for example -Dkey=value configuration overrides.
# export STRATA_OPTS="-XX:+UseG1GC"

# Where logs and pid files go.
# export STRATA_LOG_DIR=logs
# export STRATA_PID_DIR=pids
