package utf8x

// CopyWindow is where AppendValid once cut its input into windows; sequences
// across those offsets remain worth testing.
const CopyWindow = 16 << 10

// The policy's sizing methods, unexported because only the package sizes its
// buffers with them, checked against AppendInvalid by TestInvalidLen.
var (
	InvalidLen    = Policy.invalidLen
	MaxInvalidLen = Policy.maxInvalidLen
)

// Probe is the scalar look-ahead after an error, checked against the
// reference by TestProbe.
func Probe(b []byte) (i, size int, kind ErrorKind) { return probe(b) }
