# shellcheck shell=bash
# Argument checks shared by the benchmark scripts; each script defines die().

# require_positive OPTION VALUE: dies, naming the option, unless VALUE is a positive integer.
require_positive() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1=$2 is invalid: it must be a positive integer"
}

# parse_options "--NAME=VAR ..." ARGS...: sets the shell variable VAR to VALUE for each argument
# --NAME=VALUE; -h or --help calls the script's usage() and exits 0; any other argument dies,
# naming it. The one argument loop of every benchmark script.
parse_options() {
  local spec="$1" arg pair found
  shift
  for arg in "$@"; do
    case "$arg" in
      -h | --help)
        usage
        exit 0
        ;;
    esac
    found=""
    for pair in $spec; do
      if [[ "$arg" == "${pair%%=*}="* ]]; then
        printf -v "${pair#*=}" '%s' "${arg#*=}"
        found=1
        break
      fi
    done
    [[ -n "$found" ]] || die "unknown argument '$arg' (see --help)"
  done
}
