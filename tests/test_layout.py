"""The house's shape: no two modules of gm import each other, however indirectly, and no line of
the code is longer than the project's limit (ruff, configured in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

GM = Path(__file__).resolve().parents[1] / "gm"


def module_name(path: Path) -> str:
    parts = path.relative_to(GM.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The gm modules `path` imports anywhere in it (inside functions too: a lazy import is still
    a dependency a reader must follow)."""
    found = set()
    package = (
        module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    )
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + [base]
                ).strip(".")
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in modules}
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted(GM.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    edges = {module_name(p): imports(p, modules) for p in paths}
    # A package's __init__ is imported with any of its modules: the edge to it is no cycle
    return {m: {d for d in deps if not m.startswith(d + ".")} - {m} for m, deps in edges.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_module_of_gm_imports_itself_round_a_circle() -> None:
    assert cycle(graph()) is None, " -> ".join(cycle(graph()) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
