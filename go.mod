module github.com/plancert/plancert

go 1.24

require (
	github.com/go-air/gini v1.0.4
	github.com/parquet-go/parquet-go v0.25.1
	github.com/spf13/cobra v1.10.2
)

require (
	github.com/andybalholm/brotli v1.1.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/klauspost/compress v1.17.9 // indirect
	github.com/pierrec/lz4/v4 v4.1.21 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.21.0 // indirect
)
