package trainset_test

import (
	"fmt"
	"os"

	"github.com/plancert/plancert/gen/trainset"
	"github.com/plancert/plancert/verify"
)

// A suite split 80/20 and written as JSONL rows for TRL.
func Example() {
	f, _ := os.Open("../../testdata/verify/suite.jsonl")
	defer f.Close()
	recs, _ := verify.ReadSuite(f)
	train, test, err := trainset.Split(recs, 0.2)
	if err != nil {
		panic(err)
	}
	rows, err := trainset.JSONLRows(test, trainset.Test)
	if err != nil {
		panic(err)
	}
	for _, row := range rows {
		fmt.Println(row.Split, row.Index, row.ID, row.DataSource, row.Prompt[0].Role)
	}
	fmt.Println(len(train), "train rows")
	// Output:
	// test 4 exam-scheduling/finals-week/1 plancert/scheduling user
	// 4 train rows
}
