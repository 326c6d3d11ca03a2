package xcache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
)

// The codec writes a value as its fields in declaration order, following
// pointers, with no field names and no type descriptions: integers as
// varints, strings and slices length-prefixed, a nil slice, pointer, map
// or interface told apart from an empty or zero one (so a decoded entry is
// deep-equal to what was stored). Map entries are sorted by their encoded
// keys, so one value always encodes to the same bytes (the key is a hash of
// them). Funcs, channels and unsafe pointers cannot be encoded.
//
// It works by reflection over any type: a field added to
// extract.ExtractedFile is stored without a change here (and, being in a
// new binary, under new keys: see buildID).

var errUnencodable = errors.New("xcache: value cannot be encoded")

type encoder struct {
	buf []byte
}

func (e *encoder) uvarint(n uint64) { e.buf = binary.AppendUvarint(e.buf, n) }
func (e *encoder) varint(n int64)   { e.buf = binary.AppendVarint(e.buf, n) }
func (e *encoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

// value appends v; typed says whether an interface's dynamic type is
// written (the key's serialization) or refused (entries are of concrete
// types only).
func (e *encoder) value(v reflect.Value, typed bool) error {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			e.buf = append(e.buf, 1)
		} else {
			e.buf = append(e.buf, 0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.varint(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uvarint(v.Uint())
	case reflect.Float32, reflect.Float64:
		e.uvarint(math.Float64bits(v.Float()))
	case reflect.String:
		e.str(v.String())
	case reflect.Slice:
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		if v.Type().Elem().Kind() == reflect.Uint8 {
			e.buf = append(e.buf, v.Bytes()...)
			return nil
		}
		for i := 0; i < v.Len(); i++ {
			if err := e.value(v.Index(i), typed); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if err := e.value(v.Index(i), typed); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if err := e.value(v.Field(i), typed); err != nil {
				return err
			}
		}
	case reflect.Pointer:
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(1)
		return e.value(v.Elem(), typed)
	case reflect.Map:
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		type entry struct{ k, v []byte }
		entries := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			var ke, ve encoder
			if err := ke.value(it.Key(), typed); err != nil {
				return err
			}
			if err := ve.value(it.Value(), typed); err != nil {
				return err
			}
			entries = append(entries, entry{ke.buf, ve.buf})
		}
		sort.Slice(entries, func(i, j int) bool { return bytes.Compare(entries[i].k, entries[j].k) < 0 })
		for _, en := range entries {
			e.buf = append(e.buf, en.k...)
			e.buf = append(e.buf, en.v...)
		}
	case reflect.Interface:
		if !typed {
			return fmt.Errorf("%w: interface field of %s", errUnencodable, v.Type())
		}
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(1)
		e.str(typeName(v.Elem().Type()))
		return e.value(v.Elem(), typed)
	default:
		return fmt.Errorf("%w: %s", errUnencodable, v.Type())
	}
	return nil
}

// typeName names a type unambiguously within one binary: named types by
// their package path.
func typeName(t reflect.Type) string {
	if t.Name() != "" {
		return t.PkgPath() + "." + t.Name()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeName(t.Elem())
	case reflect.Slice:
		return "[]" + typeName(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), typeName(t.Elem()))
	case reflect.Map:
		return "map[" + typeName(t.Key()) + "]" + typeName(t.Elem())
	}
	return t.String() // struct literals and the like: their fields are encoded anyway
}

var errTruncated = errors.New("xcache: entry truncated")

type decoder struct {
	buf []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	n, k := binary.Uvarint(d.buf)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.buf = d.buf[k:]
	return n
}

func (d *decoder) varint() int64 {
	n, k := binary.Varint(d.buf)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.buf = d.buf[k:]
	return n
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = errTruncated
	}
	d.buf = nil
}

// length reads a length prefix and checks that at least n*min bytes follow,
// so a damaged length cannot make the decoder allocate without bound.
func (d *decoder) length(v uint64, min int) int {
	if v > uint64(len(d.buf)) || min > 0 && v*uint64(min) > uint64(len(d.buf)) {
		d.fail()
		return 0
	}
	return int(v)
}

func (d *decoder) str() string {
	n := d.length(d.uvarint(), 1)
	s := string(d.buf[:n])
	d.buf = d.buf[n:]
	return s
}

// value fills v (settable) from the input.
func (d *decoder) value(v reflect.Value) {
	if d.err != nil {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		if len(d.buf) == 0 {
			d.fail()
			return
		}
		v.SetBool(d.buf[0] != 0)
		d.buf = d.buf[1:]
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(d.varint())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(d.uvarint())
	case reflect.Float32, reflect.Float64:
		v.SetFloat(math.Float64frombits(d.uvarint()))
	case reflect.String:
		v.SetString(d.str())
	case reflect.Slice:
		n := d.uvarint()
		if n == 0 || d.err != nil {
			return
		}
		n--
		if v.Type().Elem().Kind() == reflect.Uint8 {
			l := d.length(n, 1)
			v.SetBytes(append([]byte{}, d.buf[:l]...))
			d.buf = d.buf[l:]
			return
		}
		l := d.length(n, 1) // every element takes at least one byte
		s := reflect.MakeSlice(v.Type(), l, l)
		for i := 0; i < l; i++ {
			d.value(s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			d.value(v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			d.value(v.Field(i))
		}
	case reflect.Pointer:
		switch d.uvarint() {
		case 0:
		case 1:
			p := reflect.New(v.Type().Elem())
			d.value(p.Elem())
			v.Set(p)
		default:
			d.fail()
		}
	case reflect.Map:
		n := d.uvarint()
		if n == 0 || d.err != nil {
			return
		}
		l := d.length(n-1, 2)
		m := reflect.MakeMapWithSize(v.Type(), l)
		for i := 0; i < l; i++ {
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			d.value(k)
			d.value(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	default:
		d.err = fmt.Errorf("%w: %s", errUnencodable, v.Type())
	}
}
