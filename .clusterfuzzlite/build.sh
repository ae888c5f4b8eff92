#!/bin/bash -eu
# ClusterFuzzLite runs $SRC/build.sh; the build is oss-fuzz/build.sh's.
exec bash -eu "$SRC/grammut/oss-fuzz/build.sh"
