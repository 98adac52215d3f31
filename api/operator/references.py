"""Kept only while routers still import it from here: the check is api.records."""

from __future__ import annotations

from api.records import ITEMS, MAX_ITEM_ID, RECORDS, check_references

__all__ = ["ITEMS", "MAX_ITEM_ID", "RECORDS", "check_references"]
