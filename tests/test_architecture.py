"""The layers of the code, as a tool checks them: import-linter contracts (pyproject.toml), no import
cycle, no component re-reading settings, and a reason for every import made inside a function."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

import grimp

from tests.paths import REPO

PACKAGES = ("greffier", "pipelines", "store")


def test_import_linter_contracts_are_kept():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    lint = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"]
    run = subprocess.run(lint, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "broken" in run.stdout and " 0 broken" in run.stdout


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
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
    return found


def test_no_import_cycle_anywhere():
    sys.path.insert(0, str(REPO))
    graph = grimp.build_graph(*PACKAGES, "devtools")
    assert _cycles(graph) == []


def test_components_never_read_settings_from_disk():
    offenders = [str(p.relative_to(REPO)) for p in sorted((REPO / "pipelines").rglob("*.py")) if "load_settings(" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_every_import_inside_a_function_says_why():
    """Imports belong at the top; one inside a function is for a heavy or optional library (or the
    CLI loading a command's service when it runs), with a comment saying so."""
    unexplained = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").split("\n")
            tree = ast.parse("\n".join(lines), filename=str(path))
            for node in ast.walk(tree):
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        line, before = lines[sub.lineno - 1], lines[sub.lineno - 2].strip()
                        if "#" not in line and not before.startswith("#"):
                            unexplained.append(f"{path.relative_to(REPO)}:{sub.lineno}: {line.strip()}")
    assert unexplained == []
