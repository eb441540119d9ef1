package transcode

// TestEncodings is testEncodings for the external tests.
var TestEncodings = testEncodings
