package render

import (
	"reflect"
	"strings"
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
		if !v.IsNil() && v.CanSet() {
			cp := reflect.New(v.Elem().Type()).Elem()
			cp.Set(v.Elem())
			fillSlices(cp, depth+1)
			v.Set(cp)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			f, sf := v.Field(i), t.Field(i)
			if !sf.IsExported() {
				continue
			}
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			if f.Kind() == reflect.Slice && f.IsNil() && !strings.Contains(tag, ",omitempty") && f.CanSet() {
				f.Set(reflect.MakeSlice(f.Type(), 0, 0))
				continue
			}
			fillSlices(f, depth+1)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fillSlices(v.Index(i), depth+1)
		}
	}
}
