package ruby

// builtins are the private methods of Kernel and Module that Ruby code
// calls without a receiver. A call to one that the file does not define is
// not a reference to anything in the index, so it gets no ref.
var builtins = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range builtinNames {
		m[n] = true
	}
	return m
}()

var builtinNames = []string{
	// Kernel
	"__FILE__", "__LINE__", "__ENCODING__", "Array", "Complex", "Float", "Hash", "Integer", "Rational", "String", "__callee__", "__dir__",
	"__method__", "abort", "at_exit", "autoload", "binding", "block_given?", "caller",
	"caller_locations", "catch", "eval", "exec", "exit", "exit!", "fail", "fork", "format", "gets",
	"global_variables", "iterator?", "lambda", "load", "local_variables", "loop", "open", "p", "pp",
	"print", "printf", "proc", "putc", "puts", "raise", "rand", "readline", "readlines", "require",
	"require_relative", "select", "sleep", "spawn", "sprintf", "srand", "syscall", "system", "test",
	"throw", "trap", "warn",
	// Object and Kernel instance methods commonly called on self
	"class", "clone", "define_singleton_method", "dup", "extend", "freeze", "frozen?", "hash",
	"inspect", "instance_of?", "instance_variable_defined?", "instance_variable_get",
	"instance_variable_set", "instance_variables", "is_a?", "kind_of?", "method", "methods", "nil?",
	"object_id", "public_send", "respond_to?", "send", "__send__", "singleton_class", "tap", "then",
	"to_s", "instance_eval", "instance_exec",
	// Module
	"alias_method", "attr", "attr_accessor", "attr_reader", "attr_writer", "class_eval",
	"class_exec", "class_variable_get", "class_variable_set", "const_get", "const_set",
	"define_method", "include", "included_modules", "instance_method", "module_eval",
	"module_exec", "module_function", "prepend", "private", "private_class_method",
	"private_constant", "protected", "public", "public_class_method", "public_constant",
	"refine", "remove_method", "undef_method", "using", "new", "allocate", "superclass",
}
