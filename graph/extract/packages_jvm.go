package extract

// SelectLangs is a Selective set whose selection answers to the names of
// other languages' files too: Java's set reads the JDK's sources that
// Kotlin files name when the worktree's Java files or build files make
// it read them (Kotlin's set then leaves them alone), so Kotlin's
// references must count in Java's selection. Without it, the names are
// those of the language's own files (FileLangs).
type SelectLangs interface {
	SelectLangs() []string
}
