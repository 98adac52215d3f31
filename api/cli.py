"""The ledgerdesk command: every module in api/commands adds its subcommand."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

import api.commands


def parser() -> argparse.ArgumentParser:
    """The argument parser with every discovered subcommand."""
    root = argparse.ArgumentParser(
        prog="ledgerdesk", description="Helpdesk and service management."
    )
    subcommands = root.add_subparsers(dest="command", required=True)
    for module_info in sorted(pkgutil.iter_modules(api.commands.__path__)):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"api.commands.{module_info.name}")
        module.register(subcommands)
    return root


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; answers the process exit code."""
    arguments = parser().parse_args(argv)
    result = arguments.handler(arguments)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
