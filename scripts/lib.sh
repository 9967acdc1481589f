# Shared paths and helpers for the harness scripts. Sourced, not run.
# Every path the harness writes is under $BUILD (ignored by git) so a
# clean clone plus ccache is all that a rebuild needs.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ND_BUILD:-$TOP/build}
TREE=$BUILD/linux            # git tree: pristine base commit + series
STOCK_SRC=$BUILD/linux-stock # the base commit, a worktree of $TREE
OUT=$BUILD/out               # O= kernel build directories
LOGS=$BUILD/logs             # console log of every VM run
RESULTS=$BUILD/results       # what runs bring back to the host
SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
BASE_TAG=base-6.12
BRANCH=negdentry
SERIES_VERSION=v3           # [PATCH v3 n/m]

die() { echo "error: $*" >&2; exit 1; }
note() { echo "==> $*" >&2; }

# The Debian package version the series is based on, e.g. 6.12.118-1~deb12u1.
debian_version() { dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null; }
