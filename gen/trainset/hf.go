package trainset

import (
	"fmt"
	"io"
	"reflect"

	"github.com/parquet-go/parquet-go"
)

// HFRow is one row of a Hugging Face dataset (WriteHF): what a person
// filters and reads by, the prompt as chat messages, and the whole record
// for grading.
type HFRow struct {
	ID      string    `parquet:"id"`
	Hash    string    `parquet:"hash"`
	Index   int64     `parquet:"index"`
	Family  string    `parquet:"family"`
	Task    string    `parquet:"task"`
	Subtask string    `parquet:"subtask"`
	Level   int64     `parquet:"level"`
	Status  string    `parquet:"status"`
	Prompt  []Message `parquet:"prompt,list"`
	Record  string    `parquet:"record"`
}

// HFRows returns the Hugging Face rows of records.
func HFRows(records []Indexed) ([]HFRow, error) {
	rows := make([]HFRow, len(records))
	for i, x := range records {
		r := x.Record
		rec, err := RecordJSON(x)
		if err != nil {
			return nil, err
		}
		rows[i] = HFRow{
			ID: r.ID, Hash: r.Hash, Index: int64(x.Index), Family: string(r.Family), Task: r.Task, Subtask: r.Subtask,
			Level: int64(max(r.Level, 1)), Status: r.Certificate.Status, Prompt: prompt(r), Record: rec,
		}
	}
	return rows, nil
}

// HFSplitPath is the file of a split in a Hugging Face dataset directory,
// relative to it: the layout datasets' push_to_hub writes (one shard).
func HFSplitPath(split string) string { return "data/" + split + "-00000-of-00001.parquet" }

// WriteHF writes rows as one parquet file (snappy-compressed columns, one
// row group). The same rows give the same bytes.
func WriteHF(w io.Writer, rows []HFRow) error { return writeParquet(w, rows) }

// ReadHF reads a parquet file written by WriteHF.
func ReadHF(r io.ReaderAt, size int64) ([]HFRow, error) { return readParquet[HFRow](r, size) }

func writeParquet[T any](w io.Writer, rows []T) error {
	pw := parquet.NewGenericWriter[T](w, parquet.Compression(&parquet.Snappy))
	if _, err := pw.Write(rows); err != nil {
		return fmt.Errorf("trainset: writing parquet rows: %w", err)
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("trainset: closing the parquet file: %w", err)
	}
	return nil
}

func readParquet[T any](r io.ReaderAt, size int64) ([]T, error) {
	rows, err := parquet.Read[T](r, size)
	if err != nil {
		return nil, fmt.Errorf("trainset: reading parquet rows: %w", err)
	}
	return rows, nil
}

// A feature is one column (or struct field) in the terms of datasets'
// Features: a value's dtype, a list of a feature, or a struct.
type feature struct {
	name   string
	dtype  string
	list   *feature
	fields []feature
}

// features returns the datasets features of a parquet schema node's
// fields, in order.
func features(node parquet.Node) ([]feature, error) {
	var out []feature
	for _, f := range node.Fields() {
		ft, err := featureOf(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name(), err)
		}
		ft.name = f.Name()
		out = append(out, ft)
	}
	return out, nil
}

func featureOf(node parquet.Node) (feature, error) {
	if node.Optional() || node.Repeated() {
		return feature{}, fmt.Errorf("trainset: optional and repeated parquet fields have no feature here")
	}
	if lt := node.Type().LogicalType(); lt != nil && lt.List != nil {
		// The three-level list: <name> (LIST) > list (repeated) > element.
		elem := node.Fields()[0].Fields()[0]
		ft, err := featureOf(elem)
		return feature{list: &ft}, err
	}
	if !node.Leaf() {
		fs, err := features(node)
		return feature{fields: fs}, err
	}
	switch k := node.Type().Kind(); {
	case k == parquet.ByteArray && node.Type().LogicalType() != nil && node.Type().LogicalType().UTF8 != nil:
		return feature{dtype: "string"}, nil
	case k == parquet.Int64:
		return feature{dtype: "int64"}, nil
	case k == parquet.Int32:
		return feature{dtype: "int32"}, nil
	case k == parquet.Boolean:
		return feature{dtype: "bool"}, nil
	case k == parquet.Double:
		return feature{dtype: "float64"}, nil
	default:
		return feature{}, fmt.Errorf("trainset: no feature for the parquet type %v", node.Type())
	}
}

// arrowBytes is the size of rows in Arrow memory, the num_bytes that
// datasets records for a split (pyarrow's Table.nbytes of the split read
// as one batch): per string, a 4-byte offset and its bytes, plus one
// offset per column; 8 bytes per int64 or float64, 4 per int32; a bit per
// bool; per list, a 4-byte offset, plus one per column. The columns have
// no nulls, so no validity bitmaps.
func arrowBytes[T any](rows []T) int64 {
	var n int64
	counts := map[string]int{} // values per bool column
	var walk func(v reflect.Value, col string)
	walk = func(v reflect.Value, col string) {
		switch v.Kind() {
		case reflect.String:
			n += 4 + int64(v.Len())
		case reflect.Int64, reflect.Float64:
			n += 8
		case reflect.Int32:
			n += 4
		case reflect.Bool:
			counts[col]++ // bits, counted below
		case reflect.Slice:
			n += 4
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), col+".element")
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i), col+"."+v.Type().Field(i).Name)
			}
		}
	}
	for _, r := range rows {
		walk(reflect.ValueOf(r), "")
	}
	// One more offset per string and list column; bools are bit-packed.
	var zero T
	var extra func(t reflect.Type, col string)
	extra = func(t reflect.Type, col string) {
		switch t.Kind() {
		case reflect.String:
			n += 4
		case reflect.Bool:
			n += int64(counts[col]+7) / 8
		case reflect.Slice:
			n += 4
			extra(t.Elem(), col+".element")
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				extra(t.Field(i).Type, col+"."+t.Field(i).Name)
			}
		}
	}
	extra(reflect.TypeOf(zero), "")
	return n
}
