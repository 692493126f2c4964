#!/bin/sh
# make test-slurm: run examples/slurm/submit.sh on a one-node Slurm that
# this script starts on localhost (slurmctld and slurmd of Debian's
# slurmctld and slurmd packages, as root, with their state, logs and ports
# of their own under a temporary directory), and check that the merged
# suite is byte for byte the file of the unsharded run. It stops the
# daemons it started, and only those, however it ends.
#
#   PLANCERT=bin/plancert examples/slurm/test-one-node.sh
#
# Needs root (slurmd runs the jobs) and the commands slurmctld, slurmd,
# sbatch, scontrol and sinfo (apt-get install slurmctld slurmd
# slurm-client). N (default 48) and GEN_FLAGS (default two fast tasks)
# choose the run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${PLANCERT:=plancert}" "${N:=48}" "${SEED:=1}"
: "${GEN_FLAGS:=--task meeting-planning,exam-scheduling --timeout 0}"
PLANCERT=$(command -v "$PLANCERT") || { echo "test-slurm: $PLANCERT not found (make build)" >&2; exit 1; }
case $PLANCERT in /*) ;; *) PLANCERT=$(pwd)/$PLANCERT ;; esac # the jobs run elsewhere
for c in slurmctld slurmd sbatch scontrol sinfo; do
	command -v "$c" >/dev/null 2>&1 || { echo "test-slurm: $c not found (apt-get install slurmctld slurmd slurm-client)" >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "test-slurm: run as root (slurmd starts the jobs)" >&2; exit 1; }

dir=$(mktemp -d /tmp/plancert-slurm.XXXXXX)
node=$(hostname -s)
ctld_port=${SLURMCTLD_PORT:-16817}
d_port=${SLURMD_PORT:-16818}
cleanup() {
	for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid"; do
		if [ -s "$pidfile" ]; then
			kill "$(cat "$pidfile")" 2>/dev/null || true
		fi
	done
	sleep 1
	if [ "${KEEP:-}" = "" ]; then rm -rf "$dir"; else echo "test-slurm: kept $dir"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

mkdir -p "$dir/state" "$dir/spool" "$dir/run"
cat >"$dir/slurm.conf" <<EOF
ClusterName=plancert-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=3600
NodeName=$node NodeAddr=127.0.0.1 CPUs=16 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"

i=0
until sinfo -h -N -o %T 2>/dev/null | grep -qx idle; do
	i=$((i + 1))
	if [ "$i" -gt 60 ]; then
		echo "test-slurm: the node did not come up; logs:" >&2
		tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
		exit 1
	fi
	sleep 1
done
echo "test-slurm: one-node Slurm up ($dir)"

cd "$dir/run"
# shellcheck disable=SC2086 # GEN_FLAGS is a list of flags
"$PLANCERT" gen --n "$N" --seed "$SEED" $GEN_FLAGS --out whole.jsonl 2>/dev/null

# run OUT [ARRAY]: the array (the script's, or ARRAY) and its merge, as a
# user submits them; the merged suite must be the unsharded run's file.
run() {
	submitted=$(N="$N" SEED="$SEED" GEN_FLAGS="$GEN_FLAGS" PLANCERT="$PLANCERT" OUT="$1" ARRAY="${2:-}" "$here/submit.sh")
	echo "test-slurm: ${2:+--array=$2: }$submitted"
	merge=$(echo "$submitted" | sed -n 's/.*their merge as job \([0-9]*\).*/\1/p')
	i=0
	while :; do
		state=$(scontrol show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
		case $state in
		COMPLETED) break ;;
		FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | DEPENDENCY_NEVER_SATISFIED | "")
			echo "test-slurm: the merge job ended ${state:-unknown}; logs:" >&2
			tail -n 20 "$1"/*.log >&2 || true
			exit 1
			;;
		esac
		if scontrol show job "$merge" 2>/dev/null | grep -q 'Reason=DependencyNeverSatisfied'; then
			echo "test-slurm: an array task failed; logs:" >&2
			tail -n 20 "$1"/*.log >&2 || true
			exit 1
		fi
		i=$((i + 1))
		if [ "$i" -gt 900 ]; then
			echo "test-slurm: the merge job did not end in 15 minutes (state $state)" >&2
			exit 1
		fi
		sleep 1
	done
	shards=$(ls "$1"/part-*.jsonl | wc -l)
	if ! cmp "$1/suite.jsonl" whole.jsonl; then
		echo "test-slurm: FAIL: the merged suite $1/suite.jsonl differs from the unsharded run" >&2
		exit 1
	fi
	echo "test-slurm: ok: $shards array tasks merged into $1/suite.jsonl ($(wc -l <whole.jsonl) records), the unsharded run's file byte for byte"
}
run out
run out-stepped 3-33:2 # 16 tasks, MIN 3, STEP 2
