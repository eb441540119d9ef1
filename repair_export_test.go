package utf8x

// CopyWindow is where AppendValid once cut its input into windows; sequences
// across those offsets remain worth testing.
const CopyWindow = 16 << 10
