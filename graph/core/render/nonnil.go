package render

import (
	"reflect"
	"strings"
	"sync"
)

// NonNil returns v with every nil slice that JSON would print as null (a
// struct field without omitempty, at any depth) made empty, so an empty
// answer reads [] to its consumer, never null.
func NonNil[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	fillSlices(rv, 0)
	return v
}

// maxFillDepth bounds the walk (answers are shallow; cycles are not expected).
const maxFillDepth = 16

func fillSlices(v reflect.Value, depth int) {
	if depth > maxFillDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			fillSlices(v.Elem(), depth+1)
		}
	case reflect.Interface:
		// What an interface holds cannot be set in place: fill a copy.
		if !v.IsNil() && v.CanSet() && walks(v.Elem().Type()) {
			cp := reflect.New(v.Elem().Type()).Elem()
			cp.Set(v.Elem())
			fillSlices(cp, depth+1)
			v.Set(cp)
		}
	case reflect.Struct:
		for _, f := range fieldsOf(v.Type()) {
			fv := v.Field(f.index)
			if f.fill && fv.IsNil() && fv.CanSet() {
				fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
				continue
			}
			if f.walk {
				fillSlices(fv, depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		if !walks(v.Type().Elem()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			fillSlices(v.Index(i), depth+1)
		}
	}
}

// A type's plan, worked out once: answers are lists of hundreds of entries
// of a few types, and reading every entry's fields and tags by reflection
// cost more than encoding the answer (issue 16).
var (
	walkCache  sync.Map // reflect.Type → bool
	fieldCache sync.Map // reflect.Type (struct) → []field
)

// field is a struct field fillSlices visits: fill, a slice JSON prints
// (no omitempty) that is made empty when nil; walk, one whose value may
// hold such a slice.
type field struct {
	index      int
	fill, walk bool
}

// walks reports whether a value of type t may hold a slice to fill, so
// that fillSlices must look inside it.
func walks(t reflect.Type) bool {
	if w, ok := walkCache.Load(t); ok {
		return w.(bool)
	}
	walkCache.Store(t, true) // while t is being worked out (a recursive type): look
	w := false
	switch t.Kind() {
	case reflect.Interface:
		w = true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		w = walks(t.Elem())
	case reflect.Struct:
		w = len(fieldsOf(t)) > 0
	}
	walkCache.Store(t, w)
	return w
}

// fieldsOf lists the fields of struct type t that fillSlices visits.
func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.([]field)
	}
	var fs []field
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		f := field{
			index: i,
			fill:  sf.Type.Kind() == reflect.Slice && !strings.Contains(tag, ",omitempty"),
			walk:  walks(sf.Type),
		}
		if f.fill || f.walk {
			fs = append(fs, f)
		}
	}
	fieldCache.Store(t, fs)
	return fs
}
