# Sourced by scripts that take an aqlsim program as an argument. program_path NAME prints it as an
# absolute path: a bare name is a program on PATH; a path is the caller's, made absolute before
# the script changes directory. A bare name not on PATH is an error (status 2).
program_path() {
  if [[ $1 == */* ]]; then
    realpath -m -- "$1"
  elif ! command -v -- "$1"; then
    echo "$0: no program '$1' on PATH" >&2
    return 2
  fi
}
