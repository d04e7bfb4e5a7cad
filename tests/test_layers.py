"""No import circle between any two modules of the engine, the device and the drive.

pyproject.toml's import contracts (``lint-imports`` in ``make test``) keep the
layers and forbid circles between the siblings of each package; this asks grimp
for circles between modules across all three packages, which those contracts
see only package by package. The circles still being taken apart are the
acyclic contract's ``ignore_imports``: they are left out here too, and nothing else.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path

import grimp

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
    graph = grimp.build_graph(*PACKAGES)
    for importer, imported in left_circles():
        if graph.direct_import_exists(importer=importer, imported=imported):
            graph.remove_import(importer=importer, imported=imported)
    found = circles(graph, graph.modules)
    assert not found, "import circles (each a set of modules importing one another): " + "; ".join(
        " <-> ".join(c) for c in found)
