# The series' KUnit suite (fs/dcache_negative_test.c), run by the debug
# kernel at boot: negative dentries held in use, which user space cannot
# make, reclaim interleaved with exact walks of the LRU shrinker, and the
# rules by which fs.dentry-dir-max=auto sets an allowance and memory
# pressure takes its growth back.
# Its KTAP results are read from debugfs; a missing suite (kernel built
# without it) or a skipped case counts as a failure.
. /nd/ndlib.sh
R=/sys/kernel/debug/kunit/dcache_negative/results
check "KUnit suite dcache_negative ran at boot" [ -r $R ]
[ -r $R ] && sed 's/^/# /' $R
check "KUnit: ndt_in_use_test passed" grep -qE "^[[:space:]]*ok [0-9]+ ndt_in_use_test$" $R
check "KUnit: ndt_two_clocks_test passed" grep -qE "^[[:space:]]*ok [0-9]+ ndt_two_clocks_test$" $R
check "KUnit: ndt_adapt_rules_test passed" grep -qE "^[[:space:]]*ok [0-9]+ ndt_adapt_rules_test$" $R
check "KUnit: ndt_give_back_test passed" grep -qE "^[[:space:]]*ok [0-9]+ ndt_give_back_test$" $R
check "KUnit: no case failed or skipped" sh -c "! grep -qE 'not ok|# SKIP' $R"
finish
