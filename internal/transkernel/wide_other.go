//go:build purego || !amd64

package transkernel

func archUTF32LEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32BEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archCP1252ToUTF8(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }
func archUTF8ToCP1252(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }
