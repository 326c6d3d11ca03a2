package kotlin

// defaultImports are the names a Kotlin/JVM file sees without an import
// (kotlin.*, kotlin.collections.*, kotlin.io.* and the other default
// imports, and java.lang.*), by package: the common ones, so that String
// or listOf resolve to the standard library rather than to a guess in
// the file's own package. A name the file declares or imports wins.
var defaultImports = map[string][]string{
	"kotlin": {
		"Any", "Nothing", "Unit", "Boolean", "Byte", "Short", "Int", "Long", "Float", "Double",
		"Char", "String", "CharSequence", "Number", "Comparable", "Comparator", "Array",
		"BooleanArray", "ByteArray", "ShortArray", "IntArray", "LongArray", "FloatArray",
		"DoubleArray", "CharArray", "UByte", "UShort", "UInt", "ULong", "Enum", "Pair", "Triple",
		"Lazy", "Result", "Function", "Annotation", "Throwable", "Exception", "Error",
		"RuntimeException", "IllegalArgumentException", "IllegalStateException",
		"IndexOutOfBoundsException", "UnsupportedOperationException", "NullPointerException",
		"ClassCastException", "ArithmeticException", "NumberFormatException",
		"ConcurrentModificationException", "NoSuchElementException", "AssertionError",
		"NotImplementedError", "UninitializedPropertyAccessException", "KotlinNullPointerException",
		"Deprecated", "DeprecationLevel", "ReplaceWith", "Suppress", "PublishedApi", "DslMarker",
		"OptIn", "RequiresOptIn", "UnsafeVariance", "SinceKotlin", "ExperimentalStdlibApi",
		"lazy", "lazyOf", "let", "run", "with", "apply", "also", "takeIf", "takeUnless", "repeat",
		"require", "requireNotNull", "check", "checkNotNull", "error", "TODO", "to", "arrayOf",
		"arrayOfNulls", "emptyArray", "intArrayOf", "longArrayOf", "byteArrayOf", "charArrayOf",
		"doubleArrayOf", "floatArrayOf", "booleanArrayOf", "shortArrayOf", "runCatching",
		"synchronized", "assert", "enumValues", "enumValueOf", "suspend",
	},
	"kotlin.collections": {
		"Iterable", "MutableIterable", "Collection", "MutableCollection", "List", "MutableList",
		"Set", "MutableSet", "Map", "MutableMap", "ArrayList", "HashMap", "HashSet",
		"LinkedHashMap", "LinkedHashSet", "Iterator", "MutableIterator", "ListIterator",
		"AbstractList", "AbstractMap", "AbstractSet", "AbstractCollection", "ArrayDeque",
		"listOf", "listOfNotNull", "mutableListOf", "arrayListOf", "emptyList", "setOf",
		"setOfNotNull", "mutableSetOf", "hashSetOf", "linkedSetOf", "sortedSetOf", "emptySet",
		"mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf", "sortedMapOf", "emptyMap",
		"buildList", "buildSet", "buildMap",
	},
	"kotlin.comparisons": {"compareBy", "compareByDescending", "compareValues", "compareValuesBy",
		"naturalOrder", "reverseOrder", "nullsFirst", "nullsLast", "maxOf", "minOf"},
	"kotlin.io":        {"println", "print", "readLine", "readln", "readlnOrNull"},
	"kotlin.text":      {"StringBuilder", "Regex", "Charsets", "buildString", "Appendable"},
	"kotlin.ranges":    {"IntRange", "LongRange", "CharRange", "ClosedRange", "IntProgression"},
	"kotlin.sequences": {"Sequence", "sequence", "sequenceOf", "emptySequence", "generateSequence"},
	"kotlin.annotation": {"Target", "Retention", "Repeatable", "MustBeDocumented",
		"AnnotationTarget", "AnnotationRetention"},
	"kotlin.jvm": {"JvmStatic", "JvmField", "JvmOverloads", "JvmName", "JvmSuppressWildcards",
		"JvmWildcard", "JvmInline", "JvmRecord", "JvmSynthetic", "JvmMultifileClass", "Throws",
		"Volatile", "Synchronized", "Transient", "Strictfp", "JvmDefault"},
	"java.lang": {"System", "Thread", "Runnable", "Math", "StrictMath", "Class", "ClassLoader",
		"Runtime", "Process", "ProcessBuilder", "Integer", "Character", "Object", "Void",
		"InterruptedException", "ThreadLocal", "StringBuffer", "SecurityException",
		"CloneNotSupportedException", "AutoCloseable", "Iterable", "FunctionalInterface",
		"ReflectiveOperationException", "ClassNotFoundException",
		"UnsupportedClassVersionError", "StackTraceElement", "InheritableThreadLocal"},
}

// implicitPackages are the packages every Kotlin/JVM file imports.
var implicitPackages = []string{"kotlin", "kotlin.collections", "kotlin.comparisons", "kotlin.io",
	"kotlin.text", "kotlin.ranges", "kotlin.sequences", "kotlin.annotation", "kotlin.jvm", "java.lang"}

// builtins maps each default-imported name to its qualified name; the
// first package listed for a name wins (kotlin.Iterable is a Kotlin type).
var builtins = func() map[string]string {
	m := map[string]string{}
	for _, pkg := range implicitPackages {
		for _, n := range defaultImports[pkg] {
			if _, ok := m[n]; !ok {
				m[n] = pkg + "." + n
			}
		}
	}
	return m
}()
