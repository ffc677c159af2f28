"""Layering of the app: only app.py and pages/ import Streamlit, and no page renders HTML."""

from __future__ import annotations

import ast
import re

from tests.paths import REPO

BELOW_PAGES = ("greffier", "store", "pipelines")


def _imports(path) -> set[str]:  # noqa: ANN001
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_nothing_below_pages_imports_streamlit():
    offenders = [
        str(path.relative_to(REPO))
        for package in BELOW_PAGES
        for path in sorted((REPO / package).rglob("*.py"))
        if "streamlit" in _imports(path)
    ]
    assert offenders == []


def test_pages_import_greffier_services_not_the_stores():
    for path in [REPO / "app.py", *sorted((REPO / "pages").glob("*.py"))]:
        imported = _imports(path)
        assert not imported & {"store", "sqlmodel", "sqlalchemy", "chromadb"}, path.name


def test_no_page_renders_html():
    for path in [REPO / "app.py", *sorted((REPO / "pages").glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"unsafe_allow_html\s*=\s*True|st\.html\(|components\.html", text), path.name
