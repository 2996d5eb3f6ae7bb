"""Pre-compressed artifacts for hosts that compress nothing (issue #25).

Every large file a page downloads is shipped gzip-compressed (``<name>.gz``) and inflated in the
browser with ``DecompressionStream``: Pyodide's wasm and its JS module (each with the plain twin
the service worker keeps for warm starts), the standard library and every wheel. A zip inside is
repacked with its entries *stored*, so one gzip stream compresses across files (a wheel's many
small modules share their words): measured 25.4 MB -> ~10 MB for a first visit.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import re
import zipfile
from pathlib import Path

# the same bytes for the same input on every build (no timestamps)
EPOCH = (2020, 2, 2, 0, 0, 0)


# Standard-library parts no page can use: a terminal REPL and debugger, test frameworks, processes,
# servers and mail/RPC protocol clients, sqlite3 (its C module is not in Pyodide's core), and the
# codecs of legacy 8-bit and CJK encodings (the site reads and writes UTF-8; zipfile needs cp437). ~0.5 MB of a
# first visit over fast 3G; the e2e suite runs every game and the self-check on what is left.
STDLIB_DROP_DIRS = (
    "_pyrepl/",
    "unittest/",
    "xmlrpc/",
    "wsgiref/",
    "sqlite3/",
    "multiprocessing/",
    "__phello__/",
)
STDLIB_DROP_FILES = frozenset(
    f"{m}.py"
    for m in ("pdb", "doctest", "pydoc", "imaplib", "smtplib", "poplib", "ftplib", "mailbox", "turtle")
)
KEEP_CODECS = frozenset(
    f"encodings/{m}.py"
    for m in (
        "__init__ aliases ascii latin_1 utf_8 utf_8_sig utf_16 utf_16_be utf_16_le utf_32 utf_32_be"
        " utf_32_le utf_7 charmap raw_unicode_escape unicode_escape idna punycode cp437 cp1251 cp1252 koi8_r"
        " iso8859_1 iso8859_5 base64_codec hex_codec zlib_codec rot_13 undefined"
    ).split()
)


def stdlib_keeps(name: str) -> bool:
    """Whether the standard-library file ``name`` (a path inside the zip) is shipped."""
    if name.startswith(STDLIB_DROP_DIRS) or name in STDLIB_DROP_FILES:
        return False
    return not (name.startswith("encodings/") and name.endswith(".py") and name not in KEEP_CODECS)


def stored_zip(data: bytes, keep=lambda name: True) -> bytes:  # noqa: ANN001
    """The zip ``data`` with every entry stored (no per-file deflate), in the same order; only the
    entries ``keep`` accepts."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for info in src.infolist():
            if not keep(info.filename):
                continue
            zi = zipfile.ZipInfo(info.filename, EPOCH)
            zi.external_attr = info.external_attr
            z.writestr(zi, src.read(info), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


# Parts of the third-party wheels no page can use (issue #25: ~0.5 MB of a fast-3G first visit):
# pydantic's v1 copy (only for `import pydantic.v1`, which no page makes; pydantic itself looks at it
# only for a type with `__get_validators__`, which no engine declares), its experimental API and mypy
# plugin, type stubs, and the software bill of materials.
WHEEL_DROP = re.compile(
    r"^pydantic/(v1|experimental)/|^pydantic/(__pycache__/)?mypy\.|\.pyi$|/py\.typed$|\.dist-info/sboms/"
)
PYC_IN_CACHE = re.compile(r"^(?P<dir>(?:.+/)?)__pycache__/(?P<mod>[^/.]+)\.cpython-\d+\.pyc$")


def trim_wheel(data: bytes, sourceless: bool = False) -> bytes:
    """A wheel without ``WHEEL_DROP``'s files and its METADATA's long description (the headers,
    which importlib.metadata reads, stay), repacked with stored entries. ``sourceless``: each module
    that has bytecode ships only that, as ``<module>.pyc`` beside its package (Python imports it
    without the source; tracebacks then show no source lines, so only for third-party code)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    names = src.namelist()
    compiled = {f"{m['dir']}{m['mod']}.py" for n in names if (m := PYC_IN_CACHE.match(n))}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for info in src.infolist():
            name, body = info.filename, src.read(info)
            if WHEEL_DROP.search(name) or (sourceless and name in compiled):
                continue
            if name.endswith(".dist-info/METADATA"):
                body = body.split(b"\n\n", 1)[0] + b"\n"
            if sourceless and (m := PYC_IN_CACHE.match(name)):
                name = f"{m['dir']}{m['mod']}.pyc"
            zi = zipfile.ZipInfo(name, EPOCH)
            zi.external_attr = info.external_attr
            z.writestr(zi, body, compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def gz(data: bytes) -> bytes:
    """gzip at level 9 with no name and no time in the header (reproducible)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def sri(data: bytes) -> str:
    """The SRI ``integrity`` value of ``data`` (sha256)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write_gz(src: Path, dist: Path, keep_plain: bool, repack: bool = False) -> dict:
    """Write ``src.gz`` beside ``src`` (inside ``dist``); drop ``src`` unless ``keep_plain``.
    Returns boot.js's entry: URL of the .gz relative to ``dist``, its size and integrity, and the
    plain file's size (``raw``)."""
    data = src.read_bytes()
    if repack:
        data = stored_zip(data)
    packed = gz(data)
    out = src.with_name(src.name + ".gz")
    out.write_bytes(packed)
    if repack and keep_plain:
        src.write_bytes(data)
    if not keep_plain:
        src.unlink()
    return {
        "url": out.relative_to(dist).as_posix(),
        "size": len(packed),
        "raw": len(data),
        "integrity": sri(packed),
    }
