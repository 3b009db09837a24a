#!/usr/bin/python3
"""Gives each character named on the command line a key of its own on the X server, for good.

  keymap.py TEXT...    binds every character of TEXT that no key produces to an unused keycode

xdotool types a character missing from the keymap by binding it to a spare keycode for the moment
of its key press and unbinding it right after. An app that reads the keymap a moment late (on a
busy machine) then sees the key after the unbinding and gets no character or the wrong one. Bound
here before typing, the keymap stays as it is while keys go by, and xdotool uses the key as it is.
Uses libX11 through ctypes: nothing to install beyond what GTK already brings.
"""
import ctypes
import sys

KeySym = ctypes.c_ulong


def keysym(character):
    code = ord(character)
    # X11 keysyms: Latin-1 characters are their own code; others are 0x01000000 + the code point.
    return code if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF else 0x01000000 + code


def main():
    x = ctypes.CDLL("libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDisplayKeycodes.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    x.XGetKeyboardMapping.restype = ctypes.POINTER(KeySym)
    x.XGetKeyboardMapping.argtypes = [ctypes.c_void_p, ctypes.c_ubyte, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    x.XChangeKeyboardMapping.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.POINTER(KeySym), ctypes.c_int]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x.XFree.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]

    display = x.XOpenDisplay(None)
    if not display:
        sys.exit("keymap.py: cannot open the display")
    low, high = ctypes.c_int(), ctypes.c_int()
    x.XDisplayKeycodes(display, ctypes.byref(low), ctypes.byref(high))
    count = high.value - low.value + 1
    per_key = ctypes.c_int()
    table = x.XGetKeyboardMapping(display, low.value, count, ctypes.byref(per_key))
    keys = [[table[k * per_key.value + i] for i in range(per_key.value)] for k in range(count)]
    x.XFree(table)

    present = {symbol for key in keys for symbol in key}
    # From the top: the highest keycodes are the ones no real keyboard sends.
    free = [low.value + k for k, key in reversed(list(enumerate(keys))) if not any(key)]
    wanted = sorted({keysym(c) for c in "".join(sys.argv[1:]) if c.isprintable()} - present)
    if len(wanted) > len(free):
        sys.exit(f"keymap.py: {len(wanted)} characters to bind, {len(free)} keycodes free")
    for symbol, keycode in zip(wanted, free):
        x.XChangeKeyboardMapping(display, keycode, 1, (KeySym * 1)(symbol), 1)
    x.XSync(display, 0)
    x.XCloseDisplay(display)


if __name__ == "__main__":
    main()
