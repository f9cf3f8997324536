# shellcheck shell=bash
# Argument checks shared by the benchmark scripts; each script defines die().

# require_positive OPTION VALUE: dies, naming the option, unless VALUE is a positive integer.
require_positive() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1=$2 is invalid: it must be a positive integer"
}
