#!/bin/sh
# Submit examples/slurm/gen-array.sh (the shards) and the merge that runs
# when every task of the array has ended well (docs/scale-out.md):
#
#   N=640 SEED=1 OUT=out examples/slurm/submit.sh
#
# ARRAY, when set, replaces the script's --array=0-15: ARRAY=1-32 or
# ARRAY=0-124:4 are 32 shards (gen --shard env reads them from the array).
#
# The suite is then $OUT/suite.jsonl, byte for byte the file of
# "plancert gen --n $N --seed $SEED $GEN_FLAGS --out $OUT/suite.jsonl".
set -eu
here=$(dirname "$0")
: "${PLANCERT:=plancert}" "${OUT:=out}"
export PLANCERT OUT
mkdir -p "$OUT"
array=$(sbatch --parsable ${ARRAY:+--array="$ARRAY"} --output="$OUT/gen-%a.log" "$here/gen-array.sh")
array=${array%%;*} # "id;cluster" on a multi-cluster setup
merge=$(sbatch --parsable --dependency=afterok:"$array" --job-name=plancert-merge --output="$OUT/merge.log" \
	--wrap "exec \"$PLANCERT\" merge --out \"$OUT/suite.jsonl\" \"$OUT\"/part-*.jsonl")
echo "submitted the shards as job $array and their merge as job ${merge%%;*}: $OUT/suite.jsonl"
