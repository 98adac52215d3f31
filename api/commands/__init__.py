"""Subcommands of ledgerdesk: each module defines register(subparsers).

register() adds a parser and sets `handler` (a function taking the parsed
arguments and answering an exit code) with set_defaults(handler=...).
"""
