#!/bin/bash
# bench/flags/measure.sh "<jvm flags>" label [aot-file]: idle RSS at a first start and a restart, RSS after load, server CPU to the first answer and per request (DEVELOPING.md, full-JIT table). Needs node and curl; run from the repository root after the jar is built (mvn -DskipTests package, or any ./stoa run or bench).
set -u
FLAGS="$1"; LABEL="$2"; AOT="${3:-}"
JAR=${STOA_JAR:-target/stoa.jar}
JAVA=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
PORT=$((20000 + RANDOM % 20000))
D=$(mktemp -d)
cpu() { awk '{print ($14+$15)*10}' /proc/$1/stat; }
rss() { awk '/VmRSS/{print int($2/1024)}' /proc/$1/status; }
start() {
  local extra=""; [ -n "$AOT" ] && extra="-XX:AOTCache=$AOT"
  $JAVA $FLAGS $extra -jar $JAR run --port $PORT --data-dir $D --rate-limit-user 2000000000 --rate-limit-ip 2000000000 > $D/log.txt 2>&1 &
  PID=$!
  for i in $(seq 1 600); do
    curl -sf -o /dev/null http://127.0.0.1:$PORT/api/v1/server_settings && break
    sleep 0.1
  done
  FIRSTCPU=$(cpu $PID)
}
stop() { kill $PID; wait $PID 2>/dev/null; }
start; c1=$FIRSTCPU; sleep 8; r1=$(rss $PID)
EMAIL=$(awk -F= '/^email/{print $2}' $D/zuliprc | tr -d ' '); KEY=$(awk -F= '/^key/{print $2}' $D/zuliprc | tr -d ' ')
# warm-up, then measured rounds (CPU of the server per request)
node "$(dirname "$0")/load.js" $PORT /api/v1/server_settings 6 32 >/dev/null
node "$(dirname "$0")/load.js" $PORT /api/v1/users/me 6 32 $EMAIL $KEY >/dev/null
out=""
for path in /api/v1/server_settings /api/v1/users/me; do
  for round in 1 2; do
    a=$(cpu $PID)
    if [ $path = /api/v1/users/me ]; then n=$(node "$(dirname "$0")/load.js" $PORT $path 6 32 $EMAIL $KEY); else n=$(node "$(dirname "$0")/load.js" $PORT $path 6 32); fi
    b=$(cpu $PID); cnt=$(echo $n | sed 's/.*"n":\([0-9]*\).*/\1/')
    out="$out $path:$(( (b-a)*1000000 / (cnt>0?cnt:1) / 1000 ))us/$cnt"
  done
done
r2=$(rss $PID); sleep 20; r3=$(rss $PID)
stop
start; c2=$FIRSTCPU; sleep 8; r4=$(rss $PID); stop
echo "$LABEL | idle first start ${r1} MB | idle restart ${r4} MB | after load ${r2} MB, 20 s later ${r3} MB | CPU to first answer ${c1} / ${c2} ms |$out"
rm -rf $D
