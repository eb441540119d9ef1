package utf8x

// CopyWindow lets the external tests put sequences across the window edges.
const CopyWindow = copyWindow
