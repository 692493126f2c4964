#!/bin/sh
# make test-hf: export a mixed suite with "plancert export --format hf" and
# read it back as datasets.load_dataset(DIR) finds it, with readers that
# share no code with plancert (check.mjs: the card's YAML with yaml, every
# parquet file the card names with hyparquet). Then tamper with copies of
# the export and require check.mjs to refuse each one, so that the check
# itself can fail. Usage: tools/hfcheck/run.sh BIN WORKDIR
set -eu
bin=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)

command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
	echo "test-hf: needs node and npm (Debian: apt-get install nodejs npm)" >&2
	exit 1
}
(cd "$here" && npm ci --no-audit --no-fund --silent)

rm -rf "$work"
mkdir -p "$work"
"$bin" gen --n 64 --seed 1 --out "$work/suite.jsonl"
"$bin" export --format hf --suite "$work/suite.jsonl" --out "$work/hf" --split 0.25
node "$here/check.mjs" "$work/hf" "$work/suite.jsonl"

# Each tampered copy must be refused (exit 1).
refuse() {
	what=$1
	suite=$2
	shift 2
	rm -rf "$work/bad"
	cp -r "$work/hf" "$work/bad"
	"$@"
	if node "$here/check.mjs" "$work/bad" "$suite" 2>"$work/bad.err"; then
		echo "test-hf: check.mjs accepted an export with $what" >&2
		exit 1
	fi
	echo "test-hf: refused as it should, $what: $(head -n 1 "$work/bad.err")"
}
refuse "a wrong num_examples" "$work/suite.jsonl" sed -i 's/num_examples: 16$/num_examples: 15/' "$work/bad/README.md"
refuse "a split file the card does not find" "$work/suite.jsonl" mv "$work/bad/data/test-00000-of-00001.parquet" "$work/bad/data/test.parquet"
head -n 63 "$work/suite.jsonl" >"$work/short.jsonl"
refuse "a record that is not in the suite" "$work/short.jsonl" true
sed '1s/"seed":[0-9]*/"seed":999/' "$work/suite.jsonl" >"$work/edited.jsonl"
refuse "a record column that is not the suite's line" "$work/edited.jsonl" true
