# Bounded negative dentries for Linux 6.12: harness.
# `make demo` and `make check` are the two entry points (see README.md).
SHELL := /bin/bash
B := build
TOOLS := ndgen ndmon ndbench ndcensus ndtorture ndtop ndfifo
TOOL_BINS := $(addprefix $(B)/tools/,$(TOOLS))
# KASAN=1 adds configs/kasan.config to the debug kernel (own O= directory).
DEBUG_NAME := debug$(if $(filter 1,$(KASAN)),-kasan)
# The kselftest's own fragment says what it needs (all in base.config).
DEBUG_FRAGS := configs/base.config $(B)/linux/tools/testing/selftests/filesystems/dentry_dir_max/config \
	configs/fs.config configs/nfs.config configs/debug.config $(if $(filter 1,$(KASAN)),configs/kasan.config)
DEBUG := $(B)/out/$(DEBUG_NAME)/arch/x86/boot/bzImage

.PHONY: help deps tree export tools kselftest initramfs kernel-stock kernel-patched tune-auto \
	kernel-debug kernel-debug-jl kernel-fstests-stock kernel-fstests-patched fstests \
	debian-image demo check bench bench-report bisect-build kernel-checks clean

help:
	@echo "Bounded negative dentries for Linux 6.12 (see README.md)"
	@echo
	@echo "  make demo       stock and patched kernels side by side (cold: ~12 min, warm: ~2 min)"
	@echo "  make check      every test on the debug kernel and its jump-label twin"
	@echo "                  (cold: ~100 min, two kernels; warm: 40-65 min)"
	@echo "  make bench      stock vs patched benchmarks, writes docs/results.md (~105 min)"
	@echo "  make bench-report  the report again from the last bench's records (seconds)"
	@echo "  make fstests    fstests' dir and rename groups, ext4 and xfs, stock vs 1000 and auto;"
	@echo "                  writes docs/fstests.md (hours under TCG: 0.5-3 min a test and setting;"
	@echo "                  FSTESTS_GROUPS= FSTESTS='generic/007 generic/736' for a few: ~10 min)"
	@echo "  make tree       build/linux: pristine 6.12 + the series as commits"
	@echo "  make export     patches/ from build/linux"
	@echo "  make kernel-checks  W=1, sparse, i386, allmodconfig, each commit built"
	@echo "  make clean      remove build outputs (keeps kernel trees and ccache)"
	@echo
	@echo "  make tune-auto  auto's four constants halved and doubled (~30 min)"
	@echo
	@echo "Knobs: ONLY=t-NAME, d-NAME or jl/t-NAME (one guest suite), KASAN=1 (debug kernel with KASAN),"
	@echo "       ROUNDS=N and PARTS='fast storm layout debian robot' (bench), LIMIT=N (demo),"
	@echo "       FSTESTS_SRC=DIR|TARBALL, FSTESTS_GROUPS='dir rename', FSTESTS_FS='ext4 xfs' (fstests),"
	@echo "       ND_ACCEL=kvm (try KVM first, fall back to TCG), LANES=N (guests at once in check; 2)"

deps:
	@bash scripts/deps.sh

tree: deps
	@bash scripts/tree.sh

export:
	@bash scripts/export.sh

$(B)/tools/%: tools/%.c
	@mkdir -p $(B)/tools
	gcc -O2 -Wall -Wextra -Werror -static -pthread -o $@ $<

tools: deps $(TOOL_BINS)

# The series' kselftest, built by its own Makefile (lib.mk), static for
# the guest; its config fragment is part of the debug kernel's.
KSELFTEST_DIR := $(B)/linux/tools/testing/selftests/filesystems/dentry_dir_max
$(B)/tools/dentry_dir_max_test: $(KSELFTEST_DIR)/dentry_dir_max_test.c $(KSELFTEST_DIR)/Makefile
	@mkdir -p $(B)/tools
	$(MAKE) -s -C $(KSELFTEST_DIR) OUTPUT=$(abspath $(B)/tools) KHDR_INCLUDES= LDFLAGS=-static

kselftest: tree
	@$(MAKE) -s $(B)/tools/dentry_dir_max_test

$(B)/initramfs.cpio.gz: $(TOOL_BINS) $(B)/tools/dentry_dir_max_test $(wildcard tests/vm/*.sh tests/demo/*.sh tests/bench/*.sh tests/explore/*.sh) scripts/guest-init.sh scripts/mkinitramfs.sh
	@bash scripts/mkinitramfs.sh $@

initramfs: tools kselftest
	@$(MAKE) -s $(B)/initramfs.cpio.gz

# The Debian guest's root disk (run-vm.sh -r): the script keeps its own
# caches (the mmdebstrap root is made again only when its package list
# changes; the image when that or a file it installs in /nd changes).
debian-image: deps tools
	@bash scripts/debian-image.sh

# Kernel builds are always handed to kbuild, which (with ccache) knows
# best what is out of date.
kernel-stock: tree
	@bash scripts/build-kernel.sh $(B)/linux-stock $(B)/out/stock configs/base.config >/dev/null

kernel-patched: tree
	@bash scripts/build-kernel.sh $(B)/linux $(B)/out/patched configs/base.config >/dev/null

kernel-debug: tree
	@bash scripts/build-kernel.sh $(B)/linux $(B)/out/$(DEBUG_NAME) $(DEBUG_FRAGS) >/dev/null

# The same with jump labels (configs/jumplabel.config), as distributions
# ship them: make check runs the sysctl-flipping suites on it.
kernel-debug-jl: tree
	@bash scripts/build-kernel.sh $(B)/linux $(B)/out/$(DEBUG_NAME)-jl $(DEBUG_FRAGS) configs/jumplabel.config >/dev/null

# fstests needs quota, ACLs and /proc/config.gz besides the filesystems;
# stock and patched from the same fragments.
FSTESTS_FRAGS := configs/base.config configs/fs.config configs/fstests.config
kernel-fstests-stock: tree
	@bash scripts/build-kernel.sh $(B)/linux-stock $(B)/out/fstests-stock $(FSTESTS_FRAGS) >/dev/null

kernel-fstests-patched: tree
	@bash scripts/build-kernel.sh $(B)/linux $(B)/out/fstests-patched $(FSTESTS_FRAGS) >/dev/null

fstests: deps tools kernel-fstests-stock kernel-fstests-patched debian-image
	@bash scripts/fstests.sh

# make check also boots the debug kernel's jump-label twin, single-threaded,
# for the suites that flip the static key (jl/t-sysctl, jl/t-torture).
check: deps tools initramfs kernel-debug kernel-debug-jl debian-image
	@KERNEL=$(DEBUG) KERNEL_JL=$(B)/out/$(DEBUG_NAME)-jl/arch/x86/boot/bzImage bash scripts/check.sh

demo: deps tools initramfs kernel-stock kernel-patched
	@bash scripts/demo.sh

bench: deps tools initramfs kernel-stock kernel-patched debian-image
	@bash scripts/bench.sh

# The report alone, from the records of the last make bench.
bench-report:
	@bash scripts/bench-report.sh

# auto's four constants, each halved and doubled, on a test-only build
# where they are boot parameters (build/results/tune-auto.md; a copy from
# 2026-12-06 is docs/tune-auto.md).  About 20 minutes.
tune-auto: deps tools initramfs tree
	@bash scripts/tune-auto.sh

# Every patch of the series builds on its own.
bisect-build: tree
	@bash scripts/bisect-build.sh

# W=1, sparse, i386 and allmodconfig builds of the changed objects, then
# bisect-build (results: build/results/kernel-checks.md).
kernel-checks: tree
	@bash scripts/kernel-checks.sh

clean:
	rm -rf $(B)/out $(B)/runs $(B)/logs $(B)/results $(B)/tools $(B)/initramfs*
