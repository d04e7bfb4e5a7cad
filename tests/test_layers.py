"""No import circle between any two modules of the engine, the device and the drive,
and no module taking another's private names.

pyproject.toml's import contracts (``lint-imports`` in ``make test``) keep the
layers and forbid circles between the siblings of each package; this asks grimp
for circles between modules across all three packages, which those contracts
see only package by package. As there, imports under ``if TYPE_CHECKING:`` count
like any other: a module naming another's type depends on it. The circles still
being taken apart would be the acyclic contract's ``ignore_imports``: they are left
out here too, and nothing else.
import-linter sees modules, not names: the private names are read here.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "device", "hall")


def left_circles() -> list[tuple[str, str]]:
    """The imports the acyclic contract ignores, as (importer, imported)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pairs = []
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "acyclic_siblings":
            for line in contract.get("ignore_imports", ()):
                importer, imported = (part.strip() for part in line.split("->"))
                pairs.append((importer, imported))
    return pairs


def circles(graph: grimp.ImportGraph, modules: Iterable[str]) -> list[list[str]]:
    """The import circles among ``modules``: each a strongly connected set of two or
    more modules, sorted (Tarjan's algorithm, without recursion)."""
    names = sorted(modules)
    inside = set(names)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & inside) for m in names}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in names:
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(edges[start]))]
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def test_circles_are_found_and_a_chain_is_not_one() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in [("a.x", "a.y"), ("a.y", "a.z"), ("a.z", "a.x"), ("a.z", "a.w"),
                               ("b.p", "b.q"), ("b.q", "b.p")]:
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph, graph.modules) == [["a.x", "a.y", "a.z"], ["b.p", "b.q"]]
    graph.remove_import(importer="a.z", imported="a.x")
    assert circles(graph, graph.modules) == [["b.p", "b.q"]]


def test_no_import_circle_between_modules() -> None:
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)
    for importer, imported in left_circles():
        if {importer, imported} <= graph.modules and graph.direct_import_exists(importer=importer,
                                                                                 imported=imported):
            graph.remove_import(importer=importer, imported=imported)
    found = circles(graph, graph.modules)
    assert not found, "import circles (each a set of modules importing one another): " + "; ".join(
        " <-> ".join(c) for c in found)



def sibling_circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The circles among ``package``'s children, each child standing for itself and all
    below it (as import-linter's acyclic_siblings contract sees them)."""
    children = sorted(graph.find_children(package))

    def child_of(module: str) -> str | None:
        return next((c for c in children if module == c or module.startswith(c + ".")), None)

    squashed = grimp.ImportGraph()
    for child in children:
        squashed.add_module(child)
        for module in (child, *graph.find_descendants(child)):
            for imported in graph.find_modules_directly_imported_by(module):
                target = child_of(imported)
                if target is not None and target != child:
                    squashed.add_import(importer=child, imported=target)
    return circles(squashed, squashed.modules)


def test_no_package_has_a_circle_between_its_children_even_for_types() -> None:
    # What the acyclic contract asks of every package of the three, counted here too so
    # a circle through `if TYPE_CHECKING:` imports fails a test and not only lint-imports.
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)
    found = [(package, c) for package in sorted(m for m in graph.modules if graph.find_children(m))
             for c in sibling_circles(graph, package)]
    assert not found, "import circles, type-checking imports counted: " + "; ".join(
        f"{package}: " + " <-> ".join(c) for package, c in found)


def test_a_type_checking_import_closes_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The class imports its step module, which names the class for its annotations only.
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "owner.py").write_text("from circled import step\n\n\nclass Owner:\n    pass\n",
                                      encoding="utf-8")
    (package / "step.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                                     "    from circled.owner import Owner\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("circled", exclude_type_checking_imports=False, cache_dir=None)
    assert sibling_circles(graph, "circled") == [["circled.owner", "circled.step"]]
    graph = grimp.build_graph("circled", exclude_type_checking_imports=True, cache_dir=None)
    assert sibling_circles(graph, "circled") == []


def private_names_taken(path: Path, module: str) -> list[str]:
    """``from M import _name`` in a module of ours, where ``_name`` is a private
    function, class or value of another module (a private module is the
    private_modules contract's): "module: line: M._name"."""
    out = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = node.module or ""
        if node.level:
            base = package.split(".")
            base = base[:len(base) - (node.level - 1)]
            source = ".".join([*base, source] if source else base)
        if source.split(".")[0] not in PACKAGES or source == module:
            continue
        for alias in node.names:
            name = alias.name
            if name.startswith("_") and not name.startswith("__") and not _is_module(f"{source}.{name}"):
                out.append(f"{module}: {node.lineno}: {source}.{name}")
    return out


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists() or any(
        path.parent.glob(f"{path.name}*.so")) or path.with_suffix(".pyi").exists()


def test_private_names_are_found(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("from device.app.main import _make_app, parse_size\nfrom .referee import _seen\n"
                      "from engine import _solver\n", encoding="utf-8")
    assert private_names_taken(source, "hall.m") == ["hall.m: 1: device.app.main._make_app",
                                                     "hall.m: 2: hall.referee._seen"]


def test_no_module_takes_another_modules_private_names() -> None:
    taken = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            taken += private_names_taken(path, module)
    assert not taken, "private names used outside their module (give them a public name): " + "; ".join(taken)
