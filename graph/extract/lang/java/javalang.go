package java

// javaLangTypes are the public types of java.lang (JDK 25), which every
// Java file imports implicitly: String is java.lang.String, not a type of
// the file's package.
var javaLangTypes = func() map[string]struct{} {
	m := make(map[string]struct{}, len(javaLangNames))
	for _, n := range javaLangNames {
		m[n] = struct{}{}
	}
	return m
}()

var javaLangNames = [...]string{
	"AbstractMethodError", "Appendable", "ArithmeticException", "ArrayIndexOutOfBoundsException",
	"ArrayStoreException", "AssertionError", "AutoCloseable", "Boolean", "BootstrapMethodError",
	"Byte", "CharSequence", "Character", "Class", "ClassCastException", "ClassCircularityError",
	"ClassFormatError", "ClassLoader", "ClassNotFoundException", "ClassValue",
	"CloneNotSupportedException", "Cloneable", "Comparable", "Deprecated", "Double", "Enum",
	"EnumConstantNotPresentException", "Error", "Exception", "ExceptionInInitializerError",
	"Float", "FunctionalInterface", "IO", "IllegalAccessError", "IllegalAccessException",
	"IllegalArgumentException", "IllegalCallerException", "IllegalMonitorStateException",
	"IllegalStateException", "IllegalThreadStateException", "IncompatibleClassChangeError",
	"IndexOutOfBoundsException", "InheritableThreadLocal", "InstantiationError",
	"InstantiationException", "Integer", "InternalError", "InterruptedException", "Iterable",
	"LayerInstantiationException", "LinkageError", "Long", "MatchException", "Math", "Module",
	"ModuleLayer", "NegativeArraySizeException", "NoClassDefFoundError", "NoSuchFieldError",
	"NoSuchFieldException", "NoSuchMethodError", "NoSuchMethodException", "NullPointerException",
	"Number", "NumberFormatException", "Object", "OutOfMemoryError", "Override", "Package",
	"Process", "ProcessBuilder", "ProcessHandle", "Readable", "Record",
	"ReflectiveOperationException", "Runnable", "Runtime", "RuntimeException",
	"RuntimePermission", "SafeVarargs", "ScopedValue", "SecurityException", "SecurityManager",
	"Short", "StableValue", "StackOverflowError", "StackTraceElement", "StackWalker",
	"StrictMath", "String", "StringBuffer", "StringBuilder", "StringIndexOutOfBoundsException",
	"SuppressWarnings", "System", "Thread", "ThreadDeath", "ThreadGroup", "ThreadLocal",
	"Throwable", "TypeNotPresentException", "UnknownError", "UnsatisfiedLinkError",
	"UnsupportedClassVersionError", "UnsupportedOperationException", "VerifyError",
	"VirtualMachineError", "Void", "WrongThreadException",
}
