package extract

// Version identifies what extractors produce. Bump it whenever any extractor's
// output changes; the DB path embeds it, so old indexes are rebuilt, never
// reused (spec §6.1).
//
// Changelog (one line per bump):
//
//	1: Go and Python extractors.
//	2: Rust (with clap commands), C#, Ruby.
const Version = 2
