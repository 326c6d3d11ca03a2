// Command releasehistory builds a git repository with a long linear
// history from the published releases of an npm package: one commit per
// version, in semver order, holding exactly the release tarball's files,
// authored and committed at the registry's recorded time for the version,
// with the subject "release vX". historycheck then compares history with
// git log -L on it (issue 19).
//
//	go run ./bench/historycheck/releasehistory -pins bench/historycheck/mongoose.pins -pin mongoose
//	go run ./bench/historycheck/releasehistory -pins bench/historycheck/mongoose.pins -out DIR
//
// With -pin PACKAGE it writes the pin file: one line per version, "name
// version time sha512-integrity", from `npm view` (versions, time) and `npm
// pack` (which checks each tarball against the registry's integrity or
// shasum). Without it, it reads the pin file, fetches missing tarballs with
// `npm pack` into -cache, refuses any tarball whose sha512 differs from the
// pin, and builds the repository in -out (which must not exist). The same
// pin file gives the same commits, hashes included.
package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/semver"
)

type pin struct{ name, version, time, integrity string }

func main() {
	pins := flag.String("pins", "", "pin file (written with -pin, read otherwise)")
	pkg := flag.String("pin", "", "write the pin file for this npm package")
	out := flag.String("out", "", "repository to build (must not exist)")
	home, _ := os.UserCacheDir()
	cache := flag.String("cache", filepath.Join(home, "orbit-releases"), "tarball cache")
	flag.Parse()
	var err error
	switch {
	case *pins == "":
		err = fmt.Errorf("-pins is required")
	case *pkg != "":
		err = writePins(*pins, *pkg, *cache)
	case *out != "":
		err = build(*pins, *out, *cache)
	default:
		err = fmt.Errorf("give -pin PACKAGE or -out DIR")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "releasehistory:", err)
		os.Exit(1)
	}
}

func npmJSON(v any, args ...string) error {
	cmd := exec.Command("npm", args...)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("npm %s: %w", strings.Join(args, " "), err)
	}
	return json.Unmarshal(b, v)
}

// tarball is the cached file of name@version.
func tarball(cache, name, version string) string {
	return filepath.Join(cache, strings.ReplaceAll(name, "/", "+"), version+".tgz")
}

// fetch packs the versions missing from the cache, 50 to an npm call, and
// returns the integrity npm reports for each.
func fetch(cache, name string, versions []string) (map[string]string, error) {
	dir := filepath.Dir(tarball(cache, name, "x"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	integrity := map[string]string{}
	var missing []string
	for _, v := range versions {
		if _, err := os.Stat(tarball(cache, name, v)); err != nil {
			missing = append(missing, v)
		}
	}
	for len(missing) > 0 {
		batch := missing[:min(50, len(missing))]
		missing = missing[len(batch):]
		tmp, err := os.MkdirTemp(dir, "pack")
		if err != nil {
			return nil, err
		}
		args := []string{"pack", "--json", "--pack-destination", tmp}
		for _, v := range batch {
			args = append(args, name+"@"+v)
		}
		var packed []struct{ ID, Filename, Integrity string }
		if err := npmJSON(&packed, args...); err != nil {
			return nil, err
		}
		for _, p := range packed {
			v := strings.TrimPrefix(p.ID, name+"@")
			if err := os.Rename(filepath.Join(tmp, p.Filename), tarball(cache, name, v)); err != nil {
				return nil, err
			}
			integrity[v] = p.Integrity
		}
		os.RemoveAll(tmp)
		fmt.Fprintf(os.Stderr, "fetched %d, %d to go\n", len(batch), len(missing))
	}
	return integrity, nil
}

func sha512Of(file string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	sum := sha512.Sum512(b)
	return "sha512-" + base64.StdEncoding.EncodeToString(sum[:]), nil
}

func writePins(file, name, cache string) error {
	var versions []string
	if err := npmJSON(&versions, "view", name, "versions", "--json"); err != nil {
		return err
	}
	var times map[string]string
	if err := npmJSON(&times, "view", name, "time", "--json"); err != nil {
		return err
	}
	var valid []string
	for _, v := range versions {
		if semver.IsValid("v"+v) && times[v] != "" {
			valid = append(valid, v)
		}
	}
	sort.SliceStable(valid, func(i, j int) bool { return semver.Compare("v"+valid[i], "v"+valid[j]) < 0 })
	packed, err := fetch(cache, name, valid)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for _, v := range valid {
		sum, err := sha512Of(tarball(cache, name, v))
		if err != nil {
			return err
		}
		if packed[v] != "" && packed[v] != sum {
			return fmt.Errorf("%s@%s: npm pack says %s, the file is %s", name, v, packed[v], sum)
		}
		fmt.Fprintf(&b, "%s %s %s %s\n", name, v, times[v], sum)
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

func readPins(file string) ([]pin, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pins []pin
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 4 {
			return nil, fmt.Errorf("%s: bad line %q", file, sc.Text())
		}
		pins = append(pins, pin{fs[0], fs[1], fs[2], fs[3]})
	}
	return pins, sc.Err()
}

func build(pinFile, out, cache string) error {
	pins, err := readPins(pinFile)
	if err != nil {
		return err
	}
	byName := map[string][]string{}
	for _, p := range pins {
		byName[p.name] = append(byName[p.name], p.version)
	}
	for name, vs := range byName {
		if _, err := fetch(cache, name, vs); err != nil {
			return err
		}
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("%s exists", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	git := func(env []string, args ...string) error {
		cmd := exec.Command("git", append([]string{"-C", out}, args...)...)
		cmd.Env = append(os.Environ(), env...)
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, b)
		}
		return nil
	}
	if err := git(nil, "init", "-q", "-b", "main"); err != nil {
		return err
	}
	for i, p := range pins {
		file := tarball(cache, p.name, p.version)
		sum, err := sha512Of(file)
		if err != nil {
			return err
		}
		if sum != p.integrity {
			return fmt.Errorf("%s@%s: tarball is %s, pinned %s", p.name, p.version, sum, p.integrity)
		}
		if err := clearTree(out); err != nil {
			return err
		}
		if err := extract(file, out); err != nil {
			return fmt.Errorf("%s@%s: %w", p.name, p.version, err)
		}
		env := []string{"GIT_AUTHOR_NAME=" + p.name + " releases", "GIT_AUTHOR_EMAIL=releases@registry.npmjs.org",
			"GIT_COMMITTER_NAME=" + p.name + " releases", "GIT_COMMITTER_EMAIL=releases@registry.npmjs.org",
			"GIT_AUTHOR_DATE=" + p.time, "GIT_COMMITTER_DATE=" + p.time}
		if err := git(env, "add", "-A", "--force", "--", ".", ":!.orbit"); err != nil {
			return err
		}
		if err := git(env, "-c", "commit.gpgsign=false", "commit", "-q", "--allow-empty", "--no-verify",
			"-m", "release v"+p.version); err != nil {
			return err
		}
		if (i+1)%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d/%d commits\n", i+1, len(pins))
		}
	}
	return nil
}

// clearTree removes everything in dir but .git and .orbit.
func clearTree(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if e.Name() == ".git" || e.Name() == ".orbit" {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// extract writes the tarball's regular files under dir, without their
// first path component (npm's "package/", older tarballs' own name).
func extract(file, dir string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg && h.Typeflag != tar.TypeRegA {
			continue
		}
		name := path.Clean(strings.TrimPrefix(h.Name, "/"))
		_, rest, ok := strings.Cut(name, "/")
		if !ok || rest == "" || strings.HasPrefix(rest, "../") || rest == ".git" || strings.HasPrefix(rest, ".git/") {
			continue
		}
		target := filepath.Join(dir, filepath.FromSlash(rest))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if h.Mode&0o111 != 0 {
			mode = 0o755
		}
		w, err := os.OpenFile(target, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, mode)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, tr)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
}
