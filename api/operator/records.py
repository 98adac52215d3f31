"""Kept only while routers still import it from here: the finder is api.records."""

from __future__ import annotations

from api.records import one

__all__ = ["one"]
