"""The plugins' modules run one way: no import cycle among them, and the offline plugin stands
apart from the page plugin (it reads the site's languages from site.py, not from plugin.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import halfmoon_mkdocs

PACKAGE = Path(halfmoon_mkdocs.__file__).parent


def imports() -> dict[str, set[str]]:
    """Each module and the modules of the package it imports, at any depth of its code."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("halfmoon_mkdocs."):
                found.add(node.module.split(".")[1])  # type: ignore[union-attr]
        graph[path.stem] = found - {path.stem}
    return graph


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in graph.get(todo.pop(), ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_no_module_of_the_plugins_imports_itself_back():
    graph = imports()
    assert {"plugin", "offline", "site", "render", "blocks"} <= set(graph)
    circles = sorted(name for name in graph if name in reached(graph, name))
    assert circles == []


def test_the_offline_plugin_does_not_import_the_page_plugin():
    graph = imports()
    assert "site" in graph["offline"]
    assert "plugin" not in reached(graph, "offline") and "build" not in reached(graph, "offline")


def test_the_offline_plugin_reaches_the_page_plugins_build_through_its_declared_shape():
    """offline.py names what it uses of the page plugin (BuildingPlugin, PageBuild) instead of
    looking an attribute up by its name; the page plugin and its Build have that shape."""
    import inspect

    from halfmoon_mkdocs.build import Build
    from halfmoon_mkdocs.offline import BuildingPlugin, PageBuild
    from halfmoon_mkdocs.plugin import HalfMoonPlugin

    assert isinstance(HalfMoonPlugin(), BuildingPlugin)
    assert inspect.signature(Build.report) == inspect.signature(PageBuild.report)
    assert "getattr" not in (PACKAGE / "offline.py").read_text(encoding="utf-8")
