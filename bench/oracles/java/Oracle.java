// Oracle writes a truth file (bench/accuracy/TRUTH.md) for a Java corpus from
// javac's own answers: it parses and attributes every .java file under the
// corpus root with a JavacTask (analyze()), takes every method declared with
// a body in a top-level or member class as a target, and records, for every
// method invocation, method reference and static import, the method
// declaration javac resolved it to.
//
// Usage (run.sh wraps it):
//
//	java -Xmx3g Oracle.java CORPUS_DIR OUT.json [-n N] [-seed S]
//	     [-patch-module MODULE] [-label TEXT]
//
// -patch-module compiles the corpus as sources of that module (the JDK's own
// sources: java.base), other classes coming from the running JDK's modules.
// Without it the corpus root is the source path of an unnamed module.
import com.sun.source.tree.*;
import com.sun.source.util.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.*;
import javax.tools.*;

public class Oracle {

	/** A declared name position: file, 1-based line, 1-based UTF-8 byte column. */
	record Pos(String file, int line, int col) implements Comparable<Pos> {
		public int compareTo(Pos o) {
			int c = file.compareTo(o.file);
			if (c != 0) return c;
			if (line != o.line) return Integer.compare(line, o.line);
			return Integer.compare(col, o.col);
		}
	}

	record Site(Pos pos, String kind) {}

	record Call(Pos pos, String name, Pos def) {}

	static final class Target {
		final String name, container;
		final Pos pos;
		final boolean method = true;
		String stratum;
		final TreeSet<String> siteKeys = new TreeSet<>();
		final List<Site> sites = new ArrayList<>();
		final List<Call> calls = new ArrayList<>();
		Target(String name, String container, Pos pos) {
			this.name = name;
			this.container = container;
			this.pos = pos;
		}
	}

	/** One compilation unit's text and line starts. */
	static final class Unit {
		final String rel;
		final String src;
		final int[] lineStarts;
		Unit(String rel, String src) {
			this.rel = rel;
			this.src = src;
			List<Integer> starts = new ArrayList<>();
			starts.add(0);
			for (int i = 0; i < src.length(); i++) {
				char c = src.charAt(i);
				if (c == '\n' || (c == '\r' && (i + 1 >= src.length() || src.charAt(i + 1) != '\n'))) {
					starts.add(i + 1);
				}
			}
			lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
		}
		Pos pos(int off) {
			int lo = 0, hi = lineStarts.length - 1;
			while (lo < hi) {
				int mid = (lo + hi + 1) >>> 1;
				if (lineStarts[mid] <= off) lo = mid; else hi = mid - 1;
			}
			int col = src.substring(lineStarts[lo], off).getBytes(StandardCharsets.UTF_8).length + 1;
			return new Pos(rel, lo + 1, col);
		}
	}

	static Path root;
	static Trees trees;
	static final Map<CompilationUnitTree, Unit> units = new IdentityHashMap<>();
	static final Map<Pos, Target> targets = new HashMap<>();
	static final Map<String, Integer> declCount = new HashMap<>();
	static final Map<Element, Optional<Pos>> declCache = new IdentityHashMap<>();
	static int unresolvedCalls = 0;

	public static void main(String[] args) throws Exception {
		if (args.length < 2) {
			System.err.println("usage: Oracle CORPUS_DIR OUT.json [-n N] [-seed S] [-patch-module MOD] [-label TEXT]");
			System.exit(2);
		}
		root = Paths.get(args[0]).toAbsolutePath().normalize();
		Path out = Paths.get(args[1]);
		int n = 500;
		long seed = 1;
		String patchModule = null, label = root.getFileName().toString();
		for (int i = 2; i < args.length; i++) {
			switch (args[i]) {
				case "-n" -> n = Integer.parseInt(args[++i]);
				case "-seed" -> seed = Long.parseLong(args[++i]);
				case "-patch-module" -> patchModule = args[++i];
				case "-label" -> label = args[++i];
				default -> throw new IllegalArgumentException("unknown flag " + args[i]);
			}
		}

		List<Path> files;
		try (Stream<Path> s = Files.walk(root)) {
			files = s.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".java"))
				.filter(p -> !p.getFileName().toString().equals("module-info.java"))
				.filter(p -> { for (Path q : root.relativize(p)) if (q.toString().startsWith(".")) return false; return true; })
				.sorted(Comparator.comparing(Oracle::rel))
				.collect(Collectors.toList());
		}
		System.err.printf("oracle: %d files under %s%n", files.size(), root);

		JavaCompiler jc = ToolProvider.getSystemJavaCompiler();
		DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
		StandardJavaFileManager fm = jc.getStandardFileManager(diags, Locale.ROOT, StandardCharsets.UTF_8);
		List<String> opts = new ArrayList<>(List.of(
			"-proc:none", "-implicit:none", "-nowarn", "-Xlint:none", "-encoding", "UTF-8",
			"-Xmaxerrs", "1000000", "-XDshould-stop.ifError=FLOW", "-XDshould-stop.ifNoError=FLOW"));
		if (patchModule != null) {
			opts.addAll(List.of("--patch-module", patchModule + "=" + root));
		} else {
			opts.addAll(List.of("-sourcepath", root.toString()));
		}
		JavacTask task = (JavacTask) jc.getTask(null, fm, diags, opts, null, fm.getJavaFileObjectsFromPaths(files));
		trees = Trees.instance(task);
		List<CompilationUnitTree> cus = new ArrayList<>();
		for (CompilationUnitTree cu : task.parse()) cus.add(cu);
		task.analyze();
		int errors = 0;
		for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
			if (d.getKind() != Diagnostic.Kind.ERROR) continue;
			if (errors++ < 20) System.err.println("oracle: javac: " + d.toString().replace('\n', ' '));
		}
		System.err.printf("oracle: javac reported %d errors%n", errors);

		for (CompilationUnitTree cu : cus) {
			Path p = Paths.get(cu.getSourceFile().toUri());
			units.put(cu, new Unit(rel(p), cu.getSourceFile().getCharContent(true).toString()));
		}
		// Pass 1: declarations (targets and name counts).
		for (CompilationUnitTree cu : cus) new Decls(cu).scan(cu, null);
		// Pass 2: uses.
		for (CompilationUnitTree cu : cus) new Uses(cu).scan(cu, null);
		System.err.printf("oracle: %d targets, %d method uses javac left unresolved%n", targets.size(), unresolvedCalls);

		List<Target> all = new ArrayList<>(targets.values());
		all.sort(Comparator.comparing(t -> t.pos));
		for (Target t : all) t.stratum = declCount.getOrDefault(t.name, 0) > 1 ? "ambiguous" : "unique_method";
		List<Target> sample = sample(all, n, seed);

		String oracle = "javac " + System.getProperty("java.version") + " JavacTask.analyze + com.sun.source Trees"
			+ (patchModule != null ? " (--patch-module " + patchModule + ")" : "")
			+ "; " + errors + " compile errors" + (errors > 0 ? " (what still resolves is recorded)" : "");
		StringBuilder b = new StringBuilder();
		b.append("{\n");
		b.append("  \"language\": \"java\",\n");
		b.append("  \"oracle\": ").append(q(oracle)).append(",\n");
		b.append("  \"corpus\": ").append(q(label)).append(",\n");
		b.append("  \"seed\": ").append(seed).append(",\n");
		b.append("  \"all_targets\": ").append(all.size()).append(",\n");
		b.append("  \"files\": [");
		for (int i = 0; i < files.size(); i++) {
			b.append(i == 0 ? "\n    " : ",\n    ").append(q(rel(files.get(i))));
		}
		b.append("\n  ],\n");
		b.append("  \"targets\": [");
		for (int i = 0; i < sample.size(); i++) {
			Target t = sample.get(i);
			b.append(i == 0 ? "\n" : ",\n");
			b.append("    {\"name\": ").append(q(t.name))
				.append(", \"container\": ").append(q(t.container))
				.append(", \"file\": ").append(q(t.pos.file))
				.append(", \"line\": ").append(t.pos.line)
				.append(", \"col\": ").append(t.pos.col)
				.append(", \"method\": ").append(t.method)
				.append(", \"stratum\": ").append(q(t.stratum))
				.append(",\n      \"sites\": [");
			t.sites.sort(Comparator.comparing((Site s) -> s.pos).thenComparing(s -> s.kind));
			for (int j = 0; j < t.sites.size(); j++) {
				Site s = t.sites.get(j);
				b.append(j == 0 ? "\n        " : ",\n        ");
				b.append("{\"file\": ").append(q(s.pos.file)).append(", \"line\": ").append(s.pos.line)
					.append(", \"col\": ").append(s.pos.col).append(", \"kind\": ").append(q(s.kind)).append("}");
			}
			b.append(t.sites.isEmpty() ? "]" : "\n      ]");
			b.append(",\n      \"calls\": [");
			t.calls.sort(Comparator.comparing((Call c) -> c.pos).thenComparing(c -> c.name).thenComparing(c -> c.def));
			for (int j = 0; j < t.calls.size(); j++) {
				Call c = t.calls.get(j);
				b.append(j == 0 ? "\n        " : ",\n        ");
				b.append("{\"line\": ").append(c.pos.line).append(", \"col\": ").append(c.pos.col)
					.append(", \"name\": ").append(q(c.name))
					.append(", \"def\": {\"file\": ").append(q(c.def.file)).append(", \"line\": ").append(c.def.line).append("}}");
			}
			b.append(t.calls.isEmpty() ? "]" : "\n      ]");
			b.append("}");
		}
		b.append(sample.isEmpty() ? "]\n" : "\n  ]\n");
		b.append("}\n");
		Files.writeString(out, b.toString(), StandardCharsets.UTF_8);
		long sites = sample.stream().mapToLong(t -> t.sites.size()).sum();
		System.err.printf("oracle: wrote %s: %d of %d targets, %d sites%n", out, sample.size(), all.size(), sites);
	}

	static String rel(Path p) {
		return root.relativize(p.toAbsolutePath().normalize()).toString().replace('\\', '/');
	}

	/**
	 * A seeded sample: half (when there are enough) among names declared more
	 * than once, the rest among the others; java.util.Random's algorithm is
	 * fixed by its specification, so the draw is the same on every JVM.
	 */
	static List<Target> sample(List<Target> all, int n, long seed) {
		List<Target> dup = new ArrayList<>(), uniq = new ArrayList<>();
		for (Target t : all) (t.stratum.equals("ambiguous") ? dup : uniq).add(t);
		Random rng = new Random(seed);
		Collections.shuffle(dup, rng);
		Collections.shuffle(uniq, rng);
		int nd = Math.min(n / 2, dup.size());
		int nu = Math.min(n - nd, uniq.size());
		nd = Math.min(n - nu, dup.size());
		List<Target> out = new ArrayList<>(dup.subList(0, nd));
		out.addAll(uniq.subList(0, nu));
		out.sort(Comparator.comparing(t -> t.pos));
		return out;
	}

	/** The name position of a method declaration: the identifier after its return type. */
	static Pos methodNamePos(CompilationUnitTree cu, MethodTree m) {
		Unit u = units.get(cu);
		SourcePositions sp = trees.getSourcePositions();
		long from = m.getReturnType() != null ? sp.getEndPosition(cu, m.getReturnType()) : sp.getStartPosition(cu, m);
		String name = m.getName().toString();
		int off = identAt(u.src, name, (int) from);
		return u.pos(off);
	}

	/** The first whole-word occurrence of name at or after from, skipping comments. */
	static int identAt(String src, String name, int from) {
		int i = from;
		while (i < src.length()) {
			if (src.startsWith("//", i)) {
				while (i < src.length() && src.charAt(i) != '\n') i++;
				continue;
			}
			if (src.startsWith("/*", i)) {
				int e = src.indexOf("*/", i + 2);
				i = e < 0 ? src.length() : e + 2;
				continue;
			}
			if (src.startsWith(name, i) && (i == 0 || !Character.isJavaIdentifierPart(src.charAt(i - 1)))
				&& (i + name.length() >= src.length() || !Character.isJavaIdentifierPart(src.charAt(i + name.length())))) {
				return i;
			}
			i++;
		}
		throw new IllegalStateException("name " + name + " not found after offset " + from);
	}

	/** Where a use's name starts: an identifier's start, or the end of a selection minus the name. */
	static int useOffset(CompilationUnitTree cu, Tree t, String name) {
		Unit u = units.get(cu);
		SourcePositions sp = trees.getSourcePositions();
		if (t instanceof IdentifierTree) return (int) sp.getStartPosition(cu, t);
		int end = (int) sp.getEndPosition(cu, t);
		if (end >= name.length() && u.src.startsWith(name, end - name.length())) return end - name.length();
		int i = u.src.lastIndexOf(name, end);
		if (i < 0) throw new IllegalStateException("use " + name + " not found in " + u.rel);
		return i;
	}

	/** Whether a class can be named by a selector: top-level or member classes all the way out. */
	static boolean nameable(TypeElement te) {
		for (Element e = te; e != null && e.getKind() != ElementKind.PACKAGE && e.getKind() != ElementKind.MODULE; e = e.getEnclosingElement()) {
			if (!(e instanceof TypeElement t)) return false;
			NestingKind k = t.getNestingKind();
			if (k != NestingKind.TOP_LEVEL && k != NestingKind.MEMBER) return false;
		}
		return true;
	}

	/** Outer.Inner: the class's qualified name without its package. */
	static String container(TypeElement te) {
		Deque<String> parts = new ArrayDeque<>();
		for (Element e = te; e instanceof TypeElement; e = e.getEnclosingElement()) parts.addFirst(e.getSimpleName().toString());
		return String.join(".", parts);
	}

	/** The declaration position of a method element in the corpus, if its source is there. */
	static Optional<Pos> declPos(Element el) {
		return declCache.computeIfAbsent(el, e -> {
			TreePath p = trees.getPath(e);
			if (p == null || !(p.getLeaf() instanceof MethodTree m) || !units.containsKey(p.getCompilationUnit())) {
				return Optional.empty();
			}
			return Optional.of(methodNamePos(p.getCompilationUnit(), m));
		});
	}

	static final class Decls extends TreePathScanner<Void, Void> {
		final CompilationUnitTree cu;
		Decls(CompilationUnitTree cu) { this.cu = cu; }

		@Override
		public Void visitMethod(MethodTree m, Void v) {
			Element e = trees.getElement(getCurrentPath());
			if (e != null && e.getKind() == ElementKind.METHOD) {
				String name = m.getName().toString();
				declCount.merge(name, 1, Integer::sum);
				if (m.getBody() != null && e.getEnclosingElement() instanceof TypeElement te && nameable(te)) {
					Pos pos = methodNamePos(cu, m);
					targets.put(pos, new Target(name, container(te), pos));
				}
			}
			return super.visitMethod(m, v);
		}
	}

	static final class Uses extends TreePathScanner<Void, Void> {
		final CompilationUnitTree cu;
		final Deque<Target> current = new ArrayDeque<>(); // the enclosing target, or a null marker
		Uses(CompilationUnitTree cu) { this.cu = cu; }

		Target enclosing() {
			return current.isEmpty() ? null : current.peek();
		}

		// An anonymous or local class body belongs to the method around it:
		// its methods are not targets.
		@Override
		public Void visitClass(ClassTree c, Void v) {
			boolean local = trees.getElement(getCurrentPath()) instanceof TypeElement te && inMethod(te);
			current.push(local ? enclosingOrNone() : NONE);
			try { return super.visitClass(c, v); } finally { current.pop(); }
		}

		@Override
		public Void visitMethod(MethodTree m, Void v) {
			Element e = trees.getElement(getCurrentPath());
			Target t = null;
			if (e != null && e.getKind() == ElementKind.METHOD && m.getBody() != null) {
				t = targets.get(methodNamePos(cu, m));
			}
			boolean local = e != null && e.getEnclosingElement() instanceof TypeElement te && inMethod(te);
			current.push(t != null ? t : local ? enclosingOrNone() : NONE);
			try { return super.visitMethod(m, v); } finally { current.pop(); }
		}

		boolean inMethod(TypeElement te) {
			NestingKind k = te.getNestingKind();
			return k == NestingKind.ANONYMOUS || k == NestingKind.LOCAL;
		}

		Target enclosingOrNone() {
			Target t = enclosing();
			return t == null ? NONE : t;
		}

		@Override
		public Void visitMethodInvocation(MethodInvocationTree mi, Void v) {
			ExpressionTree sel = mi.getMethodSelect();
			Element el = trees.getElement(new TreePath(getCurrentPath(), sel));
			String name = sel instanceof MemberSelectTree ms ? ms.getIdentifier().toString()
				: sel instanceof IdentifierTree id ? id.getName().toString() : null;
			if (el == null) {
				unresolvedCalls++;
			} else if (el.getKind() == ElementKind.METHOD && name != null) {
				record(el, sel, name, "call", true);
			}
			return super.visitMethodInvocation(mi, v);
		}

		@Override
		public Void visitMemberReference(MemberReferenceTree mr, Void v) {
			Element el = trees.getElement(getCurrentPath());
			if (el == null) {
				unresolvedCalls++;
			} else if (el.getKind() == ElementKind.METHOD) {
				record(el, mr, mr.getName().toString(), "value", false);
			}
			return super.visitMemberReference(mr, v);
		}

		@Override
		public Void visitImport(ImportTree it, Void v) {
			if (it.isStatic() && it.getQualifiedIdentifier() instanceof MemberSelectTree ms
				&& !ms.getIdentifier().contentEquals("*")) {
				Element owner = trees.getElement(new TreePath(new TreePath(getCurrentPath(), ms), ms.getExpression()));
				if (owner instanceof TypeElement te) {
					for (Element m : te.getEnclosedElements()) {
						if (m.getKind() == ElementKind.METHOD && m.getSimpleName().contentEquals(ms.getIdentifier())) {
							record(m, ms, ms.getIdentifier().toString(), "import", false);
						}
					}
				}
			}
			return super.visitImport(it, v);
		}

		void record(Element el, Tree at, String name, String kind, boolean isCall) {
			Optional<Pos> def = declPos(el);
			if (def.isEmpty()) return;
			Pos use = units.get(cu).pos(useOffset(cu, at, name));
			Target t = targets.get(def.get());
			if (t != null && t.siteKeys.add(use + kind)) t.sites.add(new Site(use, kind));
			Target encl = enclosing();
			if (isCall && encl != null && encl != NONE) encl.calls.add(new Call(use, name, def.get()));
		}
	}

	static final Target NONE = new Target("", "", new Pos("", 0, 0));

	static String q(String s) {
		StringBuilder b = new StringBuilder("\"");
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			switch (c) {
				case '"' -> b.append("\\\"");
				case '\\' -> b.append("\\\\");
				case '\n' -> b.append("\\n");
				case '\r' -> b.append("\\r");
				case '\t' -> b.append("\\t");
				default -> {
					if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
				}
			}
		}
		return b.append('"').toString();
	}
}
