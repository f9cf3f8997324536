#!/bin/sh
# Writes the git commit of the source tree to a properties file that TpccVersion reads, at build
# time (tpcc-core/pom.xml runs it). The file is rewritten only when its content changes, so a build
# at the same commit leaves the jar alone. Outside a git checkout, or without git, there is no file,
# and the commit is "unknown".
#
#   build-commit.sh SOURCE-DIRECTORY PROPERTIES-FILE
#
# (git-commit-id-maven-plugin would do this, but its versions that run on Maven 3.8 read the main
# checkout's commit in a linked git worktree.)
set -eu
src="$1"
out="$2"
if ! commit="$(git -C "$src" rev-parse --short=7 HEAD 2>/dev/null)"; then
  rm -f "$out"
  exit 0
fi
dirty=false
# GIT_OPTIONAL_LOCKS=0: the status is read, the index not rewritten.
if [ -n "$(GIT_OPTIONAL_LOCKS=0 git -C "$src" status --porcelain --untracked-files=no)" ]; then
  dirty=true
fi
content="commit=$commit
dirty=$dirty"
if [ -f "$out" ] && [ "$(cat "$out")" = "$content" ]; then
  exit 0
fi
mkdir -p "$(dirname "$out")"
printf '%s\n' "$content" >"$out"
