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

# A test suite Debian does not package (fstests, filebench): $VAR (a
# directory or a tarball) first, then the newest GLOB in ../shared/third-party/
# beside the project, or beside the repository this one was cloned from (a
# clone elsewhere, as CI's).
third_party_src() { # NAME VAR GLOB HOWTO
	local name=$1 var=$2 glob=$3 how=$4 f d origin
	if [ -n "${!var:-}" ]; then
		[ -e "${!var}" ] || die "$var=${!var} does not exist"
		echo "${!var}"; return
	fi
	origin=$(git -C "$TOP" config remote.origin.url 2>/dev/null || true)
	origin=${origin#file://}
	for d in "$TOP/../shared/third-party" ${origin:+"$origin/../shared/third-party"}; do
		# shellcheck disable=SC2086 # $glob is a pattern
		f=$(ls "$d"/$glob 2>/dev/null | sort -V | tail -1)
		[ -n "$f" ] && { realpath "$f"; return; }
	done
	die "no $name source: set $var to a checkout or tarball ($how) or put $glob in $(realpath -m "$TOP/../shared/third-party")"
}
fstests_src() { third_party_src fstests FSTESTS_SRC 'xfstests-*.tar.gz' 'git clone https://git.kernel.org/pub/scm/fs/xfs/xfstests-dev.git'; }
filebench_src() { third_party_src filebench FILEBENCH_SRC 'filebench-*.tar.gz' 'git clone https://github.com/filebench/filebench.git'; }
