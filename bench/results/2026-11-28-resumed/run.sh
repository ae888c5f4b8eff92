#!/bin/bash
# hand A/B: resumed from grammut trial2's final corpus (fast10), default vs GRAMMUT_PARSE_SHARE=0
SRC=/work/main/build/bench_work/2026-11-28-fast10/seeded/sqlite3/grammut/trial2/corpus
for t in 1 2 3; do
  for cfg in default noparselimit; do
    d=/tmp/res/$cfg-$t; rm -rf $d; mkdir -p $d/c; cp $SRC/* $d/c/
    env=(GRAMMUT_STATS=30 GRAMMUT_GRAMMAR=/work/frozen-h/grammars/sqlite)
    [ $cfg = noparselimit ] && env+=(GRAMMUT_PARSE_SHARE=0)
    (cd $d && env "${env[@]}" /work/frozen-h/bench_bin/fuzz_sqlite3_grammut -max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 -max_total_time=360 -seed=$t -print_final_stats=1 c > fuzz.log 2>&1) &
  done
  wait
done
echo ALLDONE
