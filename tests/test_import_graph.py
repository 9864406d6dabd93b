"""The package's import graph, read from the source with :mod:`ast` (nothing of the package is imported).

Two rules of the house (STYLE.md "Seams between layers"):

* **No import circle.** Every import statement counts, at any depth of the module (also under ``if
  TYPE_CHECKING:`` and inside functions): ``from a import b`` is an arrow to ``a`` (its ``__init__`` runs) and,
  when ``a.b`` is a module, to ``a.b``. A strongly connected component of more than one module is a circle.
* **Arrows point down the map.** Every module belongs to one room of :data:`ROOMS` (``docs/architecture.md``
  draws them); a module imports only modules of its own room or of rooms below it. A package's ``__init__`` and the
  two path-keeping re-export modules of :data:`FACADES` are facades over their package and stand outside the map
  (they still count for circles).
* **No function-level import**, with documented exceptions: the command-line dispatchers load their subcommands
  on use (``iw-eval --help`` builds every parser and must stay fast), ``render.engines.make_engine`` loads the
  Embree or Warp backend on demand (``--no-render`` never imports Warp), and optional or heavy third-party
  libraries may be imported where they are used. The standard library goes to the top of the module.
"""
from __future__ import annotations

import ast
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = "interactiveworld"

LAZY_SUBCOMMAND_MODULES = frozenset({
    "interactiveworld.cli", "interactiveworld.web.cli", "interactiveworld.interop.cli",
    "interactiveworld.analysis.commands",
})
"""Dispatchers that import their subcommands' modules inside the command functions (``--help`` speed)."""

LAZY_PACKAGE_FUNCTIONS = frozenset({("interactiveworld.render.engines", "make_engine")})
"""(module, function) pairs that may import a module of the package on demand: the render backend loader."""

LAZY_THIRD_PARTY = frozenset({
    "warp", "matplotlib", "ray", "pxr", "smplx", "torch", "mujoco_warp", "fastapi", "uvicorn", "imageio",
    "imageio_ffmpeg", "litellm", "tenacity", "tqdm", "PIL", "scipy.stats", "inflect", "typeguard", "fcl",
    "selenium",
})
"""Optional extras and libraries whose import cost matters; a dotted entry allows that module and its
submodules only."""


ROOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # bottom first: (room, module-name prefixes below "interactiveworld."); the longest matching prefix decides
    ("native and failures", ("_core", "kernels", "errors")),
    ("world: types", ("world.geometry", "world.motion", "world.boxes")),
    ("world: content", ("world.assets",)),
    ("world: state", ("world.soil", "world.lighting", "world.scene")),
    ("world: reading", ("world.mjcf", "world.physics", "world.physics_gpu", "world.relations", "world.placement",
                        "world.invariants")),
    ("world: building", ("world.events", "world.serialize")),
    ("world: layouts", ("world.layouts",)),
    ("environment values", ("env_types",)),
    ("body", ("body",)),
    ("rendering", ("render",)),
    ("language", ("language",)),
    ("human action", ("actions",)),
    ("environment", ("env",)),
    ("agents", ("agents",)),
    ("benchmark", ("bench",)),
    ("command-line support", ("cli_support",)),
    ("front ends", ("gym", "interop", "web")),
    ("analyses", ("analysis",)),
    ("command line", ("cli",)),
)
"""The map of the house, bottom first (``docs/architecture.md``)."""

FACADES = frozenset({"interactiveworld.world.builder", "interactiveworld.world.examples"})
"""Modules that only re-export a moved module at its old path (scripts import the example scenes from there)."""


def room_of(module: str, package: str = PACKAGE) -> int | None:
    """Index in :data:`ROOMS` of ``module`` (None for the package root, a package ``__init__`` is given by the
    caller's ``is_init``); the longest matching prefix decides."""
    rest = module[len(package) + 1:] if module.startswith(package + ".") else None
    if rest is None:
        return None
    best, best_len = None, -1
    for i, (_, prefixes) in enumerate(ROOMS):
        for pre in prefixes:
            if (rest == pre or rest.startswith(pre + ".")) and len(pre) > best_len:
                best, best_len = i, len(pre)
    return best


@dataclass(frozen=True)
class FunctionImport:
    """An import statement inside a function body."""

    module: str
    function: str
    line: int
    statement: str
    targets: tuple[str, ...]
    """Modules the statement imports (absolute dotted names; relative imports resolved)."""

    def __str__(self) -> str:
        return f"{self.module}:{self.line} in {self.function}(): {self.statement}"


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Module name -> source file for every ``*.py`` under ``root`` (the folder of ``package``); a package's
    ``__init__.py`` is named after the package."""
    mods = {}
    for p in sorted(root.rglob("*.py")):
        parts = list(p.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join([package, *parts])] = p
    return mods


def _imported(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Absolute names an import statement reaches: each ``import a.b``; for ``from a import b, c``: ``a``,
    ``a.b`` and ``a.c`` (the last two may be attributes rather than modules)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    return [origin] + [f"{origin}.{a.name}" for a in node.names]


def _owner(name: str, mods: dict[str, Path]) -> str | None:
    """The module a dotted name lives in (the name itself or the nearest enclosing module), None outside."""
    while name not in mods:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every outermost function of a module (methods included): imports nested deeper belong to them."""
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append(child)
            else:
                stack.append(child)
    return out


def scan(mods: dict[str, Path], package: str = PACKAGE) -> tuple[dict[str, set[str]], list[FunctionImport]]:
    """The arrows between the modules of ``mods`` (module -> modules it imports) and every function-level
    import statement (of the package or not)."""
    edges: dict[str, set[str]] = {m: set() for m in mods}
    calls: list[FunctionImport] = []
    for mod, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in _imported(mod, is_package, node):
                    target = _owner(name, mods) if name == package or name.startswith(package + ".") else None
                    if target is not None and target != mod:
                        edges[mod].add(target)
        for fn in _functions(tree):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    names = _imported(mod, is_package, node)
                    targets = tuple(names if isinstance(node, ast.Import) else names[:1])
                    calls.append(FunctionImport(mod, fn.name, node.lineno, ast.unparse(node), targets))
    return edges, calls


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative), each sorted,
    largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return sorted(found, key=lambda c: (-len(c), c))


def _allowed_third_party(name: str) -> bool:
    return any(name == a or name.startswith(a + ".") for a in LAZY_THIRD_PARTY)


def offenders(calls: list[FunctionImport], package: str = PACKAGE) -> list[FunctionImport]:
    """Function-level imports the rules do not allow: of the package outside the dispatchers and the backend
    loader, of the standard library anywhere, of a third-party library not in :data:`LAZY_THIRD_PARTY`."""
    bad = []
    for c in calls:
        for t in c.targets:
            if t == package or t.startswith(package + "."):
                ok = c.module in LAZY_SUBCOMMAND_MODULES or (c.module, c.function) in LAZY_PACKAGE_FUNCTIONS
            elif t.split(".")[0] in sys.stdlib_module_names:
                ok = False
            else:
                ok = _allowed_third_party(t)
            if not ok:
                bad.append(c)
                break
    return bad


def package_modules() -> dict[str, Path]:
    """The package's modules: ``src/interactiveworld`` and the Warp kernels (``kernels/``, installed as
    ``interactiveworld.kernels``; a link to it inside the source folder is not followed twice)."""
    mods = module_files(REPO / "src" / PACKAGE, PACKAGE)
    mods = {m: p for m, p in mods.items() if not m.startswith(PACKAGE + ".kernels")}
    mods.update(module_files(REPO / "kernels", PACKAGE + ".kernels"))
    return mods


def test_the_package_has_no_import_circle():
    edges, _ = scan(package_modules())
    found = circles(edges)
    for comp in found:
        print(f"import circle of {len(comp)} modules: {' '.join(comp)}")
    assert not found, f"{len(found)} import circle(s): " + "; ".join(" <-> ".join(c) for c in found)


def upward_arrows(mods: dict[str, Path], edges: dict[str, set[str]]) -> list[str]:
    """Arrows from a module to one in a higher room of :data:`ROOMS` (facades and package ``__init__`` files
    aside), and modules no room holds."""
    bad = []
    for mod, targets in sorted(edges.items()):
        if mods[mod].name == "__init__.py" or mod in FACADES or mod == PACKAGE:
            continue
        low = room_of(mod)
        if low is None:
            bad.append(f"{mod} is in no room of ROOMS")
            continue
        for t in sorted(targets):
            high = room_of(t)
            if t == PACKAGE or mods[t].name == "__init__.py" and high is not None and high <= low:
                continue
            if high is None or high > low:
                where = "no room" if high is None else ROOMS[high][0]
                bad.append(f"{mod} ({ROOMS[low][0]}) imports {t} ({where})")
    return bad


def test_every_arrow_points_down_the_map():
    mods = package_modules()
    edges, _ = scan(mods)
    bad = upward_arrows(mods, edges)
    for b in bad:
        print(b)
    assert not bad, f"{len(bad)} arrow(s) up the map:\n" + "\n".join(bad)


def test_no_function_level_import_outside_the_documented_exceptions():
    _, calls = scan(package_modules())
    bad = offenders(calls)
    for c in bad:
        print(c)
    assert not bad, f"{len(bad)} function-level import(s) outside the allow-lists:\n" + "\n".join(map(str, bad))


def _write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    return module_files(root / "pkg", "pkg")


def test_the_checker_finds_a_circle_through_a_function_and_a_type_checking_block(tmp_path):
    mods = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low.py": """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from .high import High
            """,
        "pkg/high.py": """
            import os
            def build():
                from . import low
                import json
                import tqdm
                return low
            """,
        "pkg/side.py": "from pkg.low import *\n",
    })
    edges, calls = scan(mods, "pkg")
    assert edges == {"pkg": set(), "pkg.low": {"pkg.high"}, "pkg.high": {"pkg", "pkg.low"},
                     "pkg.side": {"pkg.low"}}
    assert circles(edges) == [["pkg.high", "pkg.low"]]
    assert [(c.module, c.function, c.line, c.targets) for c in calls] == [
        ("pkg.high", "build", 4, ("pkg",)), ("pkg.high", "build", 5, ("json",)), ("pkg.high", "build", 6, ("tqdm",))]
    assert [c.statement for c in offenders(calls, "pkg")] == ["from . import low", "import json"]


def test_the_checker_finds_a_longer_circle_and_reads_package_imports(tmp_path):
    mods = _write(tmp_path, {
        "pkg/__init__.py": "from .a import x\n",
        "pkg/a.py": "from .sub.b import y\nx = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/b.py": "import pkg.c\ny = 2\n",
        "pkg/c.py": "from pkg import a\n",
        "pkg/d.py": "import pkg.a\n",
    })
    edges, _ = scan(mods, "pkg")
    assert edges["pkg.sub.b"] == {"pkg.c"} and edges["pkg.c"] == {"pkg", "pkg.a"}
    assert circles(edges) == [["pkg", "pkg.a", "pkg.c", "pkg.sub.b"]]


def test_the_checker_passes_a_chain(tmp_path):
    mods = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "import os\nfrom . import b\n",
        "pkg/b.py": "def f():\n    import matplotlib.pyplot as plt\n    from scipy.stats import bootstrap\n",
    })
    edges, calls = scan(mods, "pkg")
    assert circles(edges) == [] and edges["pkg.a"] == {"pkg", "pkg.b"}
    assert len(calls) == 2 and offenders(calls, "pkg") == []


def test_every_module_is_on_the_map():
    """``docs/architecture.md`` names every module of ``src/interactiveworld`` (its one-line responsibility)."""
    doc = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    src = REPO / "src" / PACKAGE
    missing = [str(p.relative_to(src)) for p in sorted(src.rglob("*.py"))
               if "kernels" not in p.relative_to(src).parts and f"`{p.relative_to(src)}`" not in doc]
    assert not missing, "modules missing from docs/architecture.md: " + ", ".join(missing)
