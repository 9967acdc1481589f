# External load: Debian's stress-ng dentry stressors, with their own
# verification, on ext4 with the limit on.
. /nd/ndlib.sh
plan 6
# takes: 52 (seconds in a full make check, beside another guest)
mount_scratch || exit 1
need "stress-ng is in the guest" command -v stress-ng
set_max 256
r0=$(reclaimed) k0=$(killed)
mkdir /mnt/sng && cd /mnt/sng
for s in dentry dir filename rename; do
	stress-ng --$s 2 --timeout 10s --verify --metrics-brief \
		--temp-path /mnt/sng > /tmp/sng.out 2>&1
	rc=$?
	sed 's/^/# /' /tmp/sng.out | tail -4
	check "stress-ng --$s 2 --verify with dentry-dir-max=256 (status $rc)" [ $rc = 0 ]
done
cd /
r1=$(reclaimed) k1=$(killed)
echo "# during stress-ng: reclaimed $((r1 - r0)), killed $((k1 - k0))"
check "the limit was at work during stress-ng (reclaimed+killed grew by $((r1 - r0 + k1 - k0)))" \
	[ $((r1 - r0 + k1 - k0)) -gt 0 ]
set_max 0
umount /mnt
check "umount after stress-ng" [ $? = 0 ]
finish
