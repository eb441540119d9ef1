module github.com/utf8x/utf8x

go 1.24
