"""The layout's directions hold: each package imports only the layers below it.

    api (HTTP, commands) -> audit, outbound, projections, storage -> domain
    demo, bench          -> api, domain (tools on top; the HTTP side never uses them)

- domain/ depends on nothing outside itself: no other package of ours, no web,
  database or broker library.
- projections/ (the read model) knows the domain's events and the kept tables'
  migrations, never the API, the outbound integration or the auditors' queries.
- outbound/ (relay, public events, accounting consumer) and audit/ (the auditors'
  queries) read the domain's events and the read side, never the API or each other.
- inbound/ (mail in: parsing, routing, intake) uses the domain and the read
  side, never the API.
- storage/ (migrations of the kept tables) reads the definitions of the tables it
  migrates, never the API.
- api/ serves HTTP without the demo seed or the bench; only its commands use them.
- Nothing reads the environment but api/settings.py.

Every module is parsed (never imported) and each import, also one inside a
function or an `if TYPE_CHECKING:` block, or a string handed to
importlib.import_module / __import__, is checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INFRASTRUCTURE = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic")
BROKERS = ("kafka", "psycopg")
WEB = ("fastapi", "starlette", "uvicorn")

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "domain": (
        "api",
        "projections",
        "outbound",
        "audit",
        "storage",
        "demo",
        "bench",
        *INFRASTRUCTURE,
        *BROKERS,
    ),
    "projections": (
        "api",
        "outbound",
        "inbound",
        "audit",
        "demo",
        "bench",
        "kafka",
        *WEB,
    ),
    "outbound": ("api", "audit", "inbound", "demo", "bench", *WEB),
    "inbound": ("api", "audit", "demo", "bench", "kafka", *WEB),
    "audit": ("api", "outbound", "inbound", "demo", "bench", "kafka", *WEB),
    "storage": ("api", "audit", "demo", "bench", "kafka", *WEB),
    "api": ("demo", "bench"),
    "demo": ("bench", "kafka", *WEB),
}
"""Per package, the top-level packages its modules must not import."""

CLI = ("api/cli.py", "api/commands/")
"""The command line sits in api/ but may run the tools (seed, bench) on top."""

READS_THE_ENVIRONMENT = {
    "api/settings.py": "the one Settings",
    "bench/server.py": "hands its environment to the server process it starts",
}


def forbidden_for(path: Path) -> tuple[str, ...]:
    """The packages a source file must not import, by where it sits."""
    relative = path.relative_to(ROOT).as_posix()
    if relative.startswith(CLI):
        return ()
    return FORBIDDEN.get(relative.split("/", 1)[0], ())


def is_forbidden(module: str, forbidden: tuple[str, ...]) -> bool:
    """Whether a dotted module name belongs to one of the forbidden packages."""
    top = module.split(".", 1)[0]
    return top in forbidden or any(
        top.startswith(name) for name in forbidden if name in BROKERS
    )


def resolve(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an import-from names, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
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
    forbidden = forbidden_for(path)
    return [
        f"{path.name}:{line} {module}"
        for line, module in imported_modules(source, path)
        if is_forbidden(module, forbidden)
    ]


def environment_reads(source: str, path: Path) -> list[str]:
    """Where a source file reads the process environment, as 'file:line what'."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr in (
            "environ",
            "environb",
            "getenv",
            "getenvb",
        ):
            found.append(f"{path.name}:{node.lineno} os.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            found.extend(
                f"{path.name}:{node.lineno} from os import {alias.name}"
                for alias in node.names
                if alias.name in ("environ", "environb", "getenv", "getenvb")
            )
    return found


def source_files(*packages: str) -> list[Path]:
    return sorted(
        path for package in packages for path in (ROOT / package).rglob("*.py")
    )


def label(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_packages_are_there_to_check() -> None:
    names = {label(path) for path in source_files(*FORBIDDEN)}
    assert {
        "domain/application.py",
        "projections/follower.py",
        "outbound/relay.py",
        "audit/history.py",
        "audit/chain.py",
        "storage/migrations/__init__.py",
        "api/bootstrap.py",
        "api/settings.py",
        "demo/seed.py",
    } <= names


@pytest.mark.parametrize("path", source_files(*FORBIDDEN), ids=label)
def test_module_imports_only_the_layers_below_it(path: Path) -> None:
    assert violations(path.read_text(encoding="utf-8"), path) == []


@pytest.mark.parametrize("path", source_files(*FORBIDDEN, "bench"), ids=label)
def test_only_the_settings_read_the_environment(path: Path) -> None:
    if label(path) in READS_THE_ENVIRONMENT:
        return
    assert environment_reads(path.read_text(encoding="utf-8"), path) == []


@pytest.mark.parametrize(
    "source",
    [
        "import api",
        "from api.settings import Settings",
        "import projections.handlers",
        "from projections import tables",
        "import outbound.relay",
        "from storage import migrations",
        "import bench",
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
def test_the_guard_catches_a_domain_import_of_an_outer_layer(source: str) -> None:
    assert violations(source, ROOT / "domain" / "tickets.py") != []


@pytest.mark.parametrize(
    ("where", "source"),
    [
        ("projections/follower.py", "from api.settings import Settings"),
        ("projections/handlers/tickets.py", "from outbound.relay import Relay"),
        ("projections/context.py", "def f():\n    import outbound.public_events"),
        ("projections/rebuild.py", "from ..api import bootstrap"),
        ("projections/follower.py", "from kafka import KafkaProducer"),
        ("outbound/relay.py", "from api.bootstrap import build_engine"),
        ("outbound/accounting.py", "from fastapi import FastAPI"),
        ("audit/history.py", "from api.deps import Caller"),
        ("audit/chain.py", "from outbound.relay import Relay"),
        ("storage/migrations/__init__.py", "import api.auth.sessions"),
        ("inbound/intake.py", "from api.actions.attachments import store"),
        ("inbound/intake.py", "from fastapi import HTTPException"),
        ("api/routers/tickets.py", "from bench.runner import run_bench"),
        ("api/routers/people.py", "from demo.seed import OPERATOR_PERMISSIONS"),
        ("demo/seed.py", "from bench import KEYS"),
        ("api/main.py", "import importlib\nimportlib.import_module('bench')"),
    ],
)
def test_the_guard_catches_an_import_against_the_direction(
    where: str, source: str
) -> None:
    assert violations(source, ROOT / where) != []


@pytest.mark.parametrize(
    ("where", "source"),
    [
        ("domain/tickets.py", "from domain.errors import InvalidValue"),
        ("domain/tickets.py", "from . import errors"),
        ("domain/tickets.py", "from eventsourcing.domain import Aggregate"),
        ("domain/tickets.py", "import apis_are_fine_when_not_ours"),
        ("projections/follower.py", "from domain.store import Store"),
        ("projections/schema.py", "from storage.migrations import migrate"),
        ("outbound/relay.py", "from projections.parked import park"),
        ("outbound/relay.py", "from kafka import KafkaProducer"),
        ("audit/history.py", "from projections.tables import tickets"),
        ("storage/migrations/__init__.py", "from outbound import relay"),
        ("api/routers/tickets.py", "from projections import tables as t"),
        ("api/commands/bench.py", "from bench.runner import run_bench"),
        ("api/commands/seed.py", "from demo.seed import seed_demo"),
        ("demo/seed.py", "from api.auth.permissions import OPERATOR_PERMISSIONS"),
        ("api/cli.py", "import bench"),
        ("bench/runner.py", "from api.bootstrap import open_stores"),
    ],
)
def test_the_guard_lets_a_layer_use_those_below_it(where: str, source: str) -> None:
    assert violations(source, ROOT / where) == []


@pytest.mark.parametrize(
    "source",
    [
        "import os\nos.environ.get('LEDGERDESK_SMTP_HOST')",
        "import os\nos.environ['LEDGERDESK_X'] = '1'",
        "import os\nos.getenv('LEDGERDESK_MAIL_DIR')",
        "from os import environ",
        "from os import getenv as read",
    ],
)
def test_the_guard_catches_a_read_of_the_environment(source: str) -> None:
    assert environment_reads(source, ROOT / "api" / "mail.py") != []
