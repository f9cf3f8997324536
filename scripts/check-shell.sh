#!/usr/bin/env bash
# Runs shellcheck (every severity, .shellcheckrc at the top) on each shell script the repository
# tracks: *.sh, bin/* and .ci/run, and any other tracked file whose first line names bash or sh.
# Exit 0 when all are clean; shellcheck's findings and exit 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v shellcheck >/dev/null 2>&1; then
  echo "error: shellcheck is not installed (apt-get install shellcheck)" >&2
  exit 2
fi
scripts=()
while IFS= read -r -d '' file; do
  [[ -f "$file" ]] || continue
  if [[ "$file" == *.sh ]] || head -n 1 "$file" | grep -Eq '^#!.*\b(bash|sh)\b'; then
    scripts+=("$file")
  fi
done < <(git ls-files -z)
shellcheck "${scripts[@]}"
echo "shellcheck: ${#scripts[@]} scripts clean"
