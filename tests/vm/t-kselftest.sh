# The series' own kselftest (tools/testing/selftests/filesystems/
# dentry_dir_max).  It makes its own ext4 on a loop device.  A skipped
# test counts as a failure here: this guest has everything the test needs
# (root, loop, ext4, mkfs.ext4, debugfs).
. /nd/ndlib.sh
plan 2
# takes: 94 (seconds in a full make check, beside another guest)
dentry_dir_max_test > /tmp/ks.out 2>&1
rc=$?
sed 's/^/# /' /tmp/ks.out
check "kselftest dentry_dir_max exits 0" [ $rc = 0 ]
check "kselftest: 12 passed, none failed or skipped" grep -q "pass:12 fail:0 xfail:0 xpass:0 skip:0" /tmp/ks.out
finish
