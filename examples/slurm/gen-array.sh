#!/bin/sh
# One shard of a certified suite per task of a Slurm job array
# (docs/scale-out.md). examples/slurm/submit.sh submits it with the merge
# that joins the shards; by hand, from the directory the suite goes to:
#
#   mkdir -p out && sbatch examples/slurm/gen-array.sh
#
# The array's tasks 0..15 make shards 1/16..16/16 (gen --shard env). The
# variables N, SEED, OUT, GEN_FLAGS (more gen flags, e.g. "--family
# scheduling --level 2") and PLANCERT (the binary) pass through sbatch's
# environment. --resume makes a rerun of a task (a requeue, the whole array
# submitted again) continue its shard, or check a finished one and exit 0.
#SBATCH --job-name=plancert-gen
#SBATCH --array=0-15
#SBATCH --cpus-per-task=4
#SBATCH --time=04:00:00
set -eu
: "${PLANCERT:=plancert}" "${OUT:=out}" "${N:=640}" "${SEED:=1}" "${GEN_FLAGS:=}"
# shellcheck disable=SC2086 # GEN_FLAGS is a list of flags
exec "$PLANCERT" gen --n "$N" --seed "$SEED" $GEN_FLAGS --shard env \
	--workers "${SLURM_CPUS_PER_TASK:-1}" \
	--out "$OUT/part-$SLURM_ARRAY_TASK_ID.jsonl" --resume
