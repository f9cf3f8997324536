# shellcheck shell=bash
# Keeps arguments holding a password out of a process title, sourced by bin/tpcc and
# bin/tpcc-soak (see docs/connecting.md).
#
#   hide_passwords FROM ARG...  sets hidden_args to the arguments with each one that holds a
#                       password (--pgsql-password's value, a conninfo or URL with password=, any
#                       argument with "password" in it, in any case) replaced by @tpcc-hidden-N, its
#                       value exported as TPCC_HIDDEN_N (readable by the same user and root only),
#                       and hidden to how many it replaced. FROM is "all", or "after--" to leave the
#                       arguments up to the first '--' as they are. Placeholders already there stay,
#                       and a number a caller set already is skipped; the tool puts the values back.

hide_passwords() {
  local from="$1" arg looking=1 hide_next=0 n=0
  shift
  [[ "$from" == all ]] || looking=0
  hidden_args=()
  hidden=0
  for arg in "$@"; do
    if ((!looking)) || [[ "$arg" == @tpcc-hidden-* ]]; then
      hidden_args+=("$arg")
    elif ((hide_next)) || [[ "${arg,,}" == *password* && "$arg" != --pgsql[-_]password ]]; then
      n=$((n + 1))
      while [[ -v "TPCC_HIDDEN_$n" ]]; do n=$((n + 1)); done
      export "TPCC_HIDDEN_$n=$arg"
      hidden_args+=("@tpcc-hidden-$n")
      hidden=$((hidden + 1))
    else
      hidden_args+=("$arg")
    fi
    hide_next=0
    if ((looking)) && [[ "$arg" == --pgsql[-_]password ]]; then hide_next=1; fi
    if [[ "$arg" == -- ]]; then looking=1; fi
  done
}
