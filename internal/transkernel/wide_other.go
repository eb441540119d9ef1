//go:build purego || !amd64

package transkernel

// The arch functions of wide_amd64.go where there are no vector sets.

func archUTF32LEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32BEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archCP1252ToUTF8(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }
func archUTF8ToCP1252(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }

func archUTF16LEToBE(_ setID, _, _ []byte) (nDst, nSrc int)      { return 0, 0 }
func archUTF16BEToLE(_ setID, _, _ []byte) (nDst, nSrc int)      { return 0, 0 }
func archUTF32LEToBE(_ setID, _, _ []byte) (nDst, nSrc int)      { return 0, 0 }
func archUTF32BEToLE(_ setID, _, _ []byte) (nDst, nSrc int)      { return 0, 0 }
func archUTF16LEToUTF32LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF16LEToUTF32BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF16BEToUTF32LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF16BEToUTF32BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32LEToUTF16LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32LEToUTF16BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32BEToUTF16LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF32BEToUTF16BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
