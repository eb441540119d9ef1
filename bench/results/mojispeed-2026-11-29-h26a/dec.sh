#!/bin/bash
# dec.sh dir name: build a decode-only bench binary from dir
set -e
cd $1/mojibake
cp /tmp/h26a/scratch/zz_dec_test.go .
go test -c -o /tmp/h26a/dec.$2.test . ; rc=$?
rm -f zz_dec_test.go
exit $rc
