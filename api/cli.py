"""The ledgerdesk command: every module in api/commands adds its subcommand."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

import api.commands


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every discovered subcommand (or the one named:
    a command then imports only its own module, so it starts sooner)."""
    root = argparse.ArgumentParser(
        prog="ledgerdesk", description="Helpdesk and service management."
    )
    subcommands = root.add_subparsers(dest="command", required=True)
    names = [
        module_info.name
        for module_info in sorted(pkgutil.iter_modules(api.commands.__path__))
        if not module_info.name.startswith("_")
    ]
    if only is not None and only.replace("-", "_") in names:
        names = [only.replace("-", "_")]
    for name in names:
        module = importlib.import_module(f"api.commands.{name}")
        module.register(subcommands)
    return root


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; answers the process exit code."""
    given = sys.argv[1:] if argv is None else argv
    only = given[0] if given and not given[0].startswith("-") else None
    arguments = parser(only).parse_args(argv)
    result = arguments.handler(arguments)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
