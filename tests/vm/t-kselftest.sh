# The series' own kselftest (tools/testing/selftests/filesystems/
# dentry_dir_max), run on ext4.  A skipped test counts as a failure here:
# this guest has everything the test needs.
. /nd/ndlib.sh
mount_scratch || exit 1
cd /mnt
DENTRY_DIR_MAX_TEST_DIR=/mnt dentry_dir_max_test > /tmp/ks.out 2>&1
rc=$?
sed 's/^/# /' /tmp/ks.out
cd /
check "kselftest dentry_dir_max exits 0" [ $rc = 0 ]
check "kselftest: 3 passed, none skipped" grep -q "pass:3 fail:0 xfail:0 xpass:0 skip:0" /tmp/ks.out
umount /mnt
finish
