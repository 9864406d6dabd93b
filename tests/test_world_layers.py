"""The world's modules form a chain of rooms (``interactiveworld.world`` docstring): read from their imports, no
module imports one in a room above it, the world imports nothing of the package outside itself but the native core
and the Warp kernels, no import of the package sits inside a function, and the asset families register into the
catalog without reaching each other's private names. ``Scene.from_dict`` / ``Scene.to_dict`` reach serialisation
through the codec it installs."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import interactiveworld.world as world
from interactiveworld.world.layouts.examples import kitchen

WORLD = Path(world.__file__).parent
PACKAGE = "interactiveworld"

ROOMS = [  # bottom first; a module may import modules of its own room or of a room below
    ("types", ("geometry", "motion", "boxes")),
    ("content", ("assets",)),
    ("state", ("soil", "lighting", "scene")),
    ("reading", ("mjcf", "physics", "physics_gpu", "relations", "placement", "invariants")),
    ("building", ("events", "serialize")),
    ("layouts", ("layouts", "builder", "examples")),
]
OUTSIDE_ALLOWED = {"interactiveworld._core", "interactiveworld.kernels"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in WORLD.rglob("*.py"):
        parts = list(path.relative_to(WORLD.parent.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _targets(module: str, node: ast.AST, is_package: bool) -> list[str]:
    """Dotted names an import statement reaches (the module and, for ``from X import y``, ``X.y``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    return [origin] + [f"{origin}.{a.name}" for a in node.names]


def _imports() -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
    """Module -> the package modules it imports, and (module, statement) of imports inside functions."""
    modules = _modules()
    edges: dict[str, set[str]] = {m: set() for m in modules}
    in_functions = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text())
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target in _targets(module, node, is_package):
                if not target.startswith(PACKAGE + "."):
                    continue
                while target not in modules and target.count(".") > 1 and target not in OUTSIDE_ALLOWED:
                    target = target.rsplit(".", 1)[0]
                if target != module:
                    edges[module].add(target)
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                            t.startswith(PACKAGE) for t in _targets(module, node, is_package)):
                        in_functions.append((module, ast.unparse(node)))
    return edges, in_functions


def _room(module: str) -> int:
    """Index in :data:`ROOMS` of a world module's room, -1 for none."""
    name = module.split(".")[2]
    return next((i for i, (_, names) in enumerate(ROOMS) if name in names), -1)


def test_every_world_module_has_a_room_and_every_room_a_module():
    modules = [m for m in _modules() if m != "interactiveworld.world"]
    assert [m for m in modules if _room(m) < 0] == []
    assert [room for i, (room, _) in enumerate(ROOMS) if not any(_room(m) == i for m in modules)] == []


def test_no_world_module_imports_one_in_a_room_above_it():
    edges, _ = _imports()
    upward = [(a, b) for a, bs in edges.items() for b in bs
              if a != "interactiveworld.world" and b.startswith("interactiveworld.world")
              and (b == "interactiveworld.world" or _room(b) > _room(a))]
    assert upward == []


def test_the_world_imports_no_other_part_of_the_package():
    edges, _ = _imports()
    outside = {(a, b) for a, bs in edges.items() for b in bs
               if not b.startswith("interactiveworld.world") and b not in OUTSIDE_ALLOWED}
    assert outside == set()


def test_the_world_modules_import_each_other_without_a_circle():
    edges, _ = _imports()
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    circles = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                circles.append(path[path.index(n):] + [n])
            elif n in edges and n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m, [m])
    assert circles == []


def test_no_world_import_of_the_package_sits_inside_a_function():
    _, in_functions = _imports()
    assert in_functions == []


def test_the_asset_modules_take_no_private_name_from_each_other():
    for path in (WORLD / "assets").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert private == [], (path.name, private)



def test_scene_from_dict_works_when_only_the_scene_module_is_imported():
    """The codec behind ``Scene.from_dict`` / ``Scene.to_dict`` lives in serialize, above the scene; importing the
    scene module runs ``interactiveworld.world``, which imports serialize and so installs it."""
    code = ("from interactiveworld.world.scene import Scene\n"
            "from interactiveworld.world.layouts.examples import kitchen\n"
            "d = Scene.from_dict(kitchen()).to_dict()\n"
            "print(d['format'], len(d['entities']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    n = len(kitchen()["entities"])
    assert out.stdout.split() == ["interactiveworld.scene/1", str(n)]


def test_scene_to_dict_is_the_serialize_dump_of_the_scene():
    scene = world.Scene.from_dict(kitchen())
    assert scene.to_dict() == world.scene_to_dict(scene)
    assert world.Scene.from_dict(scene.to_dict()).to_dict() == scene.to_dict()
