module github.com/plancert/plancert

go 1.24

require github.com/go-air/gini v1.0.4
