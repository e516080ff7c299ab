# Finds a JDK 21 or newer for Engram (POSIX sh). Sourced by ./mvnw and ./engram, so that both
# work on a machine whose default java is older: $JAVA_HOME if it is new enough, else java on
# PATH, else the newest JDK under /usr/lib/jvm.

# The major version of the java binary $1 (8 for "1.8.0_x"), or nothing if it does not run.
engram_java_major() {
  # The first line naming a version: JAVA_TOOL_OPTIONS and JDK_JAVA_OPTIONS print a line before it.
  "$1" -version 2>&1 | grep -m 1 ' version "' |
    sed -n '1s/^[^"]*"\([0-9][0-9]*\)\(\.\([0-9][0-9]*\)\)\{0,1\}.*/\1 \3/p' |
    { read -r major minor || true; if [ "${major-}" = 1 ]; then echo "${minor:-0}"; else echo "${major-}"; fi; }
}

# Prints the home of a JDK >= 21, or fails with what was found.
engram_find_jdk() {
  if [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/java" ] &&
    [ "$(engram_java_major "$JAVA_HOME/bin/java")" -ge 21 ] 2>/dev/null; then
    echo "$JAVA_HOME"
    return 0
  fi
  engram_java=$(command -v java 2>/dev/null || true)
  if [ -n "$engram_java" ] && [ "$(engram_java_major "$engram_java")" -ge 21 ] 2>/dev/null; then
    dirname "$(dirname "$(readlink -f "$engram_java")")"
    return 0
  fi
  engram_best= engram_best_major=0
  case $- in *f*) engram_noglob=1 ;; *) engram_noglob= ;; esac
  set +f
  for engram_java in /usr/lib/jvm/*/bin/java /Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java; do
    [ -x "$engram_java" ] || continue
    engram_major=$(engram_java_major "$engram_java")
    if [ "${engram_major:-0}" -ge 21 ] 2>/dev/null && [ "$engram_major" -gt "$engram_best_major" ]; then
      engram_best=$engram_java engram_best_major=$engram_major
    fi
  done
  [ -z "$engram_noglob" ] || set -f
  if [ -n "$engram_best" ]; then
    dirname "$(dirname "$(readlink -f "$engram_best")")"
    return 0
  fi
  echo "Engram needs a JDK 21 or newer and found none (JAVA_HOME=${JAVA_HOME-unset}, java on PATH:" \
    "${engram_java:-none}). Install one (e.g. Temurin 25) and set JAVA_HOME." >&2
  return 1
}
