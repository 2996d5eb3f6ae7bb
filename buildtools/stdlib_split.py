"""The standard library in two parts (issue #25: a first visit downloads what the pages import).

The part a page downloads before Python starts holds the standard-library modules the game pages
really import: the list ``stdlib_used.txt`` (measured in the browser by
``tools/bench_stdlib_used.py``: every game booted and played, then ``sys.modules`` read), what Python
and Pyodide import at start (``ROOTS``), a few codecs, and every module the site's own code imports
at the top of a module (so a new import there is never left out, with what it imports in turn;
command-line and benchmark modules aside). The rest (tarfile, argparse, xml, http, pickle, ... and
the standard library's own rarely taken imports) goes into a second zip, which boot.js downloads
once the game is playable (the offline copy needs it anyway); a finder (``more_module``, shipped
inside the first zip) puts it on the import path the first time a module in it is imported
(synchronously fetched, if that comes before the download).

Without a list (``used=None``), the first part is the static closure of every ``import`` statement
in the shipped code (also those inside functions and under conditions): ~0.5 MB more compressed.
"""

from __future__ import annotations

import ast
import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

from buildtools.packing import EPOCH

USED_LIST = Path(__file__).resolve().parent / "stdlib_used.txt"

# Modules Python and Pyodide import at start-up or by a name made at run time (the sysconfig data
# module, every codec the site ships): always in the first part, with what they import.
ROOTS = frozenset(
    {
        "site",
        "sitecustomize",
        "_sitebuiltins",
        "_colorize",
        "codeop",
        "sysconfig",
        "_sysconfigdata__emscripten_wasm32-emscripten",
        "zipimport",
        "importlib.metadata",
        "asyncio",
    }
)
# whole packages: the codecs, Pyodide's own, importlib (its readers load the engines' level files)
ROOT_PACKAGES = ("encodings/", "_pyodide/", "pyodide/", "importlib/")
# with a measured list: the codecs a page may name (the others come with the second part)
CODECS = frozenset(
    f"encodings.{c}"
    for c in (
        "aliases ascii latin_1 utf_8 utf_8_sig utf_16 utf_16_le utf_16_be utf_32 utf_32_le utf_32_be"
        " cp437 idna punycode unicode_escape raw_unicode_escape charmap"
    ).split()
)
# what the build's own Pyodide runs import besides (buildtools/snapshot.mjs walks the packages)
BUILD_TOOLS = frozenset({"pkgutil"})
# modules of the shipped code that no page imports (command lines, benchmarks, the CPython self-check)
NOT_ON_PAGES = ("__main__", "bench", "cli", "selfcheck")
MORE_NAME = "_gridworks_more"


def read_used(path: Path = USED_LIST) -> frozenset[str] | None:
    """The measured list of standard-library modules the pages import, or None without one."""
    if not path.exists():
        return None
    lines = (line.strip() for line in path.read_text().splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def module_files(z: zipfile.ZipFile) -> dict[str, str]:
    """Dotted module name -> its file inside a standard-library zip (packages: their __init__)."""
    out = {}
    for name in z.namelist():
        if not name.endswith(".py"):
            continue
        mod = name[:-3].replace("/", ".")
        out[mod.removesuffix(".__init__")] = name
    return out


def _statements(tree: ast.AST, lazy: bool) -> Iterable[ast.AST]:
    """The nodes of ``tree``; without ``lazy``, not those inside functions."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if lazy or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                todo.append(child)


def imports_in(source: bytes, module: str, is_package: bool, lazy: bool = True) -> set[str]:
    """Every module name an ``import`` statement in ``source`` may load (absolute, dotted; for
    ``from X import a`` both X and X.a, since ``a`` may be a submodule); without ``lazy``, only the
    statements run when the module is imported (not those inside functions)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    package = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in _statements(tree, lazy):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1]) if node.level <= len(parts) else ""
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target:
                out.add(target)
                out.update(f"{target}.{alias.name}" for alias in node.names)
    return out


def _with_parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def measured_files(
    z: zipfile.ZipFile, sources: Iterable[tuple[str, bytes, bool]], used: frozenset[str]
) -> set[str]:
    """The first part with a measured list: the modules in ``used`` and ``ROOTS`` and ``CODECS``
    (each file alone: the list holds what they imported), and what the shipped code imports at the
    top of its modules (``NOT_ON_PAGES`` aside) with what that imports in turn."""
    files = module_files(z)
    keep = {files[m] for m in used | ROOTS | CODECS | BUILD_TOOLS if m in files}
    top: set[str] = set()
    for module, source, is_package in sources:
        if module.rpartition(".")[2] not in NOT_ON_PAGES:
            top |= imports_in(source, module, is_package, lazy=False)
    kept = {m for m, f in files.items() if f in keep}
    return keep | _closure(z, files, top - kept, whole_packages=False, seen=kept)


def needed_files(
    z: zipfile.ZipFile, sources: Iterable[tuple[str, bytes, bool]], used: frozenset[str] | None = None
) -> set[str]:
    """The files of the standard-library zip ``z`` for the first part: with a measured list
    ``used``, ``measured_files``; without, those that ``sources`` ((module, source, is_package)
    of the shipped code: any of its import statements) and ``ROOTS`` may import, with what those
    import when they are imported (a standard-library function's own import, such as shutil's
    tarfile for an archive, is left to the finder). Non-module files always stay."""
    files = module_files(z)
    if used is not None:
        keep = measured_files(z, sources, used)
    else:
        wanted: set[str] = set(ROOTS)
        for module, source, is_package in sources:
            wanted |= imports_in(source, module, is_package)
        keep = _closure(z, files, wanted, whole_packages=True)
    # every non-module file (typed markers, ...) stays
    return keep | {n for n in z.namelist() if not n.endswith(".py")}


def _closure(
    z: zipfile.ZipFile,
    files: dict[str, str],
    wanted: set[str],
    whole_packages: bool,
    seen: set[str] | None = None,
) -> set[str]:
    """The files of ``wanted`` with their parents and what they import at their top, in turn
    (with ``whole_packages``, every module of ``ROOT_PACKAGES`` too), not going into the modules
    ``seen`` already."""
    todo = sorted(wanted)
    seen = set(seen or ())
    keep: set[str] = set()
    while todo:
        name = todo.pop()
        for mod in _with_parents(name):
            if mod in seen or mod not in files:
                continue
            seen.add(mod)
            path = files[mod]
            keep.add(path)
            todo.extend(imports_in(z.read(path), mod, path.endswith("__init__.py"), lazy=False))
        if (
            whole_packages
            and not todo
            and not keep.issuperset(roots := {n for n in z.namelist() if n.startswith(ROOT_PACKAGES)})
        ):
            todo.extend(m for m, f in files.items() if f in roots - keep)
    return keep


def wheel_sources(wheel: bytes) -> list[tuple[str, bytes, bool]]:
    """(module, source, is_package) of every .py file in a wheel."""
    z = zipfile.ZipFile(io.BytesIO(wheel))
    out = []
    for name in z.namelist():
        if name.endswith(".py") and ".dist-info/" not in name:
            mod = name[:-3].replace("/", ".")
            out.append((mod.removesuffix(".__init__"), z.read(name), name.endswith("/__init__.py")))
    return out


def _zip(src: zipfile.ZipFile, names: list[str], extra: dict[str, bytes] | None = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name in names:
            info = src.getinfo(name)
            zi = zipfile.ZipInfo(name, EPOCH)
            zi.external_attr = info.external_attr
            z.writestr(zi, src.read(name))
        for name, data in (extra or {}).items():
            zi = zipfile.ZipInfo(name, EPOCH)
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    return out.getvalue()


def more_module(url: str, integrity: str, modules: list[str]) -> bytes:
    """The finder that fetches the second part when one of ``modules`` is imported (source of the
    ``_gridworks_more`` module put into the first part)."""
    return f'''"""The rest of the standard library: fetched once, synchronously, when a module in it is imported."""

import sys

URL = {url!r}
INTEGRITY = {integrity!r}
MODULES = frozenset({sorted(modules)!r})
PATH = "/lib/python_stdlib_more.zip"
_mounted = False


def mount(asked: str = "") -> None:
    """Download the second part (boot.js's synchronous fetch, told which module ``asked`` for it),
    check it and put it on sys.path."""
    global _mounted
    if _mounted:
        return
    import base64  # here, not at the top: every page imports this module, few ever mount
    import hashlib
    import importlib
    import zlib

    import js

    data = bytes(js.gridworksBoot.fetchSync(URL, asked).to_py())
    if "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode() != INTEGRITY:
        raise ImportError(f"{{URL}}: content does not match this build")
    with open(PATH, "wb") as f:
        f.write(zlib.decompress(data, 31))
    sys.path.append(PATH)
    importlib.invalidate_caches()
    _mounted = True


class MoreFinder:
    """A meta-path finder for the modules of the second part (after Python's own finders)."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):  # noqa: ANN001, ANN206
        if name not in MODULES:
            return None
        import importlib.machinery

        mount(name)
        parent = name.rpartition(".")[0]
        where = [PATH + "/" + parent.replace(".", "/")] if parent else None
        return importlib.machinery.PathFinder.find_spec(name, where)


def install() -> None:
    """Put the finder at the end of sys.meta_path (once)."""
    if MoreFinder not in sys.meta_path:
        sys.meta_path.append(MoreFinder)
'''.encode()


def split_stdlib(
    stdlib: bytes, wheels: list[bytes], used: frozenset[str] | None = None
) -> tuple[bytes, bytes, list[str]]:
    """(first part, second part, the second part's module names) of the standard-library zip
    ``stdlib`` for the code in ``wheels`` (and the measured list ``used``, see ``needed_files``);
    ``add_finder`` then puts the finder into the first."""
    z = zipfile.ZipFile(io.BytesIO(stdlib))
    sources = [s for w in wheels for s in wheel_sources(w)]
    keep = needed_files(z, sources, used)
    first = [n for n in z.namelist() if n in keep]
    rest = [n for n in z.namelist() if n not in keep]
    modules = sorted(m for m, f in module_files(z).items() if f in set(rest))
    return _zip(z, first), _zip(z, rest), modules


def add_finder(first: bytes, more_url: str, integrity: str, modules: list[str]) -> bytes:
    """The first part with the ``_gridworks_more`` finder module added."""
    z = zipfile.ZipFile(io.BytesIO(first))
    return _zip(z, z.namelist(), {f"{MORE_NAME}.py": more_module(more_url, integrity, modules)})
