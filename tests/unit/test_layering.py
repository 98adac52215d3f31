"""The domain depends on nothing outside itself: no api, read side or infrastructure.

Every module under domain/ is parsed (never imported) and each import, also one
inside a function or an `if TYPE_CHECKING:` block, or a string handed to
importlib.import_module / __import__, is checked against the forbidden packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FORBIDDEN = ("api", "projections", "fastapi", "sqlalchemy", "kafka", "psycopg")


def is_forbidden(module: str) -> bool:
    """Whether a dotted module name belongs to a package the domain must not use."""
    top = module.split(".", 1)[0]
    return top in FORBIDDEN or top.startswith(("psycopg", "kafka"))


def resolve(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an import-from names, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    package = list(path.relative_to(DOMAIN.parent).with_suffix("").parts[:-1])
    base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
    if node.level - 1 > len(package):
        base = []
    return ".".join([*base, *([node.module] if node.module else [])])


def imported_modules(source: str, path: Path) -> list[tuple[int, str]]:
    """Every module a source file imports, with its line number."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = resolve(node, path)
            found.append((node.lineno, module))
            if not node.module:
                found.extend(
                    (node.lineno, f"{module}.{alias.name}".lstrip("."))
                    for alias in node.names
                )
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.append((node.lineno, first.value))
    return found


def violations(source: str, path: Path) -> list[str]:
    """The forbidden imports of one source file, as 'file:line module'."""
    return [
        f"{path.name}:{line} {module}"
        for line, module in imported_modules(source, path)
        if is_forbidden(module)
    ]


def domain_files() -> list[Path]:
    return sorted(DOMAIN.rglob("*.py"))


def test_the_domain_package_is_there_to_check() -> None:
    names = {path.name for path in domain_files()}
    assert {"tickets.py", "application.py", "store.py", "base.py"} <= names


@pytest.mark.parametrize("path", domain_files(), ids=lambda p: p.name)
def test_domain_module_imports_nothing_from_outer_layers(path: Path) -> None:
    assert violations(path.read_text(encoding="utf-8"), path) == []


@pytest.mark.parametrize(
    "source",
    [
        "import api",
        "from api.settings import Settings",
        "import projections.handlers",
        "from projections import tables",
        "import fastapi",
        "from fastapi import APIRouter",
        "import sqlalchemy as sa",
        "from sqlalchemy.engine import Engine",
        "import kafka",
        "from kafka import KafkaProducer",
        "import psycopg",
        "from psycopg.rows import dict_row",
        "import psycopg_pool",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import sqlalchemy",
        "def f():\n    from api import bootstrap\n    return bootstrap",
        "import importlib\nimportlib.import_module('projections.follower')",
        "__import__('fastapi')",
        "from .. import api",
        "from ..api import cli",
    ],
)
def test_the_guard_catches_a_forbidden_import(source: str) -> None:
    assert violations(source, DOMAIN / "tickets.py") != []


@pytest.mark.parametrize(
    "source",
    [
        "from domain.errors import InvalidValue",
        "from . import errors",
        "from .base import LedgerAggregate",
        "from eventsourcing.domain import Aggregate",
        "import apis_are_fine_when_not_ours",
        "import json, hashlib",
    ],
)
def test_the_guard_lets_the_domain_use_itself_and_the_library(source: str) -> None:
    assert violations(source, DOMAIN / "tickets.py") == []
