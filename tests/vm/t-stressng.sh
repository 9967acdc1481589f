# timeout: 900
# External load: Debian's stress-ng dentry stressors, with their own
# verification, on ext4 with the limit on.
. /nd/ndlib.sh
mount_scratch || exit 1
check "stress-ng is in the guest" command -v stress-ng
set_max 256
mkdir /mnt/sng && cd /mnt/sng
for s in dentry dir filename rename; do
	stress-ng --$s 2 --timeout 20s --verify --metrics-brief \
		--temp-path /mnt/sng > /tmp/sng.out 2>&1
	rc=$?
	sed 's/^/# /' /tmp/sng.out | tail -4
	check "stress-ng --$s 2 --verify with dentry-dir-max=256 (status $rc)" [ $rc = 0 ]
done
cd /
set_max 0
umount /mnt
check "umount after stress-ng" [ $? = 0 ]
finish
