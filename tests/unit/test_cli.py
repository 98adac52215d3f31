"""The ledgerdesk command: every module of api/commands builds its subcommand."""

from __future__ import annotations

import pkgutil

import pytest

import api.commands
from api.cli import main, parser


def test_every_command_module_adds_its_subcommand():
    names = {
        module.name.replace("_", "-")
        for module in pkgutil.iter_modules(api.commands.__path__)
        if not module.name.startswith("_")
    }
    built = parser()  # every module imported and registered: none may fail
    choices = set(built._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert names <= {choice.replace("_", "-") for choice in choices}
    assert {"serve", "bench", "seed", "rebuild"} <= choices


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    said = capsys.readouterr().out
    assert " bench" in said and " serve" in said
