"""Loading libplancert, the C shared library of plancert's Go graders.

The library is built by "make python" (go build -buildmode=c-shared) next
to this file; PLANCERT_LIB names another path. It is loaded on first use,
not on import, so that the package imports (and its server client works)
without it. Every call returns a JSON text that is decoded and freed here;
an answer {"error": ...} raises plancert.Error.
"""

import codecs
import ctypes
import json
import os
import threading

# The API version this package speaks (internal/pylib.Version).
API_VERSION = 1

LIBRARY_NAME = "libplancert.so"


class Error(RuntimeError):
    """An error of plancert: bad input (a suite, a record, a reward mode), an
    unknown record id, a refused server request, or a library that is not
    built."""


_lock = threading.Lock()
_lib = None
_loaded_by = None  # the pid that loaded the library
_forked = False


def _after_fork_in_child():
    global _forked
    if _lib is not None:
        _forked = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def library_path():
    """The path of the shared library: PLANCERT_LIB, else libplancert.so
    next to this package."""
    return os.environ.get("PLANCERT_LIB") or os.path.join(os.path.dirname(os.path.abspath(__file__)), LIBRARY_NAME)


def _open():
    path = library_path()
    if not os.path.exists(path):
        if os.environ.get("PLANCERT_LIB"):
            raise Error("plancert: PLANCERT_LIB is %s, which does not exist" % path)
        raise Error(
            "plancert: the shared library %s is not built: run \"make python\" in the plancert "
            "repository (it needs Go and a C compiler), or set PLANCERT_LIB to its path" % path
        )
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise Error("plancert: cannot load the shared library %s: %s" % (path, e)) from None
    p, i64, s = ctypes.c_void_p, ctypes.c_int64, ctypes.c_char_p
    sigs = {
        "plancert_version": ([], ctypes.c_int),
        "plancert_load_suite": ([s, s, i64], p),
        "plancert_free_suite": ([i64], p),
        "plancert_score_id": ([i64, s, i64, s, i64, s], p),
        "plancert_score_batch": ([i64, s, i64], p),
        "plancert_score": ([s, i64, s, i64, s], p),
        "plancert_free": ([p], None),
    }
    for name, (args, res) in sigs.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise Error("plancert: %s has no function %s: run \"make python\" again" % (path, name)) from None
        fn.argtypes, fn.restype = args, res
    v = lib.plancert_version()
    if v != API_VERSION:
        raise Error(
            "plancert: %s speaks API version %d, this package version %d: run \"make python\" again"
            % (path, v, API_VERSION)
        )
    return lib


def lib():
    """The loaded library (loaded on the first call)."""
    global _lib, _loaded_by
    if _forked:
        raise Error(
            "plancert: this process (pid %d) was forked from process %d after that one had loaded the "
            "plancert library, and the Go runtime in it does not survive a fork (a call would hang): "
            "load suites and grade only in processes that did not inherit the library (not before "
            "forking workers), or start them with multiprocessing's \"spawn\" method"
            % (os.getpid(), _loaded_by)
        )
    if _lib is None:
        with _lock:
            if _lib is None:
                lib_ = _open()
                _loaded_by = os.getpid()
                _lib = lib_
    return _lib


def call(name, *args):
    """Calls the library function name and returns its decoded answer,
    raising Error on an error answer."""
    L = lib()
    ptr = getattr(L, name)(*args)
    if not ptr:
        raise Error("plancert: %s returned no answer" % name)
    try:
        data = ctypes.string_at(ptr)
    finally:
        L.plancert_free(ptr)
    out = json.loads(data)
    if isinstance(out, dict) and len(out) == 1 and "error" in out:
        raise Error("plancert: " + out["error"])
    return out


def _fffd(err):
    return (b"\xef\xbf\xbd" * (err.end - err.start), err.end)  # U+FFFD in UTF-8


# A lone surrogate (the one thing UTF-8 cannot encode) becomes U+FFFD, as
# Go's JSON decoder reads its \u escape in a batch or a server request.
codecs.register_error("plancert.fffd", _fffd)


def utf8(value):
    """value, a str, as UTF-8 bytes; a lone surrogate becomes U+FFFD."""
    return value.encode("utf-8", "plancert.fffd")


def text(value, what):
    """value, a str, as UTF-8 bytes (see utf8)."""
    if not isinstance(value, str):
        raise TypeError("plancert: %s must be a str, got %s" % (what, type(value).__name__))
    return utf8(value)


def reward_bytes(reward):
    if reward is None:
        return b""
    if not isinstance(reward, str):
        raise TypeError("plancert: reward must be a str (allpass, avgpass or feasible) or None, got %s" % type(reward).__name__)
    return reward.encode("utf-8")
