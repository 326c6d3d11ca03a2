package core_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestPackagesJavaQueries: with the JDK's src.zip indexed, refs of
// java.util.List.add lists the call on a List, implementors of
// java.lang.Runnable lists the worktree's runnable, and show reads
// Runnable's declaration from inside the archive.
func TestPackagesJavaQueries(t *testing.T) {
	out, err := exec.Command("java", "-XshowSettings:properties", "-version").CombinedOutput()
	if err != nil {
		t.Skipf("no java on PATH (%v)", err)
	}
	home := ""
	for _, l := range strings.Split(string(out), "\n") {
		if h, ok := strings.CutPrefix(strings.TrimSpace(l), "java.home = "); ok {
			home = h
		}
	}
	if fi, err := os.Stat(filepath.Join(home, "lib", "src.zip")); err != nil || !fi.Mode().IsRegular() {
		t.Skipf("no JDK sources at %s/lib/src.zip (Debian: apt-get install openjdk-17-source)", home)
	}
	repo := gittest.New(t, map[string]string{"src/zz/ex/App.java": `package zz.ex;

import java.util.List;

public class App implements Runnable {
    private List<String> names;

    public void run() {
        List<String> list = names;
        list.add("x");
    }

    void start() {
        new Thread(this).start();
    }
}
`})
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Packages: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	if rep, err := g.Sync(ctx, core.SyncAuto); err != nil || rep.Packages == nil || rep.Packages.Indexed != 1 {
		t.Fatalf("sync: %+v, %v; want java.base indexed", rep.Packages, err)
	}
	// List.add is overloaded: the selector names each by its line.
	_, err = g.Refs(ctx, "ext:java.util#List.add", query.RefsOptions{})
	le, ok := err.(*query.LookupError)
	if !ok || len(le.Candidates) < 2 {
		t.Fatalf("refs ext:java.util#List.add: %v; want the overloads listed", err)
	}
	var calls []query.RefSite
	for _, c := range le.Candidates {
		if !strings.HasPrefix(c.Selector, "symbol:@java/java/util/List.java#") {
			t.Errorf("candidate %s does not name its file", c.Selector)
		}
		refs, err := g.Refs(ctx, fmt.Sprintf("ext:java.util#List.add@%d", c.Line), query.RefsOptions{})
		if err != nil || refs.Target.Package != "java.base" {
			t.Fatalf("refs of List.add@%d: %+v, %v; want java.base's", c.Line, refs, err)
		}
		calls = append(calls, refs.Refs...)
	}
	if len(calls) != 1 || calls[0].File != "src/zz/ex/App.java" || calls[0].Confidence != "import_resolved" {
		t.Errorf("refs of java.util.List.add = %+v; want the call in App.java, import_resolved", calls)
	}
	impl, err := g.Implementors(ctx, "ext:java.lang#Runnable")
	found := false
	for _, i := range impl.Implementors {
		found = found || i.Type == "zz.ex.App"
	}
	if err != nil || !found {
		t.Errorf("implementors of java.lang.Runnable = %+v, %v; want zz.ex.App", impl.Implementors, err)
	}
	// The JDK's own runnables come after the worktree's, each naming its
	// module and version: those the worktree names (Thread), as a
	// dependency is read only as far as the worktree names it.
	ims := impl.Implementors
	if len(ims) < 2 || ims[0].Type != "zz.ex.App" || ims[0].Package != "" || ims[len(ims)-1].Package == "" || ims[len(ims)-1].Version == "" {
		t.Errorf("implementors of java.lang.Runnable = %+v; want zz.ex.App first, without a package, and the JDK's after it with package and version", ims)
	}
	v, err := g.Show(ctx, "ext:java.lang#Runnable", 0)
	if err != nil || !strings.Contains(v.Source, "public interface Runnable") || v.Path != "@java/java/lang/Runnable.java" {
		t.Errorf("show ext:java.lang#Runnable = %+v, %v; want its declaration read from src.zip", v, err)
	}
}
